"""Computer players in whistd: whole games of every variant with one person
and computer players (the person acting on suggestions), on the real
computer player's threads, and quick play's tables filled with them (also
after a restart). Every message the person and the watchers receive is
checked for hidden cards. Their seats, stand-ins, timeouts and refusals are
tested on the table core (tests/table/computers_test.cpp).
Run as the rest of tests/server (see conftest.py)."""

import asyncio
import time

import pytest

from conftest import TIMEOUT, guest, resume, wait_for
from tables import (Game, Seat, check_no_leaks, check_record, create, events_in,
                    is_event, parsed, run)

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
