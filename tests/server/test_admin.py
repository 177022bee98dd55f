"""whistctl's commands that act on what whistd holds live (docs/whistctl.md):
close-table, ban and unban, and game (a game's record), each with whistd
running on the file (whistctl queues the command in the database and
whistd carries it out) and with whistd stopped (whistctl changes the file
itself), the chip ledger checked after each; and bad input.

Run as the rest of tests/server (see conftest.py); WHISTCTL names whistctl,
WHIST_REPLAY whist-replay."""

import asyncio
import fcntl
import json
import sqlite3
import subprocess
import time

import conftest
import test_social
from conftest import Client, guest, quiet, resume, wait_for
from test_compete import CHIPS, balances, compete_game
from conftest import member
from test_social import ctl, ledger_ok
from tables import WHIST_REPLAY, is_event, open_game, replay

def run(coro, limit=120):
    """conftest.run, closing every client made here."""
    return conftest.run_closing(coro, limit)


async def actl(db, *args):
    """whistctl off the event loop (the clients keep reading meanwhile)."""
    return await asyncio.to_thread(ctl, db, *args)


def row(db, sql, *params):
    con = sqlite3.connect(db, timeout=10)
    try:
        return con.execute(sql, params).fetchone()
    finally:
        con.close()


def closed_event(table, reason):
    return lambda m: (is_event(table, "closed")(m) and m["d"]["event"]["reason"] == reason)


# --- close-table ------------------------------------------------------------------

def test_close_table_while_whistd_runs(whistd):
    """A Compete game in progress: everyone at the table is told, the game is
    abandoned and every buy-in refunded once, the table leaves the lobby."""
    s = whistd(*CHIPS)

    async def body():
        game = await compete_game(s, buy_in=110, chips=200)
        T = game.table
        ids = [st.c.user["id"] for st in game.seats]
        watcher = await guest(s)
        await watcher.ok("table.watch", {"table": T})
        looker = await guest(s)
        listed = await looker.ok("lobby.join")
        assert T in [t["table"] for t in listed["tables"]]
        await game.play(steps=6)
        await game.settle()
        gid = row(s.db_path, "SELECT id FROM games WHERE table_id = ?", T)[0]
        accounts, house = balances(s.db_path)
        assert [accounts[i] for i in ids] == [90] * 4 and house == 440

        code, out = await actl(s.db_path, "close-table", str(T), "--reason", "maintenance")
        assert code == 0, out
        assert f"table {T} closed" in out and "5 player(s) and watcher(s) told" in out, out
        assert f"game {gid} abandoned" in out and "refunded (4 x 110 chips)" in out, out
        for c in [st.c for st in game.seats] + [watcher]:
            await wait_for(c, closed_event(T, "maintenance"), what="the closed event")
        await wait_for(looker, lambda m: m["t"] == "lobby.removed" and m["d"]["table"] == T,
                       what="the table leaving the lobby")
        accounts, house = balances(s.db_path)
        assert [accounts[i] for i in ids] == [200] * 4 and house == 0
        assert row(s.db_path, "SELECT state FROM games WHERE id = ?", gid)[0] == "abandoned"
        assert row(s.db_path, "SELECT state FROM tables WHERE id = ?", T)[0] == "closed"
        refunds = row(s.db_path, "SELECT count(*) FROM ledger WHERE batch = ?",
                      f"game:{gid}:refund")[0]
        assert refunds == 5  # the house's entry and one per seat
        # The table is gone for everyone.
        assert (await game.seats[0].c.error("table.sync", {"table": T}))[0] == "no_table"
        assert (await game.seats[1].c.error("table.act", {
            "table": T, "action": {"type": "pass"}}))[0] == "no_table"
        # Again: nothing more happens, and nothing is refunded twice.
        code, out = await actl(s.db_path, "close-table", str(T))
        assert code == 0 and "already closed" in out, out
        ledger_ok(s)
        assert balances(s.db_path)[1] == 0
        # The abandoned game's record, as far as it went.
        code, out = await actl(s.db_path, "game", str(gid), "--full")
        assert code == 0, out
        d = json.loads(out)
        assert d["game"] == gid and d["table"] == T and d["result"] == {"abandoned": True}
        assert len(d["record"]["actions"]) >= 6

    run(body())
    log = s.log()
    assert "closed by the operator (maintenance)" in log, log
    # After a restart the table stays closed.
    s.stop()
    s2 = whistd(*CHIPS, db=s.db_path)

    async def after():
        c = await guest(s2)
        assert T_not_listed(await c.ok("lobby.join"), s.db_path)

    run(after())
    ledger_ok(s2)


def T_not_listed(lobby, db):
    closed = {r for r, in sqlite3.connect(db).execute(
        "SELECT id FROM tables WHERE state = 'closed'")}
    return not closed & {t["table"] for t in lobby["tables"]}


def test_close_table_while_whistd_is_stopped(whistd):
    """whistd stopped in the middle of a Compete game: whistctl closes the
    table in the file itself, refunding the buy-ins once; the restarted
    whistd does not bring the table back."""
    s = whistd(*CHIPS)

    async def body():
        game = await compete_game(s, buy_in=30, chips=40)
        await game.play(steps=5)
        await game.settle()
        return game.table, [st.c.user["id"] for st in game.seats]

    T, ids = run(body())
    gid = row(s.db_path, "SELECT id FROM games WHERE table_id = ?", T)[0]
    assert s.stop() == 0
    assert row(s.db_path, "SELECT state FROM games WHERE id = ?", gid)[0] == "playing"
    code, out = ctl(s.db_path, "close-table", str(T), "--reason", "stuck")
    assert code == 0, out
    assert f"table {T} closed; game {gid} abandoned, buy-ins refunded (4 x 30 chips)" in out, out
    accounts, house = balances(s.db_path)
    assert [accounts[i] for i in ids] == [40] * 4 and house == 0
    ledger_ok(s)
    code, out = ctl(s.db_path, "close-table", str(T))
    assert code == 0 and "already closed" in out, out
    ledger_ok(s)

    s2 = whistd(*CHIPS, db=s.db_path)

    async def after():
        c = await guest(s2)
        listed = await c.ok("lobby.join")
        assert T not in [t["table"] for t in listed["tables"]]
        assert (await c.error("table.watch", {"table": T}))[0] == "no_table"

    run(after())
    assert row(s.db_path, "SELECT state FROM games WHERE id = ?", gid)[0] == "abandoned"
    ledger_ok(s2)


def test_close_an_open_table(whistd):
    """A table nobody plays at yet: those seated are told; nothing to refund."""
    s = whistd()

    async def body():
        game = await open_game(s, watchers=0, start=False)
        T = game.table
        code, out = await actl(s.db_path, "close-table", str(T))
        assert code == 0 and f"table {T} closed; 3 player(s)" in out, out
        for st in game.seats[:3]:
            await wait_for(st.c, closed_event(T, "closed by the operator"), what="closed")
        # The last seat can no longer sit there.
        assert (await game.seats[3].c.error("table.sit", {"table": T, "seat": 3}))[0] == "no_table"

    run(body())
    ledger_ok(s)


# --- ban and unban ----------------------------------------------------------------

def test_ban_while_whistd_runs(whistd):
    """The banned player's connection is told and closed (1008); their seat
    is held as for a player who dropped; they cannot log in or resume until
    unbanned."""
    s = whistd("--reconnect-grace", "1")

    async def body():
        game = await open_game(s, watchers=0)
        T = game.table
        alice = await member(s, "alice")
        other = await member(s, "bob")
        victim = game.seats[1]
        code, out = await actl(s.db_path, "ban", victim.c.name, "--reason", "rude")
        assert code == 0, out
        assert f"{victim.c.name} banned; 1 session(s) revoked" in out, out
        m = await wait_for(victim.c, lambda m: m["t"] == "banned", what="the banned push")
        assert m["d"] == {"reason": "rude"}
        assert await victim.c.closed() == 1008
        for st in [game.seats[0], game.seats[2]]:
            await wait_for(st.c, is_event(T, "disconnected", seat=1), what="the seat dropping")
        # Resuming the session: refused, with the reason.
        c = await Client.connect(s)
        r = await c.request("hello", {"version": 1, "token": victim.c.token})
        assert r["t"] == "error" and r["d"]["code"] == "banned", r
        assert "rude" in r["d"]["message"]
        # Without the token the connection carries on as anyone's.
        assert (await c.request("hello", {"version": 1}))["t"] == "welcome"
        await c.close()
        # The game goes on: the computer stands in for the banned seat.
        await game.play(steps=8, seats=[game.seats[0], game.seats[2], game.seats[3]])

        # A registered account: login refused while banned, allowed after.
        code, out = await actl(s.db_path, "ban", "alice")
        assert code == 0 and "alice banned" in out, out
        assert await alice.closed() == 1008
        assert (await other.ok("chips.balance")) is not None  # bob is untouched
        c = await Client.connect(s, hello=True)
        code_, message = await c.error("login", {"username": "alice", "password": "correct horse"})
        assert code_ == "banned" and message == "this account is banned"
        # A wrong password does not tell whether the account is banned.
        assert (await c.error("login", {"username": "alice", "password": "wrong one!"}))[0] == \
            "login_failed"
        code, out = await actl(s.db_path, "unban", "alice")
        assert code == 0 and "alice unbanned" in out, out
        d = await c.ok("login", {"username": "alice", "password": "correct horse"})
        assert d["user"]["name"] == "alice"
        await c.close()
        code, out = await actl(s.db_path, "unban", "alice")
        assert code == 0 and "not banned" in out, out

    run(body())
    ledger_ok(s)


def test_ban_while_whistd_is_stopped(whistd):
    s = whistd()

    async def body():
        alice = await member(s, "alice")
        return alice.token

    token = run(body())
    assert s.stop() == 0
    code, out = ctl(s.db_path, "ban", "alice", "--reason", "spam")
    assert code == 0 and "alice banned; 1 session(s) revoked" in out, out
    assert row(s.db_path, "SELECT banned, ban_reason FROM accounts WHERE username = 'alice'") == \
        (1, "spam")
    ledger_ok(s)
    s2 = whistd(db=s.db_path)

    async def after():
        c = await Client.connect(s2)
        r = await c.request("hello", {"version": 1, "token": token})
        assert r["t"] == "error" and r["d"]["code"] == "banned", r
        assert (await c.request("hello", {"version": 1}))["t"] == "welcome"
        code_, message = await c.error("login", {"username": "alice",
                                                "password": "correct horse"})
        assert code_ == "banned" and message == "this account is banned: spam"
        await c.close()

    run(after())
    s2.stop()
    code, out = ctl(s.db_path, "unban", "alice")
    assert code == 0 and "alice unbanned" in out, out
    s3 = whistd(db=s.db_path)

    async def again():
        c = await Client.connect(s3, hello=True)
        assert (await c.ok("login", {"username": "alice", "password": "correct horse"}))
        await c.close()

    run(again())
    ledger_ok(s3)


def test_a_whistd_that_does_not_answer(whistd, tmp_path):
    """The lock is held but nobody carries the command out: whistctl
    withdraws it after --wait and says so; nothing changed."""
    s = whistd()

    async def body():
        await member(s, "alice")

    run(body())
    assert s.stop() == 0
    with open(str(s.db_path) + ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        code, out = ctl(s.db_path, "--wait", "1", "ban", "alice")
    assert code == 1 and "did not take the command within 1 s" in out, out
    assert "nothing changed" in out
    assert row(s.db_path, "SELECT banned FROM accounts WHERE username = 'alice'") == (0,)
    assert row(s.db_path, "SELECT state FROM admin_commands ORDER BY id DESC") == ("cancelled",)
    # A whistd started later does not run the withdrawn command.
    s2 = whistd(db=s.db_path)

    async def after():
        c = await Client.connect(s2, hello=True)
        await c.ok("login", {"username": "alice", "password": "correct horse"})
        await c.close()

    run(after())
    assert row(s.db_path, "SELECT state FROM admin_commands ORDER BY id DESC") == ("cancelled",)


def test_a_whistd_that_stops_before_taking_the_command(whistd):
    """The lock is let go (whistd stopped) while the command waits: whistctl
    withdraws it and makes the change in the file itself."""
    s = whistd()

    async def body():
        await member(s, "alice")

    run(body())
    assert s.stop() == 0
    with open(str(s.db_path) + ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        p = subprocess.Popen([test_social.WHISTCTL, "--db", str(s.db_path), "ban", "alice"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + 10
        while row(s.db_path, "SELECT count(*) FROM admin_commands") == (0,):
            assert time.monotonic() < deadline, "whistctl queued nothing"
            time.sleep(0.05)
    out, _ = p.communicate(timeout=30)
    assert p.returncode == 0 and "alice banned" in out, out
    assert row(s.db_path, "SELECT banned FROM accounts WHERE username = 'alice'") == (1,)
    assert row(s.db_path, "SELECT state FROM admin_commands") == ("cancelled",)
    ledger_ok(s)


# --- game -------------------------------------------------------------------------

def check_ctl_record(db, gid, result, full_from_server=None):
    code, out = ctl(db, "game", str(gid))
    assert code == 0, out
    record = json.loads(out)
    p = subprocess.run([WHIST_REPLAY], input=out, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    replayed = json.loads(p.stdout)
    assert replayed["game_over"] is True
    assert replayed["scores"] == result["scores"] and replayed["winner"] == result["winners"]
    code, out = ctl(db, "game", str(gid), "--full")
    assert code == 0, out
    full = json.loads(out)
    assert full["record"] == record
    if full_from_server is not None:
        assert full == full_from_server
    return full


def test_game_record(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, options={"play_to": 5}, watchers=0)
        gid = row(s.db_path, "SELECT id FROM games WHERE table_id = ?", game.table)[0]
        # In progress: its record (every hand) is not shown.
        code, out = await actl(s.db_path, "game", str(gid))
        assert code == 1 and "in progress" in out, out
        result = await game.finish()
        await asyncio.sleep(0.3)
        d = await game.seats[0].c.ok("game.record", {"game": gid})
        assert replay(d["record"])[0] == 0
        return gid, result, d

    gid, result, d = run(body())
    full = check_ctl_record(s.db_path, gid, result, d)
    s.stop()
    # The same with whistd stopped.
    assert check_ctl_record(s.db_path, gid, result) == full
    ledger_ok(s)


# --- bad input --------------------------------------------------------------------

def test_bad_input(whistd):
    s = whistd()

    async def body():
        await member(s, "alice")

    run(body())
    for stopped in (False, True):
        if stopped:
            s.stop()
        for args, says in [
            (["close-table", "abc"], "not a table id"),
            (["close-table", "0"], "not a table id"),
            (["close-table", "-3"], "not a table id"),
            (["close-table", "999"], "no table 999"),
            (["close-table"], "close-table needs"),
            (["close-table", "1", "--reason"], "close-table needs"),
            (["ban", "nobody"], 'no account named "nobody"'),
            (["ban"], "ban needs"),
            (["unban", "nobody"], 'no account named "nobody"'),
            (["unban", "alice", "--reason", "x"], "unban needs"),
            (["game", "x1"], "not a game id"),
            (["game", "999"], "no game 999"),
            (["game"], "game needs"),
            (["--wait", "0", "ban", "alice"], "--wait takes"),
        ]:
            code, out = ctl(s.db_path, *args)
            assert code == 2, (args, out)
            assert says in out, (args, out)
        assert row(s.db_path, "SELECT count(*) FROM admin_commands") == (0,)
        assert row(s.db_path, "SELECT banned FROM accounts WHERE username = 'alice'") == (0,)
        ledger_ok(s)
