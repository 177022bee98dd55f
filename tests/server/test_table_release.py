"""After a game, a seated player whose connection ended and who is not back
within the reconnect grace leaves the seat, as if they had sent table.leave
(docs/protocol.md), through a real whistd. The rest of it (one back in
time, a seat kept before a first game, after a restart, quick play's
fill_at) is tested on the table core: tests/table/release_test.cpp,
restore_test.cpp, schedule_test.cpp.
"""

import time

from conftest import guest, quiet, resume, wait_for
from tables import Game, Seat, create, is_event, run

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

