"""Events in whistd with larger fields, end to end over real WebSockets:
Mitchells of 5 and 6 tables (the skip), a whist drive of 16, the daily
duplicate with 20 entrants, the event tables' records replayed (and kept
secret while the event runs), kill -9 loops in Mitchells with an entry
fee (at random cards, and as each round opens), and 30 tables on one
whistd.

Every player is a real client (test_events.Entrant): it sits where the
event sends it and plays legal cards from its own views. What the server
says is checked against independent programs and sums: the movement of
each round against `whist-movement`, the standings against `whist-score`
run on the travellers, the drive's totals and the daily's matchpoints
summed here from what the players saw at their tables, every finished
table's record against `whist-replay`.

WHIST_MOVEMENT and WHIST_SCORE name the tools (default: beside
WHIST_REPLAY, else /work/main/build/tools/). WHIST_EVENT_KILLS sets the
kill loop's number of kills (default 3); WHIST_EVENT_TABLES the big
Mitchell's tables (default 30)."""

import asyncio
import itertools
import json
import math
import os
import random
import signal
import sqlite3
import subprocess
import time

import websockets

from chipcheck import chips_sound
from conftest import member, resume, wait_for
from tables import WHIST_REPLAY, replay, run
from test_events import FAST_BOTS, Entrant, event_get, settings
from test_faults import whistd_pid


def _tool(name, env):
    if os.environ.get(env):
        return os.environ[env]
    beside = os.path.join(os.path.dirname(os.path.abspath(WHIST_REPLAY)), name)
    return beside if os.path.exists(beside) else f"/work/main/build/tools/{name}"


WHIST_MOVEMENT = _tool("whist-movement", "WHIST_MOVEMENT")
WHIST_SCORE = _tool("whist-score", "WHIST_SCORE")
KILLS = int(os.environ.get("WHIST_EVENT_KILLS", "3"))
BIG_TABLES = int(os.environ.get("WHIST_EVENT_TABLES", "30"))
# The daily's computer players: 20 entrants' 12 boards are some 9000
# computer decisions; at test_events' 20 ms each (one thinking thread)
# that alone is three minutes, so here they get 1 ms and two threads.
DAILY_BOTS = ["--bot-budget-ms", "1", "--bot-delay-ms", "0", "--bot-threads", "2"]
HOUSE_PERCENT = 10

_names = itertools.count(1)


# --- The independent tools --------------------------------------------------------


def movement(kind, field, rounds, bpr):
    """whist-movement's document for the field."""
    flag = {"mitchell": "--tables", "howell": "--pairs", "drive": "--players"}[kind]
    p = subprocess.run([WHIST_MOVEMENT, "--kind", kind, flag, str(field), "--rounds", str(rounds),
                        "--boards-per-round", str(bpr)], capture_output=True, text=True,
                       timeout=30)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def whist_score(doc):
    p = subprocess.run([WHIST_SCORE, "-"], input=json.dumps(doc), capture_output=True,
                       text=True, timeout=30)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def score_input(kind, scoring, travellers):
    """whist-score's input from an event's travellers."""
    boards = []
    for t in travellers:
        results = []
        for line in t["lines"]:
            r = {"ns": line["ns"], "ew": line["ew"]}
            if "adjusted" in line:
                r["adjusted"] = f"{line['adjusted']}/{100 - line['adjusted']}"
            else:
                r["ns_score"], r["ew_score"] = line["ns_score"], line["ew_score"]
            results.append(r)
        boards.append({"board": t["board"], "results": results})
    return {"movement": kind, "scoring": scoring, "boards": boards}


def peak_rss_kib(server):
    """whistd's peak resident set (VmHWM), in KiB."""
    with open(f"/proc/{whistd_pid(server)}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise AssertionError("no VmHWM")


def cpu_seconds(pid):
    """A process's user and system CPU time so far, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rank_of(values):
    """Ranks by value printed to two decimals, highest first, equal values
    sharing the better rank (docs/events.md, Ranking)."""
    printed = {k: f"{v:.2f}" for k, v in values.items()}
    return {k: 1 + sum(float(printed[o]) > float(printed[k]) for o in values) for k in values}


# --- Players ------------------------------------------------------------------------


class Player(Entrant):
    """An Entrant that also keeps each of its tables' deal scores once the
    game is over (side 0 = N/S first), may be told to tolerate its table.sit
    being refused with no_table (after a restart, a round that ended as it
    sat), calls on_play after each card it sends and on_table as it is
    told of a table."""

    def __init__(self, client, seed=0, on_play=None):
        super().__init__(client, seed)
        self.deals = {}  # table id -> [[ns, ew] per deal]
        self.on_play = on_play
        self.on_table = None  # called with each event.table's data, before sitting
        self.lenient = False
        self.refused = []  # tables whose table.sit was refused (no_table) since reconnected
        self.acked = set()  # tables whose table.sit was answered since reconnected

    def _see(self, table, view, v):
        # A table's last view may come after the player was sent on to the
        # next round's table (so after self.table changed).
        if view is not None and view["game_over"]:
            self.deals[table] = [r["score"] for r in view["results"]]
        super()._see(table, view, v)

    async def note(self, m):
        if (self.lenient and m["t"] == "error" and m.get("id") == self.sit_id
                and m["d"]["code"] == "no_table"):
            self.refused.append(self.table)
            self.table, self.sit_id, self.view = None, None, None
            return
        if m["t"] == "event.table" and self.on_table:
            self.on_table(self, m["d"])
        if m["t"] == "ack" and self.sit_id is not None and m.get("id") == self.sit_id:
            self.acked.add(self.table)
        await super().note(m)

    async def act(self):
        await super().act()
        if self.on_play:
            self.on_play(self)

    def reconnected(self, client):
        self.c = client
        self.refused, self.acked = [], set()
        self.table, self.sit_id, self.view, self.view_v, self.acted_v = None, None, None, -1, -1


async def members(s, n, prefix):
    """n registered players, registered a few at a time."""
    out = []
    for k in range(0, n, 8):
        out += await asyncio.gather(*(member(s, f"{prefix}{next(_names)}")
                                      for _ in range(min(8, n - k))))
    return out


async def run_all(players, until, timeout=60):
    await asyncio.gather(*(p.run(until, timeout) for p in players))


# --- A pairs event played through, round by round ------------------------------------


class PairsEvent:
    """A Mitchell (or Howell) of real clients: pairs entered in order, the
    director (not playing) starts it; each round is held at its start
    (every player sent to its table and seated, nobody playing yet) to read
    event.get, then played."""

    def __init__(self, s, kind, field, rounds=0, bpr=1, fee=0, prefix="p", on_play=None):
        self.s, self.kind, self.field, self.bpr, self.fee = s, kind, field, bpr, fee
        self.prefix, self.on_play = prefix, on_play
        self.requested_rounds = rounds
        self.views = {}  # round -> event.get at its start

    @property
    def players_count(self):
        return 4 * self.field if self.kind == "mitchell" else 2 * self.field

    async def open(self):
        self.ps = await members(self.s, self.players_count, self.prefix)
        self.director = await member(self.s, f"{self.prefix}dir{next(_names)}")
        v = await self.director.ok("event.create", settings(
            name=f"{self.kind} of {self.field}", kind=self.kind, rounds=self.requested_rounds,
            boards_per_round=self.bpr, fee=self.fee))
        self.E = v["event"]
        for i in range(0, len(self.ps), 2):
            a, b = self.ps[i], self.ps[i + 1]
            await a.ok("event.enter", {"event": self.E, "partner": b.name})
            v = await b.ok("event.enter", {"event": self.E, "partner": a.name})
        assert len(v["entries"]) == len(self.ps) // 2
        v = await self.director.ok("event.direct", {"event": self.E, "action": "start"})
        assert v["state"] == "running" and v["round"] == 1, v
        self.rounds = v["rounds"]
        self.movement = movement(self.kind, self.field, self.rounds, self.bpr)
        assert self.movement["rounds"] == self.rounds
        if self.requested_rounds == 0:  # the default: the most the movement allows
            assert self.rounds == len(movement(self.kind, self.field, self.rounds, 1)
                                      ["rounds_list"])
        # The pairs, by direction and number, in order of entry (a
        # Mitchell: N/S 1, E/W 1, N/S 2, ...).
        self.pair_of = {}
        for p in v["pairs"]:
            key = (p["direction"], p["pair"])
            self.pair_of[key] = [x["name"] for x in p["players"]]
        names = [c.name for c in self.ps]
        if self.kind == "mitchell":
            expect = {("ns" if k % 2 == 0 else "ew", k // 2 + 1): names[2 * k:2 * k + 2]
                      for k in range(len(names) // 2)}
        else:
            expect = {(None, k + 1): names[2 * k:2 * k + 2] for k in range(len(names) // 2)}
        assert self.pair_of == expect
        self.players = [Player(c, seed=i, on_play=self.on_play) for i, c in enumerate(self.ps)]
        return v

    async def to_round(self, r, timeout=60):
        """Plays on until every player has been sent to round r's table
        and sat there, then reads the event."""
        await run_all(self.players, lambda e: len(e.tables_sent()) >= r
                      and e.tables_sent()[r - 1]["table_id"] in e.states, timeout)
        v = await event_get(self.director, self.E)
        assert v["state"] == "running" and v["round"] == r, v
        self.views[r] = v
        return v

    async def finish(self, timeout=90):
        await run_all(self.players, Entrant.finished, timeout)
        await asyncio.gather(*(e.drain() for e in self.players))
        self.final = await event_get(self.director, self.E)
        # The director, who does not play, is told too.
        m = await wait_for(self.director, lambda m: m["t"] == "event.update"
                           and m["d"]["event"] == self.E and m["d"]["state"] == "finished",
                           what="the director's finished")
        assert m["d"]["notice"] == "finished"
        return self.final

    async def play(self, between=None, timeout=60):
        for r in range(1, self.rounds + 1):
            await self.to_round(r, timeout)
            if between:
                await between(r)
        return await self.finish(timeout)

    # --- What the players saw ----------------------------------------------------

    def pair_named(self, names):
        for key, players in self.pair_of.items():
            if players == names:
                return key
        raise AssertionError(f"no pair {names}")

    def seen_tables(self):
        """(round, table) -> {"id", "seats": {seat: name}, "first_board"}, from
        each player's event.table pushes and table.sit answers."""
        seen = {}
        for e in self.players:
            for p in e.tables_sent():
                assert p["event"] == self.E
                state = e.states[p["table_id"]]
                at = state["table"]["event"]
                assert (at["event"], at["round"], at["table"]) == (self.E, p["round"], p["table"])
                t = seen.setdefault((p["round"], p["table"]), {"id": p["table_id"], "seats": {},
                                                               "first_board": at["first_board"]})
                assert t["id"] == p["table_id"] and t["first_board"] == at["first_board"]
                assert state["seat"] not in t["seats"], (p, t)
                assert state["table"]["seats"][state["seat"]]["name"] == e.c.name
                t["seats"][state["seat"]] = e.c.name
        return seen

    def deal_scores(self, table_id):
        """A finished table's deal scores, as its players saw them (all alike)."""
        got = [e.deals[table_id] for e in self.players if table_id in e.deals]
        assert got and all(g == got[0] for g in got), got
        return got[0]

    # --- The checks ----------------------------------------------------------------

    def check(self):
        """The movement round by round, the boards each pair played, the
        travellers against the tables' own scores, the standings against
        whist-score, everyone told, the prizes."""
        R, B = self.rounds, self.bpr
        rounds = {x["round"]: x for x in self.movement["rounds_list"]}
        assert sorted(rounds) == list(range(1, R + 1))
        seen = self.seen_tables()
        assert len(seen) == sum(len(x["tables"]) for x in rounds.values())
        ids = set()
        played = {}  # (direction, pair) -> boards played
        met = {}  # (direction, pair) -> opponents met
        expected_lines = {}  # board -> sorted [(ns, ew)]
        for r in range(1, R + 1):
            want = [(t["table"], t["ns"], t["ew"], t["boards"]) for t in rounds[r]["tables"]]
            # The event's own view of the round, and its tables' ids.
            view = self.views[r]
            assert [(t["table"], t["ns"], t["ew"], t["boards"]) for t in view["tables"]] == want
            for t in view["tables"]:
                assert seen[(r, t["table"])]["id"] == t["table_id"]
                assert [x["name"] for x in t["seats"]] == [
                    seen[(r, t["table"])]["seats"][k] for k in range(4)]
            # Where the players were sent and sat: N/S pair's first player
            # North, its second South; E/W's East and West.
            for table, ns, ew, boards in want:
                t = seen[(r, table)]
                ids.add(t["id"])
                names = [t["seats"][k] for k in range(4)]
                ns_key = self.pair_named([names[0], names[2]])
                ew_key = self.pair_named([names[1], names[3]])
                if self.kind == "mitchell":
                    assert ns_key == ("ns", ns) and ew_key == ("ew", ew), (r, table, names)
                else:
                    assert ns_key == (None, ns) and ew_key == (None, ew), (r, table, names)
                assert boards == list(range(t["first_board"], t["first_board"] + B))
                for key, other in ((ns_key, ew_key), (ew_key, ns_key)):
                    played.setdefault(key, []).extend(boards)
                    met.setdefault(key, []).append(other)
                for b in boards:
                    expected_lines.setdefault(b, []).append((ns, ew))
        assert len(ids) == len(seen)
        # No pair played a board twice, nor met an opponent twice.
        for key, boards in played.items():
            assert len(boards) == len(set(boards)) == R * B, (key, boards)
        for key, others in met.items():
            assert len(others) == len(set(others)) == R, (key, others)
        # Everyone played every round at its table to the end.
        for e in self.players:
            sent = e.tables_sent()
            assert [p["round"] for p in sent] == list(range(1, R + 1)), (e.c.name, sent)
            for p in sent:
                assert p["table_id"] in e.results and p["table_id"] in e.closed
            assert e.plays == 13 * B * R
            assert e.finished() and e.updates()[-1]["notice"] == "finished"

        v = self.final
        assert v["state"] == "finished" and v["tables"] == [] and v["round"] == R
        travellers = {t["board"]: t for t in v["travellers"]}
        assert sorted(travellers) == sorted(expected_lines)
        # Each board: one line per table that played it, no more, no less;
        # each line the scores its table played to.
        for b, t in travellers.items():
            assert sorted((x["ns"], x["ew"]) for x in t["lines"]) == sorted(expected_lines[b]), b
            assert not any("adjusted" in x for x in t["lines"])
        for (r, table), t in seen.items():
            deals = self.deal_scores(t["id"])
            assert len(deals) == B
            ns, ew = next((x[1], x[2]) for x in
                          [(tt["table"], tt["ns"], tt["ew"]) for tt in rounds[r]["tables"]]
                          if x[0] == table)
            for k, score in enumerate(deals):
                line = next(x for x in travellers[t["first_board"] + k]["lines"]
                            if (x["ns"], x["ew"]) == (ns, ew))
                assert [line["ns_score"], line["ew_score"]] == score, (r, table, k, line)
        # The standings: whist-score's, on the travellers.
        expect = whist_score(score_input(self.kind, "matchpoints", v["travellers"]))
        assert v["standings"] == expect
        if self.kind == "mitchell":
            for d in ("ns", "ew"):
                assert sorted(x["pair"] for x in v["standings"][d]) == list(
                    range(1, self.field + 1))
                ranks = [x["rank"] for x in v["standings"][d]]
                assert ranks == sorted(ranks) and ranks[0] == 1
        return travellers, seen

    async def check_prizes(self):
        """Each player's chips: 1000, less the fee, plus their share of the
        pot (less the house's part) if their pair came first (a Mitchell:
        half to each direction's firsts)."""
        pot = len(self.ps) * self.fee
        pot -= pot * HOUSE_PERCENT // 100
        st = self.final["standings"]
        groups = [("ns", st["ns"]), ("ew", st["ew"])] if self.kind == "mitchell" \
            else [(None, st["pairs"])]
        prize = {}
        for d, lst in groups:
            winners = [x["pair"] for x in lst if x["rank"] == 1]
            for w in winners:
                for name in self.pair_of[(d, w)]:
                    prize[name] = pot // len(groups) // len(winners) // 2
        cs = [e.c for e in self.players]  # their connections now (after restarts)
        got = {c.name: (await c.ok("chips.balance"))["chips"] for c in cs}
        assert got == {c.name: 1000 - self.fee + prize.get(c.name, 0) for c in cs}
        chips_sound(self.s.db_path)


# --- 1 and 2. Mitchells of 5 and 6 tables ---------------------------------------------


def test_mitchell_five_tables(whistd):
    """10 pairs, 20 players, the whole movement (5 rounds of 1 board), an
    entry fee: each round's tables are whist-movement's, no pair plays a
    board or meets an opponent twice, the standings are whist-score's on
    the travellers, everyone (the director too) is told it finished, and
    the pot goes half to each direction's winners."""
    s = whistd(*FAST_BOTS)

    async def body():
        ev = PairsEvent(s, "mitchell", 5, bpr=1, fee=10, prefix="m5t")
        await ev.open()
        assert ev.rounds == 5
        await ev.play()
        travellers, _ = ev.check()
        # Odd tables: every pair played every board (check(): 5 boards each,
        # none twice), each board at every table.
        assert sorted(len(t["lines"]) for t in travellers.values()) == [5] * 5
        assert all(t["top"] == 8 for t in travellers.values())
        await ev.check_prizes()

    run(body(), limit=150)


def test_mitchell_six_tables_with_the_skip(whistd):
    """12 pairs, 24 players, 6 tables: 5 rounds with the skip before round
    4. No E/W pair plays a board twice across the skip, nor meets a N/S
    pair twice; each plays every board but one."""
    s = whistd(*FAST_BOTS)

    async def body():
        ev = PairsEvent(s, "mitchell", 6, bpr=1, prefix="m6t")
        await ev.open()
        assert ev.rounds == 5
        await ev.play()
        travellers, seen = ev.check()
        # Across the skip: round 3 to round 4 the E/W pairs moved up two tables.
        where = {}  # (round, E/W pair) -> table
        for (r, table), t in seen.items():
            ew = ev.pair_named([t["seats"][1], t["seats"][3]])
            assert ew[0] == "ew"
            where[(r, ew[1])] = table
        for p in range(1, 7):
            steps = [(where[(r + 1, p)] - where[(r, p)]) % 6 for r in range(1, 5)]
            assert steps == [1, 1, 2, 1], (p, steps)
            boards = sorted(seen[(r, where[(r, p)])]["first_board"] for r in range(1, 6))
            assert len(set(boards)) == 5 and set(boards) < set(range(1, 7)), (p, boards)
        # Five results on each board: 5 of the 6 tables played each.
        assert sorted(len(t["lines"]) for t in travellers.values()) == [5] * 6
        assert all(t["top"] == 8 for t in travellers.values())

    run(body(), limit=150)


# --- 3. A whist drive of 16 ---------------------------------------------------------------


def test_whist_drive_four_tables(whistd):
    """16 players at 4 tables, the whole drive (15 rounds of 1 board), an
    entry fee: each round's tables and seats are whist-movement's, everyone
    partners everyone else exactly once, each player's total is the sum of
    their side's points at the tables they played (as those tables scored
    them), the standings are ranked, the pot goes to the first."""
    s = whistd(*FAST_BOTS)
    R, N, FEE = 15, 16, 10

    async def body():
        ps = await members(s, N, "drv")
        director = await member(s, f"drvdir{next(_names)}")
        E = (await director.ok("event.create", settings(kind="drive", rounds=0, fee=FEE)))[
            "event"]
        for c in ps:
            await c.ok("event.enter", {"event": E})
        v = await director.ok("event.direct", {"event": E, "action": "start"})
        assert v["state"] == "running" and v["rounds"] == R
        number = {x["name"]: x["player"] for x in v["players"]}
        assert number == {c.name: k + 1 for k, c in enumerate(ps)}
        move = {x["round"]: x for x in movement("drive", N, R, 1)["rounds_list"]}
        players = [Player(c, seed=i) for i, c in enumerate(ps)]
        views = {}
        for r in range(1, R + 1):
            await run_all(players, lambda e: len(e.tables_sent()) >= r
                          and e.tables_sent()[r - 1]["table_id"] in e.states)
            views[r] = await event_get(director, E)
            assert views[r]["round"] == r
            assert [(t["table"], t["players"], t["boards"]) for t in views[r]["tables"]] \
                == [(t["table"], t["players"], t["boards"]) for t in move[r]["tables"]]
        await run_all(players, Entrant.finished, 90)
        await asyncio.gather(*(e.drain() for e in players))
        v = await event_get(director, E)
        assert v["state"] == "finished"

        # Where each sat, from their own pushes and seats: the movement's.
        totals = {c.name: 0 for c in ps}
        boards = {c.name: [] for c in ps}
        partners = {c.name: [] for c in ps}
        lines = {}  # (board, players) -> [ns, ew], as the tables scored them
        for r in range(1, R + 1):
            for t in move[r]["tables"]:
                tid = next(x["table_id"] for x in views[r]["tables"] if x["table"] == t["table"])
                at = [None] * 4
                scores = []
                for e in players:
                    if tid in e.states:
                        at[e.states[tid]["seat"]] = e.c.name
                        scores.append(e.deals[tid])
                assert [number[n] for n in at] == t["players"], (r, t, at)
                assert len(scores) == 4 and all(x == scores[0] for x in scores)
                (board,) = scores[0]
                lines[(t["boards"][0], tuple(t["players"]))] = list(board)
                for seat, name in enumerate(at):
                    totals[name] += board[seat % 2]
                    boards[name].append(t["boards"][0])
                    partners[name].append(at[(seat + 2) % 4])
        for name, bs in boards.items():
            assert sorted(bs) == list(range(1, R + 1))  # every board once
            assert sorted(partners[name]) == sorted(set(totals) - {name})
        standings = v["standings"]
        assert sorted(x["name"] for x in standings) == sorted(totals)
        for x in standings:
            assert x["boards"] == R and x["score"] == totals[x["name"]], (x, totals)
            assert x["player"] == number[x["name"]]
        # Ranked: highest total first, equal totals sharing the better rank.
        assert [x["rank"] for x in standings] == sorted(x["rank"] for x in standings)
        assert {x["name"]: x["rank"] for x in standings} == rank_of(totals)
        scores = [x["score"] for x in standings]
        assert scores == sorted(scores, reverse=True)
        # A drive's travellers: every board's table, by its players, with
        # each side's points as the table scored them.
        assert [t["board"] for t in v["travellers"]] == list(range(1, R + 1))
        assert {(t["board"], tuple(x["players"])): [x["ns_score"], x["ew_score"]]
                for t in v["travellers"] for x in t["lines"]} == lines
        assert all(x["played"] for t in v["travellers"] for x in t["lines"])
        # The results document: the same lines, each with its game and deal.
        res = await director.ok("event.results", {"event": E})
        assert res["standings"] == standings and res["players"] == v["players"]
        assert {(b["board"], tuple(x["players"])): [x["ns_score"], x["ew_score"]]
                for b in res["boards"] for x in b["results"]} == lines
        assert all(isinstance(x["game"], int) and x["deal"] == 0
                   for b in res["boards"] for x in b["results"])
        for e in players:
            assert e.finished() and e.plays == 13 * R
        # The pot, less the house's part, to the first.
        pot = N * FEE - N * FEE * HOUSE_PERCENT // 100
        firsts = [x["name"] for x in standings if x["rank"] == 1]
        got = {c.name: (await c.ok("chips.balance"))["chips"] for c in ps}
        assert got == {c.name: 1000 - FEE + (pot // len(firsts) if c.name in firsts else 0)
                       for c in ps}
        chips_sound(s.db_path)

    run(body(), limit=150)


# --- 4. The daily duplicate with 20 entrants --------------------------------------------


def test_daily_duplicate_twenty_entrants(whistd):
    """20 entrants each play the day's 12 boards against computers (the
    first alone, then the other 19 together): none sees the ranking, the
    travellers or another's game record before their last board, each sees
    them after (someone who did not enter, never while the day is open);
    each one's record replays to the scores of their boards; the final
    ranking of 20 is the matchpoints summed here from what each entrant's
    own table scored (N/S), and whist-score's."""
    s = whistd(*DAILY_BOTS)
    N = 20

    async def body():
        ps = await members(s, N, "dly")
        outsider = await member(s, f"dlyout{next(_names)}")
        first_game = []  # the first entrant's game, over before the others start
        for _ in range(100):
            r = await ps[0].request("daily.get")
            if r["t"] == "ack":
                break
            assert r["d"]["code"] == "no_event", r
            await asyncio.sleep(0.05)
        assert r["t"] == "ack" and r["d"]["boards"] == 12

        async def one(k, c):
            d = await c.ok("daily.play")
            T = d["table_id"]
            e = Player(c, seed=100 + k)
            await e.sit(T)
            await e.run(lambda e: T in e.states, timeout=10)
            assert e.states[T]["seat"] == 2
            # Eleven boards played: nothing of the others yet.
            await e.run(lambda e: e.view is not None and len(e.view["results"]) >= 11,
                        timeout=150)
            mine = await c.ok("daily.get")
            assert mine["entered"] and mine["ranking"] is None and mine["travellers"] is None
            for g in first_game:
                await refused(c, g)
            await e.run(lambda e: T in e.results, timeout=150)
            await e.drain(0.1)
            assert len(e.deals[T]) == 12
            # Their own record, and the first entrant's: whist-replay scores
            # each board as the table did.
            game = e.results[T]["game"]
            for g in [game] + first_game:
                d = await c.ok("game.record", {"game": g})
                status, out = replay(d["record"])
                assert status == 0 and out["game_over"] and len(out["hands"]) == 12, out
                if g == game:
                    assert [h["score"] for h in out["hands"]] == e.deals[T]
            # The last board scored (as the table finished it): the ranking.
            for _ in range(200):
                mine = await c.ok("daily.get")
                if len(mine["played"]) == 12:
                    break
                await asyncio.sleep(0.05)
            assert [[p["ns"], p["ew"]] for p in mine["played"]] == e.deals[T]
            assert mine["next_board"] == 0 and mine["ranking"] is not None
            assert c.name in [x["name"] for x in mine["ranking"]]
            return e, T

        got = [await one(0, ps[0])]
        first_game.append(got[0][0].results[got[0][1]]["game"])
        got += await asyncio.gather(*(one(k, c) for k, c in enumerate(ps) if k > 0))
        deals = {e.c.name: e.deals[T] for e, T in got}
        # Who did not enter sees no game of the day while it is open.
        for e, T in got:
            await refused(outsider, e.results[T]["game"])
        # Same boards, same seat, same cards at every table.
        for k in range(12):
            assert len({tuple(e.hands[(T, k)]) for e, T in got}) == 1, k

        final = [await c.ok("daily.get") for c in ps]
        assert all(f["ranking"] == final[0]["ranking"] for f in final)
        ranking = final[0]["ranking"]
        assert final[0]["entrants"] == N and len(ranking) == N
        assert sorted(x["name"] for x in ranking) == sorted(deals)
        assert all(x["boards"] == 12 for x in ranking)
        # Matchpoints on the N/S side, computed here: 2 for each other
        # entrant with a lower net on the board, 1 for an equal one.
        mp = {n: 0 for n in deals}
        for b in range(12):
            net = {n: d[b][0] - d[b][1] for n, d in deals.items()}
            for n in deals:
                mp[n] += sum(2 if net[o] < net[n] else 1 if net[o] == net[n] else 0
                             for o in deals if o != n)
        top = 2 * (N - 1)
        percent = {n: 100 * mp[n] / (12 * top) for n in deals}
        ranks = rank_of(percent)
        for x in ranking:
            n = x["name"]
            assert x["score"] == mp[n], (x, mp[n])
            assert abs(x["percent"] - percent[n]) < 0.006, (x, percent[n])
            assert x["rank"] == ranks[n], (x, ranks[n])
        assert [x["rank"] for x in ranking] == sorted(x["rank"] for x in ranking)
        # whist-score on the same results (each entrant's opponents a pair of
        # their own number): the same N/S ranking.
        entrant = {x["name"]: x["entrant"] for x in ranking}
        doc = {"movement": "mitchell", "scoring": "matchpoints", "boards": [
            {"board": b + 1, "results": [{"ns": entrant[n], "ew": entrant[n],
                                          "ns_score": d[b][0], "ew_score": d[b][1]}
                                         for n, d in deals.items()]} for b in range(12)]}
        expect = whist_score(doc)["ns"]
        assert [(x["entrant"], x["score"], x["percent"], x["rank"]) for x in ranking] \
            == [(x["pair"], x["score"], x["percent"], x["rank"]) for x in expect]
        # The travellers: each board's 20 results, each as its table scored it.
        travellers = final[0]["travellers"]
        assert [t["board"] for t in travellers] == list(range(1, 13))
        for t in travellers:
            assert t["top"] == top and len(t["lines"]) == N
            for line in t["lines"]:
                n = next(x for x in entrant if entrant[x] == line["ns"])
                assert [line["ns_score"], line["ew_score"]] == deals[n][t["board"] - 1]

    run(body(), limit=200)


# --- 5. Records replayed, and secret while the event runs -----------------------------------


async def refused(client, game):
    """game.record and game.replay of `game` are both refused; returns the codes."""
    codes = []
    for t in ("game.record", "game.replay"):
        r = await client.request(t, {"game": game})
        # (The whistd of 86057b8 failed here: an event table's finished game
        # was handed out whole, boards other tables had yet to play, to
        # anyone while the event ran. Refused since 7a55f94.)
        assert r["t"] == "error", (t, game, client.name, str(r)[:300])
        codes.append(r["d"]["code"])
        assert r["d"]["code"] in ("game_in_progress", "no_game"), r
    return codes


def test_event_records_replayed_and_secret_while_running(whistd):
    """A Mitchell of 3 tables, 3 rounds of 2 boards. While it runs, the
    record of a table's finished game is refused to everyone (an outsider,
    the director, its own players, the players of other tables), in the
    round and after it. Once the event is over each table's game.record is
    accepted by whist-replay, its deals score what the travellers say for
    that table's boards, and the same board held the same cards at every
    table."""
    s = whistd(*FAST_BOTS)

    async def body():
        ev = PairsEvent(s, "mitchell", 3, bpr=2, prefix="rec")
        v = await ev.open()
        outsider = await member(s, f"recout{next(_names)}")
        first = {t["table"]: t["table_id"] for t in v["tables"]}
        # Round 1: everyone seated, then only table 1 plays its boards.
        await run_all(ev.players, lambda e: e.table in e.states)
        at1 = [e for e in ev.players if e.table == first[1]]
        assert len(at1) == 4
        await run_all(at1, lambda e: first[1] in e.results)
        game = at1[0].results[first[1]]["game"]
        assert (await event_get(outsider, ev.E))["round"] == 1
        others = [e for e in ev.players if e.table != first[1]]
        for c in (outsider, ev.director, at1[0].c, others[0].c):
            await refused(c, game)
        # Round 2 reached: round 1's three games over, still secret.
        secret = []

        async def between(r):
            if r == 1:
                return
            for e in ev.players:
                for tid, res in e.results.items():
                    if res["game"] not in secret:
                        secret.append(res["game"])
            for c in (outsider, ev.director, ev.players[0].c, ev.players[-1].c):
                for g in secret:
                    await refused(c, g)

        await ev.play(between)
        assert len(secret) == 6  # rounds 1 and 2, three tables each
        travellers, seen = ev.check()

        # Over: each table's record, from its result event's game id.
        hands = {}  # board -> the four hands as dealt
        games = set()
        for (r, table), t in seen.items():
            res = next(e.results[t["id"]] for e in ev.players if t["id"] in e.results)
            games.add(res["game"])
            d = await outsider.ok("game.record", {"game": res["game"]})
            assert d["game"] == res["game"] and d["table"] == t["id"]
            assert d["result"] == {"scores": res["scores"], "winners": res["winners"]}
            assert [x["name"] for x in d["seats"]] == [t["seats"][k] for k in range(4)]
            record = d["record"]
            assert record["options"]["boards"] == 2 and len(record["deals"]) == 2
            status, out = replay(record)
            assert status == 0, out
            assert out["game_over"] is True and out["scores"] == res["scores"]
            ns, ew = ev.pair_named([t["seats"][0], t["seats"][2]])[1], \
                ev.pair_named([t["seats"][1], t["seats"][3]])[1]
            for k, hand in enumerate(out["hands"]):
                b = t["first_board"] + k
                line = next(x for x in travellers[b]["lines"] if (x["ns"], x["ew"]) == (ns, ew))
                assert hand["score"] == [line["ns_score"], line["ew_score"]], (r, table, k)
                dealt = [sorted(h) for h in record["deals"][k]["hands"]]
                assert hands.setdefault(b, dealt) == dealt, b
            # game.replay too: one state per action and per deal.
            d = await outsider.ok("game.replay", {"game": res["game"]})
            assert len(d["states"]) == len(record["actions"]) + len(record["deals"])
        assert len(games) == 9 and len(hands) == 6
        assert set(secret) < games

    run(body(), limit=150)


# --- 6. Kill -9 loops ------------------------------------------------------------------------


async def stuck(ev, s, kills, restarts):
    """What a kill loop that stopped moving shows: the event, each player's
    table and view, the server's log."""
    print(f"\nstuck after {kills} kills; (round, played s, restart s): {restarts}; "
          f"database {s.db_path}")
    try:
        v = await event_get(ev.director, ev.E)
        print("event:", v["state"], "round", v["round"],
              [(t["table"], t["table_id"], t["boards"], t["done"]) for t in v["tables"]])
    except Exception as x:  # noqa: BLE001 (a diagnosis only)
        print("event.get failed:", x)
    for e in ev.players:
        w = e.view
        print(e.c.name, "table", e.table, "sat", e.table in e.states, "refused", e.refused,
              w and {k: w[k] for k in ("seat", "deal", "to_act", "game_over", "phase")},
              "view_v", e.view_v, "acted_v", e.acted_v)
    print(s.log()[-3000:])


class Killer:
    """Kills whistd (SIGKILL) from a player's hook, at once: after the
    `target`th card sent since the last restart, or as a player is told of
    round `at_round`'s table (before it sits there)."""

    def __init__(self):
        self.pid = None
        self.fired = asyncio.Event()
        self.target = self.at_round = None
        self.cards = 0

    def arm(self, pid, target=None, at_round=None):
        self.pid, self.target, self.at_round, self.cards = pid, target, at_round, 0
        self.fired = asyncio.Event()

    def _kill(self):
        if self.pid is not None and not self.fired.is_set():
            os.kill(self.pid, signal.SIGKILL)
            self.fired.set()

    def on_play(self, e):
        self.cards += 1
        if self.target is not None and self.cards >= self.target:
            self._kill()

    def on_table(self, e, push):
        if self.at_round is not None and push["round"] >= self.at_round:
            self._kill()


async def play_with_kills(whistd, s, ev, killer, plan, timeout=60):
    """Plays ev to its end, killing whistd as plan(kills done, event view)
    says ({"target": n} or {"at_round": r}; None: no more), restarting it on
    the same file after each kill, the players back with their sessions
    (resume) and seated again where event.get puts them. Returns the last
    server, the kills and (round, seconds played, seconds to restart) of
    each."""
    tokens = {e.c.name: e.c.token for e in ev.players}
    kills, restarts = 0, []
    view = ev.views.get(1) or await event_get(ev.director, ev.E)
    while True:
        segment = time.monotonic()
        how = plan(kills, view)
        killer.arm(whistd_pid(s), **(how or {}))
        tasks = [asyncio.create_task(e.run(Entrant.finished, timeout)) for e in ev.players]
        fired = asyncio.create_task(killer.fired.wait())
        pending = set(tasks) | {fired}
        while True:
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            if fired in done:
                break
            failed = [t for t in done if t.exception()]
            if failed:
                for t in pending:
                    t.cancel()
                await stuck(ev, s, kills, restarts)
                raise failed[0].exception()
            if all(t.done() for t in tasks):
                break
        fired.cancel()
        if not killer.fired.is_set():
            break  # finished
        s.proc.wait(10)
        kills += 1
        for r in await asyncio.gather(*tasks, return_exceptions=True):
            if r is not None and not isinstance(
                    r, (websockets.exceptions.ConnectionClosed, ConnectionError)):
                raise r
        t0 = time.monotonic()
        s = whistd(*FAST_BOTS, db=s.db_path)
        assert "restored 1 events" in s.log(), s.log()
        for e in ev.players:
            e.reconnected(await resume(s, tokens[e.c.name]))
        ev.director = await resume(s, ev.director.token)
        # Seated again where the event puts them now (told of any round
        # that starts from here on).
        view = await event_get(ev.director, ev.E)
        restarts.append((view["round"], round(t0 - segment, 1), round(time.monotonic() - t0, 2)))
        if view["state"] == "finished":
            break
        assert view["state"] == "running", view
        for e in ev.players:
            e.lenient = True
            tid = next(t["table_id"] for t in view["tables"]
                       if e.c.name in [x["name"] for x in t["seats"]])
            await e.sit(tid)
        # Each seated, or refused because the round has just ended: a table
        # of the round in play must take its own players back.
        await run_all(ev.players, lambda e: e.acked or e.refused, timeout=10)
        if any(e.refused for e in ev.players):
            now = await event_get(ev.director, ev.E)
            live = {t["table_id"]: t for t in now["tables"]} if now["state"] == "running" else {}
            for e in ev.players:
                for tid in e.refused:
                    assert tid not in live, (
                        f"after kill {kills} (restart log below), table {tid} of round "
                        f"{now['round']} is in the event's view but refuses its player "
                        f"{e.c.name} (no_table):\n{s.log()[-2000:]}")
    return s, kills, restarts


async def check_after_kills(ev, s):
    """The event finished; every board has exactly one result per table
    that played it (the travellers, the stored event's results, the tables'
    finished games), each table's record replays to its lines; the
    standings are whist-score's; the prizes paid once, the ledger sound."""
    v = await event_get(ev.director, ev.E)
    assert v["state"] == "finished", v
    bpr = ev.bpr
    rounds = {x["round"]: x for x in ev.movement["rounds_list"]}
    n_tables = len(rounds[1]["tables"])
    expected = {}  # board -> [(ns, ew)] of the tables that played it
    for r, x in rounds.items():
        for t in x["tables"]:
            for b in t["boards"]:
                expected.setdefault(b, []).append((t["ns"], t["ew"]))
    travellers = {t["board"]: t for t in v["travellers"]}
    assert sorted(travellers) == sorted(expected)
    for b, t in travellers.items():
        assert sorted((x["ns"], x["ew"]) for x in t["lines"]) == sorted(expected[b]), b
        assert not any("adjusted" in x for x in t["lines"]), t
    assert v["standings"] == whist_score(score_input("mitchell", "matchpoints", v["travellers"]))
    # The stored event: one result for each (round, table, board).
    con = sqlite3.connect(s.db_path, timeout=10)
    try:
        doc = json.loads(con.execute("SELECT document FROM events WHERE id = ?",
                                     (ev.E,)).fetchone()[0])
        tables = con.execute("SELECT id, settings FROM tables").fetchall()
        games = con.execute("SELECT id, table_id, state FROM games").fetchall()
    finally:
        con.close()
    keys = [(x["round"], x["table"], x["board"]) for x in doc["results"]]
    assert len(keys) == len(set(keys)) == n_tables * ev.rounds * bpr
    assert sorted(keys) == sorted((r, t["table"], b) for r, x in rounds.items()
                                  for t in x["tables"] for b in t["boards"])
    # The event's tables: each (round, table) one finished game, whose
    # record replays to that table's lines.
    at = {}
    for tid, text in tables:
        e = json.loads(text)
        e = e.get("setup", e).get("event")
        if e and e["event"] == ev.E:
            at[tid] = (e["round"], e["table"], e["first_board"])
    finished = {}
    for gid, tid, state in games:
        if tid in at:
            assert state == "finished", (gid, tid, state)
            assert at[tid][:2] not in finished, (at[tid], gid)
            finished[at[tid][:2]] = (gid, at[tid][2])
    assert sorted(finished) == sorted((r, t["table"]) for r, x in rounds.items()
                                      for t in x["tables"])
    for (r, table), (gid, first_board) in finished.items():
        t = next(t for t in rounds[r]["tables"] if t["table"] == table)
        d = await ev.director.ok("game.record", {"game": gid})
        status, out = replay(d["record"])
        assert status == 0 and out["game_over"], out
        assert len(out["hands"]) == bpr
        for k, hand in enumerate(out["hands"]):
            line = next(x for x in travellers[first_board + k]["lines"]
                        if (x["ns"], x["ew"]) == (t["ns"], t["ew"]))
            assert hand["score"] == [line["ns_score"], line["ew_score"]], (r, table, k)
    ev.final = v
    await ev.check_prizes()


def test_kill9_loop_in_a_mitchell(whistd):
    """A Mitchell of 3 tables with an entry fee; whistd killed with SIGKILL
    right after a card sent, at random moments of the play
    (WHIST_EVENT_KILLS times, default 3), restarted on the same file each
    time: the event finishes with every board played once at each table
    that should (check_after_kills)."""
    rng = random.Random(int(os.environ.get("WHIST_EVENT_SEED", "20261128")))
    n_kills = KILLS
    # Boards enough for the kills to fall in play: ~80 cards between two.
    bpr = min(16, max(2, math.ceil((n_kills + 1) * 80 / (3 * 3 * 52))))
    s = whistd(*FAST_BOTS)
    killer = Killer()

    async def body():
        ev = PairsEvent(s, "mitchell", 3, bpr=bpr, fee=20, prefix="k9m", on_play=killer.on_play)
        await ev.open()
        gap = 3 * ev.rounds * bpr * 52 // (n_kills + 1)

        def plan(kills, view):
            return {"target": rng.randint(max(1, gap // 2), gap)} if kills < n_kills else None

        started = time.monotonic()
        s2, kills, restarts = await play_with_kills(whistd, s, ev, killer, plan)
        print(f"\n{kills} kills in {time.monotonic() - started:.1f} s, {ev.rounds} rounds of "
              f"{bpr} boards; (round, played s, restart s): {restarts}")
        assert kills == n_kills
        await check_after_kills(ev, s2)

    run(body(), limit=120 + 15 * n_kills)


def test_kill9_as_each_round_opens(whistd):
    """A Mitchell of 5 tables, 5 rounds of 1 board; whistd killed the
    moment the first player is told of the next round's table (rounds 2 to
    5): the round's tables were stored, their games perhaps not yet. After
    each restart the players sit where event.get says and the event goes on
    to its end, every board played once at each table that should."""
    s = whistd(*FAST_BOTS)
    killer = Killer()

    async def body():
        ev = PairsEvent(s, "mitchell", 5, bpr=1, fee=10, prefix="k9r")
        await ev.open()
        for e in ev.players:
            e.on_table = killer.on_table

        def plan(kills, view):
            return {"at_round": view["round"] + 1} if view["round"] < ev.rounds else None

        # A round of one board takes a second or two: 20 s without a
        # move is a round that stands still.
        s2, kills, restarts = await play_with_kills(whistd, s, ev, killer, plan, timeout=20)
        print(f"\n{kills} kills; (round, played s, restart s): {restarts}")
        assert kills == ev.rounds - 1
        await check_after_kills(ev, s2)

    run(body(), limit=200)


# --- 7. 30 tables on one whistd ------------------------------------------------------------


def test_mitchell_thirty_tables(whistd):
    """A Mitchell of 30 tables (120 players, 60 pairs), 2 rounds of 1
    board, played to the end on one whistd: the rounds' tables are
    whist-movement's, the standings whist-score's (all of PairsEvent.check).
    Prints the wall time and whistd's peak resident set."""
    T = BIG_TABLES
    s = whistd(*FAST_BOTS, "--max-connections-per-address", "0")

    async def body():
        pid = whistd_pid(s)
        t0, me0 = time.monotonic(), time.process_time()
        ev = PairsEvent(s, "mitchell", T, rounds=2, bpr=1, prefix="big")
        await ev.open()
        t1, cpu1 = time.monotonic(), cpu_seconds(pid)
        await ev.play(timeout=120)
        t2, cpu2 = time.monotonic(), cpu_seconds(pid)
        travellers, seen = ev.check()
        # T sets of one board, each played at two tables.
        assert len(seen) == 2 * T and len(travellers) == T
        assert all(len(t["lines"]) == 2 for t in travellers.values())
        rss = peak_rss_kib(s)
        print(f"\n{T} tables, {4 * T} players: entries and start {t1 - t0:.1f} s, "
              f"2 rounds played {t2 - t1:.1f} s, in all {time.monotonic() - t0:.1f} s; "
              f"whistd's peak RSS {rss / 1024:.1f} MiB; CPU: whistd {cpu1:.1f} s to the "
              f"start, {cpu2 - cpu1:.1f} s in play; the test's clients "
              f"{time.process_time() - me0:.1f} s")

    run(body(), limit=240)
