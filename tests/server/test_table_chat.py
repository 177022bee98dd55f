"""whistd end to end: chat at a table.

One test per table behaviour that shows the server carries out what the
table core says; the behaviours themselves are tested on the core
(tests/table/). Run as the rest of tests/server (see conftest.py); the
helpers are in tables.py."""

from conftest import quiet, wait_for
from tables import is_event, open_game, run


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
        # Unrated: watchers talk to everyone during the game (see below for
        # rated tables).
        game = await open_game(s, "classic", settings={"chat": "text", "rated": False},
                               watchers=1)
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


def test_watchers_chat_at_a_rated_table_reaches_the_players_after_the_game(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", options={"play_to": 1}, watchers=2)
        T = game.table
        w, x = game.watchers
        players = [st.c for st in game.seats]
        assert await w.ok("table.chat", {"table": T, "text": "lead trumps"}) == {}
        for c in (w, x):
            m = await wait_for(c, lambda m: m["t"] == "table.watcher_chat", what="the aside")
            assert m["d"] == {"table": T, "from": w.name, "text": "lead trumps"}
        await x.ok("table.chat", {"table": T, "phrase": 3})
        for c in players:
            got = await quiet(c, 0.4)
            assert not [m for m in got if m["t"] == "table.watcher_chat"
                        or is_event(T, "chat")(m)], got
        await game.play()
        for c in players + [w]:
            lines = []
            for _ in range(2):
                m = await wait_for(c, is_event(T, "chat"), what="the watchers' lines")
                lines.append(m["d"]["event"])
            assert lines == [
                {"type": "chat", "from": w.name, "seat": None, "text": "lead trumps",
                 "during_game": True},
                {"type": "chat", "from": x.name, "seat": None, "phrase": 3, "text": "Nice hand!",
                 "during_game": True}], lines

    run(body())
