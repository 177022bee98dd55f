"""game.replay: the states of a finished game with every hand face up, for
the replay viewer; and the honours of a classic deal in deal_end and in the
view's results. Run as the rest of tests/server (see conftest.py)."""

import pytest

from tables import check_record, current_game_id, events_in, open_game, parsed, run


@pytest.mark.parametrize("variant,options", [
    ("classic", {"play_to": 5, "honours": "on"}),
    ("bid", {"play_to": 5, "sport_kitty": "never"}),
])
def test_replay_states(whistd, variant, options):
    s = whistd()

    async def body():
        game = await open_game(s, variant, 4, options=options, watchers=1)
        watcher = game.watchers[0]
        await game.play(steps=3)
        gid = await current_game_id(watcher, game.table)
        # Not while the game is on: its hands are secret.
        assert (await watcher.error("game.replay", {"game": gid}))[0] == "game_in_progress"
        assert (await watcher.error("game.replay", {"game": "x"}))[0] == "bad_message"
        result = await game.finish()
        record = (await check_record(watcher, gid, result))["record"]

        d = await watcher.ok("game.replay", {"game": gid})
        assert d["record"] == record and d["result"]["scores"] == result["scores"]
        states = d["states"]
        actions = record["actions"]
        deals = record["deals"]
        # A state for each deal as dealt and one after each action, in order.
        assert len(states) == len(actions) + len(deals)
        assert [st["action"] for st in states if st["action"] is not None] == actions
        assert [st["index"] for st in states if st["action"] is not None] == list(range(len(actions)))
        fresh = [st for st in states if st["action"] is None]
        assert [st["view"]["deal"] for st in fresh] == list(range(len(deals)))
        for st, deal in zip(fresh, deals):
            assert [sorted(h) for h in st["view"]["hands"]] == [sorted(h) for h in deal["hands"]]
            assert st["view"]["seat"] is None and st["view"]["legal"] == []
        # Every card of a deal is in a hand, the trick, a finished trick, or
        # (bid whist) the kitty or the discards.
        for st in states:
            v = st["view"]
            k = v["deal"]
            held = [c for h in v["hands"] for c in h]
            assert [len(h) for h in v["hands"]] == v["hand_counts"]
            played = [c for t in v["tricks"] for c in t["cards"]] + v["trick"]["cards"]
            dealt = [c for h in deals[k]["hands"] for c in h]
            if variant == "bid":
                assert sorted(v["kitty"]) == sorted(deals[k]["kitty"])
                taken = v["phase"] not in ("bidding",)
                extra = v.get("discards", []) if taken else v["kitty"]
                dealt += deals[k]["kitty"]
                assert sorted(held + played + extra) == sorted(dealt), st
            else:
                assert sorted(held + played) == sorted(dealt), st
        last = states[-1]["view"]
        assert last["game_over"] is True
        assert last["scores"] == result["scores"] and last["winners"] == result["winners"]
        assert len(last["results"]) == len(deals)
        # Classic: honours in deal_end and in the view's results, per side,
        # part of the deal's score.
        ends = events_in(parsed(watcher), game.table, "deal_end")
        assert len(ends) == len(deals)
        for e, r in zip(ends, last["results"]):
            if variant == "classic":
                assert len(e["honours"]) == 2 and e["honours"] == r["honours"]
            else:
                assert "honours" not in e and "honours" not in r
            assert e["score"] == r["score"] and e["tricks"] == r["tricks"]
        assert (await watcher.error("game.replay", {"game": gid + 1000}))[0] == "no_game"

    run(body(), limit=120)
