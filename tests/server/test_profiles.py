"""whistd end to end: where ratings show (docs/ratings.md, docs/protocol.md
"Ratings and profiles"). Ratings beside the names at a table and in the
lobby (read when a player sits: the `rating` event); the rating
leaderboards (enough games, a narrow deviation, played lately); profiles
(ratings with their history, games and wins, recent games with each seat's
rating change, the relation and online status, a game list hidden from
all but friends); quick play seating players of similar rating together.

Ratings are seeded into the database between two runs of the server
where a test needs players with many games behind them. Run as the rest
of tests/server (see conftest.py)."""

import sqlite3
import time

import conftest
from conftest import guest, member, resume, wait_for
from tables import create, is_event
from test_ratings import rated_event, rated_table


def run(coro, limit=120):
    return conftest.run_closing(coro, limit)


def seed(db, ratings):
    """Stores ratings: (username, pool, rating, deviation, games, days ago)."""
    now = int(time.time())
    con = sqlite3.connect(db, timeout=10)
    try:
        for name, pool, r, dev, games, days in ratings:
            (account,) = con.execute("SELECT id FROM accounts WHERE username = ?",
                                     (name,)).fetchone()
            con.execute("INSERT INTO ratings(account_id, pool, rating, deviation, volatility, "
                        "games, rated_at) VALUES (?, ?, ?, ?, 0.06, ?, ?)",
                        (account, pool, r, dev, games, now - days * 86400))
        con.commit()
    finally:
        con.close()


async def registered(s, names):
    """Registers each name; returns their session tokens."""
    return {n: (await member(s, n)).token for n in names}


def test_ratings_beside_names_and_the_rating_leaderboard(whistd):
    s = whistd()

    async def body():
        tokens = await registered(s, ["ann", "ben", "cat", "dan", "eve", "fay"])
        s.stop()
        seed(s.db_path, [
            ("ann", "classic", 1712.4, 60, 12, 1),
            ("ben", "classic", 1650, 70, 15, 0),
            ("cat", "classic", 1800, 90, 20, 0),   # too wide a deviation
            ("dan", "classic", 1900, 50, 9, 0),    # too few games
            ("eve", "classic", 2000, 50, 30, 40),  # not played for 40 days
            ("eve", "bid", 1555, 120, 3, 0),
        ])
        s2 = whistd(db=s.db_path)
        ann = await resume(s2, tokens["ann"])

        board = await ann.ok("ratings.leaderboard", {"pool": "classic"})
        assert board["pool"] == "classic"
        assert [(p["rank"], p["name"], p["rating"], p["games"]) for p in board["players"]] == [
            (1, "ann", 1712, 12), (2, "ben", 1650, 15)]
        # ann's deviation widened by her idle day; ben played today.
        assert 60 < board["players"][0]["deviation"] <= 62
        assert board["players"][1]["deviation"] == 70
        one = await ann.ok("ratings.leaderboard", {"pool": "classic", "limit": 1})
        assert [p["name"] for p in one["players"]] == ["ann"]
        assert (await ann.ok("ratings.leaderboard", {"pool": "bid"}))["players"] == []
        for bad in ({"pool": "whist"}, {}, {"pool": "classic", "limit": 0}):
            code, _ = await ann.error("ratings.leaderboard", bad)
            assert code == "bad_message", bad

        # At a table: the rating beside each registered name, read when
        # they sit (the `rating` event), in the lobby too.
        T, state = await create(ann, variant="classic")
        m = await wait_for(ann, is_event(T, "rating"), what="ann's rating")
        assert m["d"]["event"] == {"type": "rating", "seat": 0, "rating": 1712,
                                   "provisional": False}
        fay = await resume(s2, tokens["fay"])
        await fay.ok("table.sit", {"table": T, "seat": 1})
        m = await wait_for(ann, is_event(T, "rating", seat=1), what="fay's rating")
        # Never rated in the pool: 1500, provisional.
        assert (m["d"]["event"]["rating"], m["d"]["event"]["provisional"]) == (1500, True)
        g = await guest(s2)
        await g.ok("table.sit", {"table": T, "seat": 2})
        eve = await resume(s2, tokens["eve"])
        listed = (await eve.ok("lobby.join"))["tables"]
        seats = next(t for t in listed if t["table"] == T)["seats"]
        assert (seats[0]["rating"], seats[0]["provisional"]) == (1712, False)
        assert (seats[1]["rating"], seats[1]["provisional"]) == (1500, True)
        assert "rating" not in seats[2] and "rating" not in seats[3]  # a guest; a free seat
        state = await g.ok("table.sync", {"table": T})
        assert state["table"]["seats"][0]["rating"] == 1712

    run(body())


def test_profiles_ratings_games_friends_and_hidden_games(whistd):
    s = whistd()

    async def body():
        players = [await member(s, n) for n in ("ann", "ben", "cat", "dan")]
        ann, ben = players[0], players[1]
        game = await rated_table(s, players)
        await game.play()
        e = await rated_event(game, game.seats[0])
        gid = e["game"]
        ben_rating = next(x for x in e["seats"] if x["seat"] == 1)

        p = await ann.ok("profile.get", {"username": "ben"})
        assert p["user"] == {"id": ben.user["id"], "name": "ben"}
        assert p["guest"] is False and p["relation"] == "none" and p["online"] is None
        assert abs(p["member_since"] - time.time()) < 600
        assert p["hide_games"] is False
        [classic] = p["ratings"]
        assert classic["pool"] == "classic" and classic["games"] == 1
        assert classic["rating"] == ben_rating["rating"]
        assert classic["provisional"] is True and classic["deviation"] > 110
        assert [(h["game"], h["rating"]) for h in classic["history"]] == [
            (gid, ben_rating["rating"])]
        [v] = p["variants"]
        assert v["variant"] == "classic" and v["games"] == 1 and v["wins"] + v["losses"] == 1
        [played] = p["games"]
        assert played["game"] == gid and played["seat"] == 1
        for seat in played["players"]:
            x = next(x for x in e["seats"] if x["seat"] == seat["seat"])
            assert seat["rating"] == {"rating": x["rating"], "change": x["change"],
                                      "provisional": x["provisional"]}

        mine = await ann.ok("profile.get")
        assert mine["user"]["name"] == "ann" and mine["relation"] == "self"
        assert mine["online"] is True

        # ben hides his games: others see that they are hidden.
        assert await ben.ok("profile.set", {"hide_games": True}) == {"hide_games": True}
        p = await ann.ok("profile.get", {"username": "ben"})
        assert p["hide_games"] is True and p["games"] is None
        assert p["ratings"] and p["variants"]  # the rest stays
        page = await ann.ok("results.games", {"username": "ben"})
        assert page["hidden"] is True and page["games"] == []
        assert (await ben.ok("profile.get"))["games"]  # not from himself

        # Friends see them, and whether each other is online.
        await ann.ok("friend.request", {"username": "ben"})
        assert (await ann.ok("profile.get", {"username": "ben"}))["relation"] == "outgoing"
        assert (await ben.ok("profile.get", {"username": "ann"}))["relation"] == "incoming"
        await ben.ok("friend.accept", {"username": "ann"})
        p = await ann.ok("profile.get", {"username": "ben"})
        assert p["relation"] == "friend" and p["online"] is True
        assert [g["game"] for g in p["games"]] == [gid]
        page = await ann.ok("results.games", {"username": "ben"})
        assert page["hidden"] is False and len(page["games"]) == 1

        g = await guest(s)
        code, _ = await g.error("profile.set", {"hide_games": True})
        assert code == "guest"
        p = await g.ok("profile.get")
        assert p["guest"] is True and p["ratings"] == [] and p["relation"] == "self"
        code, _ = await g.error("profile.get", {"username": "nobody"})
        assert code == "no_user"
        code, _ = await ben.error("profile.set", {"hide_games": "yes"})
        assert code == "bad_message"

    run(body())


def test_quick_play_seats_similar_ratings_together(whistd):
    s = whistd()

    async def body():
        tokens = await registered(s, ["hi1", "hi2", "mid"])
        s.stop()
        seed(s.db_path, [("hi1", "classic", 2100, 60, 30, 0), ("hi2", "classic", 2050, 60, 30, 0)])
        s2 = whistd("--quick-fill-seconds", "60", db=s.db_path)
        hi1, mid, hi2 = [await resume(s2, tokens[n]) for n in ("hi1", "mid", "hi2")]
        a = await hi1.ok("play.quick", {"variant": "classic"})
        # 1500 is 600 from 2100: beyond the band for the first seconds.
        b = await mid.ok("play.quick", {"variant": "classic"})
        assert b["table"]["table"] != a["table"]["table"]
        c = await hi2.ok("play.quick", {"variant": "classic"})
        assert c["table"]["table"] == a["table"]["table"]
        assert [x["name"] for x in c["table"]["seats"][:2]] == ["hi1", "hi2"]

    run(body())
