"""whistd end to end: whole games of each variant played through the
protocol by guests acting only on their own table.view, with no hidden
card shown; one message per connection for an action; bid whist's kitty
as sport_kitty allows; a turn timer that expires.

One test per table behaviour that shows the server carries out what the
table core says; the behaviours themselves are tested on the core
(tests/table/). Run as the rest of tests/server (see conftest.py); the
helpers are in tables.py."""

import time

import pytest

import conftest
from conftest import quiet, wait_for
from tables import (check_no_leaks, check_record, current_game_id, event_of, events_in, is_event,
                    open_game, parsed, run)


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
