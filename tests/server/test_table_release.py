"""Two things a player meets at a table's edges (docs/protocol.md):

- after a game, a seated player whose connection ended and who is not back
  within the reconnect grace leaves the seat, as if they had sent
  table.leave (closing the tab at a finished table ends where leaving it
  does); one who comes back in time keeps it; before a first game the seat
  is kept;
- a quick-play table says, while people wait, when computer players take
  the free seats (fill_at, Unix seconds), and they do then.
"""

import asyncio
import time

from conftest import guest, member, quiet, resume, wait_for
from test_tables import Game, Seat, create, is_event, run

FAST_BOTS = ["--bot-budget-ms", "20", "--bot-delay-ms", "0"]
SHORT = {"initial_cards": 1, "max_cards": 1}  # exact whist, one deal of one card


async def short_game(s, n=3):
    """`n` guests play a whole exact-whist game of one card; returns the Game."""
    clients = [await guest(s) for _ in range(n)]
    T, _ = await create(clients[0], variant="exact", players=n, options=SHORT)
    for i, c in enumerate(clients[1:], 1):
        await c.ok("table.sit", {"table": T, "seat": i})
    game = Game(s, T, [Seat(c, i) for i, c in enumerate(clients)], [])
    for st in game.seats:
        await game.wait(st, is_event(T, "start"), what="the start")
    await game.finish()
    return game


def test_a_player_gone_from_a_finished_table_leaves_the_seat_after_the_grace(whistd):
    s = whistd("--reconnect-grace", "2")

    async def body():
        game = await short_game(s)
        T = game.table
        stay, back, gone = game.seats
        lobby = await guest(s)
        await lobby.ok("lobby.join")
        # Two close their tab at the finished table; one of them comes back in time.
        await back.c.close()
        await gone.c.close()
        await wait_for(stay.c, is_event(T, "disconnected", seat=gone.seat), what="the disconnection")
        closed_at = time.monotonic()
        again = await resume(s, back.c.token)
        await again.ok("table.sync", {"table": T})
        # The one gone is freed after the grace, as if they had left; the lobby shows the seat free.
        await wait_for(stay.c, is_event(T, "leave", seat=gone.seat), timeout=8, what="the absent player's leave")
        assert time.monotonic() - closed_at > 1.5, "freed before the grace ran out"
        m = await wait_for(lobby, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == T
                           and m["d"]["seats"][gone.seat]["name"] is None, what="the seat free in the lobby")
        assert m["d"]["state"] == "open"
        assert [x["name"] for x in m["d"]["seats"]] == [stay.c.name, back.c.name, None]
        # The one who came back kept the seat; someone new may sit in the free one.
        await quiet(again, 2.5)
        state = await again.ok("table.sync", {"table": T})
        assert state["table"]["seats"][back.seat]["name"] == back.c.name
        newcomer = await guest(s)
        assert (await newcomer.ok("table.sit", {"table": T, "seat": gone.seat}))["table"]["seats"][gone.seat]["name"] == newcomer.name

    run(body())


def test_a_finished_table_everyone_left_closes(whistd):
    s = whistd("--reconnect-grace", "1")

    async def body():
        game = await short_game(s, n=2)
        T = game.table
        lobby = await guest(s)
        await lobby.ok("lobby.join")
        for st in game.seats:
            await st.c.close()
        await wait_for(lobby, lambda m: m["t"] == "lobby.removed" and m["d"]["table"] == T,
                       timeout=8, what="the table closed")
        assert (await lobby.error("table.watch", {"table": T}))[0] == "no_table"

    run(body())


def test_before_a_first_game_a_seat_is_kept(whistd):
    s = whistd("--reconnect-grace", "1")

    async def body():
        a, b = await member(s, "keeper"), await guest(s)
        T, _ = await create(a, variant="exact", players=3)
        await b.ok("table.sit", {"table": T, "seat": 1})
        await a.close()
        await asyncio.sleep(2.5)
        state = await b.ok("table.sync", {"table": T})
        assert state["table"]["seats"][0]["name"] == "keeper"

    run(body())


def test_quick_play_table_says_when_computers_fill_it(whistd):
    s = whistd("--quick-fill-seconds", "3", *FAST_BOTS)

    async def body():
        lobby = await guest(s)
        await lobby.ok("lobby.join")
        a = await guest(s)
        asked = time.time()
        first = await a.ok("play.quick", {"variant": "classic"})
        T = first["table"]["table"]
        fill_at = first["table"]["fill_at"]
        assert isinstance(fill_at, int) and asked + 2 <= fill_at <= time.time() + 4, (asked, fill_at)
        m = await wait_for(lobby, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == T,
                           what="the table in the lobby")
        assert m["d"]["fill_at"] == fill_at
        # A second person gets the same time (the wait began with the first).
        b = await guest(s)
        assert (await b.ok("play.quick", {"variant": "classic"}))["table"]["fill_at"] == fill_at
        await wait_for(a, is_event(T, "start"), timeout=10, what="the start")
        assert fill_at - 1 <= time.time() <= fill_at + 3, (fill_at, time.time())
        m = await wait_for(lobby, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == T
                           and m["d"]["state"] == "playing", what="the table playing")
        assert m["d"]["fill_at"] is None
        # Tables of other kinds have no fill_at.
        c = await guest(s)
        _, ack = await create(c, variant="classic")
        assert "fill_at" not in ack["table"]

    run(body())


def test_after_a_restart_a_finished_table_keeps_its_seats_for_the_grace(whistd):
    """whistd stopped at a finished table: everyone seated has the grace
    from the restart to come back; those who do not are freed after it."""
    s = whistd("--reconnect-grace", "3")

    async def body():
        nonlocal s
        game = await short_game(s, n=2)
        T = game.table
        back, gone = game.seats
        s.stop()
        s = whistd("--reconnect-grace", "3", db=s.db_path)
        restarted = time.monotonic()
        again = await resume(s, back.c.token)
        state = await again.ok("table.sync", {"table": T})
        assert [x["name"] for x in state["table"]["seats"]] == [back.c.name, gone.c.name]
        await wait_for(again, is_event(T, "leave", seat=gone.seat), timeout=10,
                       what="the absent player's leave")
        assert time.monotonic() - restarted > 2.5, "freed before the grace ran out"
        state = await again.ok("table.sync", {"table": T})
        assert state["table"]["seats"][back.seat]["name"] == back.c.name

    run(body())
