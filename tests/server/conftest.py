"""Fixtures for whistd's end-to-end tests: a real whistd on a free port, and
a small WebSocket client speaking the envelope protocol (docs/protocol.md).

Run with Debian's Python (python3-pytest, python3-websockets 10.4):

    WHISTD=build/server/whistd /usr/bin/python3 -m pytest -q tests/server

With WHIST_TEST_DATABASE=postgres, each whistd gets a new database on a
PostgreSQL server the session starts (Debian's, in a temporary folder, on a
free port) instead of a SQLite file: the CTest server.pytest.postgres runs
the tests that do not read the SQLite file themselves so.

No pytest-asyncio: tests write `async def body(): ...` and call run(body()).
"""

import asyncio
import ctypes
import http.client
import itertools
import json
import os
import re
import shutil
import signal
import socket
import pwd
import subprocess
import tempfile
import time

import pytest
import websockets

WHISTD = os.environ.get("WHISTD", "/work/main/build/server/whistd")
# Every socket operation waits at most this long.
TIMEOUT = 10
# No whistd started here lives longer than this (seconds), whatever happens.
HARD_LIMIT = int(os.environ.get("WHISTD_TEST_LIMIT", "300"))
# Quick password hashing (the smallest values whistd accepts).
FAST_HASH = ["--password-memory-kib", "8192", "--password-passes", "1"]

LISTENING = re.compile(r"whistd listening on http://([0-9.]+):(\d+)")


def run(coro, limit=60):
    """Runs a test's coroutine with an overall time limit."""
    return asyncio.run(asyncio.wait_for(coro, limit))


def free_port():
    """A port nobody listens on right now (whistd does not accept --port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent():
    """preexec_fn: the child gets SIGKILL if the test process dies."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except OSError:
        pass


def guarded(argv, limit=HARD_LIMIT):
    """argv wrapped so that it cannot outlive `limit` seconds, nor the
    `timeout` process that watches it (which itself dies with us)."""
    prefix = []
    if shutil.which("timeout"):
        prefix = ["timeout", "--foreground", "--kill-after=5", str(limit)]
        if shutil.which("setpriv"):
            prefix += ["setpriv", "--pdeathsig", "KILL", "--"]
    return prefix + list(argv)


class Server:
    """A running whistd; its stdout and stderr go to `log_path`."""

    def __init__(self, proc, port, log_path, db_path, log_file):
        self.proc = proc
        self.port = port
        self.host = "127.0.0.1"
        self.log_path = log_path
        self.db_path = db_path
        self._log_file = log_file

    @property
    def ws_url(self):
        return f"ws://{self.host}:{self.port}/ws"

    def log(self):
        return self.log_path.read_text(errors="replace")

    def database_bytes(self):
        """All the database holds: the SQLite file's bytes, or a PostgreSQL
        database's dump (pg_dump's SQL text)."""
        if str(self.db_path).startswith("postgresql://"):
            bindir = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                    check=True).stdout.strip()
            return subprocess.run([os.path.join(bindir, "pg_dump"), "-d", str(self.db_path)],
                                  capture_output=True, check=True).stdout
        with open(self.db_path, "rb") as f:
            return f.read()

    def http(self, method, path, headers=None, body=None):
        """One HTTP request; returns (status, headers dict (lowercase), body text)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            res = conn.getresponse()
            data = res.read().decode("utf-8", errors="replace")
            return res.status, {k.lower(): v for k, v in res.getheaders()}, data
        finally:
            conn.close()

    def metrics(self):
        """The /metrics samples as {name_with_labels: value}."""
        status, _, text = self.http("GET", "/metrics")
        assert status == 200
        out = {}
        for line in text.splitlines():
            if line and not line.startswith("#"):
                name, value = line.rsplit(" ", 1)
                out[name] = float(value)
        return out

    def stop(self):
        """SIGTERM, then SIGKILL after 5 s. Returns the exit status."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._log_file.close()
        return self.proc.returncode


POSTGRES = os.environ.get("WHIST_TEST_DATABASE") == "postgres"


class PostgresServer:
    """A PostgreSQL server of Debian's for the session: initdb in a temporary
    folder (as the user postgres, or nobody, when run as root), listening on
    127.0.0.1 and a free port; new_database() gives a fresh database's URI."""

    def __init__(self):
        bindir = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                check=True).stdout.strip()
        if not os.path.exists(os.path.join(bindir, "initdb")):
            pytest.fail("PostgreSQL's server programs are not installed (scripts/setup)")
        self.bin = lambda name: os.path.join(bindir, name)
        self.dir = tempfile.mkdtemp(prefix="whist-pg-")
        self.as_user = []
        if os.geteuid() == 0:
            for name in ("postgres", "nobody"):
                try:
                    pw = pwd.getpwnam(name)
                except KeyError:
                    continue
                os.chown(self.dir, pw.pw_uid, pw.pw_gid)
                self.as_user = ["runuser", "-u", name, "--"]
                break
        self.port = free_port()
        self.data = os.path.join(self.dir, "data")
        subprocess.run(self.as_user + [self.bin("initdb"), "-D", self.data, "-U", "whist",
                                       "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync",
                                       "--no-instructions"],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Durability off: the server never outlives the session.
        options = (f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300")
        subprocess.run(self.as_user + [self.bin("pg_ctl"), "-D", self.data, "-l",
                                       os.path.join(self.dir, "server.log"), "-w", "-t", "60",
                                       "-s", "-o", options, "start"], check=True)
        self.count = itertools.count(1)

    def new_database(self):
        name = f"whistd_{next(self.count)}"
        subprocess.run([self.bin("psql"), "-X", "-q", "-h", "127.0.0.1", "-p", str(self.port),
                        "-U", "whist", "-d", "postgres", "-c", f"CREATE DATABASE {name}"],
                       check=True)
        return f"postgresql://whist@127.0.0.1:{self.port}/{name}"

    def stop(self):
        subprocess.run(self.as_user + [self.bin("pg_ctl"), "-D", self.data, "-m", "immediate",
                                       "-s", "stop"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        shutil.rmtree(self.dir, ignore_errors=True)


class RedisServer:
    """Debian's redis-server on 127.0.0.1 and a free port, without a disk
    (no save, no append-only file), for the session."""

    def __init__(self, *extra):
        """`extra`: more of redis-server's options ("--requirepass", "x")."""
        if not shutil.which("redis-server"):
            pytest.fail("redis-server is not installed (scripts/setup)")
        self.port = free_port()
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning", "--dir",
             tempfile.gettempdir(), *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.02)
        self.address = f"127.0.0.1:{self.port}"

    def stop(self):
        self.proc.kill()
        self.proc.wait()


class HAProxy:
    """Debian's HAProxy on 127.0.0.1 and a free port in front of whistd nodes
    listening on `ports` (by name), with deploy/haproxy-whistd.cfg's
    `defaults` and `backend whistd` sections as written there (its global
    section, TLS and public addresses are the operator's). Clients connect
    to it as to a whistd (host, port)."""

    def __init__(self, tmp_path, ports):
        if not shutil.which("haproxy"):
            pytest.fail("haproxy is not installed (scripts/setup)")
        shipped = os.path.join(os.path.dirname(__file__), "..", "..", "deploy",
                               "haproxy-whistd.cfg")
        sections, name = {}, None
        for line in open(shipped):
            if line.strip().startswith("#") or not line.strip():
                continue
            if not line[0].isspace():
                name = line.strip()
                sections[name] = []
            elif not line.strip().startswith(("server ", "log ", "option httplog")):
                sections[name].append(line)
        self.host, self.port = "127.0.0.1", free_port()
        self.socket = str(tmp_path / "haproxy.sock")
        cfg = ["global\n", "    maxconn 4000\n", f"    stats socket {self.socket}\n", "defaults\n", *sections["defaults"],
               "frontend whist\n", f"    bind 127.0.0.1:{self.port}\n",
               "    default_backend whistd\n", "backend whistd\n", *sections["backend whistd"]]
        cfg += [f"    server {n} 127.0.0.1:{p} check\n" for n, p in ports.items()]
        path = tmp_path / "haproxy.cfg"
        path.write_text("".join(cfg))
        self.log_path = tmp_path / "haproxy.log"
        self.proc = subprocess.Popen(guarded(["haproxy", "-db", "-f", str(path)]),
                                     stdout=open(self.log_path, "wb"), stderr=subprocess.STDOUT,
                                     preexec_fn=_die_with_parent)
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection((self.host, self.port), 0.2).close()
                break
            except OSError:
                assert self.proc.poll() is None, self.log()
                assert time.monotonic() < deadline, "haproxy did not start:\n" + self.log()
                time.sleep(0.02)

    def log(self):
        return self.log_path.read_text(errors="replace")

    def states(self):
        """The backend's servers as its checks see them: {name: "UP"...}."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(5)
            sock.connect(self.socket)
            sock.sendall(b"show stat\n")
            text = b""
            while chunk := sock.recv(65536):
                text += chunk
        rows = [line.split(",") for line in text.decode().splitlines() if line]
        head = rows[0]
        status = head.index("status")
        return {r[1]: r[status] for r in rows[1:]
                if r[0] == "whistd" and r[1] not in ("BACKEND", "FRONTEND")}

    def wait_state(self, name, want, limit=20):
        """Until the proxy's checks find node `name` `want` ("UP", "DOWN")."""
        deadline = time.monotonic() + limit
        while not self.states().get(name, "").startswith(want):
            assert time.monotonic() < deadline, (name, want, self.states())
            time.sleep(0.05)

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def psql(uri, sql):
    """One statement's rows (tab-separated text) on a PostgreSQL database."""
    p = subprocess.run(["psql", "-X", "-A", "-t", "-F", "\t", "-d", uri, "-c", sql],
                       capture_output=True, text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    return [line.split("\t") for line in p.stdout.splitlines() if line]


@pytest.fixture(scope="session")
def redis():
    server = RedisServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres():
    server = PostgresServer()
    yield server
    server.stop()


@pytest.fixture
def whistd(tmp_path, request):
    """A factory: whistd(*extra_flags, db=None) starts a whistd on a free port
    with a fresh database (or the file `db`) and quick password hashing, and returns a Server. Every
    server started is stopped at teardown."""
    servers = []
    counter = itertools.count(1)

    def start(*extra, db=None, env=None, port=None):
        """`db`: the database file to use (another server's, to restart it);
        a fresh one when None. `env`: variables added to the environment.
        `port`: the port to listen on (a node restarted behind a proxy);
        a free one when None."""
        n = next(counter)
        if db is None and POSTGRES:
            db = request.getfixturevalue("postgres").new_database()
        db = db or tmp_path / f"whistd-{n}.db"
        fixed = port
        for attempt in range(5):
            port = fixed or free_port()
            log_path = tmp_path / f"whistd-{n}-{attempt}.log"
            log_file = open(log_path, "wb")
            argv = [WHISTD, "--listen", "127.0.0.1", "--port", str(port),
                    "--database", str(db), *FAST_HASH, "--threads", "2",
                    # stop() in a test's event loop blocks the clients that
                    # would answer the drain's close: do not wait long.
                    "--shutdown-grace", "2",
                    # Abuse limits are tested in test_abuse.py, each set
                    # there; games played at full speed would hit them.
                    "--rate-messages", "100000", "--chat-lines", "100000",
                    "--chat-repeat", "0", *extra]
            proc = subprocess.Popen(guarded(argv), stdin=subprocess.DEVNULL, stdout=log_file,
                                    stderr=subprocess.STDOUT, preexec_fn=_die_with_parent,
                                    env={**os.environ, **(env or {})})
            server = Server(proc, port, log_path, db, log_file)
            servers.append(server)
            deadline = time.monotonic() + TIMEOUT
            while time.monotonic() < deadline:
                m = LISTENING.search(server.log())
                if m:
                    assert int(m.group(2)) == port, server.log()
                    return server
                if proc.poll() is not None:
                    break
                time.sleep(0.02)
            server.stop()
            if fixed or "cannot listen" not in server.log():  # not a lost race for the port
                pytest.fail(f"whistd did not start (status {proc.returncode}):\n{server.log()}")
        pytest.fail("whistd found no free port in 5 tries")

    yield start
    for s in servers:
        s.stop()


def unbatched(text):
    """The messages of one WebSocket message: itself, or a batch's (two or
    more messages, none of them a batch)."""
    m = json.loads(text)
    if m.get("t") != "batch":
        return [m]
    assert set(m) == {"t", "d"} and isinstance(m["d"], list) and len(m["d"]) >= 2, m
    assert all(isinstance(x, dict) and x.get("t") != "batch" for x in m["d"]), m
    return m["d"]


class Client:
    """A WebSocket client for whistd: sends envelopes {"t","d","id"} and
    receives JSON messages. request() gives each request an id and waits for
    the ack, error or welcome carrying it; any other message that arrives
    meanwhile is kept in `other`."""

    def __init__(self, ws, id_prefix="q"):
        self.ws = ws
        self.other = []
        self._pending = []  # replies read while waiting for another id
        self._ids = itertools.count(1)
        self.id_prefix = id_prefix
        self.raw = []  # the text of every WebSocket message received, in order
        self._unbatched = []  # the rest of a batch being read

    @classmethod
    async def connect(cls, server, path="/ws", hello=False, id_prefix="q", **kw):
        kw.setdefault("open_timeout", TIMEOUT)
        kw.setdefault("close_timeout", 2)
        kw.setdefault("compression", None)
        kw.setdefault("ping_interval", None)  # the server pings; we only answer
        # As a browser: no 1 MiB cap (a long game's game.replay is bigger).
        kw.setdefault("max_size", 1 << 24)
        ws = await asyncio.wait_for(
            websockets.connect(f"ws://{server.host}:{server.port}{path}", **kw), TIMEOUT)
        client = cls(ws, id_prefix)
        if hello:
            welcome = await client.request("hello", {"version": 1})
            assert welcome["t"] == "welcome", welcome
        return client

    async def send_raw(self, data):
        await asyncio.wait_for(self.ws.send(data), TIMEOUT)

    async def send(self, t, d=None, id=None):
        env = {"t": t}
        if d is not None:
            env["d"] = d
        if id is not None:
            env["id"] = id
        await self.send_raw(json.dumps(env))

    async def _read(self, timeout):
        """The next message; a batch's messages one by one."""
        if self._unbatched:
            return self._unbatched.pop(0)
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        assert isinstance(text, str), f"the server sent a binary frame: {text!r}"
        self.raw.append(text)
        messages = unbatched(text)
        self._unbatched.extend(messages[1:])
        return messages[0]

    def messages(self):
        """Every message received so far (batches opened), in order."""
        return [m for text in self.raw for m in unbatched(text)]

    async def recv(self, timeout=TIMEOUT):
        """The next message (one read while waiting for a request first)."""
        if self._pending:
            return self._pending.pop(0)
        if self.other:
            return self.other.pop(0)
        return await self._read(timeout)

    async def reply_to(self, id, timeout=TIMEOUT):
        """Waits for the message carrying `id`."""
        for i, m in enumerate(self._pending):
            if m.get("id") == id and type(m.get("id")) is type(id):
                return self._pending.pop(i)
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise asyncio.TimeoutError(f"no reply to id {id!r}")
            m = await self._read(left)
            if "id" in m and m["id"] == id and type(m["id"]) is type(id):
                return m
            if "id" in m:
                self._pending.append(m)
            else:
                self.other.append(m)

    def new_id(self):
        """A request id not used before on this client."""
        return f"{self.id_prefix}{next(self._ids)}"

    async def request(self, t, d=None, id=None, timeout=TIMEOUT):
        """Sends a request (with a fresh id unless one is given) and returns
        its reply."""
        if id is None:
            id = self.new_id()
        await self.send(t, d, id)
        return await self.reply_to(id, timeout)

    async def ok(self, t, d=None, id=None):
        """A request that must be acknowledged; returns the ack's data."""
        r = await self.request(t, d, id)
        assert r["t"] == "ack", r
        return r["d"]

    async def error(self, t, d=None, id=None):
        """A request that must fail; returns (code, message)."""
        r = await self.request(t, d, id)
        assert r["t"] == "error", r
        assert set(r["d"]) == {"code", "message"}, r
        return r["d"]["code"], r["d"]["message"]

    async def closed(self, timeout=TIMEOUT):
        """Waits until the server closes the connection; returns the close code."""
        try:
            while True:
                await asyncio.wait_for(self.ws.recv(), timeout)
        except websockets.exceptions.ConnectionClosed as e:
            return e.rcvd.code if e.rcvd is not None else None

    async def close(self):
        try:
            await asyncio.wait_for(self.ws.close(), TIMEOUT)
        except (asyncio.TimeoutError, websockets.exceptions.WebSocketException, OSError):
            pass

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        await self.close()


# --- Helpers for tables and games (tables.py, test_table_*.py) -----------------

_client_numbers = itertools.count(1)
_open_clients = []  # made by guest(), member() and resume(), closed by close_clients()
PASSWORD = "correct horse"  # every registered test account's


async def close_clients():
    """Closes every client guest(), member() and resume() made. (A connection left
    open costs its close timeout when the event loop ends.)"""
    clients = list(_open_clients)
    _open_clients.clear()
    await asyncio.gather(*(c.close() for c in clients))


def run_closing(coro, limit=60):
    """run(), closing every client guest(), member() and resume() made."""
    async def body():
        try:
            return await coro
        finally:
            await close_clients()
    return run(body(), limit)


async def guest(server, **kw):
    """A new connection, said hello to and logged in as a new guest. The
    client gets `user`, `name` and `token`. Its request ids are unique in
    the whole test run ("c7-1", "c7-2"...): whistd remembers table.act ids
    per seat across connections. Its message queue has no limit, so it may
    be left unread for a while without the server dropping it."""
    kw.setdefault("max_queue", None)
    c = await Client.connect(server, hello=True, id_prefix=f"c{next(_client_numbers)}-", **kw)
    _open_clients.append(c)
    d = await c.ok("guest")
    c.user, c.name, c.token = d["user"], d["user"]["name"], d["token"]
    return c


async def member(server, name, register=True):
    """A new connection logged in as the account `name` (registered first,
    or logged in), with PASSWORD. Request ids as guest()'s."""
    c = await Client.connect(server, hello=True, id_prefix=f"{name}-{next(_client_numbers)}-",
                             max_queue=None)
    _open_clients.append(c)
    d = await c.ok("register" if register else "login", {"username": name, "password": PASSWORD})
    c.user, c.name, c.token = d["user"], d["user"]["name"], d["token"]
    return c


async def resume(server, token, **kw):
    """A new connection continuing the session `token` (hello with it)."""
    kw.setdefault("max_queue", None)
    c = await Client.connect(server, id_prefix=f"c{next(_client_numbers)}-", **kw)
    _open_clients.append(c)
    w = await c.request("hello", {"version": 1, "token": token})
    assert w["t"] == "welcome" and w["d"]["session"] == "resumed", w
    c.user, c.name, c.token = w["d"]["user"], w["d"]["user"]["name"], token
    return c


async def wait_for(client, pred, timeout=TIMEOUT, what="a message"):
    """Reads messages until one satisfies pred(message), and returns it;
    the messages before it are dropped (they stay in client.raw)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        left = deadline - loop.time()
        if left <= 0:
            raise asyncio.TimeoutError(f"waited {timeout} s for {what}")
        try:
            m = await client.recv(left)
        except asyncio.TimeoutError:
            raise asyncio.TimeoutError(f"waited {timeout} s for {what}") from None
        if pred(m):
            return m


async def quiet(client, period=0.3):
    """Reads messages until none comes for `period` seconds; returns them."""
    got = []
    while True:
        try:
            got.append(await client.recv(period))
        except asyncio.TimeoutError:
            return got
