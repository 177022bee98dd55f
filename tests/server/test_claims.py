"""Claims over the wire (docs/protocol.md, "Claims"): a claim shown with
the claimer's hand to players and watchers, refused by one opponent and
play going on, then accepted by both and stored as the game's action, the
record replaying to the same result. The claim's behaviours one by one are
tested on the table core (tests/table/claims_test.cpp). Run as the rest of
tests/server (see conftest.py)."""

from conftest import wait_for
from tables import (check_record, events_in, is_event, open_game, parsed, replay,
                    run)


def test_a_claim_refused_then_accepted(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", 4, options={"play_to": 1}, watchers=1)
        watcher = game.watchers[0]
        lead = next(x for x in game.seats if x.view["to_act"] == x.seat)
        by_seat = {x.seat: x for x in game.seats}
        left, right = by_seat[(lead.seat + 1) % 4], by_seat[(lead.seat + 3) % 4]
        hand = sorted(lead.view["hand"])
        await lead.c.ok("table.claim", {"table": game.table, "tricks": 7})
        await wait_for(watcher, is_event(game.table, "claim"), what="the claim")
        claims = events_in(parsed(watcher), game.table, "claim")
        assert claims[-1]["seat"] == lead.seat and sorted(claims[-1]["hand"]) == hand
        # While it waits nothing is played.
        code, _ = await lead.c.error("table.act", {"table": game.table,
                                                   "action": lead.view["legal"][0]})
        assert code == "claim_pending"
        await left.c.ok("table.claim_answer", {"table": game.table, "accept": True})
        await right.c.ok("table.claim_answer", {"table": game.table, "accept": False})
        # Refused: the claimer plays on.
        await lead.c.ok("table.act", {"table": game.table, "action": lead.view["legal"][0]})
        await game.settle()
        # At the next lead of a fresh trick, a claim of 6 of the 12 left,
        # accepted by both.
        await game.play(steps=3)
        await game.settle()
        lead = next(x for x in game.seats
                    if x.view["to_act"] == x.seat and not x.view["trick"]["cards"])
        left, right = by_seat[(lead.seat + 1) % 4], by_seat[(lead.seat + 3) % 4]
        won = lead.view["tricks_won"]
        await lead.c.ok("table.claim", {"table": game.table, "tricks": 6})
        await left.c.ok("table.claim_answer", {"table": game.table, "accept": True})
        await right.c.ok("table.claim_answer", {"table": game.table, "accept": True})
        # The game (to 1 point) ends with that deal.
        result = (await wait_for(watcher, is_event(game.table, "result"), what="the result"))
        result = result["d"]["event"]
        gid = result["game"]
        record = (await check_record(watcher, gid, result))["record"]
        assert record["actions"][-1] == {"seat": lead.seat, "type": "claim", "tricks": 6}
        status, out = replay(record)
        assert status == 0
        side = lead.seat % 2
        mine = won[lead.seat] + won[(lead.seat + 2) % 4] + 6
        assert out["hands"][0]["tricks"][side] == mine
        assert out["hands"][0]["tricks"][1 - side] == 13 - mine
        answers = events_in(parsed(watcher), game.table, "claim_answer")
        assert [a["accept"] for a in answers][-4:] == [True, False, True, True]

    run(body(), limit=120)
