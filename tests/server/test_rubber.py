"""The British game at a table (docs/rules.md, "Rubber"): a classic rubber
played through the protocol to its end. Each game of it is told as a
rubber_game event, the view carries the games won, game_over says what the
rubber is worth, and the stored record replays to the same games; and a
table that cuts for partners. Run as the rest of tests/server (see
conftest.py)."""

from tables import check_record, current_game_id, events_in, open_game, parsed, replay, run


def test_a_rubber_played_to_its_end(whistd):
    s = whistd()

    async def body():
        options = {"play_to": 2, "rubber": True, "honours": "on", "honours_bar": True}
        game = await open_game(s, "classic", 4, options=options, watchers=1)
        watcher = game.watchers[0]
        await game.play(steps=2)
        gid = await current_game_id(watcher, game.table)
        result = await game.finish()
        record = (await check_record(watcher, gid, result))["record"]
        assert record["options"]["rubber"] is True and record["options"]["honours_bar"] is True

        seen = parsed(watcher)
        games = events_in(seen, game.table, "rubber_game")
        # Two or three games; the rubber's winner won the last, and two.
        assert len(games) in (2, 3)
        assert [g["game"] for g in games] == list(range(len(games)))
        winner = games[-1]["winner"]
        assert sum(1 for g in games if g["winner"] == winner) == 2
        assert result["winners"] == [winner]
        for g in games:
            loser = g["score"][1 - g["winner"]]
            assert g["score"][g["winner"]] >= 2 and g["value"] == (3 if loser == 0 else 1)
        # Each deal's end names its game; the games' deals add up.
        ends = events_in(seen, game.table, "deal_end")
        assert sum(g["deals"] for g in games) == len(ends)
        assert [e["game"] for e in ends] == [k for k, g in enumerate(games)
                                             for _ in range(g["deals"])]
        over = events_in(seen, game.table, "game_over")[-1]
        points = 2 + sum(g["value"] if g["winner"] == winner else -g["value"] for g in games)
        assert over["rubber_points"] == points

        # The record replays to the same games and points.
        status, out = replay(record)
        assert status == 0, out
        assert out["rubber_points"] == points
        assert [(g["winner"], g["score"], g["value"]) for g in out["games"]] == [
            (g["winner"], g["score"], g["value"]) for g in games]

        # The state answer's view carries the games won.
        d = await watcher.ok("table.sync", {"table": game.table})
        assert [g["winner"] for g in d["view"]["games"]] == [g["winner"] for g in games]
        assert [r["game"] for r in d["view"]["results"]] == [e["game"] for e in ends]

    run(body(), limit=180)


def test_a_cutting_table_seats_the_players_by_their_cards(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", 4, options={"play_to": 1},
                               settings={"cut": True, "friends_only": False}, watchers=1)
        watcher = game.watchers[0]
        names = [seat.c.name for seat in game.seats]
        cut = events_in(parsed(watcher), game.table, "cut")
        assert len(cut) == 1
        cut = cut[0]
        ace_low = {"A": 0, **{r: i + 1 for i, r in enumerate("23456789TJQK")}}
        ranks = [ace_low[d["card"][0]] for d in cut["draws"]]
        assert len(set(ranks)) == 4
        order = sorted(range(4), key=lambda i: ranks[i])  # seats before, lowest first
        to = {d["from"]: d["seat"] for d in cut["draws"]}
        # The lowest keeps their seat and deals; the second lowest sits opposite.
        assert to[order[0]] == order[0] and cut["dealer"] == order[0]
        assert to[order[1]] == (order[0] + 2) % 4
        assert sorted(to.values()) == [0, 1, 2, 3]
        for before, after in to.items():
            assert cut["seats"][after]["name"] == names[before]
        start = events_in(parsed(watcher), game.table, "start")[-1]
        assert start["dealer"] == cut["dealer"] and start["seats"] == cut["seats"]
        # Each player's view is of their seat after the cut, and they play
        # the game from there.
        for seat in game.seats:
            assert seat.view["seat"] == seat.seat == to[names.index(seat.c.name)]
        result = await game.finish()
        gid = await current_game_id(watcher, game.table)
        record = (await check_record(watcher, gid, result))["record"]
        assert record["dealer"] == cut["dealer"]

    run(body(), limit=120)
