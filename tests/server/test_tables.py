"""whistd end to end: the lobby, tables and their settings, whole games of
each variant played through the protocol by guests acting only on their own
table.view, hidden cards, chat, a timer, reconnecting, sitting, watching and
a server restart in the middle of a game: one test per table behaviour that
shows the server carries out what the table core says. The behaviours
themselves (refusals, chat modes, clocks, sync, retries, rematches, ...)
are tested on the core: tests/table/.

Run as the rest of tests/server (see conftest.py); WHIST_REPLAY names the
whist-replay (tools/), which must accept every finished game's record."""

import asyncio
import json
import os
import random
import subprocess
import time

import pytest

import conftest
from conftest import TIMEOUT, Client, close_clients, guest, quiet, resume, wait_for

WHIST_REPLAY = os.environ.get("WHIST_REPLAY", "/work/main/build/tools/whist-replay")


def run(coro, limit=60):
    """conftest.run, closing every client made with guest() and resume()."""
    async def body():
        try:
            return await coro
        finally:
            await close_clients()
    return conftest.run(body(), limit)


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


# --- The lobby --------------------------------------------------------------------


def test_lobby(whistd):
    s = whistd()

    async def body():
        lobby = await guest(s)
        assert await lobby.ok("lobby.join") == {"tables": []}
        c0, c1, c2, c3, w = [await guest(s) for _ in range(5)]
        table, state = await create(c0, variant="classic")
        assert state["v"] >= 1 and state["view"] is None
        t = state["table"]
        assert (t["state"], t["creator"], t["variant"], t["players"]) == (
            "open", c0.name, "classic", 4)
        assert [x["name"] for x in t["seats"]] == [c0.name, None, None, None]
        assert t["seats"][0]["user"] == c0.user["id"] and t["seats"][0]["connected"] is True

        async def update(pred):
            m = await wait_for(lobby, lambda m: m["t"] == "lobby.table"
                               and m["d"]["table"] == table and pred(m["d"]),
                               what="a lobby update")
            return m["d"]

        u = await update(lambda d: d["seats"][0]["name"] == c0.name)
        assert (u["state"], u["watchers"], u["creator"], u["game"]) == ("open", 0, c0.name, None)
        assert u["settings"] == t["settings"] and u["options"] == t["options"]

        await c1.ok("table.sit", {"table": table, "seat": 2})
        u = await update(lambda d: d["seats"][2]["name"] == c1.name)
        assert [x["name"] for x in u["seats"]] == [c0.name, None, c1.name, None]

        await w.ok("table.watch", {"table": table})
        u = await update(lambda d: d["watchers"] == 1)
        assert u["state"] == "open"
        await w.ok("table.unwatch", {"table": table})
        await update(lambda d: d["watchers"] == 0)
        await w.ok("table.watch", {"table": table})
        await update(lambda d: d["watchers"] == 1)

        # A seat left before the game is free again.
        await c1.ok("table.leave", {"table": table})
        u = await update(lambda d: d["seats"][2]["name"] is None)
        await c1.ok("table.sit", {"table": table})  # any free seat: the first
        await update(lambda d: d["seats"][1]["name"] == c1.name)

        await c2.ok("table.sit", {"table": table})
        await c3.ok("table.sit", {"table": table})
        u = await update(lambda d: d["state"] == "playing")
        assert [x["name"] for x in u["seats"]] == [c0.name, c1.name, c2.name, c3.name]
        assert u["watchers"] == 1

        # Somebody arriving later gets the list as it is now.
        late = await guest(s)
        listed = (await late.ok("lobby.join"))["tables"]
        assert [x["table"] for x in listed] == [table]
        assert listed[0]["state"] == "playing" and listed[0]["watchers"] == 1
        assert [x["name"] for x in listed[0]["seats"]] == [c0.name, c1.name, c2.name, c3.name]

        # After lobby.leave, no more updates.
        await quiet(lobby)
        await lobby.ok("lobby.leave")
        other, _ = await create(c0, variant="bid")
        m = await wait_for(late, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == other)
        assert m["d"]["variant"] == "bid"
        assert not [m for m in await quiet(lobby) if m["t"].startswith("lobby.")]

    run(body())


# --- table.create -----------------------------------------------------------------

ACCEPTED = [
    # classic presets
    ({"variant": "classic", "preset": "whist5"},
     {"play_to": 5, "trump": "turn", "honours": "off"}),
    ({"variant": "classic", "preset": "whist7rotate"},
     {"play_to": 7, "trump": "rotate", "honours": "off"}),
    ({"variant": "classic", "preset": "whist9honours"},
     {"play_to": 9, "trump": "turn", "honours": "capped"}),
    ({"variant": "classic", "preset": "trickster"},
     {"play_to": 7, "trump": "turn", "honours": "on"}),
    # classic options
    ({"variant": "classic"}, {"play_to": 5, "trump": "turn", "honours": "off"}),
    ({"variant": "classic", "options": {"trump": "rotate_nt", "honours": "on", "play_to": 9}},
     {"play_to": 9, "trump": "rotate_nt", "honours": "on"}),
    ({"variant": "classic", "options": {"trump": "rotate", "honours": "capped", "play_to": 7}},
     {"play_to": 7, "trump": "rotate", "honours": "capped"}),
    ({"variant": "classic", "preset": "whist5", "options": {"play_to": 7}},
     {"play_to": 7, "trump": "turn", "honours": "off"}),
    # A table plays to what the engine plays and docs/rules.md promises:
    # 1 to 15 (welcome's rules object says the same).
    ({"variant": "classic", "options": {"play_to": 10}},
     {"play_to": 10, "trump": "turn", "honours": "off"}),
    ({"variant": "classic", "options": {"play_to": 1}},
     {"play_to": 1, "trump": "turn", "honours": "off"}),
    # bid
    ({"variant": "bid"},
     {"play_to": 7, "jokers": 2, "min_bid": 1, "low_beats_high": True, "sport_kitty": "never",
      "bidder_gets_kitty": True, "bidder_leads": False, "double_nt": False,
      "defensive_scoring": False}),
    ({"variant": "bid", "options": {
        "play_to": 5, "jokers": 0, "min_bid": 4, "low_beats_high": False,
        "sport_kitty": "always", "bidder_gets_kitty": False, "bidder_leads": True,
        "double_nt": True, "defensive_scoring": True}},
     {"play_to": 5, "jokers": 0, "min_bid": 4, "low_beats_high": False, "sport_kitty": "always",
      "bidder_gets_kitty": False, "bidder_leads": True, "double_nt": True,
      "defensive_scoring": True}),
    ({"variant": "bid", "options": {"jokers": 1, "min_bid": 3, "sport_kitty": "trump",
                                    "play_to": 15}},
     {"play_to": 15, "jokers": 1, "min_bid": 3, "low_beats_high": True, "sport_kitty": "trump",
      "bidder_gets_kitty": True, "bidder_leads": False, "double_nt": False,
      "defensive_scoring": False}),
    # exact, 2 to 6 players, and the defaults of initial and max cards
    ({"variant": "exact"},
     {"trumps": True, "round_trip": False, "initial_cards": 7, "max_cards": 13}),
    ({"variant": "exact", "players": 2},
     {"trumps": True, "round_trip": False, "initial_cards": 7, "max_cards": 13}),
    ({"variant": "exact", "players": 3},
     {"trumps": True, "round_trip": False, "initial_cards": 7, "max_cards": 13}),
    ({"variant": "exact", "players": 5},
     {"trumps": True, "round_trip": False, "initial_cards": 4, "max_cards": 10}),
    ({"variant": "exact", "players": 6},
     {"trumps": True, "round_trip": False, "initial_cards": 4, "max_cards": 8}),
    ({"variant": "exact", "players": 2, "options": {"initial_cards": 1, "max_cards": 26,
                                                    "round_trip": True, "trumps": False}},
     {"trumps": False, "round_trip": True, "initial_cards": 1, "max_cards": 26}),
    ({"variant": "exact", "players": 6, "options": {"initial_cards": 3, "max_cards": 3}},
     {"trumps": True, "round_trip": False, "initial_cards": 3, "max_cards": 3}),
]

DEFAULT_SETTINGS = {"timer_bid": 0, "timer_play": 0, "chat": "text", "watching": True,
                    "suggestions": False, "kind": "join", "buy_in": 0, "invite_only": False,
                    "friends_only": False,
                    "start_at": None, "computers_fill": False}

SETTINGS = [
    {"timer_bid": 0, "timer_play": 0},
    {"timer_bid": 7, "timer_play": 15},
    {"timer_bid": 30, "timer_play": 60},
    {"timer_bid": 60, "timer_play": 7},
    {"chat": "none"},
    {"chat": "preset"},
    {"chat": "text"},
    {"watching": False, "suggestions": True},
    {"watching": True, "suggestions": False},
]

REFUSED = [
    {},  # no variant
    {"variant": "bridge"},
    {"variant": 1},
    {"variant": "classic", "options": {"colour": "red"}},
    {"variant": "classic", "options": {"jokers": 2}},  # a bid whist option
    {"variant": "bid", "options": {"trump": "turn"}},  # a classic option
    {"variant": "classic", "options": {"play_to": "5"}},
    {"variant": "classic", "options": {"play_to": 5.0}},
    {"variant": "classic", "options": {"trump": 1}},
    {"variant": "bid", "options": {"bidder_leads": "yes"}},
    {"variant": "bid", "options": {"jokers": [2]}},
    {"variant": "classic", "options": []},
    {"variant": "classic", "options": {"play_to": 0}},
    {"variant": "classic", "options": {"play_to": 16}},
    {"variant": "bid", "options": {"play_to": 16}},
    {"variant": "bid", "options": {"jokers": 3}},
    {"variant": "bid", "options": {"min_bid": 5}},
    {"variant": "bid", "options": {"sport_kitty": "sometimes"}},
    {"variant": "classic", "settings": {"timer_bid": 10}},
    {"variant": "classic", "settings": {"timer_play": 10}},
    {"variant": "classic", "settings": {"timer_play": "7"}},
    {"variant": "classic", "settings": {"chat": "loud"}},
    {"variant": "classic", "settings": {"chat": 1}},
    {"variant": "classic", "settings": {"watching": "yes"}},
    {"variant": "classic", "settings": {"suggestions": 1}},
    {"variant": "classic", "settings": {"colour": "red"}},
    {"variant": "classic", "settings": []},
    {"variant": "classic", "players": 5},
    {"variant": "bid", "players": 3},
    {"variant": "classic", "players": "4"},
    {"variant": "classic", "preset": "whist11"},
    {"variant": "classic", "preset": 5},
    {"variant": "bid", "preset": "whist5"},
    {"variant": "exact", "preset": "whist5"},
    {"variant": "exact", "players": 1},
    {"variant": "exact", "players": 7},
    {"variant": "exact", "players": 6, "options": {"max_cards": 9}},
    {"variant": "exact", "options": {"initial_cards": 9, "max_cards": 8}},
    {"variant": "exact", "options": {"initial_cards": 0}},
    {"variant": "exact", "options": {"play_to": 5}},
]


def test_table_create_accepts_every_option_and_setting(whistd):
    s = whistd()

    async def body():
        c = await guest(s)
        ids = set()
        for d, options in ACCEPTED:
            table, state = await create(c, **d)
            ids.add(table)
            t = state["table"]
            assert t["variant"] == d["variant"], d
            assert t["players"] == d.get("players", 4), d
            assert t["options"] == options, (d, t["options"])
            assert t["settings"] == DEFAULT_SETTINGS, d
            if "preset" in d:
                assert t["preset"] == d["preset"]
            else:
                assert "preset" not in t
            assert len(t["seats"]) == t["players"]
            assert t["seats"][0]["name"] == c.name and t["state"] == "open"
        for settings in SETTINGS:
            for variant in ("classic", "bid", "exact"):
                table, state = await create(c, variant=variant, settings=settings)
                ids.add(table)
                assert state["table"]["settings"] == {**DEFAULT_SETTINGS, **settings}
        assert len(ids) == len(ACCEPTED) + 3 * len(SETTINGS)

        # watching: false refuses watchers.
        table, _ = await create(c, variant="classic", settings={"watching": False})
        w = await guest(s)
        assert (await w.error("table.watch", {"table": table}))[0] == "no_watching"

    run(body())


def test_table_create_refusals(whistd):
    s = whistd()

    async def body():
        c = await guest(s)
        for d in REFUSED:
            code, message = await c.error("table.create", d)
            assert code == "bad_table", (d, code, message)
            assert message
        # Nothing was created.
        assert (await c.ok("lobby.join"))["tables"] == []

        # Logged out: a valid table is refused with not_logged_in.
        anon = await Client.connect(s, hello=True)
        assert (await anon.error("table.create", {"variant": "classic"}))[0] == "not_logged_in"
        for t, d in [("lobby.join", None), ("table.sit", {"table": 1}),
                     ("table.watch", {"table": 1})]:
            assert (await anon.error(t, d))[0] == "not_logged_in", t
        await anon.close()

    run(body())


# --- Whole games ------------------------------------------------------------------

GAMES = {
    "classic": ("classic", 4, {"play_to": 5}),
    "bid": ("bid", 4, {"play_to": 5, "sport_kitty": "never"}),
    "exact4": ("exact", 4, {}),
    "exact3": ("exact", 3, {}),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_whole_game(whistd, name):
    variant, players, options = GAMES[name]
    s = whistd()

    async def body():
        game = await open_game(s, variant, players, options=options, watchers=1)
        watcher = game.watchers[0]
        await game.play(steps=5)
        # While the game is on, its record is not given.
        gid = await current_game_id(watcher, game.table)
        assert (await watcher.error("game.record", {"game": gid}))[0] == "game_in_progress"
        assert (await game.seats[1].c.error("game.record", {"game": gid}))[0] == \
            "game_in_progress"
        assert (await watcher.error("game.record", {"game": gid + 1000}))[0] == "no_game"

        result = await game.finish()
        assert result["game"] == gid
        assert len(result["scores"]) == (2 if variant != "exact" else players)
        if variant == "exact":
            assert len(game.seats[0].view["results"]) == 7  # 7 to 13 cards
        assert result["winners"]
        # Every seat's last view says the same.
        for st in game.seats:
            assert st.view["game_over"] is True and st.view["scores"] == result["scores"]
            assert st.view["winners"] == result["winners"]
        d = await check_record(watcher, gid, result)
        assert [x["name"] for x in d["seats"]] == [st.c.name for st in game.seats]
        record = d["record"]
        assert record["variant"] == variant and record["players"] == players
        if variant == "bid":
            assert record["options"]["sport_kitty"] == "never"
        check_no_leaks(game, record, sport_never=(variant == "bid"))
        # Everyone saw the same public events, in the same order.
        seen = [[(m["d"]["v"], m["d"]["event"]) for m in parsed(st.c)
                 if m["t"] == "table.event"] for st in game.seats]
        start = max(v for v, e in seen[0] if e["type"] == "start")
        for other in seen[1:]:
            assert [x for x in other if x[0] >= start] == [x for x in seen[0] if x[0] >= start]
        played = [e["action"] for v, e in seen[0] if v >= start and e["type"] == "action"]
        assert len(played) == len(record["actions"])
        assert len(events_in(parsed(watcher), game.table, "action")) == len(played)
        assert game.actions == len(record["actions"])

    run(body(), limit=120)


def test_one_message_per_connection_for_an_action(whistd):
    """An action reaches each connection as one WebSocket message: the
    actor's batch holds the event, the ack and its fresh view, in that
    order (the view after the ack: newer than the action); the next seat's
    the event and its view; the others' and the watcher's the event
    alone."""
    s = whistd()

    async def body():
        game = await open_game(s, "classic", watchers=1)
        watcher = game.watchers[0]
        actor = game.to_act()
        nxt = game.seats[(actor.seat + 1) % 4]
        frames = {id(st): len(st.c.raw) for st in game.seats}
        frames[id(watcher)] = len(watcher.raw)
        action = game.choose(actor.view)
        rid = actor.c.new_id()
        await game.act(actor, action, id=rid)
        await game.wait(nxt, lambda m: m["t"] == "table.view", what="its view")
        await game.settle()
        await quiet(watcher)

        def new_frames(c, key):
            return [conftest.unbatched(t) for t in c.raw[frames[key]:]]

        def kinds(batch):
            return [m["t"] if m["t"] != "table.event" else m["d"]["event"]["type"]
                    for m in batch]

        mine = new_frames(actor.c, id(actor))
        assert [kinds(b) for b in mine] == [["action", "ack", "table.view"]], mine
        assert mine[0][0]["d"]["event"]["action"] == {**action, "seat": actor.seat}
        assert mine[0][1]["id"] == rid and mine[0][1]["d"] == {"v": mine[0][0]["d"]["v"]}
        assert action.get("card") not in mine[0][2]["d"]["view"]["hand"]
        assert [kinds(b) for b in new_frames(nxt.c, id(nxt))] == [["action", "table.view"]]
        assert nxt.view["to_act"] == nxt.seat
        for st in game.seats:
            if st is not actor and st is not nxt:
                assert [kinds(b) for b in new_frames(st.c, id(st))] == [["action"]]
        assert [kinds(b) for b in new_frames(watcher, id(watcher))] == [["action"]]
        # A batch is JSON text the client reads whole; its parts are the
        # messages themselves, not copies with anything added.
        text = actor.c.raw[frames[id(actor)]]
        assert text.startswith('{"d":[{') and text.endswith('}],"t":"batch"}')

    run(body())


@pytest.mark.parametrize("sport,mode,shown", [
    ("never", "uptown", False), ("always", "notrump", True), ("trump", "uptown", True),
    ("trump", "notrump", False)])
def test_bid_whist_kitty_as_sport_kitty_allows(whistd, sport, mode, shown):
    """The first bidder bids 1 in `mode`, the others pass: the kitty is
    shown to all (a "kitty" event, every view's "kitty") exactly when the
    option says so; the declarer always sees it, to discard."""
    s = whistd()

    async def body():
        game = await open_game(s, "bid", options={"sport_kitty": sport}, watchers=1)
        first = game.to_act()
        await game.act(first, {"type": "bid", "level": 1, "mode": mode})
        for _ in range(3):
            await game.play(steps=0)
            st = game.to_act()
            assert st.view["phase"] == "bidding"
            await game.act(st, {"type": "pass"})
        await game.play(steps=0)
        declarer = game.to_act()
        assert declarer is first and declarer.view["phase"] == "discard"
        kitty = declarer.view["kitty"]
        assert len(kitty) == 6 and declarer.view["discard"] == 6  # two jokers: 54 - 48
        assert declarer.view["legal"] == []
        assert set(kitty) <= set(declarer.view["hand"]) and len(declarer.view["hand"]) == 18
        await game.settle()
        # The event says the phase and the seat to act after the bidding.
        sported = {"type": "kitty", "cards": kitty, "phase": "discard", "to_act": declarer.seat}
        for st in game.seats:
            kitty_events = events_in(parsed(st.c), game.table, "kitty")
            if st is declarer:
                continue
            assert kitty_events == ([sported] if shown else [])
            assert not set(kitty) & set(st.view["hand"])
            assert st.view["kitty"] == (kitty if shown else None)
        w = game.watchers[0]
        kitty_events = events_in(await quiet(w), game.table, "kitty")
        assert kitty_events == ([sported] if shown else [])
        state = await w.ok("table.sync", {"table": game.table})
        assert state["view"]["kitty"] == (kitty if shown else None)
        # The discard: told to all, its cards to the declarer alone.
        discard = declarer.view["hand"][:6]
        await game.act(declarer, {"type": "discard", "cards": discard})
        await game.play(steps=0)
        assert game.to_act() is declarer and declarer.view["phase"] == "choose"
        assert declarer.view["discards"] == discard
        await game.settle()
        await quiet(w)
        for c in [st.c for st in game.seats] + [w]:
            ev = events_in(parsed(c), game.table, "action")[-1]
            assert ev["action"] == {"seat": declarer.seat, "type": "discard"}
        for st in game.seats:
            if st is not declarer:
                assert "discards" not in st.view and not set(discard) & set(st.view["hand"])

    run(body())


# --- Chat -------------------------------------------------------------------------


async def no_events(clients, table, period=0.4):
    for c in clients:
        got = await quiet(c, period)
        assert not [m for m in got if m["t"] in ("table.event", "table.view")], got


async def chat_seen(clients, table, **fields):
    for c in clients:
        m = await wait_for(c, is_event(table, "chat", **fields), what=f"the chat {fields}")
        assert set(m["d"]["event"]) == {"type", "from", "seat", "text", *fields}, m


def test_chat_text(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", settings={"chat": "text"}, watchers=1)
        T, w = game.table, game.watchers[0]
        everyone = [st.c for st in game.seats] + [w]
        one = game.seats[1].c
        assert await one.ok("table.chat", {"table": T, "text": " hi\u0007 there\x1b[0m\n "}) == {}
        await chat_seen(everyone, T, **{"from": one.name, "seat": 1, "text": "hi there[0m"})
        # A watcher may talk too; it has no seat.
        await w.ok("table.chat", {"table": T, "text": "go on"})
        await chat_seen(everyone, T, **{"from": w.name, "seat": None, "text": "go on"})
        # Phrases are fine in text mode.
        await one.ok("table.chat", {"table": T, "phrase": 2})
        await chat_seen(everyone, T, **{"from": one.name, "seat": 1, "phrase": 2,
                                       "text": "Well played!"})
        # 200 characters at most; empty lines are refused.
        await one.ok("table.chat", {"table": T, "text": "x" * 200})
        await chat_seen(everyone, T, text="x" * 200)
        for bad in ["x" * 201, "", "   ", "\u0001\u0002\n"]:
            assert (await one.error("table.chat", {"table": T, "text": bad}))[0] == "bad_chat", bad
        assert (await one.error("table.chat", {"table": T, "phrase": 11}))[0] == "bad_phrase"
        for d in [{"table": T}, {"table": T, "text": 5}, {"text": "hi"}]:
            assert (await one.error("table.chat", d))[0] == "bad_message", d
        assert (await one.error("table.chat", {"table": 999999, "text": "hi"}))[0] == "no_table"
        await no_events(everyone, T)
        # The game itself is not disturbed.
        await game.play(steps=4)

    run(body())


# --- Timers -----------------------------------------------------------------------


async def expect_auto(game, seat, started, within=10.5):
    """Every client gets {"type":"auto","seat":S} and then S's action."""
    for c in [st.c for st in game.seats] + game.watchers:
        left = within - (time.monotonic() - started)
        m = await wait_for(c, is_event(game.table, "auto"), timeout=max(left, 0.1),
                           what="an automatic action")
        assert m["d"]["event"] == {"type": "auto", "seat": seat.seat}
        nxt = await wait_for(c, lambda m: event_of(m, game.table) is not None)
        assert nxt["d"]["v"] == m["d"]["v"] + 1
        ev = nxt["d"]["event"]
        assert ev["type"] == "action" and ev["action"]["seat"] == seat.seat, ev
    return ev["action"]


def test_timer_play_expires(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", settings={"timer_play": 7}, watchers=1)
        started = time.monotonic()
        st = game.to_act()
        action = await expect_auto(game, st, started)
        assert time.monotonic() - started > 6
        # The computer player's choice: one of the legal cards.
        assert action in st.view["legal"]

    run(body())


# --- Disconnecting and reconnecting -----------------------------------------------


def test_disconnect_and_reconnect(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", watchers=1)
        T, w = game.table, game.watchers[0]
        await game.play(steps=8)  # two tricks: a trick is starting
        a = game.to_act()
        assert a.view["trick"]["cards"] == []
        d = game.seats[(a.seat + 2) % 4]  # plays third in this trick
        await game.settle()
        now = await d.c.ok("table.sync", {"table": T})
        since, hand = now["v"], now["view"]["hand"]
        assert since == d.last_v
        await d.c.close()
        others = [st for st in game.seats if st is not d]
        for st in others:
            m = await game.wait(st, is_event(T, "disconnected", seat=d.seat),
                                what="the disconnection")
            assert m["d"]["v"] == since + 1
        await wait_for(w, is_event(T, "disconnected", seat=d.seat))
        watched = await w.ok("table.sync", {"table": T})
        assert watched["table"]["seats"][d.seat]["connected"] is False

        # The two before it play meanwhile.
        await game.play(steps=2, seats=others, wait_next=False)
        await game.settle(seats=others)
        assert game.to_act() is None  # d's turn, and d is away

        c = await resume(s, d.c.token)
        back = await c.ok("table.sync", {"table": T, "since": since})
        assert back["table"] == T
        versions = [e["v"] for e in back["events"]]
        assert versions == list(range(since + 1, back["v"] + 1))
        missed = [e["event"] for e in back["events"]]
        assert missed[0] == {"type": "disconnected", "seat": d.seat}
        assert missed[-1] == {"type": "connected", "seat": d.seat}
        plays = [e["action"] for e in missed if e["type"] == "action"]
        assert [p["seat"] for p in plays] == [a.seat, (a.seat + 1) % 4]
        view = back["view"]
        assert view["seat"] == d.seat and view["to_act"] == d.seat
        assert sorted(view["hand"]) == sorted(hand)
        assert view["trick"]["cards"] == [p["card"] for p in plays]
        assert view["legal"]
        for st in others:
            m = await game.wait(st, is_event(T, "connected", seat=d.seat), what="the return")
            assert m["d"]["v"] == back["v"]
        await wait_for(w, is_event(T, "connected", seat=d.seat))

        # d plays on from the new connection, to the end of the game.
        d.c, d.view, d.view_v = c, view, back["v"]
        result = await game.finish()
        await check_record(w, result["game"], result)

    run(body(), limit=90)


def test_lobby_sees_a_player_come_back(whistd):
    """The lobby's "connected" follows a player who leaves and comes back
    with table.sync (as it does one who comes back with table.sit)."""
    s = whistd()

    async def body():
        game = await open_game(s, "classic", watchers=0)
        T = game.table
        lobby = await guest(s)
        await lobby.ok("lobby.join")

        def seat1(connected):
            return lambda m: (m["t"] == "lobby.table" and m["d"]["table"] == T
                              and m["d"]["seats"][1]["connected"] is connected)

        for how in ["table.sit", "table.sync"]:
            await game.seats[1].c.close()
            await wait_for(lobby, seat1(False), what="seat 1 away in the lobby")
            c = await resume(s, game.seats[1].c.token)
            game.seats[1].c = c
            await c.ok(how, {"table": T})
            await wait_for(lobby, seat1(True), timeout=3, what=f"seat 1 back ({how})")

    run(body())


# --- Sitting and leaving -----------------------------------------------------------


def test_sit_and_leave(whistd):
    s = whistd()

    async def body():
        c0, c1, c2, lobby = [await guest(s) for _ in range(4)]
        await lobby.ok("lobby.join")
        table, _ = await create(c0, variant="exact", players=3)
        assert (await c1.error("table.sit", {"table": table, "seat": 3}))[0] == "bad_seat"
        assert (await c1.error("table.sit", {"table": table, "seat": 0}))[0] == "seat_taken"
        assert (await c1.error("table.sit", {"table": table, "seat": "1"}))[0] == "bad_message"
        assert (await c1.error("table.sit", {"table": 999999}))[0] == "no_table"
        state = await c1.ok("table.sit", {"table": table, "seat": 2})
        assert state["table"]["seats"][2]["name"] == c1.name
        # Sitting again is taking one's seat back: the same seat, no event.
        again = await c1.ok("table.sit", {"table": table, "seat": 1})
        assert again["table"]["seats"][2]["name"] == c1.name
        assert again["table"]["seats"][1]["name"] is None
        assert again["v"] == state["v"]
        m = await wait_for(c0, is_event(table, "sit", seat=2))
        assert m["d"]["event"] == {"type": "sit", "seat": 2, "name": c1.name}
        assert (await c2.error("table.rematch", {"table": table}))[0] == "not_seated"
        assert (await c1.error("table.rematch", {"table": table}))[0] == "wrong_state"
        assert (await c1.error("table.act", {"table": table, "action": {"type": "pass"}}))[0] \
            == "no_game"
        await c1.ok("table.leave", {"table": table})
        m = await wait_for(c0, is_event(table, "leave", seat=2))
        assert m["d"]["event"] == {"type": "leave", "seat": 2}
        assert (await c1.error("table.leave", {"table": table}))[0] == "not_seated"
        # The last one out closes the table: it leaves the lobby.
        await c0.ok("table.leave", {"table": table})
        m = await wait_for(lobby, lambda m: m["t"] == "lobby.removed")
        assert m["d"] == {"table": table}
        assert (await c0.error("table.sit", {"table": table}))[0] == "no_table"
        assert (await lobby.ok("lobby.join"))["tables"] == []

    run(body())


# --- Watching ---------------------------------------------------------------------


def test_watchers(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", watchers=10)
        T = game.table
        extra = await guest(s)
        assert (await extra.error("table.watch", {"table": T}))[0] == "too_many_watchers"
        await game.watchers[0].ok("table.unwatch", {"table": T})
        state = await extra.ok("table.watch", {"table": T})
        assert state["view"]["hand"] == [] and state["view"]["seat"] is None
        assert state["view"]["hand_counts"] == [13, 13, 13, 13]
        assert state["table"]["watchers"] == 10
        await quiet(game.watchers[0])
        await game.play(steps=1)
        m = await wait_for(extra, is_event(T, "action"))
        assert not await quiet(game.watchers[0])  # it left
        assert m["d"]["event"]["action"]["type"] == "play"

    run(body())


# --- Restart ----------------------------------------------------------------------


def test_server_restart_mid_game(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "bid", options={"play_to": 5}, watchers=0)
        T = game.table
        # Into the play of the first deal, in the middle of a trick.
        while True:
            await game.play(steps=1)
            st = game.to_act()
            if st.view["phase"] == "play" and st.view["trick"]["cards"] and \
                    len(st.view["tricks"]) >= 2:
                break
        await game.settle()
        before = {}
        for st in game.seats:
            before[st.seat] = (await st.c.ok("table.sync", {"table": T}))["view"]
        tokens = [st.c.token for st in game.seats]
        assert s.stop() == 0
        for st in game.seats:
            await st.c.closed()

        s2 = whistd(db=s.db_path)
        assert "restored" in s2.log()
        look = await guest(s2)
        listed = (await look.ok("lobby.join"))["tables"]
        assert [(t["table"], t["state"]) for t in listed] == [(T, "playing")]
        assert [x["name"] for x in listed[0]["seats"]] == [st.c.name for st in game.seats]
        assert not any(x["connected"] for x in listed[0]["seats"])
        for st, token in zip(game.seats, tokens):
            c = await resume(s2, token)
            back = await c.ok("table.sync", {"table": T, "since": st.last_v})
            assert back["view"] == before[st.seat], st.seat
            st.c, st.view, st.view_v, st.acted_v = c, back["view"], back["v"], -1
        result = await game.finish()
        await check_record(game.seats[0].c, result["game"], result)

    run(body(), limit=90)

