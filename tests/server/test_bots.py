"""Computer players in whistd: seats given to the computer by a table's
creator (and brought back by a restart), whole games of every variant with
one person and computer players (the person acting on suggestions), the
computer standing in for a player who dropped and handing the seat back,
and suggestions refused where the table does not allow them. Every message
the person and the watchers receive is checked for hidden cards.

Run as the rest of tests/server (see conftest.py)."""

import asyncio
import time

import pytest

from conftest import TIMEOUT, guest, resume, wait_for
from test_tables import (Game, Seat, check_no_leaks, check_record, create, event_of,
                         events_in, is_event, open_game, parsed, run)

# Quick computer players, so that whole games fit in a test.
FAST_BOTS = ["--bot-budget-ms", "20", "--bot-delay-ms", "0"]


async def add_bots(c, table, seats):
    """The creator seats a computer player at each of `seats`."""
    names = []
    for seat in seats:
        d = await c.ok("table.add_bot", {"table": table, "seat": seat})
        assert d["seat"] == seat and d["name"].startswith("Computer "), d
        names.append(d["name"])
    return names


def check_suggestion(view, action):
    """A suggested action is one the seat may take now."""
    assert action["seat"] == view["seat"], (view, action)
    if view.get("discard"):
        assert action["type"] == "discard", action
        assert len(action["cards"]) == view["discard"]
        assert set(action["cards"]) <= set(view["hand"])
    else:
        assert action in view["legal"], (view["legal"], action)


async def play_on_suggestions(game, st):
    """The person at `st` asks for a suggestion at each turn and plays it,
    to the end of the game. Returns the suggested actions."""
    T = game.table
    suggested = []
    while st.result is None:
        if st.wants_to_act():
            view = st.view
            r = await st.c.request("table.suggest", {"table": T})
            assert r["t"] == "ack", r
            assert r["d"]["v"] == st.view_v, (r, st.view_v)
            action = r["d"]["action"]
            check_suggestion(view, action)
            suggested.append((view["phase"], action))
            st.acted_v = st.view_v
            r = await st.c.request("table.act", {"table": T, "action": action})
            assert r["t"] == "ack", r
        else:
            await game.read(st, TIMEOUT)
    return suggested


VARIANTS = {
    "classic": ("classic", 4, {"play_to": 5}),
    "bid": ("bid", 4, {"play_to": 5, "sport_kitty": "never"}),
    "exact4": ("exact", 4, {"initial_cards": 4, "max_cards": 7}),
    "exact3": ("exact", 3, {"initial_cards": 5, "max_cards": 8}),
}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_one_person_and_computer_players(whistd, name):
    variant, players, options = VARIANTS[name]
    s = whistd(*FAST_BOTS)

    async def body():
        me, w = await guest(s), await guest(s)
        d = {"variant": variant, "options": options, "settings": {"suggestions": True}}
        if variant == "exact":
            d["players"] = players
        T, _ = await create(me, **d)
        await w.ok("table.watch", {"table": T})
        names = await add_bots(me, T, range(1, players))
        assert names == [f"Computer {k}" for k in range(1, players)]
        game = Game(s, T, [Seat(me, 0)], [w])
        st = game.seats[0]
        m = await game.wait(st, is_event(T, "start"), what="the start")
        seats = m["d"]["event"]["seats"]
        assert [x["name"] for x in seats] == [me.name] + names
        assert [x["computer"] for x in seats] == [False] + [True] * (players - 1)
        assert [x["user"] for x in seats[1:]] == [-k for k in range(1, players)]
        suggested = await play_on_suggestions(game, st)
        result = st.result
        phases = {p for p, _ in suggested}
        assert "play" in phases
        if variant != "classic":
            assert "bidding" in phases
        # The computers acted by themselves, never announced as automatic.
        assert not events_in(parsed(me), T, "auto")
        actions = [e["action"] for e in events_in(parsed(me), T, "action")]
        assert {a["seat"] for a in actions} == set(range(players))
        d = await check_record(w, result["game"], result)
        assert [x["name"] for x in d["seats"]] == [me.name] + names
        await asyncio.sleep(0.3)
        while True:
            try:
                await w.recv(0.3)
            except asyncio.TimeoutError:
                break
        check_no_leaks(game, d["record"], sport_never=(variant == "bid"))
        # Another game: the person asks, the computers agree.
        await me.ok("table.rematch", {"table": T})
        await wait_for(me, is_event(T, "start"), what="the rematch's start")

    run(body(), limit=240)


def test_dropped_player_is_played_by_the_computer_until_back(whistd):
    s = whistd("--reconnect-grace", "3", *FAST_BOTS)

    async def body():
        game = await open_game(s, "classic", watchers=1)
        T, w = game.table, game.watchers[0]
        await game.play(steps=4)
        await game.settle()
        d = game.seats[(game.to_act().seat + 1) % 4]  # plays second in this trick
        await d.c.close()
        others = [st for st in game.seats if st is not d]
        for st in others:
            await game.wait(st, is_event(T, "disconnected", seat=d.seat))
        # Three tricks without d: its grace runs out once, then the computer
        # plays its seat at every turn without waiting again.
        started = time.monotonic()
        await game.play(steps=9, seats=others)
        await game.settle(seats=others)
        took = time.monotonic() - started
        auto = [m for m in parsed(others[0].c) if is_event(T, "auto", seat=d.seat)(m)]
        assert len(auto) >= 3, auto
        # One grace period, not one per turn (3 s each, 9 s for three).
        assert took < 3 * 3, took
        plays = [e["action"] for e in events_in(parsed(others[0].c), T, "action")]
        assert sum(1 for a in plays if a["seat"] == d.seat) >= 3

        # d comes back: the seat is d's again; nothing more is played for it.
        c = await resume(s, d.c.token)
        back = await c.ok("table.sync", {"table": T})
        d.c, d.view, d.view_v, d.acted_v = c, back["view"], back["v"], -1
        mark = len(others[0].c.messages())
        result = await game.finish()
        later = [m for m in parsed(others[0].c)[mark:] if is_event(T, "auto")(m)]
        assert later == []
        record = await check_record(w, result["game"], result)
        check_no_leaks(game, record["record"])

    run(body(), limit=120)


def test_suggestions_refused_where_not_allowed(whistd):
    s = whistd(*FAST_BOTS)

    async def body():
        # A table without suggestions (the default).
        game = await open_game(s, "classic", watchers=1)
        T, w = game.table, game.watchers[0]
        st = game.to_act()
        code, msg = await st.c.error("table.suggest", {"table": T})
        assert code == "no_suggestions" and "suggestions" in msg
        assert (await w.error("table.suggest", {"table": T}))[0] == "not_seated"

        # With suggestions: only for one's own turn, during a game.
        a, b = await guest(s), await guest(s)
        T2, _ = await create(a, variant="classic", settings={"suggestions": True})
        assert (await a.error("table.suggest", {"table": T2}))[0] == "no_game"
        await b.ok("table.sit", {"table": T2, "seat": 2})
        await add_bots(a, T2, [1, 3])
        g2 = Game(s, T2, [Seat(a, 0), Seat(b, 2)], [])
        for x in g2.seats:
            await g2.wait(x, lambda m: m["t"] == "table.view", what="a view")
        # Wait for a person's turn (the computers play theirs).
        while g2.to_act() is None:
            for x in g2.seats:
                try:
                    await g2.read(x, 0.2)
                except asyncio.TimeoutError:
                    pass
        mine = g2.to_act()
        other = g2.seats[1] if mine is g2.seats[0] else g2.seats[0]
        assert (await other.c.error("table.suggest", {"table": T2}))[0] == "not_your_turn"
        r = await mine.c.ok("table.suggest", {"table": T2})
        check_suggestion(mine.view, r["action"])
        # A suggestion changes nothing: the turn is still the asker's.
        assert (await mine.c.ok("table.sync", {"table": T2}))["view"]["to_act"] == mine.seat

    run(body())


def test_computer_seats_refusals(whistd):
    s = whistd(*FAST_BOTS)

    async def body():
        a, b = await guest(s), await guest(s)
        T, _ = await create(a, variant="exact", players=3)
        await b.ok("table.sit", {"table": T, "seat": 1})
        assert (await b.error("table.add_bot", {"table": T}))[0] == "not_creator"
        assert (await a.error("table.add_bot", {"table": T, "seat": 1}))[0] == "seat_taken"
        assert (await a.error("table.add_bot", {"table": T, "seat": 3}))[0] == "bad_seat"
        assert (await a.error("table.add_bot", {"table": T, "seat": "x"}))[0] == "bad_message"
        assert (await a.error("table.remove_bot", {"table": T}))[0] == "bad_message"
        assert (await a.error("table.remove_bot", {"table": T, "seat": 1}))[0] == "not_computer"
        assert (await a.error("table.remove_bot", {"table": T, "seat": 2}))[0] == "not_computer"
        # Added, removed, added again: "Computer 1" each time.
        assert (await a.ok("table.add_bot", {"table": T, "seat": None})) == \
            {"seat": 2, "name": "Computer 1"}
        m = await wait_for(b, is_event(T, "sit", seat=2))
        assert m["d"]["event"] == {"type": "sit", "seat": 2, "name": "Computer 1",
                                   "computer": True}
        await wait_for(b, is_event(T, "start"), what="the start")
        assert (await a.error("table.remove_bot", {"table": T, "seat": 2}))[0] == \
            "game_in_progress"
        assert (await a.error("table.add_bot", {"table": T}))[0] == "game_in_progress"

    run(body())


def test_computer_players_come_back_after_a_restart(whistd):
    s = whistd(*FAST_BOTS)

    async def body():
        a = await guest(s)
        T, _ = await create(a, variant="classic")
        await add_bots(a, T, [1, 2])
        assert (await a.ok("table.remove_bot", {"table": T, "seat": 1})) == {}
        await add_bots(a, T, [3])
        seats = (await a.ok("table.sync", {"table": T}))["table"]["seats"]
        assert [(x["name"], x["computer"], x["user"]) for x in seats] == [
            (a.name, False, a.user["id"]), (None, False, None), ("Computer 2", True, -2),
            ("Computer 1", True, -1)]
        token = a.token
        await asyncio.sleep(0.3)  # the table is written
        assert s.stop() == 0
        s2 = whistd(*FAST_BOTS, db=s.db_path)
        c = await resume(s2, token)
        listed = (await c.ok("lobby.join"))["tables"]
        assert [x["name"] for x in listed[0]["seats"]] == [a.name, None, "Computer 2", "Computer 1"]
        assert [x["connected"] for x in listed[0]["seats"]] == [False, False, True, True]
        # A person takes the last seat: the game starts and the computers play.
        b = await guest(s2)
        await c.ok("table.sit", {"table": T})
        await b.ok("table.sit", {"table": T, "seat": 1})
        game = Game(s2, T, [Seat(c, 0), Seat(b, 1)], [])
        result = await game.finish()
        assert result["winners"]

    run(body(), limit=120)


def test_timed_out_player_gets_the_computers_action(whistd):
    """A player present but out of time: the computer acts once, announced
    as automatic; the next turn is the player's own again."""
    s = whistd("--bot-budget-ms", "20")

    async def body():
        game = await open_game(s, "bid", settings={"timer_bid": 7}, watchers=0)
        st = game.to_act()
        started = time.monotonic()
        m = await game.wait(st, is_event(game.table, "auto", seat=st.seat), timeout=12)
        assert time.monotonic() - started > 6
        nxt = await game.wait(st, lambda m: event_of(m, game.table) is not None)
        assert nxt["d"]["v"] == m["d"]["v"] + 1
        assert nxt["d"]["event"]["action"] in st.view["legal"]
        st.acted_v = st.view_v  # that view was acted on
        # Not stood in for: present players keep their seats.
        await game.play(steps=3)
        await game.settle()
        assert len(events_in(parsed(st.c), game.table, "auto")) == 1

    run(body())


def test_quick_play_fills_with_computer_players(whistd):
    s = whistd("--quick-fill-seconds", "2", *FAST_BOTS)

    async def body():
        a, b, c = await guest(s), await guest(s), await guest(s)
        assert (await a.error("play.quick", {"variant": "skat"}))[0] == "bad_message"
        assert (await a.error("play.quick", {}))[0] == "bad_message"
        first = await a.ok("play.quick", {"variant": "classic"})
        T = first["table"]["table"]
        settings = first["table"]["settings"]
        assert settings["kind"] == "play" and settings["suggestions"] is True
        assert settings["timer_bid"] == 15 and settings["timer_play"] == 15
        second = await b.ok("play.quick", {"variant": "classic"})
        assert second["table"]["table"] == T
        assert [x["name"] for x in second["table"]["seats"]] == [a.name, b.name, None, None]
        # Nobody else comes: computer players fill the two free seats.
        started = time.monotonic()
        m = await wait_for(a, is_event(T, "start"), timeout=10, what="the start")
        assert time.monotonic() - started > 1
        seats = m["d"]["event"]["seats"]
        assert [x["computer"] for x in seats] == [False, False, True, True]
        # The table has started: the next player gets a new one.
        third = await c.ok("play.quick", {"variant": "classic"})
        assert third["table"]["table"] != T
        assert third["table"]["seats"][0]["name"] == c.name
        # Another variant is another table.
        other = await a.ok("play.quick", {"variant": "exact", "players": 3})
        assert other["table"]["players"] == 3 and other["table"]["table"] != third["table"]["table"]

    run(body())


def test_quick_play_table_forms_again_after_a_restart(whistd):
    s = whistd("--quick-fill-seconds", "60", *FAST_BOTS)

    async def body():
        a = await guest(s)
        T = (await a.ok("play.quick", {"variant": "bid"}))["table"]["table"]
        await asyncio.sleep(0.3)  # the seat is written
        assert s.stop() == 0
        s2 = whistd("--quick-fill-seconds", "3", *FAST_BOTS, db=s.db_path)
        c = await resume(s2, a.token)
        await c.ok("table.sync", {"table": T})
        b = await guest(s2)
        assert (await b.ok("play.quick", {"variant": "bid"}))["table"]["table"] == T
        m = await wait_for(b, is_event(T, "start"), timeout=15, what="the start")
        assert [x["computer"] for x in m["d"]["event"]["seats"]] == [False, False, True, True]

    run(body())
