"""whistd end to end: the lobby's list of tables and its updates as players
sit, watch, leave and come back.

One test per table behaviour that shows the server carries out what the
table core says; the behaviours themselves are tested on the core
(tests/table/). Run as the rest of tests/server (see conftest.py); the
helpers are in tables.py."""

from conftest import guest, quiet, resume, wait_for
from tables import create, open_game, run


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
