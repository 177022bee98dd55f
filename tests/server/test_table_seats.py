"""whistd end to end: sitting down and leaving, and watching.

One test per table behaviour that shows the server carries out what the
table core says; the behaviours themselves are tested on the core
(tests/table/). Run as the rest of tests/server (see conftest.py); the
helpers are in tables.py."""

from conftest import guest, quiet, wait_for
from tables import create, is_event, open_game, run


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
