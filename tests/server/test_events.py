"""Events in whistd over real WebSockets (docs/events.md, docs/protocol.md):
a Howell played through by eight players at their event tables, the entry
rules and refusals, the director's orders (start, pause, resume, extend,
end with adjusted scores, cancel), an entry fee charged, refunded and paid
out and checked in the ledger, event.list, an event carried across a
restart, and the daily duplicate against computers. What the event's core
decides (movements, scores, the clock) is tested in tests/event; the event
tables' core in tests/table.

Every player here is a real client: it takes its seat when told where
(event.table, then table.sit without a seat) and plays legal cards from its
own views."""

import asyncio
import itertools
import random
import time

import pytest

from chipcheck import chips_sound
from conftest import guest, member, resume, wait_for
from tables import replay, run
from test_compete import balances, check_ledger, funded

# Computer players that answer at once (the daily duplicate's three).
FAST_BOTS = ["--bot-budget-ms", "20", "--bot-delay-ms", "0"]

_names = itertools.count(1)


async def members(s, n, prefix="ev"):
    return [await member(s, f"{prefix}{next(_names)}") for _ in range(n)]


def settings(**more):
    """event.create's data: a Howell of 3 rounds of 1 board unless `more` says."""
    d = {"name": "Howell", "kind": "howell", "scoring": "matchpoints", "rounds": 3,
         "boards_per_round": 1, "round_minutes": 30, "start_at": 0}
    d.update(more)
    return d


class Entrant:
    """One player's connection in an event: it keeps the event's pushes,
    takes its seat at each table the event sends it to, and plays a legal
    card whenever its own view says it is to act."""

    def __init__(self, client, seed=0):
        self.c = client
        self.rng = random.Random(seed)
        self.pushes = []  # event.update and event.table messages' data, with "t"
        self.table = None  # the table id it plays at now
        self.sit_id = None
        self.states = {}  # table id -> the state answer of its table.sit
        self.view = None
        self.view_v = -1
        self.acted_v = -1
        self.plays = 0  # cards played
        self.results = {}  # table id -> its "result" event
        self.closed = set()  # table ids that sent "closed"
        self.hands = {}  # (table id, deal) -> the hand dealt (13 cards)
        self.auto_sit = True

    def tables_sent(self):
        return [p for p in self.pushes if p["t"] == "event.table"]

    def updates(self):
        return [p for p in self.pushes if p["t"] == "event.update"]

    def finished(self):
        return any(p["state"] == "finished" for p in self.updates())

    async def sit(self, table):
        self.table, self.view, self.view_v, self.acted_v = table, None, -1, -1
        self.sit_id = self.c.new_id()
        await self.c.send("table.sit", {"table": table}, id=self.sit_id)

    def _see(self, table, view, v):
        if table != self.table or view is None or v < self.view_v:
            return
        self.view, self.view_v = view, v
        # The hand as dealt: 13 cards (classic), 12 (bid whist, before the
        # declarer takes the kitty).
        if len(view["hand"]) == view["hand_size"] and view["hand_size"] in (12, 13):
            self.hands.setdefault((table, view["deal"]), sorted(view["hand"]))

    async def note(self, m):
        t, d = m["t"], m.get("d")
        if t == "error":
            raise AssertionError(f"{self.c.name} got an error: {m}")
        if t in ("event.update", "event.table"):
            self.pushes.append({"t": t, **d})
            if t == "event.table" and self.auto_sit:
                await self.sit(d["table_id"])
        elif t == "ack" and m.get("id") == self.sit_id and self.sit_id is not None:
            assert d["table"]["table"] == self.table, m
            self.states[self.table] = d
            self._see(self.table, d["view"], d["v"])
        elif t == "table.view":
            self._see(d["table"], d["view"], d["v"])
        elif t == "table.event":
            ev = d["event"]
            if ev["type"] == "result":
                self.results[d["table"]] = ev
            elif ev["type"] == "closed":
                self.closed.add(d["table"])

    def wants_to_act(self):
        v = self.view
        return (v is not None and not v["game_over"] and v["to_act"] == v["seat"]
                and (v["legal"] or v.get("discard")) and self.view_v > self.acted_v)

    async def act(self):
        self.acted_v = self.view_v
        if self.view.get("discard"):  # bid whist's declarer: as many cards as the kitty's
            action = {"type": "discard", "cards": self.view["hand"][:self.view["discard"]]}
        else:
            action = self.rng.choice(self.view["legal"])
        self.plays += action["type"] == "play"
        await self.c.send("table.act", {"table": self.table, "action": action},
                          id=self.c.new_id())

    async def run(self, until, timeout=60):
        """Reads, sits and plays until until(self)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not until(self):
            if self.wants_to_act():
                await self.act()
                continue
            left = deadline - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"{self.c.name} waited {timeout} s")
            await self.note(await self.c.recv(left))

    async def drain(self, period=0.3):
        """Reads (without acting) until nothing comes for `period` s."""
        while True:
            try:
                m = await self.c.recv(period)
            except asyncio.TimeoutError:
                return
            await self.note(m)


async def all_run(entrants, until, timeout=60):
    await asyncio.gather(*(e.run(until, timeout) for e in entrants))


async def event_get(c, event):
    return await c.ok("event.get", {"event": event})


def round_hands(entrants, table_ids, r):
    """Duplicate: tables 1 and 2 of round `r` (ids by (round, table)) held
    the same cards, seat by seat, on their one board; those hands."""
    hands = [{}, {}]
    for e in entrants:
        for (tid, deal), hand in e.hands.items():
            for k in (1, 2):
                if tid == table_ids[(r, k)]:
                    assert deal == 0
                    hands[k - 1][e.states[tid]["seat"]] = hand
    assert len(hands[0]) == 4 and hands[0] == hands[1], r
    return hands[0]


# --- 1. A Howell played through ----------------------------------------------------

# whist-movement --kind howell --pairs 4 --rounds 3 --boards-per-round 1:
# round -> [(table, N/S pair, E/W pair, boards)]
HOWELL_4 = {1: [(1, 4, 1, [1]), (2, 2, 3, [1])],
            2: [(1, 2, 4, [2]), (2, 3, 1, [2])],
            3: [(1, 4, 3, [3]), (2, 1, 2, [3])]}


def test_howell_four_pairs_played_through(whistd):
    s = whistd(*FAST_BOTS)

    async def body():
        ps = await members(s, 8, "how")
        outsider = await member(s, f"out{next(_names)}")
        director = ps[0]
        v = await director.ok("event.create", settings(options={"trump": "rotate"}, fee=10))
        E = v["event"]
        assert v["state"] == "open" and v["kind"] == "howell" and v["director"] == director.name
        assert v["round"] == 0 and v["rounds"] == 3 and v["boards_per_round"] == 1
        assert v["options"]["trump"] == "rotate" and v["fee"] == 10
        assert v["entries"] == [] and v["standings"] is None and v["travellers"] is None
        # Pairs 1 to 4 in order of entry: (ps[0], ps[1]), (ps[2], ps[3]), ...
        for i in range(0, 8, 2):
            a, b = ps[i], ps[i + 1]
            await a.ok("event.enter", {"event": E, "partner": b.name})
            v = await b.ok("event.enter", {"event": E, "partner": a.name})
        assert [(e["player"]["name"], e["partner"]["name"], e["single"]) for e in v["entries"]] \
            == [(ps[i].name, ps[i + 1].name, False) for i in range(0, 8, 2)]
        assert (await outsider.error("event.direct", {"event": E, "action": "start"}))[0] \
            == "not_director"
        assert (await ps[5].error("event.direct", {"event": E, "action": "start"}))[0] \
            == "not_director"
        assert (await event_get(outsider, E))["state"] == "open"

        v = await director.ok("event.direct", {"event": E, "action": "start"})
        assert v["state"] == "running" and v["round"] == 1 and v["rounds"] == 3
        assert v["standings"] == {"pairs": []} and v["travellers"] is None
        pair_of = {p["pair"]: [x["name"] for x in p["players"]] for p in v["pairs"]}
        assert pair_of == {k + 1: [ps[2 * k].name, ps[2 * k + 1].name] for k in range(4)}
        assert [(t["table"], t["ns"], t["ew"], t["boards"]) for t in v["tables"]] \
            == [tuple(x) for x in HOWELL_4[1]]
        ids = {t["table"]: t["table_id"] for t in v["tables"]}
        assert all(isinstance(i, int) and i > 0 for i in ids.values())
        assert len(set(ids.values())) == 2

        # The round's tables: not listed, not to be watched or sat at by others.
        listed = (await outsider.ok("lobby.join"))["tables"]
        assert not {t["table"] for t in listed} & set(ids.values())
        await outsider.ok("lobby.leave")
        for tid in ids.values():
            assert (await outsider.error("table.watch", {"table": tid}))[0] == "no_table"
            assert (await outsider.error("table.sit", {"table": tid}))[0] == "no_table"
            assert (await outsider.error("table.sit", {"table": tid, "seat": 0}))[0] == "no_table"
        # Entries are closed.
        assert (await outsider.error("event.enter", {"event": E}))[0] == "event_not_open"
        assert (await ps[3].error("event.withdraw", {"event": E}))[0] == "event_not_open"

        entrants = [Entrant(c, seed=i) for i, c in enumerate(ps)]
        # Round 1 played; each stops once sent to round 2's table (and told
        # the result of its round 1 table: the two come by different paths).
        await all_run(entrants, lambda e: len(e.tables_sent()) >= 2
                      and e.tables_sent()[0]["table_id"] in e.results, timeout=60)
        v = await event_get(outsider, E)
        assert v["state"] == "running" and v["round"] == 2 and v["travellers"] is None
        assert (await outsider.error("event.results", {"event": E}))[0] == "event_not_over"
        # Round 1's games are over, but their board is still to be played at
        # other tables: no record or replay for anyone while the event runs,
        # not even for those who played it.
        games_1 = {e.results[t]["game"] for e in entrants for t in ids.values() if t in e.results}
        assert len(games_1) == 2
        for game in games_1:
            for who in (outsider, ps[0], ps[7]):
                for t in ("game.record", "game.replay"):
                    code, message = await who.error(t, {"game": game})
                    assert (code, message) == (
                        "game_in_progress", "the game is on: its event is still being played; "
                        "the record is shown once it is over")
        assert [(t["table"], t["ns"], t["ew"], t["boards"], t["done"]) for t in v["tables"]] \
            == [(t, ns, ew, b, []) for t, ns, ew, b in HOWELL_4[2]]
        # The standings so far: round 1's board, all four pairs scored on it.
        assert sorted(x["pair"] for x in v["standings"]["pairs"]) == [1, 2, 3, 4]
        assert sum(x["score"] for x in v["standings"]["pairs"]) == 2 * 2
        # Each plays on to the end: told where each round, seated, playing.
        await all_run(entrants, Entrant.finished, timeout=120)
        await asyncio.gather(*(e.drain() for e in entrants))

        # Everyone was sent to a table in each round, where the movement
        # puts their pair, in the seat it gives them (N/S pair's first
        # player North, E/W's first East...).
        seat_of = {}
        for r, tables in HOWELL_4.items():
            for table, ns, ew, _ in tables:
                for k, name in enumerate(pair_of[ns]):
                    seat_of[(r, name)] = (table, 2 * k)
                for k, name in enumerate(pair_of[ew]):
                    seat_of[(r, name)] = (table, 2 * k + 1)
        table_ids = {}  # (round, table) -> id
        for e in entrants:
            sent = e.tables_sent()
            assert [p["round"] for p in sent] == [1, 2, 3], sent
            for p in sent:
                assert p["event"] == E
                table, seat = seat_of[(p["round"], e.c.name)]
                assert p["table"] == table, (e.c.name, p)
                assert table_ids.setdefault((p["round"], table), p["table_id"]) == p["table_id"]
                state = e.states[p["table_id"]]
                assert state["seat"] == seat and state["view"]["seat"] == seat
                assert state["table"]["seats"][seat]["name"] == e.c.name
                # Played to its end: the table's one game, and the table closed.
                assert p["table_id"] in e.results and p["table_id"] in e.closed
            assert e.plays == 3 * 13
        assert table_ids[(1, 1)] == ids[1] and table_ids[(1, 2)] == ids[2]
        table_ids_game = {}  # (round, table) -> the game played there
        for key, tid in table_ids.items():
            table_ids_game[key] = next(e.results[tid]["game"] for e in entrants
                                       if tid in e.results)
        assert len(set(table_ids.values())) == 6
        for r in (1, 2, 3):
            assert all(len(h) == 13 for h in round_hands(entrants, table_ids, r).values())
        # The event's updates: started, each round, finished.
        notices = [p["notice"] for p in entrants[4].updates()]
        assert any("round 2" in n for n in notices) and any("round 3" in n for n in notices)
        assert notices[-1] == "finished"

        v = await event_get(outsider, E)
        assert v["state"] == "finished" and v["tables"] == []
        standings = v["standings"]["pairs"]
        assert sorted(x["pair"] for x in standings) == [1, 2, 3, 4]
        assert [x["rank"] for x in standings] == sorted(x["rank"] for x in standings)
        assert standings[0]["rank"] == 1
        assert all(0 <= x["percent"] <= 100 for x in standings)
        # Matchpoints, two results a board: each line's two sides share the top of 2.
        assert sum(x["score"] for x in standings) == 3 * 2 * 2
        travellers = {t["board"]: t for t in v["travellers"]}
        assert sorted(travellers) == [1, 2, 3]
        for r, tables in HOWELL_4.items():
            t = travellers[r]
            assert t["top"] == 2
            assert sorted((x["ns"], x["ew"]) for x in t["lines"]) \
                == sorted((ns, ew) for _, ns, ew, _ in tables)
            for line in t["lines"]:
                table = next(tb for tb, ns, _, _ in tables if ns == line["ns"])
                result = entrants[0].results.get(table_ids[(r, table)]) or next(
                    e.results[table_ids[(r, table)]] for e in entrants
                    if table_ids[(r, table)] in e.results)
                # The board's points, N/S first, as the table scored its game.
                assert [line["ns_score"], line["ew_score"]] == result["scores"], (line, result)
                assert max(result["scores"]) >= 1
                assert line["ns_points"] + line["ew_points"] == 2
                # How it was played: each side's tricks; classic has no contract.
                assert sum(line["tricks"]) == 13 and line["contract"] is None, line
                assert max(line["tricks"]) - 6 == max(result["scores"]), (line, result)
        # The pot, 8 fees of 10 less the house's 10%, to the winning pair(s),
        # half to each player; the rest stays with the house.
        winners = [x["pair"] for x in standings if x["rank"] == 1]
        each = 72 // len(winners) // 2
        won = {name for w in winners for name in pair_of[w]}
        assert {c.name: (await c.ok("chips.balance"))["chips"] for c in ps} \
            == {c.name: 990 + (each if c.name in won else 0) for c in ps}
        chips_sound(s.db_path)
        # Over: the tables are gone, and every game's record is shown.
        assert (await ps[0].error("table.sync", {"table": ids[1]}))[0] == "no_table"
        for game in games_1:
            record = (await outsider.ok("game.record", {"game": game}))["record"]
            assert len(record["deals"]) == 1 and len(record["deals"][0]["hands"]) == 4

        # The results as one document: the view's standings and pairs, each
        # board's deal, and every table's line with the game that played it.
        res = await outsider.ok("event.results", {"event": E})
        assert res["state"] == "finished" and res["event"] == E
        assert res["standings"] == v["standings"] and res["pairs"] == v["pairs"]
        assert [b["board"] for b in res["boards"]] == [1, 2, 3]
        for b in res["boards"]:
            assert b["dealer"] == (b["board"] - 1) % 4 and b["trump"] in ("H", "D", "S", "C")
            assert sorted(len(h) for h in b["deal"]["hands"]) == [13] * 4
            assert b["top"] == travellers[b["board"]]["top"]
            want = {(x["ns"], x["ew"]): (x["ns_score"], x["ew_score"], x["ns_points"],
                                         x["ew_points"]) for x in travellers[b["board"]]["lines"]}
            assert {(x["ns"], x["ew"]): (x["ns_score"], x["ew_score"], x["ns_points"],
                                         x["ew_points"]) for x in b["results"]} == want
            for x in b["results"]:
                assert x["round"] == b["board"] and x["deal"] == 0
                assert x["game"] == table_ids_game[(x["round"], x["table"])]
                record = (await outsider.ok("game.record", {"game": x["game"]}))["record"]
                assert record["deals"][x["deal"]]["hands"] == b["deal"]["hands"]

    run(body(), limit=170)


# --- 1b. A Howell of bid whist boards ---------------------------------------------


def test_howell_of_bid_whist_boards(whistd):
    """The same four pairs and movement with bid whist boards: each table
    bids its board, the tables of a round hold the same hands and kitty,
    and every board is scored alone and compared on the net."""
    s = whistd(*FAST_BOTS)

    async def body():
        ps = await members(s, 8, "bid")
        director = ps[0]
        assert await director.error("event.create", settings(variant="exact")) == (
            "bad_message", "bad message: event.create: variant must be classic or bid "
            "(exact-bid whist has no boards)")
        code, message = await director.error(
            "event.create", settings(variant="bid", options={"boards": 2}))
        assert (code, message) == (
            "bad_event", "the event's settings are not right: boards is set by the event")
        code, _ = await director.error("event.create",
                                       settings(variant="bid", options={"trump": "rotate"}))
        assert code == "bad_event"
        v = await director.ok("event.create", settings(
            variant="bid", options={"jokers": 0, "defensive_scoring": True}))
        E = v["event"]
        assert v["variant"] == "bid" and v["options"]["jokers"] == 0
        assert v["options"]["defensive_scoring"] is True and "trump" not in v["options"]
        listed = [x for x in (await ps[3].ok("event.list"))["events"] if x["event"] == E]
        assert listed and listed[0]["variant"] == "bid"
        for i in range(0, 8, 2):
            await ps[i].ok("event.enter", {"event": E, "partner": ps[i + 1].name})
            await ps[i + 1].ok("event.enter", {"event": E, "partner": ps[i].name})
        await director.ok("event.direct", {"event": E, "action": "start"})
        entrants = [Entrant(c, seed=100 + i) for i, c in enumerate(ps)]
        await all_run(entrants, Entrant.finished, timeout=150)
        await asyncio.gather(*(e.drain() for e in entrants))

        table_ids = {}
        for e in entrants:
            for p in e.tables_sent():
                table_ids[(p["round"], p["table"])] = p["table_id"]
        assert len(table_ids) == 6
        for r in (1, 2, 3):
            assert all(len(h) == 12 for h in round_hands(entrants, table_ids, r).values())

        v = await event_get(ps[1], E)
        assert v["state"] == "finished"
        standings = v["standings"]["pairs"]
        assert sorted(x["pair"] for x in standings) == [1, 2, 3, 4]
        assert sum(x["score"] for x in standings) == 3 * 2 * 2
        res = await ps[1].ok("event.results", {"event": E})
        assert res["variant"] == "bid"
        for b in res["boards"]:
            assert b["trump"] is None and b["dealer"] == (b["board"] - 1) % 4
            deal = b["deal"]
            assert [len(h) for h in deal["hands"]] == [12] * 4 and len(deal["kitty"]) == 4
            nets = []
            for x in b["results"]:
                record = (await ps[1].ok("game.record", {"game": x["game"]}))["record"]
                assert record["variant"] == "bid" and record["options"]["boards"] == 1
                assert record["deals"][0]["hands"] == deal["hands"]
                assert record["deals"][0]["kitty"] == deal["kitty"]
                status, out = replay(record)
                assert status == 0 and out["game_over"], out
                # The board's points are the table's, whatever its contract,
                # and so are its tricks (the book to the declarers) and contract.
                assert out["hands"][0]["score"] == [x["ns_score"], x["ew_score"]], (out, x)
                assert out["hands"][0]["tricks"] == x["tricks"], (out, x)
                bids = [a for a in record["actions"] if a["type"] == "bid"]
                c = x["contract"]
                assert (c["declarer"], c["level"], c["mode"]) \
                    == (bids[-1]["seat"], bids[-1]["level"], bids[-1]["mode"]), (c, bids)
                named = [a for a in record["actions"] if a["type"] == "trump"]
                assert c["trump"] == (named[0]["suit"] if named else None), (c, named)
                nets.append(x["ns_score"] - x["ew_score"])
            # Matchpoints on the net: the better N/S net takes the top of 2.
            points = [x["ns_points"] for x in b["results"]]
            assert points == ([1, 1] if nets[0] == nets[1] else
                              [2 * (nets[0] > nets[1]), 2 * (nets[1] > nets[0])]), (nets, points)

    run(body(), limit=200)


# --- 2. Entry rules and refusals ---------------------------------------------------


def test_entry_rules_and_refusals(whistd):
    s = whistd()

    async def body():
        d, a, b, c, e = await members(s, 5, "ent")
        g = await guest(s)
        now = int(time.time())
        # Settings the server does not accept.
        for more, code in [({"options": {"trump": "sideways"}}, "bad_event"),
                           ({"options": {"colour": 1}}, "bad_event"),
                           ({"options": {"boards": 4}}, "bad_event"),  # the event sets it
                           ({"options": {"first_trump": "H"}}, "bad_event"),
                           ({"options": {"rubber": True}}, "bad_event"),
                           ({"start_at": now + 8 * 86400}, "bad_event"),
                           ({"start_at": now - 60}, "bad_event"),
                           ({"kind": "swiss"}, "bad_message"),
                           ({"boards_per_round": 17}, "bad_message"),
                           ({"round_minutes": 4}, "bad_message"),
                           ({"scoring": "imps"}, "bad_message"),
                           ({"fee": -1}, "bad_message")]:
            assert (await d.error("event.create", settings(**more)))[0] == code, more
        assert (await g.error("event.create", settings()))[0] == "guest"
        later = now + 7 * 86400 - 60
        v = await d.ok("event.create", settings(start_at=later, options={"honours": "on"}))
        assert v["start_at"] == later and v["state"] == "open"
        assert v["options"]["honours"] == "on"

        E = (await d.ok("event.create", settings()))["event"]
        assert (await a.error("event.get", {"event": E + 100}))[0] == "no_event"
        assert (await a.error("event.enter", {"event": E + 100}))[0] == "no_event"
        # One entry each; withdrawn, entered again.
        v = await a.ok("event.enter", {"event": E})
        assert [(x["player"]["name"], x["partner"], x["single"]) for x in v["entries"]] \
            == [(a.name, None, True)]
        assert (await a.error("event.enter", {"event": E}))[0] == "already_entered"
        assert (await a.error("event.enter", {"event": E, "partner": b.name}))[0] \
            == "already_entered"
        v = await a.ok("event.withdraw", {"event": E})
        assert v["entries"] == []
        assert (await a.error("event.withdraw", {"event": E}))[0] == "not_entered"
        await a.ok("event.enter", {"event": E})
        # A pair: made when both name each other.
        assert (await b.error("event.enter", {"event": E, "partner": b.name}))[0] == "self"
        assert (await b.error("event.enter", {"event": E, "partner": "nobody-here"}))[0] \
            == "no_user"
        v = await b.ok("event.enter", {"event": E, "partner": c.name})
        assert v["entries"][1]["partner"] is None and v["entries"][1]["single"] is False
        v = await c.ok("event.enter", {"event": E, "partner": b.name})
        assert [(x["player"]["name"], x["partner"] and x["partner"]["name"])
                for x in v["entries"]] == [(a.name, None), (b.name, c.name)]
        assert (await c.error("event.enter", {"event": E}))[0] == "already_entered"
        assert (await e.error("event.withdraw", {"event": E}))[0] == "not_entered"
        # Only the director directs; nothing but start and cancel before the start.
        assert (await a.error("event.direct", {"event": E, "action": "cancel"}))[0] \
            == "not_director"
        for action in ({"action": "pause"}, {"action": "extend", "minutes": 5}):
            assert (await d.error("event.direct", {"event": E, **action}))[0] \
                == "event_not_running", action
        assert (await d.error("event.direct", {"event": E, "action": "extend"}))[0] \
            == "bad_message"

        # A drive of four, started: entries are closed; the director pauses,
        # resumes, extends the round and cancels.
        D = (await d.ok("event.create", settings(kind="drive", rounds=0)))["event"]
        for x in (a, b, c, d):
            await x.ok("event.enter", {"event": D})
        v = await d.ok("event.direct", {"event": D, "action": "start"})
        assert v["state"] == "running" and v["round"] == 1 and v["rounds"] == 3
        assert sorted(x["name"] for x in v["tables"][0]["seats"]) \
            == sorted(x.name for x in (a, b, c, d))
        table_id = v["tables"][0]["table_id"]
        ends = v["round_ends"]
        assert abs(ends - (time.time() + 30 * 60)) < 5
        assert (await e.error("event.enter", {"event": D}))[0] == "event_not_open"
        assert (await a.error("event.withdraw", {"event": D}))[0] == "event_not_open"
        assert (await d.error("event.direct", {"event": D, "action": "start"}))[0] \
            == "event_not_open"
        assert (await b.error("event.direct", {"event": D, "action": "pause"}))[0] \
            == "not_director"
        v = await d.ok("event.direct", {"event": D, "action": "pause"})
        assert v["paused"] is True
        assert (await d.error("event.direct", {"event": D, "action": "pause"}))[0] \
            == "event_not_running"
        v = await d.ok("event.direct", {"event": D, "action": "resume"})
        assert v["paused"] is False and abs(v["round_ends"] - ends) <= 2
        v = await d.ok("event.direct", {"event": D, "action": "extend", "minutes": 5})
        assert abs(v["round_ends"] - ends - 300) <= 2
        v = await d.ok("event.direct", {"event": D, "action": "cancel"})
        assert v["state"] == "cancelled"
        m = await wait_for(a, lambda m: m["t"] == "event.update" and m["d"]["event"] == D
                           and m["d"]["state"] == "cancelled", what="the cancellation")
        assert m["d"]["notice"] == "cancelled by the director"
        # Its table closes; the event is over.
        for _ in range(50):
            r = await a.request("table.sync", {"table": table_id})
            if r["t"] == "error":
                break
            await asyncio.sleep(0.1)
        assert r["t"] == "error" and r["d"]["code"] == "no_table", r
        assert (await e.ok("event.get", {"event": D}))["state"] == "cancelled"
        assert (await d.error("event.direct", {"event": D, "action": "cancel"}))[0] == "no_event"
        assert (await e.error("event.enter", {"event": D}))[0] == "no_event"

    run(body())


def test_start_with_too_few_entries_waits_for_more(whistd):
    """The director's start with fewer entries than the movement needs is
    refused (too_few_entries) and changes nothing: the event stays open with
    its entries and their fees, and starts once there are enough."""
    s = whistd()

    async def body():
        d, a, b, c, e = await members(s, 5, "few")
        E = (await d.ok("event.create", settings(fee=10)))["event"]
        await a.ok("event.enter", {"event": E, "partner": b.name})
        await b.ok("event.enter", {"event": E, "partner": a.name})
        await c.ok("event.enter", {"event": E})
        assert (await d.error("event.direct", {"event": E, "action": "start"}))[0] \
            == "too_few_entries"
        v = await e.ok("event.get", {"event": E})
        assert v["state"] == "open" and len(v["entries"]) == 2
        # Still open: entries and withdrawals as before, the fee refunded.
        await e.ok("event.enter", {"event": E})
        await a.ok("event.withdraw", {"event": E})
        assert (await a.ok("chips.balance"))["chips"] == 1000
        assert [(await x.ok("chips.balance"))["chips"] for x in (b, c, e)] == [990] * 3
        await d.ok("event.direct", {"event": E, "action": "cancel"})
        assert [(await x.ok("chips.balance"))["chips"] for x in (a, b, c, e)] == [1000] * 4
        chips_sound(s.db_path)

    run(body())


def test_director_ends_early_with_adjusted_scores(whistd):
    """event.direct end: the round ends as if its clock ran out and the
    event finishes. Each board not finished is adjusted: 50/50 where all
    four players are at the table, 60/40 against the side that is not."""
    s = whistd()

    async def body():
        ps = await members(s, 8, "end")
        d = ps[0]
        E = (await d.ok("event.create", settings(rounds=3)))["event"]
        for i in range(0, 8, 2):
            await ps[i].ok("event.enter", {"event": E, "partner": ps[i + 1].name})
            await ps[i + 1].ok("event.enter", {"event": E, "partner": ps[i].name})
        v = await d.ok("event.direct", {"event": E, "action": "start"})
        ids = {t["table"]: t["table_id"] for t in v["tables"]}
        names = {t["table"]: [x["name"] for x in t["seats"]] for t in v["tables"]}
        by_name = {c.name: c for c in ps}
        # Table 1: all four sit down. Table 2: only N/S (pair 2) do.
        sitting = [by_name[n] for n in names[1]] + [by_name[n] for n in names[2][0::2]]
        for c in sitting:
            table = ids[1] if c.name in names[1] else ids[2]
            await c.ok("table.sit", {"table": table})
        assert (await ps[2].error("event.direct", {"event": E, "action": "end"}))[0] \
            == "not_director"
        v = await d.ok("event.direct", {"event": E, "action": "end"})
        assert v["state"] == "finished" and v["rounds"] == 1 and v["tables"] == []
        (board,) = v["travellers"]
        assert board["board"] == 1
        lines = {(x["ns"], x["ew"]): x for x in board["lines"]}
        assert set(lines) == {(4, 1), (2, 3)}
        assert lines[(4, 1)]["adjusted"] == 50 and "ns_score" not in lines[(4, 1)]
        assert (lines[(4, 1)]["ns_points"], lines[(4, 1)]["ew_points"]) == (1, 1)
        assert lines[(2, 3)]["adjusted"] == 60
        assert (lines[(2, 3)]["ns_points"], lines[(2, 3)]["ew_points"]) == (1.2, 0.8)
        scores = {x["pair"]: x["score"] for x in v["standings"]["pairs"]}
        assert scores == {1: 1, 2: 1.2, 3: 0.8, 4: 1}
        # The round's tables close.
        for c in sitting:
            m = await wait_for(c, lambda m: m["t"] == "table.event"
                               and m["d"]["event"]["type"] == "closed", what="the close")
            assert m["d"]["table"] in ids.values()
        for tid in ids.values():
            assert (await d.error("table.sync", {"table": tid}))[0] == "no_table"
        assert (await d.error("event.direct", {"event": E, "action": "end"}))[0] == "no_event"

    run(body())


# --- 3. An entry fee ---------------------------------------------------------------


def test_entry_fee_charged_refunded_and_cancelled(whistd):
    s = whistd()

    async def body():
        d, a, b, c = await members(s, 4, "fee")
        poor = await funded(s, 5)
        g = await guest(s)

        async def chips(*cs):
            return [(await x.ok("chips.balance"))["chips"] for x in cs]

        assert await chips(a, b, c) == [1000] * 3
        E = (await d.ok("event.create", settings(fee=10)))["event"]
        v = await a.ok("event.enter", {"event": E})
        assert v["fee"] == 10 and await chips(a) == [990]
        await a.ok("event.withdraw", {"event": E})
        assert await chips(a) == [1000]
        await a.ok("event.enter", {"event": E})
        await b.ok("event.enter", {"event": E, "partner": c.name})
        await c.ok("event.enter", {"event": E, "partner": b.name})
        assert await chips(a, b, c) == [990] * 3
        # The pair's second player withdraws (refunded) and comes back.
        await c.ok("event.withdraw", {"event": E})
        assert await chips(b, c) == [990, 1000]
        v = await c.ok("event.enter", {"event": E, "partner": b.name})
        assert await chips(a, b, c) == [990] * 3
        assert len(v["entries"]) == 2
        # Who cannot pay is not entered.
        code, msg = await poor.error("event.enter", {"event": E})
        assert code == "insufficient_chips" and "10" in msg
        assert await chips(poor) == [5]
        assert (await g.error("event.enter", {"event": E}))[0] == "guest"
        v = await d.ok("event.get", {"event": E})
        assert [x["player"]["name"] for x in v["entries"]] == [a.name, b.name]
        chips_sound(s.db_path)

        # Cancelled: every fee paid back once.
        v = await d.ok("event.direct", {"event": E, "action": "cancel"})
        assert v["state"] == "cancelled"
        assert await chips(a, b, c, poor) == [1000, 1000, 1000, 5]
        assert (await d.error("event.direct", {"event": E, "action": "cancel"}))[0] == "no_event"
        assert await chips(a, b, c) == [1000] * 3
        rows = check_ledger(s.db_path)
        chips_sound(s.db_path)
        mine = [r for r in rows if r[0].startswith(f"event:{E}:")]
        for x, fees in ((a, 2), (b, 1), (c, 2)):
            uid = x.user["id"]
            kinds = sorted(k for _, acct, _, k, _ in mine if acct == uid)
            assert kinds == ["buyin"] * fees + ["refund"] * fees, (x.name, kinds)
            assert sum(delta for _, acct, delta, _, _ in mine if acct == uid) == 0
        assert balances(s.db_path)[1] == 0  # the house keeps nothing

    run(body())


def test_event_list(whistd):
    s = whistd()

    async def body():
        d, a = await members(s, 2, "lst")
        assert await a.ok("event.list") == {"events": [], "past": []}
        E = (await d.ok("event.create", settings(name="Listed")))["event"]
        listed = await a.ok("event.list")
        assert [(x["event"], x["name"], x["state"], x["entries"]) for x in listed["events"]] \
            == [(E, "Listed", "open", 0)]
        await a.ok("event.enter", {"event": E})
        assert (await a.ok("event.list"))["events"][0]["entries"] == 1
        await d.ok("event.direct", {"event": E, "action": "cancel"})
        listed = await a.ok("event.list")
        assert listed["events"] == []
        assert [(x["event"], x["state"]) for x in listed["past"]] == [(E, "cancelled")]

    run(body())


# --- 4. A restart mid-round ----------------------------------------------------------


def test_event_carried_across_a_restart(whistd):
    s = whistd(*FAST_BOTS)

    async def body():
        ps = await members(s, 4, "rst")
        d = ps[0]
        E = (await d.ok("event.create", settings(kind="drive", rounds=2)))["event"]
        for x in ps:
            await x.ok("event.enter", {"event": E})
        v = await d.ok("event.direct", {"event": E, "action": "start"})
        T = v["tables"][0]["table_id"]
        entrants = [Entrant(c, seed=i) for i, c in enumerate(ps)]
        # Two tricks of round 1's board, then the server stops.
        await all_run(entrants, lambda e: e.plays >= 2, timeout=30)
        await asyncio.gather(*(e.drain() for e in entrants))
        assert all(e.table == T and e.plays == 2 for e in entrants)
        hands = {e.c.name: e.view["hand"] for e in entrants}
        assert all(len(h) == 11 for h in hands.values())
        tokens = {e.c.name: e.c.token for e in entrants}
        assert s.stop() == 0
        for e in entrants:
            await e.c.closed()

        s2 = whistd(*FAST_BOTS, db=s.db_path)
        assert "restored 1 events" in s2.log()
        back = [Entrant(await resume(s2, tokens[c.name]), seed=10 + i) for i, c in enumerate(ps)]
        v = await event_get(back[1].c, E)
        assert v["state"] == "running" and v["round"] == 1
        assert [(t["table_id"], t["done"]) for t in v["tables"]] == [(T, [])]
        # Each takes their seat again at the same table, their cards as they were.
        for e in back:
            await e.sit(T)
        await all_run(back, lambda e: T in e.states, timeout=10)
        for e in back:
            state = e.states[T]
            assert state["view"]["hand"] == hands[e.c.name]
            assert len(state["view"]["tricks"]) == 2
        await all_run(back, Entrant.finished, timeout=60)
        assert "opened again" not in s2.log()
        for e in back:
            assert [p["round"] for p in e.tables_sent()] == [2]
            assert T in e.results
        v = await event_get(back[0].c, E)
        assert v["state"] == "finished"
        standings = v["standings"]
        assert sorted(x["name"] for x in standings) == sorted(c.name for c in ps)
        assert all(x["boards"] == 2 and x["rank"] >= 1 for x in standings)
        assert standings[0]["rank"] == 1

    run(body(), limit=120)


# --- 5. The daily duplicate ------------------------------------------------------------


async def play_daily(c, seed):
    """daily.play, then the player's own table to its last board: returns
    the Entrant (its hands by deal) and the table's id."""
    d = await c.ok("daily.play")
    assert d["entered"] is True and d["next_board"] == 1 and d["played"] == []
    T = d["table_id"]
    assert isinstance(T, int) and T > 0
    e = Entrant(c, seed)
    await e.sit(T)
    await e.run(lambda e: T in e.states, timeout=10)
    state = e.states[T]
    assert state["seat"] == 2 and state["view"]["seat"] == 2
    seats = state["table"]["seats"]
    assert seats[2]["name"] == c.name and not seats[2]["computer"]
    assert [x["computer"] for k, x in enumerate(seats) if k != 2] == [True] * 3
    await e.run(lambda e: T in e.results, timeout=120)
    await e.drain()
    assert e.view["game_over"] and len(e.view["results"]) == 12
    return e, T


def test_daily_duplicate(whistd):
    s = whistd(*FAST_BOTS)

    async def body():
        a, b = await members(s, 2, "day")
        # The day's daily duplicate opens as the server starts.
        for _ in range(50):
            r = await a.request("daily.get")
            if r["t"] == "ack":
                break
            assert r["d"]["code"] == "no_event", r
            await asyncio.sleep(0.1)
        d = r["d"]
        assert d["open"] is True and d["boards"] == 12 and d["name"].startswith("Daily duplicate")
        assert d["entered"] is False and d["played"] == [] and d["table_id"] is None
        assert d["ranking"] is None and d["travellers"] is None
        assert d["opens"] <= time.time() < d["closes"]

        ea, T = await play_daily(a, 1)
        # Scored board by board, as the table finished them.
        for _ in range(50):
            mine = await a.ok("daily.get")
            if len(mine["played"]) == 12:
                break
            await asyncio.sleep(0.1)
        assert [p["board"] for p in mine["played"]] == list(range(1, 13))
        results = ea.view["results"]
        assert [[p["ns"], p["ew"]] for p in mine["played"]] == [r["score"] for r in results]
        assert mine["next_board"] == 0 and mine["entrants"] == 1
        # Finished: a sees the ranking; b, who has not played, does not.
        assert [(x["name"], x["rank"], x["boards"]) for x in mine["ranking"]] == [(a.name, 1, 12)]
        assert len(mine["travellers"]) == 12
        theirs = await b.ok("daily.get")
        assert theirs["entered"] is False and theirs["ranking"] is None
        assert theirs["travellers"] is None
        # Played once: daily.play again opens no table.
        again = await a.ok("daily.play")
        assert again["table_id"] is None and again["next_board"] == 0

        # b entered, not finished: nothing of the others yet.
        Tb = (await b.ok("daily.play"))["table_id"]
        assert Tb != T
        theirs = await b.ok("daily.get")
        assert theirs["entered"] is True and theirs["table_id"] == Tb
        assert theirs["ranking"] is None and theirs["travellers"] is None
        assert (await a.ok("daily.get"))["entrants"] == 2
        # a's game is over and a sees its record; b, yet to play those boards,
        # does not (nor anyone who has not played them all).
        game_a = ea.results[T]["game"]
        assert len((await a.ok("game.record", {"game": game_a}))["record"]["deals"]) == 12
        for t in ("game.record", "game.replay"):
            assert (await b.error(t, {"game": game_a}))[0] == "game_in_progress"
        eb, again = await play_daily(b, 2)  # daily.play again: the same table
        assert again == Tb
        # Same boards, same seat: the same cards.
        assert [eb.hands[(Tb, k)] for k in range(12)] == [ea.hands[(T, k)] for k in range(12)]
        for _ in range(50):
            theirs = await b.ok("daily.get")
            if len(theirs["played"]) == 12:
                break
            await asyncio.sleep(0.1)
        assert len(theirs["played"]) == 12
        for x in (a, b):
            ranking = (await x.ok("daily.get"))["ranking"]
            assert sorted(r["name"] for r in ranking) == sorted([a.name, b.name])
            assert all(r["boards"] == 12 for r in ranking)
        assert len((await b.ok("game.record", {"game": game_a}))["record"]["deals"]) == 12
        lines = (await b.ok("daily.get"))["travellers"]
        assert [len(t["lines"]) for t in lines] == [2] * 12

    run(body(), limit=170)


def test_entries_for_friends_or_the_invited(whistd):
    s = whistd()

    async def body():
        d, f, i, x, late = await members(s, 5, "lim")
        await d.ok("friend.request", {"username": f.name})
        await f.ok("friend.accept", {"username": d.name})
        assert (await d.error("event.create", settings(entry="members")))[0] == "bad_message"
        assert (await d.error("event.create", settings(invited=[i.name])))[0] == "bad_event"
        assert (await d.error("event.create", settings(entry="invited", invited=["nobody_here"])))\
            == ("no_user", "no user has that name: nobody_here")

        F = (await d.ok("event.create", settings(name="Friends", entry="friends")))["event"]
        v = await d.ok("event.create", settings(name="Invited", entry="invited", invited=[i.name]))
        I = v["event"]
        assert v["entry"] == "invited" and v["invited"] == [i.name]
        # The invitee is told.
        m = await wait_for(i, lambda m: m["t"] == "event.update" and m["d"]["event"] == I,
                           what="the invitation")
        assert m["d"]["notice"] == f"{d.name} invites you to Invited"
        O = (await d.ok("event.create", settings(name="Open")))["event"]

        async def listed(c):
            return {e["event"]: e["entry"] for e in (await c.ok("event.list"))["events"]}

        assert (await listed(d)) == {F: "friends", I: "invited", O: "open"}
        assert (await listed(f)) == {F: "friends", O: "open"}
        assert (await listed(i)) == {I: "invited", O: "open"}
        assert (await listed(x)) == {O: "open"}
        # For anyone else an event limited to others does not exist.
        for E in (F, I):
            assert (await x.error("event.get", {"event": E}))[0] == "no_event"
            assert (await x.error("event.enter", {"event": E}))[0] == "no_event"
        assert (await f.error("event.enter", {"event": I}))[0] == "no_event"
        assert (await i.error("event.get", {"event": F}))[0] == "no_event"
        await f.ok("event.enter", {"event": F})
        await i.ok("event.enter", {"event": I})
        assert (await event_get(f, F))["entry"] == "friends"

        # The director invites more; unknown names refused, nothing changed.
        assert (await d.error("event.direct", {"event": I, "action": "invite",
                                               "users": [x.name, "nobody_here"]})) \
            == ("no_user", "no user has that name: nobody_here")
        assert (await x.error("event.get", {"event": I}))[0] == "no_event"
        assert (await x.error("event.direct", {"event": I, "action": "invite",
                                               "users": [x.name]}))[0] == "not_director"
        assert (await d.error("event.direct", {"event": I, "action": "invite"}))[0] \
            == "bad_message"
        v = await d.ok("event.direct", {"event": I, "action": "invite", "users": [x.name, i.name]})
        assert v["invited"] == [i.name, x.name]
        m = await wait_for(x, lambda m: m["t"] == "event.update" and m["d"]["event"] == I,
                           what="the invitation")
        assert m["d"]["notice"] == f"{d.name} invites you to Invited"
        await x.ok("event.enter", {"event": I})
        # A friends' event takes the invited too.
        await d.ok("event.direct", {"event": F, "action": "invite", "users": [late.name]})
        await late.ok("event.enter", {"event": F})
        # Kept across a restart.
        tokens = {c.name: c.token for c in (d, x, late, f)}
        assert s.stop() == 0
        s2 = whistd(db=s.db_path)
        d2, x2, late2, f2 = [await resume(s2, tokens[c.name]) for c in (d, x, late, f)]
        assert (await listed(x2)) == {I: "invited", O: "open"}
        assert (await event_get(d2, I))["invited"] == [i.name, x.name]
        assert (await event_get(late2, F))["entry"] == "friends"
        assert (await f2.error("event.get", {"event": I}))[0] == "no_event"

    run(body(), limit=60)
