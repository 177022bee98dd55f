"""Helpers for the tests of tables and games (test_table_*.py, and the other
tests of tests/server that play at a table): run() closing every client,
finding events in messages, whist-replay on a record, a Game of seated
clients that each act only on their own table.view, opening and starting a
game through the lobby, checking a game's record, and checking that no
message shows a card it should hide.

WHIST_REPLAY names the whist-replay (tools/), which must accept every
finished game's record."""

import asyncio
import json
import os
import random
import subprocess
import time

import conftest
from conftest import TIMEOUT, guest, quiet, wait_for


WHIST_REPLAY = os.environ.get("WHIST_REPLAY", "/work/main/build/tools/whist-replay")


def run(coro, limit=60):
    """conftest.run, closing every client made with guest() and resume()."""
    return conftest.run_closing(coro, limit)


# --- Messages -------------------------------------------------------------------


def event_of(m, table=None, type=None):
    """The event of a table.event message (of `table`, of `type`), or None."""
    if m.get("t") != "table.event":
        return None
    if table is not None and m["d"]["table"] != table:
        return None
    ev = m["d"]["event"]
    if type is not None and ev["type"] != type:
        return None
    return ev


def is_event(table, type, **fields):
    def pred(m):
        ev = event_of(m, table, type)
        return ev is not None and all(ev.get(k) == v for k, v in fields.items())
    return pred


def events_in(messages, table=None, type=None):
    return [e for e in (event_of(m, table, type) for m in messages) if e is not None]


def parsed(client):
    return client.messages()


def replay(record):
    """whist-replay on a record: (exit status, output document)."""
    p = subprocess.run([WHIST_REPLAY], input=json.dumps(record), capture_output=True, text=True,
                       timeout=60)
    return p.returncode, json.loads(p.stdout)


# --- Games ------------------------------------------------------------------------


class Seat:
    """One seated client and what it knows: its latest view and version."""

    def __init__(self, client, seat):
        self.c = client
        self.seat = seat
        self.view = None
        self.view_v = -1
        self.acted_v = -1  # the version of the view last acted on
        self.result = None  # the game's "result" event, once seen
        self.last_v = 0  # the highest version seen in any message

    def wants_to_act(self):
        v = self.view
        return (v is not None and not v["game_over"] and v["to_act"] == self.seat
                and self.view_v > self.acted_v)


class Game:
    """A table with every seat taken: each seat acts only on its own
    table.view, with a legal action from its "legal" list (or, when told to
    discard N cards, the first N of its hand)."""

    def __init__(self, server, table, seats, watchers, seed=1):
        self.server = server
        self.table = table
        self.seats = seats
        self.watchers = watchers
        self.rng = random.Random(seed)
        self.actions = 0
        self.game_id = None
        self._stop = False

    def choose(self, view):
        if view.get("discard"):
            return {"type": "discard", "cards": view["hand"][:view["discard"]]}
        legal = view["legal"]
        assert legal, view
        if view["phase"] == "bidding" and "level" in str(legal):
            # Bid whist: mostly pass, else the lowest bid, so that games
            # last a few deals.
            passes = [a for a in legal if a["type"] == "pass"]
            if passes and self.rng.random() < 0.6:
                return passes[0]
            bids = [a for a in legal if a["type"] == "bid"]
            return min(bids, key=lambda a: a["level"])
        return self.rng.choice(legal)

    def note(self, s, m):
        """Follows one message a seat received."""
        d = m.get("d")
        if isinstance(d, dict) and isinstance(d.get("v"), int):
            s.last_v = max(s.last_v, d["v"])
        if m["t"] == "table.view" and d["table"] == self.table:
            s.view, s.view_v = d["view"], d["v"]
        elif m["t"] == "table.event" and d["table"] == self.table:
            if d["event"]["type"] == "result":
                s.result = d["event"]
                self.game_id = d["event"]["game"]
            elif d["event"]["type"] == "start":
                s.result = None
            elif d["event"]["type"] == "cut":
                # A cutting table: the players' seats after the cut.
                s.seat = next(x["seat"] for x in d["event"]["seats"] if x["name"] == s.c.name)
        elif m["t"] == "error":
            raise AssertionError(f"seat {s.seat} got an error: {m}")
        elif m["t"] == "ack" and str(m.get("id", "")).startswith(s.c.id_prefix):
            assert isinstance(d.get("v"), int), m

    async def read(self, s, timeout=TIMEOUT):
        m = await s.c.recv(timeout)
        self.note(s, m)
        return m

    async def wait(self, s, pred, timeout=TIMEOUT, what="a message"):
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"seat {s.seat} waited {timeout} s for {what}")
            try:
                m = await self.read(s, left)
            except asyncio.TimeoutError:
                raise asyncio.TimeoutError(f"seat {s.seat} waited {timeout} s for {what}") from None
            if pred(m):
                return m

    async def settle(self, period=0.3, seats=None):
        """Reads every seat's messages until they stop coming."""
        async def one(s):
            while True:
                try:
                    await self.read(s, period)
                except asyncio.TimeoutError:
                    return
        await asyncio.gather(*(one(s) for s in seats or self.seats))

    def to_act(self):
        """The seat that has a view telling it to act, or None."""
        ready = [s for s in self.seats if s.wants_to_act()]
        assert len(ready) <= 1, [s.seat for s in ready]
        return ready[0] if ready else None

    async def act(self, s, action, id=None):
        s.acted_v = s.view_v
        self.actions += 1
        await s.c.send("table.act", {"table": self.table, "action": action},
                       id=id or s.c.new_id())

    async def _loop(self, s, limit, wait_next):
        # Stopped by cancelling and by a flag: asyncio.wait_for swallows a
        # cancellation that comes just as its message arrives.
        while s.result is None and not self._stop:
            if s.wants_to_act():
                if limit is not None and self.actions >= limit:
                    self._stop = True
                    return
                await self.act(s, self.choose(s.view))
                if not wait_next and limit is not None and self.actions >= limit:
                    self._stop = True
                    return
                continue
            await self.read(s, TIMEOUT)

    async def play(self, steps=None, seats=None, wait_next=True, limit=90):
        """Plays `steps` actions (None: to the end of the game) with the
        seats given (default all). With wait_next, stops once the next seat
        to act has its view (it is then that seat's `view`); otherwise
        right after the last action is sent."""
        target = None if steps is None else self.actions + steps
        self._stop = False
        tasks = [asyncio.create_task(self._loop(s, target, wait_next))
                 for s in (seats or self.seats)]
        try:
            if steps is None:
                await asyncio.wait_for(asyncio.gather(*tasks), limit)
            else:
                done, _ = await asyncio.wait(tasks, timeout=limit,
                                             return_when=asyncio.FIRST_COMPLETED)
                assert done, "nobody acted in time"
                for t in done:
                    t.result()
        finally:
            self._stop = True
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def finish(self):
        """Plays to the end; returns the "result" event, after reading every
        client (seats and watchers) until quiet."""
        await self.play()
        await self.settle()
        for w in self.watchers:
            await quiet(w)
        results = [s.result for s in self.seats]
        assert all(r == results[0] for r in results), results
        for w in self.watchers:
            assert events_in(parsed(w), self.table, "result")[-1] == results[0]
        return results[0]


async def create(c, **d):
    """table.create; returns (table id, the ack's data). A join table is
    opened to everyone (friends_only false: the tests' guests are nobody's
    friends) unless `settings` says who may come."""
    settings = dict(d.get("settings") or {})
    if (settings.get("kind", "join") == "join" and "friends_only" not in settings
            and "invite_only" not in settings):
        d["settings"] = {**settings, "friends_only": False}
    a = await c.ok("table.create", d)
    return a["table"]["table"], a


async def open_game(server, variant="classic", players=4, options=None, settings=None,
                    watchers=1, start=True, **more):
    """Guests meet in the lobby: the first creates a table, the others find
    it in the lobby and sit down, seat by seat; `watchers` more guests
    watch. With start=False the last seat stays free (see start_game)."""
    clients = [await guest(server) for _ in range(players)]
    for c in clients:
        assert "tables" in await c.ok("lobby.join")
    d = {"variant": variant, **more}
    if variant == "exact":
        d["players"] = players
    if options is not None:
        d["options"] = options
    if settings is not None:
        d["settings"] = settings
    table, _ = await create(clients[0], **d)
    mine = lambda m: (m["t"] == "lobby.table" and m["d"]["creator"] == clients[0].name
                      and m["d"]["table"] == table)
    for c in clients[1:]:
        await wait_for(c, mine, what="the new table in the lobby")
    for c in clients:
        await c.ok("lobby.leave")
    game = Game(server, table, [Seat(c, i) for i, c in enumerate(clients)], [])
    for c in clients[1:players - 1]:
        i = clients.index(c)
        state = await c.ok("table.sit", {"table": table, "seat": i})
        assert state["table"]["seats"][i]["name"] == c.name
        assert state["view"] is None
    for _ in range(watchers):
        w = await guest(server)
        state = await w.ok("table.watch", {"table": table})
        assert state["table"]["table"] == table
        game.watchers.append(w)
    if start:
        await start_game(game)
    return game


async def start_game(game):
    last = game.seats[-1]
    state = await last.c.ok("table.sit", {"table": game.table, "seat": last.seat})
    assert state["table"]["seats"][last.seat]["name"] == last.c.name
    for s in game.seats:
        await game.wait(s, is_event(game.table, "start"), what="the start")
        await game.wait(s, lambda m: m["t"] == "table.view", what="a first view")
    for w in game.watchers:
        await wait_for(w, is_event(game.table, "start"), what="the start")
    await game.settle()
    for w in game.watchers:
        await quiet(w)
    return game


async def current_game_id(client, table, within=5):
    """The id of the game being played at `table`, from a table.sync without
    since (the whole state): it is null until the server has stored the game."""
    deadline = time.monotonic() + within
    while True:
        d = await client.ok("table.sync", {"table": table})
        if d["table"]["game"]:
            return d["table"]["game"]
        assert time.monotonic() < deadline, "the table never showed its game's id"
        await asyncio.sleep(0.05)


async def check_record(client, game_id, result):
    """game.record replays with whist-replay to the scores and winners of
    the table's result event. Returns the record."""
    d = await client.ok("game.record", {"game": game_id})
    assert d["game"] == game_id
    assert d["result"] == {"scores": result["scores"], "winners": result["winners"]}
    record = d["record"]
    status, out = replay(record)
    assert status == 0, out
    assert out["game_over"] is True
    assert out["scores"] == result["scores"]
    assert out["winner"] == result["winners"]
    return d


# --- Hidden cards -----------------------------------------------------------------


def views_in(m):
    """Every view object in a message: table.view, and the view of a state
    or sync answer."""
    d = m.get("d")
    if m["t"] == "table.view":
        return [d["view"]]
    if m["t"] == "ack" and isinstance(d, dict) and isinstance(d.get("view"), dict):
        return [d["view"]]
    return []


def events_of_message(m):
    """The table events a message carries: a table.event, or a sync answer's
    missed events."""
    d = m.get("d")
    if m["t"] == "table.event":
        return [d["event"]]
    if m["t"] == "ack" and isinstance(d, dict) and isinstance(d.get("events"), list):
        return [e["event"] for e in d["events"]]
    return []


def has_key(obj, key):
    if isinstance(obj, dict):
        return key in obj or any(has_key(v, key) for v in obj.values())
    if isinstance(obj, list):
        return any(has_key(v, key) for v in obj)
    return False


def check_event_secrets(ev, sport_never):
    assert not has_key(ev, "hands"), ev
    if ev["type"] == "action" and ev["action"]["type"] == "discard":
        assert "cards" not in ev["action"], ev
    if sport_never:
        assert ev["type"] != "kitty", ev


def check_no_leaks(game, record, sport_never=False):
    """Every message each client received, of any type: a seat's views show
    no card dealt to another seat (nor, under sport_kitty never, a kitty
    card unless it is the declarer); the watchers get no table.view and
    empty hands; no event has hands or a discard's cards."""
    deals = record["deals"]
    bid = record["variant"] == "bid"
    checked_views = 0
    for s in game.seats:
        for m in s.c.messages():
            if m["t"] == "ack" and "record" in m.get("d", {}):
                continue  # game.record, after the game
            for ev in events_of_message(m):
                check_event_secrets(ev, sport_never)
            for view in views_in(m):
                assert view["seat"] == s.seat, view
                k = view["deal"]
                if k < 0:
                    continue
                hands = deals[k]["hands"]
                others = {c for o, h in enumerate(hands) if o != s.seat for c in h}
                hand = set(view["hand"])
                assert not hand & others, (s.seat, k, hand & others)
                checked_views += 1
                if bid:
                    kitty = set(deals[k]["kitty"])
                    contract = view.get("contract")
                    declarer = contract["declarer"] if contract else None
                    if declarer != s.seat:
                        assert not hand & kitty, (s.seat, k, view)
                        assert "discards" not in view, view
                        if sport_never:
                            assert view["kitty"] is None, view
    assert checked_views > 0
    for w in game.watchers:
        for m in w.messages():
            if m["t"] == "ack" and "record" in m.get("d", {}):
                continue
            if m["t"] == "table.view":
                assert m["d"]["view"]["hand"] == [] and m["d"]["view"]["seat"] is None, m
            for ev in events_of_message(m):
                check_event_secrets(ev, sport_never)
            for view in views_in(m):
                assert view["hand"] == [] and view["seat"] is None, view
                assert view["legal"] == [] and "discard" not in view, view
                if bid and sport_never:
                    assert view["kitty"] is None and "discards" not in view, view
