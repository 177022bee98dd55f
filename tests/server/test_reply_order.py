"""Replies come in the order of the requests they answer: an error a table
gives is queued behind the acknowledgement of an earlier action that is
still waiting for its commit, never sent ahead of it (Table::error goes
through the table's outbox, as every reply)."""

from tables import open_game, parsed, run


def test_an_error_does_not_overtake_an_earlier_ack(whistd):
    s = whistd()

    async def body():
        game = await open_game(s, "classic", watchers=0)
        T = game.table
        for round_ in range(6):
            await game.settle()
            a = game.to_act()
            act_id, refused_id = f"act{round_}", f"again{round_}"
            # An action, and at once a request the table refuses (no game
            # is over: no rematch), on one connection.
            await game.act(a, game.choose(a.view), id=act_id)
            await a.c.send("table.rematch", {"table": T}, id=refused_id)
            ack = await a.c.reply_to(act_id)
            refused = await a.c.reply_to(refused_id)
            assert ack["t"] == "ack", ack
            assert refused["t"] == "error" and refused["d"]["code"] == "wrong_state", refused
            order = [m.get("id") for m in parsed(a.c) if m.get("id") in (act_id, refused_id)]
            assert order == [act_id, refused_id], order

    run(body())
