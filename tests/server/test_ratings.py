"""whistd end to end: rated play (docs/ratings.md). A rated game's rating
changes are stored with its result, once, and told to everyone at the
table (the `rated` event); unrated tables (suggestions, computer players,
guests) change no rating; a kill after the result's commit rates nothing
twice, and whistctl's rebuild agrees with what is stored.

The rating arithmetic is tested in tests/rating, who is rated against whom
in tests/storage/ratings_test.cpp, the table's side in tests/table; here,
that the parts meet. Run as the rest of tests/server (see conftest.py)."""

import asyncio
import sqlite3

import conftest
from conftest import guest, member, quiet, resume
from tables import Game, Seat, create, events_in, is_event, parsed
from test_social import ctl

SHORT = {"play_to": 1}  # classic whist: one deal


def run(coro, limit=120):
    return conftest.run_closing(coro, limit)


def rows(db, sql, *params):
    con = sqlite3.connect(db, timeout=10)
    try:
        return con.execute(sql, params).fetchall()
    finally:
        con.close()


async def rated_table(s, clients, settings=None, watchers=()):
    """clients at a classic table to one point (the first creates it); the
    game started. Returns the Game."""
    T, _ = await create(clients[0], variant="classic", options=SHORT, settings=settings or {})
    for i, c in enumerate(clients[1:], 1):
        await c.ok("table.sit", {"table": T, "seat": i})
    for w in watchers:
        await w.ok("table.watch", {"table": T})
    game = Game(s, T, [Seat(c, i) for i, c in enumerate(clients)], list(watchers))
    for st in game.seats:
        await game.wait(st, is_event(T, "start"), what="the start")
    return game


async def rated_event(game, st):
    """The seat's `rated` event for the table (waits for it)."""
    m = await game.wait(st, is_event(game.table, "rated"), what="the rated event")
    return m["d"]["event"]


def test_a_rated_game_is_rated_once_and_told_to_everyone(whistd):
    s = whistd()

    async def body():
        players = [await member(s, n) for n in ("ann", "ben", "cat", "dan")]
        w = await guest(s)
        game = await rated_table(s, players, watchers=[w])
        T = game.table
        state = await w.ok("table.sync", {"table": T})
        assert state["table"]["settings"]["rated"] is True
        await game.play()
        result = game.seats[0].result
        gid = result["game"]
        events = [await rated_event(game, st) for st in game.seats]
        assert all(e == events[0] for e in events), events
        e = events[0]
        assert e["game"] == gid and e["pool"] == "classic"
        assert sorted(x["seat"] for x in e["seats"]) == [0, 1, 2, 3]
        won = {t + k for t in result["winners"] for k in (0, 2)}
        for x in e["seats"]:
            # From 1500, provisional; the winners up, the losers down.
            assert x["provisional"] is True
            assert x["rating"] == 1500 + x["change"]
            assert (x["change"] > 0) == (x["seat"] in won), e
        await quiet(w)
        assert events_in(parsed(w), T, "rated")[-1] == e
        ids = [c.user["id"] for c in players]
        stored = rows(s.db_path, "SELECT account_id, round(rating) FROM rating_changes "
                      "WHERE source = ? ORDER BY account_id", gid)
        assert [a for a, _ in stored] == sorted(ids)
        assert {a: r for a, r in stored} == {
            players[x["seat"]].user["id"]: x["rating"] for x in e["seats"]}

        # Killed after the commit: the restart rates nothing again.
        s.proc.kill()
        s.proc.wait(10)
        s2 = whistd(db=s.db_path)
        c = await resume(s2, players[0].token)
        back = await c.ok("table.sync", {"table": T})
        assert back["view"]["game_over"] is True
        assert rows(s.db_path, "SELECT count(*), sum(games) FROM ratings")[0] == (4, 4)
        assert rows(s.db_path, "SELECT count(*) FROM rating_changes")[0][0] == 4
        s2.stop()

        # The operator's view agrees.
        code, out = ctl(s.db_path, "ratings", "rebuild")
        assert code == 0 and "ratings ok: 1 rated games" in out, out
        code, out = ctl(s.db_path, "ratings", "ann")
        assert code == 0 and "classic" in out and f"game {gid}" in out, out
        code, out = ctl(s.db_path, "ratings", "nobody")
        assert code == 2 and "no account" in out, out

    run(body())


def test_unrated_tables_and_guests_change_no_rating(whistd):
    s = whistd()

    async def body():
        # Suggestions: not rated.
        players = [await member(s, n) for n in ("eve", "fay", "gus", "hal")]
        game = await rated_table(s, players, settings={"suggestions": True})
        await game.play()
        await game.settle()
        for st in game.seats:
            assert not events_in(parsed(st.c), game.table, "rated")
        assert rows(s.db_path, "SELECT count(*) FROM rating_changes")[0][0] == 0

        # A rated table with a guest: the members are rated, the guest is not.
        people = [await member(s, n) for n in ("ida", "jon", "kim")] + [await guest(s)]
        game = await rated_table(s, people)
        await game.play()
        e = await rated_event(game, game.seats[0])
        assert sorted(x["seat"] for x in e["seats"]) == [0, 1, 2]
        assert rows(s.db_path, "SELECT count(*) FROM ratings")[0][0] == 3

        # A rated table refuses suggestions; a compete table is always rated.
        code, _ = await people[0].error("table.create", {
            "variant": "classic", "settings": {"rated": True, "suggestions": True}})
        assert code == "bad_table"
        code, _ = await people[0].error("table.create", {
            "variant": "classic", "settings": {"kind": "compete", "buy_in": 30, "rated": False}})
        assert code == "bad_table"

    run(body())


def test_a_game_with_a_computer_player_is_not_rated(whistd):
    s = whistd("--bot-budget-ms", "20", "--bot-delay-ms", "0")

    async def body():
        a = await member(s, "lea")
        T, state = await create(a, variant="classic", options=SHORT)
        assert state["table"]["settings"]["rated"] is True
        for seat in (1, 2, 3):
            await a.ok("table.add_bot", {"table": T, "seat": seat})
        game = Game(s, T, [Seat(a, 0)], [])
        await game.play()
        await game.settle()
        assert game.seats[0].result is not None
        assert not events_in(parsed(a), T, "rated")
        assert rows(s.db_path, "SELECT count(*) FROM rating_changes")[0][0] == 0

    run(body())


def test_an_exact_bid_game_rates_each_player_by_final_rank(whistd):
    s = whistd()

    async def body():
        players = [await member(s, n) for n in ("ola", "pia", "quy")]
        T, _ = await create(players[0], variant="exact", players=3,
                            options={"initial_cards": 1, "max_cards": 2})
        for i, c in enumerate(players[1:], 1):
            await c.ok("table.sit", {"table": T, "seat": i})
        game = Game(s, T, [Seat(c, i) for i, c in enumerate(players)], [])
        for st in game.seats:
            await game.wait(st, is_event(T, "start"), what="the start")
        await game.play()
        e = await rated_event(game, game.seats[0])
        assert e["pool"] == "exact" and sorted(x["seat"] for x in e["seats"]) == [0, 1, 2]
        scores = game.seats[0].result["scores"]
        change = {x["seat"]: x["change"] for x in e["seats"]}
        # Against each other player by final score: the best up, the worst
        # down, equal scores alike.
        best, worst = max(scores), min(scores)
        for seat in range(3):
            if scores[seat] == best and best != worst:
                assert change[seat] > 0, (scores, change)
            if scores[seat] == worst and best != worst:
                assert change[seat] < 0, (scores, change)
            for other in range(3):
                if scores[seat] == scores[other]:
                    assert change[seat] == change[other], (scores, change)
        assert rows(s.db_path, "SELECT count(*) FROM ratings WHERE pool = 'exact'")[0][0] == 3

    run(body())
