"""Fault tests at the moment a table fills: whistd killed with SIGKILL a
few milliseconds after the last `table.sit` (when the game's row, its first
deal and the buy-ins are being written), at Join and Compete tables. After
each restart the table is never stuck (its game starts, or the last seat is
free to take again), the game plays to its end, and its record replays with
whist-replay to the stored result. During the game, whistd is killed again
with an action in flight, and the action sent again with its id after the
restart gets an ack (the first answer when it had been applied): never an
error.

WHIST_FILL_KILL_LOOPS sets the number of kills of each loop (default 12,
eight tables each: about 80 seconds in all; docs/operations.md gives the
long form, 100)."""

import asyncio
import collections
import itertools
import json
import sqlite3
import os
import random
import signal
import time

from chipcheck import chips_sound
from conftest import close_clients, guest, member, resume
from test_compete import balances
from test_faults import whistd_pid
from tables import check_record, is_event, run

LOOPS = int(os.environ.get("WHIST_FILL_KILL_LOOPS", "12"))
_names = itertools.count(1)
TABLES = 8  # filling at once: the storage thread is busy, as on a busy server
SHORT = {"initial_cards": 1, "max_cards": 2}  # exact whist, two short deals


class Seat:
    """A seated client that keeps its latest view of the table."""

    def __init__(self, c, seat, T):
        self.c, self.seat, self.T = c, seat, T
        self.view, self.view_v, self.acted_v = None, -1, -1
        self.result = None

    def note(self, m):
        d = m.get("d") or {}
        if m["t"] == "table.view" and d.get("table") == self.T:
            self.view, self.view_v = d["view"], d["v"]
        elif m["t"] == "table.event" and d.get("table") == self.T:
            if d["event"]["type"] == "result":
                self.result = d["event"]
        elif m["t"] == "error":
            raise AssertionError(f"seat {self.seat}: {m}")

    def fresh(self, c, state):
        self.c = c
        self.view, self.view_v, self.acted_v = state.get("view"), state["v"], -1

    def to_act(self):
        v = self.view
        return (v is not None and not v["game_over"] and v["to_act"] == self.seat
                and self.view_v > self.acted_v)


async def back(server, seats):
    """Every seat reconnects and takes its seat again (table.sit: the seat
    it holds, or the free one it asked for before the kill)."""
    for p in seats:
        c = await resume(server, p.c.token)
        state = await c.ok("table.sit", {"table": p.T, "seat": p.seat})
        assert state["table"]["seats"][p.seat]["name"] == c.name, state
        p.fresh(c, state)


async def pump(seats, period):
    """Reads what each seat has received, waiting at most `period` each."""
    for p in seats:
        try:
            p.note(await p.c.recv(period))
        except asyncio.TimeoutError:
            pass


async def started(seats, within=20):
    """Waits until every seat has a view of a game in play."""
    deadline = time.monotonic() + within
    while any(p.view is None or p.view["game_over"] for p in seats):
        assert time.monotonic() < deadline, f"no game started at table {seats[0].T}"
        await pump(seats, 0.1)


async def act(p, rng):
    p.acted_v = p.view_v
    action = rng.choice(p.view["legal"])
    rid = p.c.new_id()
    await p.c.send("table.act", {"table": p.T, "action": action}, id=rid)
    return rid, action


async def play_to_end(seats, rng, within=90):
    deadline = time.monotonic() + within
    while not all(p.result for p in seats):
        assert time.monotonic() < deadline, "the games did not end"
        for p in seats:
            if p.to_act():
                await act(p, rng)
        await pump(seats, 0.02)


def at_kill(db_path, T):
    """What the file held of the table at the kill."""
    con = sqlite3.connect(db_path, timeout=10)
    try:
        seats = json.loads(con.execute("SELECT settings FROM tables WHERE id = ?",
                                       (T,)).fetchone()[0])["seats"]
        full = all(x["user"] is not None for x in seats)
        game = con.execute("SELECT max(id) FROM games WHERE table_id = ?", (T,)).fetchone()[0]
        if game is None:
            return "full, no game" if full else "not full"
        deals = con.execute("SELECT count(*) FROM game_deals WHERE game_id = ?",
                            (game,)).fetchone()[0]
        return f"game, {deals} deals"
    finally:
        con.close()


def killed(s, pid, rng):
    """SIGKILL within 0 to 3 ms (a blocking sleep: finer than the event
    loop's timers)."""
    time.sleep(rng.uniform(0.0, 0.003))
    os.kill(pid, signal.SIGKILL)
    s.proc.wait(10)


async def fills(whistd, s, rng, compete, stats):
    """TABLES tables fill at once, whistd is killed within milliseconds;
    every game must start after the restart (each seat sits again), survive
    a kill with an action in flight at every table, end and replay.
    Returns the server (restarted)."""
    players = 2 if compete else 4
    if compete:
        d = {"variant": "exact", "players": 2, "options": SHORT,
             "settings": {"kind": "compete", "buy_in": 30}}
    else:
        d = {"variant": "exact", "players": 4, "options": SHORT,
             "settings": {"friends_only": False}}
    seats = []
    for _ in range(TABLES):
        # Registered players at Compete tables (1000 chips each to start).
        cs = [await (member(s, f"fill{next(_names)}") if compete else guest(s))
              for _ in range(players)]
        T = (await cs[0].ok("table.create", d))["table"]["table"]
        seats += [Seat(c, i, T) for i, c in enumerate(cs)]
        for p in seats[-players + 1:-1]:
            await p.c.ok("table.sit", {"table": T, "seat": p.seat})
    tables = sorted({p.T for p in seats})
    # The last seat of every table, at once.
    pid = whistd_pid(s)
    for p in seats:
        if p.seat == players - 1:
            await p.c.send("table.sit", {"table": p.T, "seat": p.seat}, id=p.c.new_id())
    killed(s, pid, rng)
    for T in tables:
        stats[at_kill(s.db_path, T)] += 1
    s = whistd(db=s.db_path)
    await back(s, seats)
    await started(seats)

    # One action in flight at every table, and a kill; each sent again
    # with its id after the restart gets an ack.
    pid = whistd_pid(s)
    sent = [(p, *await act(p, rng)) for p in seats if p.to_act()]
    assert len(sent) == len(tables), (len(sent), tables)
    killed(s, pid, rng)
    con = sqlite3.connect(s.db_path)
    for p, rid, action in sent:
        g = con.execute("SELECT max(id) FROM games WHERE table_id = ?", (p.T,)).fetchone()[0]
        n = con.execute("SELECT count(*) FROM action_log WHERE game_id = ?", (g,)).fetchone()[0]
        stats[f"logged {n}"] += 1
    con.close()
    s = whistd(db=s.db_path)
    await back(s, seats)
    for p, rid, action in sent:
        answer = await p.c.request("table.act", {"table": p.T, "action": action}, id=rid)
        assert answer["t"] == "ack", (answer, action)
        assert isinstance(answer["d"].get("v"), int), answer
        stats["acks to a resent action"] += 1
    for p in seats:
        state = await p.c.ok("table.sync", {"table": p.T, "since": 0})
        p.view, p.view_v, p.acted_v = state["view"], state["v"], -1

    await play_to_end(seats, rng)
    for T in tables:
        result = next(p.result for p in seats if p.T == T)
        await check_record(next(p for p in seats if p.T == T).c, result["game"], result)
        stats["records replayed"] += 1
    if compete:
        chips_sound(s.db_path)
    for p in seats:
        await p.c.close()
    return s


def fill_loop(whistd, compete, seed):
    s = whistd()
    rng = random.Random(seed)
    stats = collections.Counter()

    async def body():
        nonlocal s
        started_at = time.monotonic()
        for _ in range(LOOPS):
            s = await fills(whistd, s, rng, compete, stats)
        kind = "compete" if compete else "join"
        print(f"{LOOPS} kills as {kind} tables filled: {stats}, "
              f"{time.monotonic() - started_at:.0f} s")
        await close_clients()

    run(body(), limit=60 + 20 * LOOPS)
    assert stats["records replayed"] == LOOPS * TABLES, stats


def test_kill9_as_join_tables_fill(whistd):
    fill_loop(whistd, compete=False, seed=20261125)


def test_kill9_as_compete_tables_fill(whistd):
    fill_loop(whistd, compete=True, seed=20261126)


def stored_seats(db_path, T, add=None):
    """The seats in the table's row; with `add` (seat, user, name), that
    seat is written as taken, as a sit stored just before a kill."""
    con = sqlite3.connect(db_path, timeout=10)
    try:
        row = json.loads(con.execute("SELECT settings FROM tables WHERE id = ?",
                                     (T,)).fetchone()[0])
        if add:
            seat, user, name = add
            row["seats"][seat].update({"user": user, "name": name})
            con.execute("UPDATE tables SET settings = ? WHERE id = ?", (json.dumps(row), T))
            con.commit()
        return row["seats"]
    finally:
        con.close()


def test_a_full_table_stored_without_its_game_starts_after_a_restart(whistd):
    """The file holds a full open table and no game (a kill between the
    last sit's write and the game's): after the restart the game starts,
    at a Join table at once, at a Compete table once both are back (and
    the buy-ins are charged once)."""
    s = whistd()

    async def body():
        nonlocal s
        for compete in (False, True):
            cs = [await (member(s, f"full{next(_names)}") if compete else guest(s))
                  for _ in range(2)]
            settings = {"kind": "compete", "buy_in": 30} if compete else {"friends_only": False}
            T = (await cs[0].ok("table.create", {"variant": "exact", "players": 2,
                                                  "options": SHORT,
                                                  "settings": settings}))["table"]["table"]
            os.kill(whistd_pid(s), signal.SIGKILL)
            s.proc.wait(10)
            stored_seats(s.db_path, T, add=(1, cs[1].user["id"], cs[1].name))
            s = whistd(db=s.db_path)
            seats = [Seat(c, i, T) for i, c in enumerate(cs)]
            if compete:
                # Only one is back: nobody is charged, nothing starts.
                a = await resume(s, cs[0].token)
                state = await a.ok("table.sit", {"table": T})
                assert state["view"] is None and state["table"]["game"] is None, state
                assert [balances(s.db_path)[0][c.user["id"]] for c in cs] == [1000, 1000]
            await back(s, seats)
            await started(seats)
            if compete:
                assert [balances(s.db_path)[0][c.user["id"]] for c in cs] == [970, 970]
                chips_sound(s.db_path)
        await close_clients()

    run(body(), limit=120)


def test_a_game_stored_without_its_first_deal_is_mended_at_the_restart(whistd):
    """A game whose first deal is missing from the file (as an older whistd
    could leave it, killed as the table filled) gets its deals stored again
    at the restart, so that its record replays to its result."""
    s = whistd()
    rng = random.Random(7)

    async def body():
        nonlocal s
        cs = [await guest(s) for _ in range(2)]
        T = (await cs[0].ok("table.create", {"variant": "exact", "players": 2, "options": SHORT,
                                              "settings": {"friends_only": False}}))["table"]["table"]
        seats = [Seat(c, i, T) for i, c in enumerate(cs)]
        await cs[1].ok("table.sit", {"table": T, "seat": 1})
        await started(seats)
        os.kill(whistd_pid(s), signal.SIGKILL)
        s.proc.wait(10)
        con = sqlite3.connect(s.db_path, timeout=10)
        con.execute("DELETE FROM game_deals")
        con.commit()
        con.close()
        s = whistd(db=s.db_path)
        await back(s, seats)
        await play_to_end(seats, rng)
        result = seats[0].result
        await check_record(seats[0].c, result["game"], result)
        await close_clients()

    run(body(), limit=120)
