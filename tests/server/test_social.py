"""whistd end to end, the account-level parts of Play/Join/Compete: friends
(requests, accepting, declining, removing, the pushes, online status and
the table a friend is at), chips (a new account's balance and history, the
daily top-up once per day, with the day set by the test-only --test-date),
results after a real finished game (a player's games, wins and losses, the
leaderboard), and whistctl on the database those leave behind (the ledger
check passing, and failing on a corrupted copy; grants; the lists).

Run as the rest of tests/server (see conftest.py); WHISTCTL names whistctl."""

import asyncio
import os
import shutil
import sqlite3
import subprocess

import conftest
from conftest import TIMEOUT, Client, guest, member, quiet, wait_for
from tables import Game, Seat, is_event, start_game

WHISTCTL = os.environ.get(
    "WHISTCTL", os.path.join(os.path.dirname(conftest.WHISTD), "..", "tools", "whistctl"))
OPEN = {"friends_only": False}  # a join table open to everyone


def run(coro, limit=90):
    return conftest.run_closing(coro, limit)


def ctl(db, *args):
    """Runs whistctl; returns (exit status, stdout + stderr)."""
    p = subprocess.run([WHISTCTL, "--db", str(db), *args], capture_output=True, text=True,
                       timeout=60)
    return p.returncode, p.stdout + p.stderr


def ledger_ok(server):
    """whistctl ledger-check passes on the server's database."""
    code, out = ctl(server.db_path, "ledger-check")
    assert code == 0 and "ledger ok" in out, out


def pushed(t, **d):
    return lambda m: m["t"] == t and all(m["d"].get(k) == v for k, v in d.items())


def by_name(entries):
    return {e["name"]: e for e in entries}


# --- Friends ----------------------------------------------------------------------

def test_friend_requests_accept_decline_remove(whistd):
    s = whistd()

    async def body():
        alice = await member(s, "alice")
        bob = await member(s, "bob")
        carol = await member(s, "carol")

        # A request: bob is told at once.
        d = await alice.ok("friend.request", {"username": "bob"})
        assert d == {"state": "requested", "user": {"id": bob.user["id"], "name": "bob"}}
        m = await wait_for(bob, pushed("friend.incoming"), what="the request")
        assert m["d"]["user"] == {"id": alice.user["id"], "name": "alice"}
        assert "id" not in m
        assert (await bob.ok("friends.list"))["incoming"] == [
            {"id": alice.user["id"], "name": "alice"}]
        lst = await alice.ok("friends.list")
        assert lst["outgoing"] == [{"id": bob.user["id"], "name": "bob"}]
        assert lst["friends"] == [] and lst["incoming"] == []
        assert (await alice.error("friend.request", {"username": "bob"}))[0] == \
            "already_requested"

        # Accepted: alice is told, with bob online and at no table.
        d = await bob.ok("friend.accept", {"username": "alice"})
        assert d["friend"] == {"id": alice.user["id"], "name": "alice", "online": True,
                               "table": None, "seat": None}
        m = await wait_for(alice, pushed("friend.accepted"), what="the acceptance")
        assert m["d"]["friend"]["name"] == "bob" and m["d"]["friend"]["online"] is True
        for c, other in [(alice, "bob"), (bob, "alice")]:
            lst = await c.ok("friends.list")
            assert [f["name"] for f in lst["friends"]] == [other]
            assert lst["incoming"] == [] and lst["outgoing"] == []
        assert (await bob.error("friend.accept", {"username": "alice"}))[0] == "no_request"
        assert (await alice.error("friend.request", {"username": "BOB"}))[0] == \
            "already_friends"

        # Declined: nothing is left of the request.
        await carol.ok("friend.request", {"username": "alice"})
        await wait_for(alice, pushed("friend.incoming"), what="carol's request")
        assert await alice.ok("friend.decline", {"username": "carol"}) == {}
        assert (await alice.ok("friends.list"))["incoming"] == []
        assert (await carol.ok("friends.list"))["outgoing"] == []
        assert (await alice.error("friend.decline", {"username": "carol"}))[0] == "no_request"

        # Two requests that meet make friends.
        await carol.ok("friend.request", {"username": "bob"})
        d = await bob.ok("friend.request", {"username": "carol"})
        assert d["state"] == "friends" and d["friend"]["name"] == "carol"
        await wait_for(carol, pushed("friend.accepted"), what="the meeting requests")

        # Refusals.
        assert (await alice.error("friend.request", {"username": "alice"}))[0] == "self"
        assert (await alice.error("friend.request", {"username": "nobody"}))[0] == "no_user"
        assert (await alice.error("friend.accept", {"username": "nobody"}))[0] == "no_user"
        assert (await alice.error("friend.request", {}))[0] == "bad_message"
        assert (await alice.error("friend.request", {"username": 7}))[0] == "bad_message"

        # Removed: bob is told; a second remove finds nothing.
        assert await alice.ok("friend.remove", {"username": "bob"}) == {}
        m = await wait_for(bob, pushed("friend.removed"), what="the removal")
        assert m["d"]["user"]["name"] == "alice"
        assert [f["name"] for f in (await bob.ok("friends.list"))["friends"]] == ["carol"]
        assert (await alice.ok("friends.list"))["friends"] == []
        assert (await alice.error("friend.remove", {"username": "bob"}))[0] == "not_friends"
        # A pending request can be withdrawn the same way.
        await alice.ok("friend.request", {"username": "carol"})
        await alice.ok("friend.remove", {"username": "carol"})
        assert (await carol.ok("friends.list"))["incoming"] == []

    run(body())
    ledger_ok(s)


def test_guests_cannot_have_friends(whistd):
    s = whistd()

    async def body():
        g = await guest(s)
        alice = await member(s, "alice")
        for t, d in [("friend.request", {"username": "alice"}),
                     ("friend.accept", {"username": "alice"}),
                     ("friend.remove", {"username": "alice"}), ("friends.list", None)]:
            code, message = await g.error(t, d)
            assert code == "guest" and "register" in message, (t, code, message)
        code, _ = await alice.error("friend.request", {"username": g.name})
        assert code == "guest"
        # Not logged in at all.
        anon = await Client.connect(s, hello=True)
        assert (await anon.error("friends.list"))[0] == "not_logged_in"
        await anon.close()

    run(body())


def test_friends_online_offline_and_tables(whistd):
    s = whistd()

    async def body():
        alice = await member(s, "alice")
        bob = await member(s, "bob")
        await alice.ok("friend.request", {"username": "bob"})
        await bob.ok("friend.accept", {"username": "alice"})
        await wait_for(alice, pushed("friend.accepted"), what="the acceptance")

        async def bob_seen():
            return by_name((await alice.ok("friends.list"))["friends"])["bob"]

        # Bob sits at a table: alice sees it, with his seat.
        t = (await bob.ok("table.create", {"variant": "classic", "settings": OPEN}))["table"]["table"]
        for _ in range(50):
            b = await bob_seen()
            if b["table"] == t:
                break
            await asyncio.sleep(0.1)
        assert b == {"id": bob.user["id"], "name": "bob", "online": True, "table": t, "seat": 0}
        # He leaves (the table closes): at no table.
        await bob.ok("table.leave", {"table": t})
        for _ in range(50):
            b = await bob_seen()
            if b["table"] is None:
                break
            await asyncio.sleep(0.1)
        assert b["table"] is None and b["seat"] is None

        # He watches someone else's table: that table, no seat.
        host = await guest(s)
        t2 = (await host.ok("table.create", {"variant": "bid", "settings": OPEN}))["table"]["table"]
        await bob.ok("table.watch", {"table": t2})
        b = await bob_seen()
        assert b["table"] == t2 and b["seat"] is None and b["online"] is True
        await bob.ok("table.unwatch", {"table": t2})
        assert (await bob_seen())["table"] is None

        # A second connection of bob's: still online when the first closes.
        bob2 = await member(s, "bob", register=False)
        assert not [m for m in await quiet(alice, 0.3) if m["t"] == "friend.online"]
        await bob.close()
        await asyncio.sleep(0.5)
        assert (await bob_seen())["online"] is True
        assert not [m for m in await quiet(alice, 0.3) if m["t"] == "friend.offline"]
        # The last one goes: alice is told, and sees him offline.
        await bob2.close()
        m = await wait_for(alice, pushed("friend.offline"), what="bob going offline")
        assert m["d"]["user"] == {"id": bob.user["id"], "name": "bob"}
        assert (await bob_seen())["online"] is False
        # He comes back, resuming his session: alice is told.
        back = await Client.connect(s, max_queue=None)
        conftest._open_clients.append(back)
        w = await back.request("hello", {"version": 1, "token": bob.token})
        assert w["d"]["session"] == "resumed"
        m = await wait_for(alice, pushed("friend.online"), what="bob coming back")
        assert m["d"]["user"]["name"] == "bob"
        assert (await bob_seen())["online"] is True
        # Logging out is going offline too.
        await back.ok("logout")
        await wait_for(alice, pushed("friend.offline"), what="bob logging out")

    run(body())
    ledger_ok(s)


# --- Chips ------------------------------------------------------------------------

def test_new_account_balance_and_history(whistd):
    s = whistd()

    async def body():
        alice = await member(s, "alice")
        assert await alice.ok("chips.balance") == {"chips": 1000}
        h = await alice.ok("chips.history")
        assert h["chips"] == 1000 and h["next"] is None
        [e] = h["entries"]
        assert e["delta"] == 1000 and e["kind"] == "initial" and e["game"] is None
        assert e["batch"] == f"initial:{alice.user['id']}" and isinstance(e["at"], int)
        # Above the floor (100): no top-up.
        d = await alice.ok("chips.topup")
        assert d["result"] == "not_below_floor" and d["amount"] == 0 and d["chips"] == 1000

        # Operator grants (whistctl, on the running server's file) page the history.
        for i in range(3):
            code, out = ctl(s.db_path, "grant", "alice", str(10 + i), f"prize-{i}")
            assert code == 0, out
            assert "granted" in out
        assert await alice.ok("chips.balance") == {"chips": 1000 + 10 + 11 + 12}
        page = await alice.ok("chips.history", {"limit": 2})
        assert [e["delta"] for e in page["entries"]] == [12, 11]
        assert all(e["kind"] == "grant" for e in page["entries"])
        assert page["entries"][0]["batch"].endswith(":prize-2")
        page = await alice.ok("chips.history", {"limit": 2, "before": page["next"]})
        assert [e["delta"] for e in page["entries"]] == [10, 1000]
        page = await alice.ok("chips.history", {"limit": 2, "before": page["next"]})
        assert page["entries"] == [] and page["next"] is None
        assert (await alice.error("chips.history", {"limit": 0}))[0] == "bad_message"
        assert (await alice.error("chips.history", {"limit": 101}))[0] == "bad_message"
        assert (await alice.error("chips.history", {"before": "x"}))[0] == "bad_message"

        # Guests have no chips.
        g = await guest(s)
        for t in ["chips.balance", "chips.history", "chips.topup"]:
            code, message = await g.error(t)
            assert code == "guest" and "register" in message

        # A key given to grant makes it idempotent.
        assert ctl(s.db_path, "grant", "alice", "5", "bonus", "--key", "bonus-1")[0] == 0
        code, out = ctl(s.db_path, "grant", "alice", "5", "bonus", "--key", "bonus-1")
        assert code == 0 and "already granted" in out
        assert await alice.ok("chips.balance") == {"chips": 1038}
        # Refused grants change nothing.
        assert ctl(s.db_path, "grant", "nobody", "5", "x")[0] == 1
        assert ctl(s.db_path, "grant", g.name, "5", "x")[0] == 1
        assert ctl(s.db_path, "grant", "alice", "-5", "x")[0] == 2
        assert ctl(s.db_path, "grant", "alice", "5x", "x")[0] == 2
        assert await alice.ok("chips.balance") == {"chips": 1038}
        code, out = ctl(s.db_path, "ledger-check")
        assert code == 0 and "ledger ok" in out, out

    run(body())


def test_topup_once_per_day(whistd):
    flags = ["--initial-chips", "50", "--topup-floor", "100", "--topup-amount", "30"]
    s = whistd(*flags, "--test-date", "2030-01-01")
    db = s.db_path

    async def body(server, day, register):
        c = await member(server, "poor", register=register)
        return c, await c.ok("chips.history")

    async def first():
        # Registering starts a session: 50 is below the floor, so the day's
        # top-up of 30 comes at once.
        c, h = await body(s, "2030-01-01", True)
        assert h["chips"] == 80
        assert [(e["kind"], e["delta"]) for e in h["entries"]] == [("topup", 30), ("initial", 50)]
        assert h["entries"][0]["batch"] == f"topup:{c.user['id']}:2030-01-01"
        d = await c.ok("chips.topup")
        assert d == {"result": "already_today", "amount": 0, "chips": 80, "floor": 100,
                     "day": "2030-01-01"}
        # Another login the same day: nothing more.
        c2, h = await body(s, "2030-01-01", False)
        assert h["chips"] == 80 and len(h["entries"]) == 2
    run(first())
    s.stop()

    # The next day (the same file): one more top-up at login, and only one.
    s = whistd(*flags, "--test-date", "2030-01-02", db=db)

    async def second():
        c, h = await body(s, "2030-01-02", False)
        assert h["chips"] == 110
        assert h["entries"][0]["batch"].endswith(":2030-01-02")
        assert (await c.ok("chips.topup"))["result"] == "already_today"
        c2, h = await body(s, "2030-01-02", False)
        assert h["chips"] == 110
    run(second())
    s.stop()

    # At or above the floor: no top-up that day.
    s = whistd(*flags, "--test-date", "2030-01-03", db=db)

    async def third():
        c, h = await body(s, "2030-01-03", False)
        assert h["chips"] == 110 and len(h["entries"]) == 3
        d = await c.ok("chips.topup")
        assert d["result"] == "not_below_floor" and d["chips"] == 110
    run(third())
    s.stop()
    code, out = ctl(db, "ledger-check")
    assert code == 0, out

    # A bad test-date is refused at start.
    p = subprocess.run([conftest.WHISTD, "--test-date", "tomorrow"], capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 2 and "test-date" in p.stderr


def test_chip_settings_from_a_config_file(whistd, tmp_path):
    conf = tmp_path / "whistd.conf"
    conf.write_text("initial_chips = 250\ntopup_floor = 0\n")
    s = whistd("--config", str(conf))

    async def body():
        c = await member(s, "frank")
        assert await c.ok("chips.balance") == {"chips": 250}
        d = await c.ok("chips.topup")
        assert d["result"] == "off" and d["chips"] == 250 and d["amount"] == 0

    run(body())
    ledger_ok(s)
    for flags in [["--initial-chips", "-5"], ["--topup-amount", "0"], ["--topup-floor", "x"]]:
        p = subprocess.run([conftest.WHISTD, *flags], capture_output=True, text=True, timeout=30)
        assert p.returncode == 2 and flags[0][2:] in p.stderr, (flags, p.stderr)


# --- Results ----------------------------------------------------------------------

async def members_game(server, names, variant="classic", options=None):
    """Registered players meet at a new table and start a game."""
    clients = [await member(server, n) for n in names]
    d = {"variant": variant, "options": options or {"play_to": 5}, "settings": OPEN}
    table = (await clients[0].ok("table.create", d))["table"]["table"]
    game = Game(server, table, [Seat(c, i) for i, c in enumerate(clients)], [])
    for i, c in enumerate(clients[1:-1], start=1):
        await c.ok("table.sit", {"table": table, "seat": i})
    await start_game(game)
    return game


async def check_own_results(game, names, result, won):
    """Each seat's results.games and results.stats after the one game."""
    gid = result["game"]
    for i, st in enumerate(game.seats):
        d = await st.c.ok("results.games")
        assert d["user"]["name"] == names[i] and d["next"] is None
        [g] = d["games"]
        assert g["game"] == gid and g["table"] == game.table and g["variant"] == "classic"
        assert g["seat"] == i and g["side"] == i % 2 and g["won"] == won[names[i]]
        assert g["score"] == result["scores"][i % 2] and g["chips"] == 0
        assert isinstance(g["finished_at"], int)
        assert [(p["seat"], p["name"], p["side"], p["won"]) for p in g["players"]] == \
            [(j, n, j % 2, won[n]) for j, n in enumerate(names)]
        assert [p["user"] for p in g["players"]] == [x.c.user["id"] for x in game.seats]
        stats = await st.c.ok("results.stats")
        assert stats["variants"] == [{"variant": "classic", "games": 1,
                                      "wins": int(won[names[i]]),
                                      "losses": 1 - int(won[names[i]])}]


async def check_leaderboard(c, names, won):
    """The classic leaderboard after the one game, and its refusals."""
    board = await c.ok("results.leaderboard", {"variant": "classic"})
    assert board["variant"] == "classic" and board["min_games"] == 1
    rows = board["players"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    winners_names = {n for n in names if won[n]}
    assert {r["name"] for r in rows[:2]} == winners_names
    assert all(r["wins"] == 1 and r["losses"] == 0 and r["win_rate"] == 1.0
               for r in rows[:2])
    assert all(r["wins"] == 0 and r["losses"] == 1 for r in rows[2:])
    assert (await c.ok("results.leaderboard", {"variant": "classic", "min_games": 2}))[
        "players"] == []
    assert (await c.ok("results.leaderboard", {"variant": "bid"}))["players"] == []
    assert len((await c.ok("results.leaderboard",
                           {"variant": "classic", "limit": 1}))["players"]) == 1
    assert (await c.error("results.leaderboard", {"variant": "poker"}))[0] == "bad_message"
    assert (await c.error("results.leaderboard", {}))[0] == "bad_message"


def check_whistctl_ledger(s):
    """whistctl on what the game left: the lists, and the ledger check
    passing; then failing on a corrupted copy."""
    code, out = ctl(s.db_path, "players")
    assert code == 0, out
    for n in ["north", "east", "south", "west"]:
        assert n in out
    code, out = ctl(s.db_path, "tables")
    assert code == 0 and "classic" in out, out
    assert ctl(s.db_path, "ledger-check")[0] == 0
    s.stop()
    copy = s.db_path.parent / "corrupt.db"
    shutil.copy(s.db_path, copy)
    for ext in ["-wal", "-shm"]:
        if os.path.exists(str(s.db_path) + ext):
            shutil.copy(str(s.db_path) + ext, str(copy) + ext)
    code, out = ctl(copy, "ledger-check")
    assert code == 0, out
    with sqlite3.connect(copy) as raw:
        raw.execute("UPDATE accounts SET chips = chips + 7 WHERE username = 'east'")
    code, out = ctl(copy, "ledger-check")
    assert code == 1, out
    assert "FAILED" in out and "east" in out
    # The original is untouched.
    assert ctl(s.db_path, "ledger-check")[0] == 0


def test_results_and_leaderboard_after_a_game(whistd):
    s = whistd()

    async def body():
        names = ["north", "east", "south", "west"]
        game = await members_game(s, names)
        result = await game.finish()
        gid = result["game"]
        winners = result["winners"]  # teams: 0 (north, south), 1 (east, west)
        won = {n: (i % 2) in winners for i, n in enumerate(names)}
        c = game.seats[0].c
        await check_own_results(game, names, result, won)
        # The game's record is there for anyone with the id.
        rec = await c.ok("game.record", {"game": gid})
        assert rec["result"]["winners"] == winners

        # Another player's, by name.
        d = await c.ok("results.games", {"username": "west"})
        assert d["user"]["name"] == "west" and d["games"][0]["game"] == gid
        assert (await c.error("results.games", {"username": "nobody"}))[0] == "no_user"
        assert (await c.error("results.stats", {"username": "nobody"}))[0] == "no_user"

        await check_leaderboard(c, names, won)

        # Guests' games are kept (for the others' history) but not ranked.
        g = await guest(s)
        assert (await g.ok("results.games"))["games"] == []
        anon = await Client.connect(s, hello=True)
        assert (await anon.error("results.stats"))[0] == "not_logged_in"
        await anon.close()

    run(body(), limit=150)

    check_whistctl_ledger(s)


def test_whistctl_usage(tmp_path):
    code, out = ctl(tmp_path / "none.db", "ledger-check")
    assert code == 2 and "no database file" in out
    assert not (tmp_path / "none.db").exists()
    p = subprocess.run([WHISTCTL], capture_output=True, text=True, timeout=30)
    assert p.returncode == 2 and "usage" in p.stderr
    p = subprocess.run([WHISTCTL, "--help"], capture_output=True, text=True, timeout=30)
    assert p.returncode == 0 and "ledger-check" in p.stdout
