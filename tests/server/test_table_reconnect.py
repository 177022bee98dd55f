"""whistd end to end: a player who disconnects and comes back, and a server
restart in the middle of a game.

One test per table behaviour that shows the server carries out what the
table core says; the behaviours themselves are tested on the core
(tests/table/). Run as the rest of tests/server (see conftest.py); the
helpers are in tables.py."""

from conftest import guest, resume, wait_for
from tables import check_record, is_event, open_game, run


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
