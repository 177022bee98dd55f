"""whistd as a daemon: systemd notifications (READY, WATCHDOG, STOPPING) on
$NOTIFY_SOCKET, the graceful drain on SIGTERM (clients told, closed with
1001, nothing lost, restored after), SIGHUP reopening the log file, and the
online backup (whistd --backup-to) taken while the server writes."""

import asyncio
import os
import signal
import socket
import sqlite3
import subprocess
import time

import pytest

from conftest import (FAST_HASH, TIMEOUT, WHISTD, close_clients, free_port, guarded, guest,
                      resume, run, wait_for, _die_with_parent)
from tables import open_game


def notify_socket(tmp_path, abstract):
    """A datagram socket to stand in for systemd's; returns (socket, the
    NOTIFY_SOCKET value)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    if abstract:
        name = f"whistd-test-{os.getpid()}-{time.monotonic_ns()}"
        sock.bind("\0" + name)
        value = "@" + name
    else:
        path = str(tmp_path / "notify")
        sock.bind(path)
        value = path
    sock.settimeout(TIMEOUT)
    return sock, value


def datagrams_until(sock, pred):
    got = []
    while True:
        got.append(sock.recv(4096).decode())
        if pred(got[-1]):
            return got


@pytest.mark.parametrize("abstract", [False, True], ids=["path", "abstract"])
def test_systemd_ready_watchdog_stopping(whistd, tmp_path, abstract):
    sock, value = notify_socket(tmp_path, abstract)
    with sock:
        s = whistd(env={"NOTIFY_SOCKET": value, "WATCHDOG_USEC": "300000"})
        first = datagrams_until(sock, lambda d: "READY=1" in d)
        # READY comes once listening: the server already answers.
        assert s.http("GET", "/healthz")[0] == 200
        assert not any("WATCHDOG" in d and "READY" in d for d in first)
        # WATCHDOG=1 every 150 ms (half of 300 ms): at least 5 in 3 s.
        start = time.monotonic()
        pings = 0
        while time.monotonic() - start < 3:
            if sock.recv(4096).decode() == "WATCHDOG=1":
                pings += 1
        assert 5 <= pings <= 40, pings
        s.proc.send_signal(signal.SIGTERM)
        datagrams_until(sock, lambda d: "STOPPING=1" in d)
        assert s.proc.wait(TIMEOUT) == 0


def test_no_notify_socket_is_fine(whistd):
    s = whistd(env={"NOTIFY_SOCKET": "/nonexistent/socket", "WATCHDOG_USEC": "100000"})
    assert s.http("GET", "/healthz")[0] == 200
    assert s.stop() == 0


def test_sigterm_drains_games_and_tells_everyone(whistd):
    s = whistd("--shutdown-grace", "30")

    async def body():
        game = await open_game(s, "classic", watchers=1)
        T = game.table
        await game.play(steps=7)
        await game.settle()
        before = {}
        for st in game.seats:
            before[st.seat] = (await st.c.ok("table.sync", {"table": T}))["view"]
        tokens = [st.c.token for st in game.seats]
        idle = await guest(s)
        await idle.ok("lobby.join")
        clients = [st.c for st in game.seats] + game.watchers + [idle]

        started = time.monotonic()
        s.proc.send_signal(signal.SIGTERM)
        for c in clients:
            m = await wait_for(c, lambda m: m["t"] == "server.restarting", what="the notice")
            assert set(m) == {"t", "d"} and isinstance(m["d"]["message"], str), m
            assert await c.closed() == 1001
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, s.proc.wait, TIMEOUT) == 0
        # Every client closed at once: no need to wait for the grace.
        assert time.monotonic() - started < 10
        log = s.log()
        assert "draining: telling 6 connections" in log, log
        assert "whistd stopped" in log

        s2 = whistd(db=s.db_path)
        assert "restored 1 tables, 1 games in progress" in s2.log()
        for st, token in zip(game.seats, tokens):
            c = await resume(s2, token)
            back = await c.ok("table.sync", {"table": T, "since": st.last_v})
            assert back["view"] == before[st.seat], st.seat
            st.c, st.view, st.view_v, st.acted_v = c, back["view"], back["v"], -1
        # The game goes on to its end (the watcher is gone).
        game.watchers = []
        await game.finish()
        await close_clients()

    run(body(), limit=120)


def test_drain_is_bounded_by_the_grace(whistd):
    """A client that never answers the close does not hold the server past
    shutdown_grace."""
    s = whistd("--shutdown-grace", "2")
    raw = socket.create_connection((s.host, s.port), TIMEOUT)
    raw.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
    assert b" 101 " in raw.recv(4096)
    started = time.monotonic()
    s.proc.send_signal(signal.SIGTERM)
    assert s.proc.wait(TIMEOUT) == 0
    took = time.monotonic() - started
    assert 1.5 < took < 6, took
    assert "still open after the grace" in s.log()
    raw.close()


def start_with_log_file(tmp_path, log_file):
    port = free_port()
    argv = [WHISTD, "--listen", "127.0.0.1", "--port", str(port), "--database",
            str(tmp_path / "w.db"), *FAST_HASH, "--log-file", str(log_file)]
    out = open(tmp_path / "stderr.txt", "wb")
    proc = subprocess.Popen(guarded(argv), stdin=subprocess.DEVNULL, stdout=out,
                            stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
    return proc, port, out


def wait_text(path, text, within=TIMEOUT):
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if path.exists() and text in path.read_text(errors="replace"):
            return
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not in {path}")


def test_sighup_reopens_the_log_file(tmp_path):
    log = tmp_path / "whistd.log"
    proc, port, out = start_with_log_file(tmp_path, log)
    try:
        wait_text(log, "whistd listening")
        os.rename(log, tmp_path / "whistd.log.1")  # what logrotate does
        proc.send_signal(signal.SIGHUP)
        wait_text(log, "log file")
        assert "reopened" in log.read_text()

        class S:
            host = "127.0.0.1"

        S.port = port

        async def body():
            c = await guest(S)
            wait_text(log, f"guest {c.name} arrived")
            assert c.name not in (tmp_path / "whistd.log.1").read_text()
            await close_clients()

        run(body())
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(TIMEOUT) == 0
        wait_text(log, "whistd stopped")
        assert (tmp_path / "stderr.txt").read_text() == ""  # all of it went to the file
    finally:
        if proc.poll() is None:
            proc.kill()
        out.close()


def test_unwritable_log_file_is_a_clear_error(tmp_path):
    r = subprocess.run(guarded([WHISTD, "--database", str(tmp_path / "w.db"), "--log-file",
                                str(tmp_path / "no" / "such" / "dir.log")], 30),
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "cannot open the log file" in r.stderr + r.stdout


def backup(db, dest):
    return subprocess.run(guarded([WHISTD, "--database", str(db), "--backup-to", str(dest)], 60),
                          capture_output=True, text=True)


def test_online_backup_while_writing(whistd, tmp_path):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", watchers=0)
        await game.play(steps=5)
        await game.settle()
        stop = False

        async def writer():
            # Guests are created (rows written) all through the backups.
            n = 0
            while not stop:
                c = await guest(s)
                await c.close()
                n += 1
            return n

        task = asyncio.create_task(writer())
        loop = asyncio.get_running_loop()
        results = []
        for i in range(3):
            await asyncio.sleep(0.2)
            results.append(await loop.run_in_executor(None, backup, s.db_path,
                                                      tmp_path / f"b{i}.db"))
        stop = True
        made = await task
        assert made > 0
        for i, r in enumerate(results):
            assert r.returncode == 0, r.stderr
            assert "checked" in r.stdout and "schema version" in r.stdout, r.stdout
            con = sqlite3.connect(tmp_path / f"b{i}.db")
            assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert con.execute("SELECT count(*) FROM accounts").fetchone()[0] >= 4
            con.close()
        # Nothing of the temporary files is left.
        assert sorted(p.name for p in tmp_path.glob("b*")) == ["b0.db", "b1.db", "b2.db"]
        # A whistd started on the backup has the table and its game.
        s2 = whistd(db=tmp_path / "b2.db")
        assert "restored 1 tables, 1 games in progress" in s2.log()
        await close_clients()

    run(body(), limit=120)


def test_backup_errors(tmp_path):
    r = backup(tmp_path / "missing.db", tmp_path / "out.db")
    assert r.returncode == 1 and "backup failed" in r.stderr, r.stderr
    (tmp_path / "empty.db").write_bytes(b"")
    r = backup(tmp_path / "empty.db", tmp_path / "out.db")
    assert r.returncode == 1 and "not a whistd database" in r.stderr, r.stderr
    assert not (tmp_path / "out.db").exists()


def test_backup_of_a_stopped_server_leaves_nothing_behind(whistd, tmp_path):
    """With whistd stopped, the backup leaves no -wal or -shm file (which,
    made by root, would keep the service's user from opening the database)."""
    s = whistd()
    assert s.stop() == 0
    db = s.db_path
    leftovers = lambda: [p.name for p in db.parent.iterdir() if p.name.startswith(db.name + "-")]
    assert leftovers() == []
    r = backup(db, tmp_path / "copy.db")
    assert r.returncode == 0, r.stderr
    assert leftovers() == []
