"""Undo by consent over the wire (docs/protocol.md, "Undo"): at a table
that allows it, a card asked back and shown to players and watchers,
refused by one player and play going on, then asked again and agreed by
everyone else: the card back in its hand, stored as the game's action, the
record replaying to the same result. The undo's behaviours one by one are
tested on the table core (tests/table/undo_test.cpp). Run as the rest of
tests/server (see conftest.py)."""

from conftest import wait_for
from tables import (check_record, events_in, is_event, open_game, parsed, replay,
                    run)


def test_an_undo_refused_then_agreed(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", 4, options={"play_to": 1},
                               settings={"undo": True, "friends_only": False}, watchers=1)
        watcher = game.watchers[0]
        by_seat = {x.seat: x for x in game.seats}
        me = next(x for x in game.seats if x.view["to_act"] == x.seat)
        others = [by_seat[(me.seat + k) % 4] for k in (1, 2, 3)]
        card = me.view["legal"][0]
        await me.c.ok("table.act", {"table": game.table, "action": card})
        await me.c.ok("table.undo", {"table": game.table})
        asked = await wait_for(watcher, is_event(game.table, "undo_asked"), what="the undo")
        assert asked["d"]["event"]["seat"] == me.seat
        assert asked["d"]["event"]["card"] == card["card"]
        code, _ = await others[0].c.error("table.act", {"table": game.table, "action": card})
        assert code == "undo_pending"
        await others[0].c.ok("table.undo_answer", {"table": game.table, "accept": False})
        # Refused: the next player plays on, and the card is gone for good.
        await game.settle()
        nxt = next(x for x in game.seats if x.view["to_act"] == x.seat)
        await nxt.c.ok("table.act", {"table": game.table, "action": nxt.view["legal"][0]})
        await game.settle()
        code, _ = await me.c.error("table.undo", {"table": game.table})
        assert code == "no_undo"
        # The next card is asked back and agreed: it is back in its hand.
        me = next(x for x in game.seats if x.view["to_act"] == x.seat)
        others = [by_seat[(me.seat + k) % 4] for k in (1, 2, 3)]
        card = me.view["legal"][0]
        await me.c.ok("table.act", {"table": game.table, "action": card})
        await me.c.ok("table.undo", {"table": game.table})
        for o in others:
            await o.c.ok("table.undo_answer", {"table": game.table, "accept": True})
        await wait_for(me.c, lambda m: m["t"] == "table.view" and m["d"]["table"] == game.table
                       and card["card"] in m["d"]["view"]["hand"]
                       and m["d"]["view"]["to_act"] == me.seat, what="the card back")
        await game.settle()
        await game.play()
        result = (await wait_for(watcher, is_event(game.table, "result"), what="the result"))
        result = result["d"]["event"]
        record = (await check_record(watcher, result["game"], result))["record"]
        undos = [a for a in record["actions"] if a["type"] == "undo"]
        assert undos == [{"seat": me.seat, "type": "undo", "card": card["card"]}]
        status, _ = replay(record)
        assert status == 0
        answers = events_in(parsed(watcher), game.table, "undo_answer")
        assert [a["accept"] for a in answers] == [False, True, True, True]

    run(body(), limit=120)
