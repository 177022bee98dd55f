"""whistd end to end: HTTP endpoints, the WebSocket transport, hello,
accounts, sessions, retries, logs, idle peers and configuration errors."""

import asyncio
import base64
import hashlib
import json
import os
import re
import socket
import subprocess
import time

import pytest
import websockets

from conftest import FAST_HASH, TIMEOUT, WHISTD, Client, guarded, run

PASSWORD = "correct horse battery"


async def connect(server, **kw):
    return await Client.connect(server, **kw)


async def settled(server, name, value, within=5):
    """The metrics once `name` has reached `value` (or the last seen)."""
    deadline = time.monotonic() + within
    while True:
        m = server.metrics()
        if m[name] == value or time.monotonic() > deadline:
            return m
        await asyncio.sleep(0.02)


def status_of(exc_info):
    return exc_info.value.status_code


# --- HTTP ---------------------------------------------------------------------


def test_http_endpoints(whistd):
    s = whistd()
    status, headers, body = s.http("GET", "/healthz")
    assert (status, body) == (200, "ok\n")

    status, headers, body = s.http("GET", "/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert body.lstrip().lower().startswith("<!doctype html>")
    assert "/ws" in body

    status, headers, body = s.http("POST", "/", body="x")
    assert status == 405
    assert headers["allow"] == "GET, HEAD"

    status, _, _ = s.http("GET", "/no/such/page")
    assert status == 404

    status, _, body = s.http("GET", "/ws")
    assert status == 426

    status, headers, body = s.http("HEAD", "/healthz")
    assert (status, body, headers["content-length"]) == (200, "", "3")


def test_metrics(whistd):
    s = whistd()
    status, headers, text = s.http("GET", "/metrics")
    assert status == 200
    assert headers["content-type"].startswith("text/plain")
    for name, kind in [("whistd_connections", "gauge"), ("whistd_connections_total", "counter"),
                       ("whistd_http_requests_total", "counter"),
                       ("whistd_messages_in_total", "counter"),
                       ("whistd_messages_out_total", "counter"),
                       ("whistd_errors_total", "counter"),
                       ("whistd_slow_clients_dropped_total", "counter")]:
        assert f"# TYPE {name} {kind}\n" in text
        assert re.search(rf"^{name} \d+$", text, re.M), name
    before = s.metrics()
    assert before["whistd_connections"] == 0
    assert before["whistd_messages_in_total"] == 0

    async def body():
        async with await connect(s, hello=True) as c:
            assert (await c.error("nonsense"))[0] == "unknown_type"
            # (a message is counted out once its write completes, which may
            # be just after the client has it)
            during = await settled(s, "whistd_messages_out_total", 2)
            assert during["whistd_connections"] == 1
            assert during["whistd_connections_total"] == 1
            assert during["whistd_messages_in_total"] == 2
            assert during["whistd_messages_out_total"] == 2
            assert during["whistd_errors_total"] == 1
        # The gauge falls again once the connection is gone.
        after = await settled(s, "whistd_connections", 0)
        assert after["whistd_connections"] == 0
        assert after["whistd_connections_total"] == 1

    run(body())


# --- Origin and paths ---------------------------------------------------------


def test_origin_and_path(whistd):
    s = whistd()

    async def body():
        for origin in ["http://evil.example", f"http://localhost:{s.port + 1}",
                       f"https://localhost:{s.port}", "null"]:
            with pytest.raises(websockets.exceptions.InvalidStatusCode) as e:
                await connect(s, origin=origin)
            assert status_of(e) == 403, origin
        for origin in [f"http://localhost:{s.port}", f"http://127.0.0.1:{s.port}", None]:
            async with await connect(s, origin=origin, hello=True) as c:
                assert (await c.ok("guest"))["user"]["guest"] is True
        with pytest.raises(websockets.exceptions.InvalidStatusCode) as e:
            await connect(s, path="/socket")
        assert status_of(e) == 404
        # The query string does not matter to the path.
        async with await connect(s, path="/ws?x=1", hello=True):
            pass

    run(body())


def test_configured_origin_replaces_defaults(whistd):
    s = whistd("--origin", "https://whist.example")

    async def body():
        async with await connect(s, origin="https://whist.example", hello=True):
            pass
        with pytest.raises(websockets.exceptions.InvalidStatusCode) as e:
            await connect(s, origin=f"http://localhost:{s.port}")
        assert status_of(e) == 403

    run(body())


# --- hello --------------------------------------------------------------------


def test_hello(whistd):
    s = whistd()

    async def body():
        async with await connect(s) as c:
            for t, d in [("guest", None), ("logout", None),
                         ("login", {"username": "abc", "password": "12345678"}),
                         ("register", {"username": "abc", "password": "12345678"})]:
                assert (await c.error(t, d))[0] == "hello_first"
            assert (await c.error("hello", {"version": 2}))[0] == "unsupported_version"
            assert (await c.error("hello", {"version": 0}))[0] == "unsupported_version"
            assert (await c.error("hello", {"version": "1"}))[0] == "bad_message"
            assert (await c.error("hello", {}))[0] == "bad_message"
            # A refused hello does not count: the next one is welcome.
            w = await c.request("hello", {"version": 1}, id="h1")
            assert w == {"t": "welcome", "id": "h1",
                         "d": {"version": 1, "server": w["d"]["server"], "user": None,
                               "session": "none", "rules": w["d"]["rules"]}}
            assert w["d"]["server"].startswith("whistd")
            # The rules a client builds its forms from (docs/protocol.md,
            # "The rules object"); the details are checked in C++
            # (tests/protocol/rules_json_test.cpp).
            rules = w["d"]["rules"]
            assert [v["id"] for v in rules["variants"]] == ["classic", "bid", "exact"]
            assert rules["table"]["timers"] == [0, 7, 15, 30, 60]
            assert rules["variants"][0]["defaults"]["4"]["play_to"] == 5
            code, message = await c.error("hello", {"version": 1})
            assert code == "wrong_state"
            # After hello, other requests are served.
            assert (await c.error("logout"))[0] == "not_logged_in"
        # Without an id, the welcome has none either; a null token is no token.
        async with await connect(s) as c:
            await c.send("hello", {"version": 1, "token": None})
            assert await c.recv() == {"t": "welcome", "d": {
                "version": 1, "server": w["d"]["server"], "user": None, "session": "none",
                "rules": rules}}

    run(body())


# --- malformed input ----------------------------------------------------------


def test_malformed_input(whistd):
    s = whistd()

    async def body():
        async with await connect(s, hello=True) as c:
            async def raw(data):
                await c.send_raw(data)
                return await c.recv()

            m = await raw("this is not json")
            assert m["t"] == "error" and m["d"]["code"] == "bad_json" and "id" not in m
            m = await raw('{"t":"hello",')
            assert m["d"]["code"] == "bad_json"
            # A number too large for a double is not JSON whistd reads.
            m = await raw('{"t":"table.act","d":{"table":21e400}}')
            assert m["d"]["code"] == "bad_json"
            m = await raw('[{"t":"guest"}]')
            assert m["d"]["code"] == "bad_message" and "id" not in m
            m = await raw('"guest"')
            assert m["d"]["code"] == "bad_message"
            m = await raw('{"d":{}}')
            assert m["d"]["code"] == "bad_message" and "id" not in m
            m = await raw('{"t":5}')
            assert m["d"]["code"] == "bad_message"
            m = await raw('{"t":"no_such_thing"}')
            assert m["d"]["code"] == "unknown_type" and "id" not in m
            m = await raw('{"t":"guest","d":[1]}')
            assert m["d"]["code"] == "bad_message"
            m = await raw(b'{"t":"guest"}')  # a binary frame
            assert m == {"t": "error", "d": {"code": "bad_message", "message": m["d"]["message"]}}
            m = await raw(json.dumps({"t": "guest", "id": 1.5}))
            assert m["d"]["code"] == "bad_message" and "id" not in m
            m = await raw(json.dumps({"t": "guest", "id": "x" * 65}))
            assert m["d"]["code"] == "bad_message" and "id" not in m
            m = await raw(json.dumps({"t": "register", "d": {"username": "abcd"}, "id": "r"}))
            assert m["d"]["code"] == "bad_message" and m["id"] == "r"
            assert "password" in m["d"]["message"]

            # Errors echo the id, string or integer, exactly.
            m = await c.request("no_such_thing", id="u1")
            assert m == {"t": "error", "id": "u1",
                         "d": {"code": "unknown_type", "message": m["d"]["message"]}}
            m = await c.request("no_such_thing", id=42)
            assert m["id"] == 42 and m["d"]["code"] == "unknown_type"
            m = await c.request("no_such_thing", id="x" * 64)
            assert m["id"] == "x" * 64
            await c.send_raw(json.dumps({"d": {}, "id": 7}))
            m = await c.reply_to(7)
            assert m["d"]["code"] == "bad_message"
            await c.send_raw(json.dumps({"t": "hello", "d": {"version": "one"}, "id": "v"}))
            m = await c.reply_to("v")
            assert m["d"]["code"] == "bad_message"

            # Still connected and served.
            ack = await c.ok("guest")
            assert ack["user"]["guest"] is True
            assert c.other == []

    run(body())


def test_message_size_limit(whistd):
    s = whistd()

    def hello_of_size(n):
        head = '{"t":"hello","id":"big","d":{"version":1,"pad":"'
        tail = '"}}'
        text = head + "x" * (n - len(head) - len(tail)) + tail
        assert len(text) == n
        return text

    async def body():
        async with await connect(s) as c:
            await c.send_raw(hello_of_size(16 * 1024))  # exactly the limit
            m = await c.reply_to("big")
            assert m["t"] == "welcome"
            assert (await c.ok("guest"))["user"]["guest"] is True
        async with await connect(s) as c:
            await c.send_raw(hello_of_size(16 * 1024 + 1))
            assert await c.closed() == 1009

    run(body())


# --- accounts -----------------------------------------------------------------


def test_register_rules(whistd):
    s = whistd()

    async def body():
        async with await connect(s, hello=True) as c:
            for name in ["ab", "a" * 21, "has space", "dot.ted", "héllo", "guest-abc",
                         "GUEST-abc", "Guest-x1", "_abc", "-abc", ""]:
                code, _ = await c.error("register", {"username": name, "password": PASSWORD})
                assert code == "bad_username", name
            for pw in ["", "1234567", "x" * 201]:
                code, _ = await c.error("register", {"username": "valid_name", "password": pw})
                assert code == "bad_password", len(pw)
            # The name is checked before the password.
            code, _ = await c.error("register", {"username": "a", "password": "1"})
            assert code == "bad_username"
        for name, pw in [("abc", "12345678"), ("a" * 20, "y" * 200), ("A-b_9", PASSWORD),
                         ("guest", PASSWORD), ("9lives", PASSWORD)]:
            async with await connect(s, hello=True) as c:
                ack = await c.ok("register", {"username": name, "password": pw})
                assert set(ack) == {"user", "token"}
                assert set(ack["user"]) == {"id", "name", "guest"}
                assert ack["user"]["name"] == name and ack["user"]["guest"] is False
                assert isinstance(ack["user"]["id"], int)
                assert re.fullmatch(r"[A-Za-z0-9_-]{43}", ack["token"]), ack["token"]

    run(body())


def test_accounts(whistd):
    s = whistd()

    async def body():
        async with await connect(s, hello=True) as c:
            ack = await c.ok("register", {"username": "Alice", "password": PASSWORD})
            alice_id = ack["user"]["id"]
            assert ack["user"] == {"id": alice_id, "name": "Alice", "guest": False}
            assert (await c.error("register", {"username": "bob_b", "password": PASSWORD}))[0] \
                == "wrong_state"
            assert (await c.error("login", {"username": "Alice", "password": PASSWORD}))[0] \
                == "wrong_state"
            assert (await c.error("guest"))[0] == "wrong_state"
            assert await c.ok("logout") == {}
            assert (await c.error("logout"))[0] == "not_logged_in"

            code, _ = await c.error("register", {"username": "alice", "password": PASSWORD})
            assert code == "username_taken"
            code, _ = await c.error("register", {"username": "ALICE", "password": "other pass"})
            assert code == "username_taken"

            wrong = await c.error("login", {"username": "Alice", "password": PASSWORD + "!"})
            nobody = await c.error("login", {"username": "nobody", "password": PASSWORD})
            bad_name = await c.error("login", {"username": "no such name!", "password": "x"})
            assert wrong[0] == "login_failed"
            assert wrong == nobody == bad_name

            ack = await c.ok("login", {"username": "aLiCe", "password": PASSWORD})
            assert ack["user"] == {"id": alice_id, "name": "Alice", "guest": False}
            assert (await c.error("login", {"username": "Alice", "password": PASSWORD}))[0] \
                == "wrong_state"
            assert await c.ok("logout") == {}

            g = await c.ok("guest")
            assert re.fullmatch(r"guest-[a-z0-9]{6}", g["user"]["name"]), g
            assert g["user"]["guest"] is True and g["user"]["id"] != alice_id
            assert isinstance(g["token"], str) and g["token"]
            assert await c.ok("logout") == {}
            # A guest's name cannot be used to log in.
            code, _ = await c.error("login", {"username": g["user"]["name"], "password": ""})
            assert code == "login_failed"
            g2 = await c.ok("guest")
            assert g2["user"]["name"] != g["user"]["name"]

    run(body())


def test_token_resume(whistd):
    s = whistd()

    async def body():
        async with await connect(s, hello=True) as c:
            ack = await c.ok("register", {"username": "carol", "password": PASSWORD})
        token, user = ack["token"], ack["user"]

        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": token})
            assert w["t"] == "welcome"
            assert w["d"]["user"] == user and w["d"]["session"] == "resumed"
            # Logged in already.
            assert (await c.error("guest"))[0] == "wrong_state"
            # Another connection may resume the same session meanwhile.
            async with await connect(s) as c2:
                w2 = await c2.request("hello", {"version": 1, "token": token})
                assert w2["d"]["session"] == "resumed"
            assert await c.ok("logout") == {}

        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": token})
            assert w["d"]["user"] is None and w["d"]["session"] == "invalid"
            # An invalid token still says hello; the client may log in.
            ack2 = await c.ok("login", {"username": "carol", "password": PASSWORD})
            assert ack2["token"] != token

        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": "garbage"})
            assert (w["d"]["user"], w["d"]["session"]) == (None, "invalid")
        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": ""})
            assert (w["d"]["user"], w["d"]["session"]) == (None, "invalid")
        async with await connect(s) as c:
            code, _ = await c.error("hello", {"version": 1, "token": 12})
            assert code == "bad_message"

        # A guest's session resumes too.
        async with await connect(s, hello=True) as c:
            g = await c.ok("guest")
        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": g["token"]})
            assert (w["d"]["user"], w["d"]["session"]) == (g["user"], "resumed")

    run(body())


def test_retried_request_applied_once(whistd):
    s = whistd()

    async def body():
        async with await connect(s, hello=True) as c:
            creds = {"username": "dave", "password": PASSWORD}
            first = await c.request("register", creds, id="r1")
            again = await c.request("register", creds, id="r1")
            assert first["t"] == "ack"
            assert again == first  # same token, no username_taken, no wrong_state
            out1 = await c.request("logout", id=9)
            out2 = await c.request("logout", id=9)
            assert out1 == out2 == {"t": "ack", "id": 9, "d": {}}
            # A string id is not the integer id.
            m = await c.request("logout", id="9")
            assert m["t"] == "error" and m["d"]["code"] == "not_logged_in" and m["id"] == "9"
            # An error is answered again too.
            e1 = await c.request("register", creds, id="r2")
            e2 = await c.request("register", creds, id="r2")
            assert e1 == e2 and e1["d"]["code"] == "username_taken"
            # The account exists once: the first token resumes it.
        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": first["d"]["token"]}, id="h")
            # That session was logged out (once, by id 9).
            assert w["d"]["session"] == "invalid"
            # A retried hello gets the first welcome again, byte for byte (the
            # server keeps the means to write it, not its 5 KB of rules).
            await c.request("hello", {"version": 1}, id="h")
            welcomes = [t for t in c.raw if '"welcome"' in t]
            assert len(welcomes) == 2 and welcomes[0] == welcomes[1]
            assert json.loads(welcomes[1])["d"]["rules"]["variants"]
        # Ids are per connection: a new connection may reuse "r1".
        async with await connect(s, hello=True) as c:
            m = await c.request("login", creds, id="r1")
            assert m["t"] == "ack" and m["d"]["user"] == first["d"]["user"]
            assert m["d"]["token"] != first["d"]["token"]

    run(body())


def test_secrets_stay_out_of_the_log(whistd):
    s = whistd("--log-level", "trace")
    secret = "Tr0ub4dor&3-secret-pass"

    async def body():
        async with await connect(s, hello=True) as c:
            ack = await c.ok("register", {"username": "erin", "password": secret})
            assert await c.ok("logout") == {}
            assert (await c.error("login", {"username": "erin", "password": secret + "x"}))[0] \
                == "login_failed"
            login = await c.ok("login", {"username": "erin", "password": secret})
        async with await connect(s) as c:
            w = await c.request("hello", {"version": 1, "token": login["token"]})
            assert w["d"]["session"] == "resumed"
            assert await c.ok("logout") == {}
        return [ack["token"], login["token"]]

    tokens = run(body())
    assert s.stop() == 0
    log = s.log()
    assert "erin" in log  # the log is captured at all
    assert "whistd stopped" in log
    assert secret not in log
    for t in tokens:
        assert t not in log
        assert t[:16] not in log
    db = s.database_bytes()
    assert b"erin" in db  # the database is read at all
    for t in tokens:
        assert t.encode() not in db
    assert secret.encode() not in db


# --- idle peers ---------------------------------------------------------------


def test_peer_answering_pings_stays(whistd):
    s = whistd("--ping-interval", "1", "--idle-timeout", "3")

    async def body():
        async with await connect(s, hello=True) as c:
            # Say nothing for 5 s; only the client library's pongs go out.
            await asyncio.sleep(5)
            assert c.ws.open
            assert (await c.ok("guest"))["user"]["guest"] is True

    run(body())


def _read_http_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), rest


def test_silent_peer_is_dropped(whistd):
    s = whistd("--ping-interval", "1", "--idle-timeout", "3")
    key = base64.b64encode(os.urandom(16)).decode()
    sock = socket.create_connection((s.host, s.port), timeout=TIMEOUT)
    try:
        sock.sendall((f"GET /ws HTTP/1.1\r\nHost: {s.host}:{s.port}\r\n"
                      "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head, rest = _read_http_head(sock)
        start = time.monotonic()
        assert head.startswith("HTTP/1.1 101"), head
        accept = base64.b64encode(hashlib.sha1(
            (key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
        headers = {k.strip().lower(): v.strip() for k, _, v in
                   (line.partition(":") for line in head.split("\r\n")[1:])}
        assert headers["sec-websocket-accept"] == accept
        # Never answer: read (the server cannot tell) until it hangs up.
        received = rest
        sock.settimeout(1)
        while time.monotonic() - start < 10:
            try:
                chunk = sock.recv(4096)
            except socket.timeout:
                continue
            except ConnectionResetError:
                break
            if not chunk:
                break
            received += chunk
        elapsed = time.monotonic() - start
    finally:
        sock.close()
    assert elapsed < 6.5, f"still connected after {elapsed:.1f} s"
    assert elapsed > 2.5, f"dropped after only {elapsed:.1f} s"
    # The server pinged: unmasked ping frames, 0x89 with an empty payload.
    assert received.count(b"\x89\x00") >= 2, received

    assert run(settled(s, "whistd_connections", 0))["whistd_connections"] == 0


# --- configuration errors -----------------------------------------------------


def whistd_once(*args, tmp_path):
    """Runs whistd to its end (it must not start serving)."""
    argv = [WHISTD, "--database", str(tmp_path / "never.db"), *FAST_HASH, *args]
    return subprocess.run(guarded(argv, limit=20), capture_output=True, text=True, timeout=30,
                          stdin=subprocess.DEVNULL)


def test_config_errors(tmp_path):
    r = whistd_once("--port", "0x12", tmp_path=tmp_path)
    assert r.returncode == 2, r
    assert "port" in r.stderr and "0x12" in r.stderr

    for bad in [["--port", "0"], ["--port", "65536"], ["--idle-timeout", "1"],
                ["--log-level", "loud"], ["--origin", "evil.example"], ["--port"], ["stray"]]:
        r = whistd_once(*bad, tmp_path=tmp_path)
        assert r.returncode == 2, (bad, r)
        assert r.stderr.startswith("whistd: "), (bad, r.stderr)

    # Nodes share a PostgreSQL database, and only nodes talk over Redis.
    for bad, said in [(["--node", "a"], "PostgreSQL"), (["--node", "a b"], "letters"),
                      (["--redis", "127.0.0.1:6379"], "node name"),
                      (["--node", "a", "--redis", "127.0.0.1:0"], "HOST:PORT"),
                      (["--lease-ms", "10"], "lease-ms"),
                      (["--redis-password", "x"], "no redis")]:
        r = whistd_once(*bad, tmp_path=tmp_path)
        assert r.returncode == 2 and said in r.stderr, (bad, r.stderr)

    r = whistd_once("--frobnicate", "1", tmp_path=tmp_path)
    assert r.returncode == 2
    assert "frobnicate" in r.stderr

    r = whistd_once("--help", tmp_path=tmp_path)
    assert r.returncode == 0
    assert r.stdout.startswith("usage: whistd")
    for key in ["port", "listen", "database", "origin", "ping-interval", "idle-timeout",
                "max-message", "max-queue"]:
        assert key in r.stdout

    conf = tmp_path / "whistd.conf"
    conf.write_text("# a comment\nport = 8123\n\ncolour = blue\n")
    r = whistd_once("--config", str(conf), tmp_path=tmp_path)
    assert r.returncode == 2
    assert f"{conf}:4:" in r.stderr and "colour" in r.stderr

    conf.write_text("port = 8123\nport 9000\n")
    r = whistd_once("--config", str(conf), tmp_path=tmp_path)
    assert r.returncode == 2 and f"{conf}:2:" in r.stderr

    r = whistd_once("--config", str(tmp_path / "missing.conf"), tmp_path=tmp_path)
    assert r.returncode == 2 and "missing.conf" in r.stderr


def test_config_file_and_flags(whistd, tmp_path):
    """A config file's settings apply, and flags override them."""
    conf = tmp_path / "limits.conf"
    conf.write_text("max_message = 2048   # underscores work as dashes\n"
                    "origin = https://from-file.example\n")
    s = whistd("--config", str(conf), "--max-message", "4096")

    async def body():
        async with await connect(s, origin="https://from-file.example") as c:
            await c.send_raw('{"t":"hello","id":1,"d":{"version":1,"pad":"' + "x" * 3000 + '"}}')
            assert (await c.reply_to(1))["t"] == "welcome"
            await c.send_raw('{"t":"guest","d":{"pad":"' + "x" * 4100 + '"}}')
            assert await c.closed() == 1009

    run(body())
