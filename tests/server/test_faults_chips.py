"""Fault tests for chips and schedules: whistd killed with SIGKILL between
a game's last action and its result (the restart stores the result and
pays out once), and kill loops at random moments while scheduled tables
open or are cancelled and while Compete games buy in, play and pay out.
After each restart the chips check passes (chipcheck.chips_sound: whistctl
ledger-check, and each game's pot held, paid out once or refunded once),
every game anyone saw finish is stored as finished with its results, and
the game in progress goes on.

WHIST_CHIP_KILL_LOOPS sets the number of kills of each loop (default: 8
while tables open, 25 during Compete games; about 40 seconds in all);
docs/operations.md gives the long form (100)."""

import asyncio
import os
import random
import signal
import sqlite3
import time

import websockets

from chipcheck import chips_sound, pots
from conftest import TIMEOUT, close_clients, guest, resume
from test_compete import CHIPS, balances
from test_compete import funded as funded_player
from test_faults import whistd_pid
from tables import Game, Seat, check_record, is_event, run

LOOPS = os.environ.get("WHIST_CHIP_KILL_LOOPS")
SCHEDULE_LOOPS = int(LOOPS or 8)
COMPETE_LOOPS = int(LOOPS or 25)
SHORT = {"initial_cards": 1, "max_cards": 2}  # exact whist, two short deals


def rating_changes(db_path, game):
    con = sqlite3.connect(db_path, timeout=10)
    try:
        return con.execute("SELECT count(*) FROM rating_changes WHERE source = ?",
                           (game,)).fetchone()[0]
    finally:
        con.close()


def games_of(db_path, table):
    con = sqlite3.connect(db_path, timeout=10)
    try:
        return con.execute("SELECT id, state FROM games WHERE table_id = ? ORDER BY id",
                           (table,)).fetchall()
    finally:
        con.close()


def table_state(db_path, table):
    con = sqlite3.connect(db_path, timeout=10)
    try:
        return con.execute("SELECT state FROM tables WHERE id = ?", (table,)).fetchone()[0]
    finally:
        con.close()


def kill(s):
    os.kill(whistd_pid(s), signal.SIGKILL)
    s.proc.wait(10)


async def funded(s, chips, n=2):
    return [await funded_player(s, chips) for _ in range(n)]


async def compete_pair(s, chips, cs=None, **settings):
    """Two funded players (or `cs`) at a two-seat exact-whist Compete table of 30."""
    cs = cs or await funded(s, chips)
    a = await cs[0].ok("table.create", {"variant": "exact", "players": 2, "options": SHORT,
                                        "settings": {"kind": "compete", "buy_in": 30,
                                                     **settings}})
    T = a["table"]["table"]
    await cs[1].ok("table.sit", {"table": T, "seat": 1})
    return T, cs


def test_killed_between_the_last_action_and_the_result(whistd):
    s = whistd(*CHIPS, "--test-kill-before-result", "1")

    async def body():
        T, cs = await compete_pair(s, 100)
        game = Game(s, T, [Seat(c, i) for i, c in enumerate(cs)], [])
        for st in game.seats:
            await game.wait(st, is_event(T, "start"), what="the start")
        # whistd kills itself once the last action is stored.
        try:
            await game.play(limit=60)
        except (websockets.exceptions.ConnectionClosed, ConnectionError):
            pass
        s.proc.wait(10)
        assert all(st.result is None for st in game.seats)  # nobody was told
        [(gid, state)] = games_of(s.db_path, T)
        assert state == "playing"
        assert chips_sound(s.db_path)[gid] == "playing"  # the pot is held
        # The restart stores the result and pays out.
        s2 = whistd(*CHIPS, db=s.db_path)
        for _ in range(100):
            if games_of(s.db_path, T) == [(gid, "finished")]:
                break
            await asyncio.sleep(0.1)
        assert games_of(s.db_path, T) == [(gid, "finished")]
        assert "storing its result" in s2.log()
        # A Compete game is rated, in the result's transaction: both players.
        assert rating_changes(s.db_path, gid) == 2
        chips_sound(s.db_path)
        before = balances(s.db_path)
        assert sum(before[0][c.user["id"]] for c in cs) + before[1] == 200
        # The players see the game over, and its record replays to its result.
        c = await resume(s2, cs[0].token)
        back = await c.ok("table.sync", {"table": T})
        assert back["view"]["game_over"] is True
        d = await c.ok("game.record", {"game": gid})
        await check_record(c, gid, {"scores": d["result"]["scores"],
                                    "winners": d["result"]["winners"]})
        await close_clients()
        # Once more: nothing is paid twice.
        s2.stop()
        s3 = whistd(*CHIPS, db=s.db_path)
        assert balances(s.db_path) == before
        assert "storing its result" not in s3.log()
        assert rating_changes(s.db_path, gid) == 2  # rated once
        chips_sound(s.db_path)

    run(body(), limit=120)


def test_kill9_loop_while_scheduled_tables_open(whistd):
    """Each round schedules a full Compete table, a Join table and a Compete
    table each with a free seat, all for a second or two later, and kills
    whistd at a random moment around their start. After the restart, once
    their time is past: the full one started (buy-ins charged once), the
    others are cancelled and closed with nothing charged."""
    s = whistd(*CHIPS, "--bot-budget-ms", "20")
    rng = random.Random(20261123)

    async def body():
        nonlocal s
        started = time.monotonic()
        for loop in range(SCHEDULE_LOOPS):
            a, b, lone, poor = await funded(s, 30, 4)
            # Within a second or two (start_at must be still to come when
            # each table is made).
            at = int(time.time()) + rng.choice([2, 3])
            full, _ = await compete_pair(s, 30, [a, b], start_at=at)
            join = (await lone.ok("table.create", {"variant": "classic", "settings": {
                "start_at": at, "friends_only": False}}))["table"]["table"]
            half = (await poor.ok("table.create", {"variant": "classic", "settings": {
                "kind": "compete", "buy_in": 30, "start_at": at}}))["table"]["table"]
            await asyncio.sleep(max(0.0, at - time.time() + rng.uniform(-1.5, 0.3)))
            kill(s)
            await close_clients()
            s = whistd(*CHIPS, "--bot-budget-ms", "20", db=s.db_path)
            while time.time() < at + 1.5:
                await asyncio.sleep(0.1)
            for _ in range(100):
                if (table_state(s.db_path, join) == "closed" and games_of(s.db_path, full)
                        and table_state(s.db_path, half) == "closed"):
                    break
                await asyncio.sleep(0.1)
            assert [g[1] for g in games_of(s.db_path, full)] == ["playing"], loop
            assert table_state(s.db_path, join) == "closed" and not games_of(s.db_path, join)
            assert table_state(s.db_path, half) == "closed" and not games_of(s.db_path, half)
            accounts, _ = balances(s.db_path)
            assert accounts[poor.user["id"]] == 30  # charged nothing
            chips_sound(s.db_path)
        print(f"{SCHEDULE_LOOPS} kills while tables opened, "
              f"{time.monotonic() - started:.0f} s")

    run(body(), limit=60 + 12 * SCHEDULE_LOOPS)


class Player:
    """A seat that plays its turns and asks for a rematch at each game's end."""

    def __init__(self, c, seat):
        self.c, self.seat = c, seat
        self.view, self.view_v, self.acted_v = None, -1, -1
        self.rematch_ids = set()
        self.asked_rematch = False
        self.results = []  # the game ids of the "result" events seen

    def fresh(self, c, back):
        self.c, self.view, self.view_v, self.acted_v = c, back["view"], back["v"], -1
        self.asked_rematch = False

    def note(self, T, m):
        d = m.get("d") or {}
        if m["t"] == "table.view" and d.get("table") == T:
            self.view, self.view_v = d["view"], d["v"]
        elif m["t"] == "table.event" and d.get("table") == T:
            ev = d["event"]
            if ev["type"] == "result":
                self.results.append(ev["game"])
            elif ev["type"] == "start":
                self.asked_rematch = False
        elif m["t"] == "error" and m.get("id") not in self.rematch_ids:
            raise AssertionError(f"seat {self.seat}: {m}")


async def drive(T, p, rng, counter):
    """Plays (random legal actions) and rematches until cancelled."""
    while True:
        v = p.view
        if v is not None and v["game_over"] and not p.asked_rematch:
            p.asked_rematch = True
            rid = p.c.new_id()
            p.rematch_ids.add(rid)
            await p.c.send("table.rematch", {"table": T}, id=rid)
        elif (v is not None and not v["game_over"] and v["to_act"] == p.seat
              and p.view_v > p.acted_v):
            p.acted_v = p.view_v
            counter[0] += 1
            await p.c.send("table.act", {"table": T, "action": rng.choice(v["legal"])},
                           id=p.c.new_id())
        p.note(T, await p.c.recv(TIMEOUT))


async def stop(tasks):
    """Cancels the players' tasks; a refused action fails the test."""
    for t in tasks:
        t.cancel()
    for r in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(r, AssertionError):
            raise r


async def drain(T, p):
    try:
        while True:
            p.note(T, await p.c.recv(5))
    except (websockets.exceptions.ConnectionClosed, asyncio.TimeoutError, ConnectionError):
        pass


def test_kill9_loop_during_compete_buy_ins_and_payouts(whistd):
    """Two players play short Compete games back to back (each rematch a
    new buy-in), and whistd is killed at random moments among the buy-ins,
    the actions and the payouts."""
    s = whistd(*CHIPS)
    rng = random.Random(20261124)

    async def body():
        nonlocal s
        T, cs = await compete_pair(s, 30 * (COMPETE_LOOPS + 2))
        players = [Player(c, i) for i, c in enumerate(cs)]
        for p in players:
            while p.view is None:
                p.note(T, await p.c.recv(TIMEOUT))
        counter = [0]
        started = time.monotonic()
        for loop in range(COMPETE_LOOPS):
            tasks = [asyncio.create_task(drive(T, p, rng, counter)) for p in players]
            await asyncio.sleep(rng.uniform(0.05, 0.6))
            kill(s)
            await stop(tasks)
            await asyncio.gather(*(drain(T, p) for p in players))
            s = whistd(*CHIPS, db=s.db_path)
            games = chips_sound(s.db_path)
            # Every game anyone saw end is stored as finished (with its
            # results and payout); at most one is in progress.
            seen = {g for p in players for g in p.results}
            assert all(games[g] == "finished" for g in seen), (loop, seen, games)
            assert list(games.values()).count("playing") <= 1, games
            for p in players:
                c = await resume(s, p.c.token)
                p.fresh(c, await c.ok("table.sync", {"table": T}))
            # The last game goes on where it was for both, or it ended: then
            # its result is stored (by the restart if the kill came between
            # its last action and its result).
            last = max(games)
            over = {p.view["game_over"] for p in players}
            assert len(over) == 1, loop
            if over == {True}:
                for _ in range(100):
                    if pots(s.db_path)[last] == "finished":
                        break
                    await asyncio.sleep(0.1)
                assert chips_sound(s.db_path)[last] == "finished", loop
            else:
                assert games[last] == "playing", loop
        # And one more game plays to its end.
        done = list(pots(s.db_path).values()).count("finished")
        tasks = [asyncio.create_task(drive(T, p, rng, counter)) for p in players]
        deadline = time.monotonic() + 30
        while list(pots(s.db_path).values()).count("finished") == done:
            assert time.monotonic() < deadline, "the last game did not end"
            await asyncio.sleep(0.2)
        await stop(tasks)
        games = chips_sound(s.db_path)
        finished = [g for g, st in games.items() if st == "finished"]
        print(f"{COMPETE_LOOPS} kills during compete games: {len(games)} games "
              f"({len(finished)} finished), {counter[0]} actions, "
              f"{time.monotonic() - started:.0f} s")
        await close_clients()

    run(body(), limit=60 + 8 * COMPETE_LOOPS)
