"""The turn clock in what the server sends: `turn_ms_left` beside each view
(table.view, the state answer, table.sync's events answer), so that a page
loaded again in the middle of a turn shows the time really left, not the
whole limit again. Null when the seat to act has no clock."""

import asyncio
import time

from conftest import resume, wait_for
from test_tables import is_event, open_game, parsed, run


def last_view_msg(client, table):
    views = [m for m in parsed(client) if m["t"] == "table.view" and m["d"]["table"] == table]
    assert views, "no table.view received"
    return views[-1]["d"]


def test_turn_ms_left_counts_down_across_views_syncs_and_reloads(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", settings={"timer_play": 15}, watchers=1)
        T, w = game.table, game.watchers[0]
        st = game.to_act()
        assert st is not None
        started = time.monotonic()
        first = last_view_msg(st.c, T)
        assert first["view"]["to_act"] == st.seat
        assert 12_000 < first["turn_ms_left"] <= 15_000, first["turn_ms_left"]
        # The other seats' views say the same clock (it is not theirs, but it runs).
        await asyncio.sleep(2)
        spent = (time.monotonic() - started) * 1000

        # The state answer to the seat to act: the clock went on, it did not start again.
        state = await st.c.ok("table.sync", {"table": T})
        left = state["turn_ms_left"]
        assert isinstance(left, int) and 0 < left <= 15_000 - spent + 500, (left, spent)
        assert left < first["turn_ms_left"] - 1000
        # The events answer carries it too, and a watcher's answer.
        events = await st.c.ok("table.sync", {"table": T, "since": state["v"]})
        assert events["events"] == [] and 0 < events["turn_ms_left"] <= left
        watched = await w.ok("table.sync", {"table": T})
        assert watched["view"]["seat"] is None and 0 < watched["turn_ms_left"] <= left

        # A reload: a new connection of the same session, the whole state.
        c = await resume(s, st.c.token)
        back = await c.ok("table.sync", {"table": T})
        assert back["view"]["to_act"] == st.seat
        assert 0 < back["turn_ms_left"] <= left

        # After the action, the next seat's view has a whole new clock.
        await c.ok("table.act", {"table": T, "action": st.view["legal"][0]})
        nxt = game.seats[(st.seat + 1) % 4]
        m = await game.wait(nxt, lambda m: m["t"] == "table.view" and m["d"]["view"]["to_act"] == nxt.seat,
                            what="the next seat's turn")
        assert 13_000 < m["d"]["turn_ms_left"] <= 15_000, m["d"]

    run(body())


def test_turn_ms_left_is_null_without_a_clock_and_counts_an_absent_players_grace(whistd):
    s = whistd("--reconnect-grace", "30")

    async def body():
        game = await open_game(s, "classic", watchers=1)
        T, w = game.table, game.watchers[0]
        st = game.to_act()
        assert last_view_msg(st.c, T)["turn_ms_left"] is None
        assert (await st.c.ok("table.sync", {"table": T}))["turn_ms_left"] is None
        assert (await w.ok("table.sync", {"table": T}))["turn_ms_left"] is None

        # The seat to act goes away: its grace is the clock the others see.
        token = st.c.token
        await st.c.close()
        await wait_for(w, is_event(T, "disconnected", seat=st.seat))
        away = await w.ok("table.sync", {"table": T})
        assert 25_000 < away["turn_ms_left"] <= 30_000, away["turn_ms_left"]

        # Back in time: the turn is theirs again, without a limit.
        c = await resume(s, token)
        back = await c.ok("table.sync", {"table": T})
        assert back["view"]["to_act"] == st.seat and back["turn_ms_left"] is None

    run(body())
