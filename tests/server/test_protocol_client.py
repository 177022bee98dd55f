"""What a client written from docs/protocol.md alone relies on: the ack of
an action comes before the views it brings (so a view after the ack is
current, even with the ack's version), the exact range of request ids, and
a lone UTF-16 surrogate refused in words. (table.sit's seat, guests at
Compete tables and chat's cleaning are tested on the table core:
tests/table/.)"""

import json

from conftest import Client, guest, wait_for
from tables import create, is_event, open_game, run


def batch_of(client, id):
    """The messages of the WebSocket message that carried the reply to `id`."""
    from conftest import unbatched
    for text in client.raw:
        for m in unbatched(text):
            if m.get("id") == id:
                return unbatched(text)
    raise AssertionError(f"no message carried the reply to {id!r}")


def check_ack_then_view(client, id, phase):
    """In the message that answered `id`: the ack, then (after it) the
    seat's view that makes it act again, with the ack's version."""
    batch = batch_of(client, id)
    kinds = [m["t"] for m in batch]
    ack = next(i for i, m in enumerate(batch) if m.get("id") == id)
    assert batch[ack]["t"] == "ack", batch[ack]
    views = [i for i, m in enumerate(batch) if m["t"] == "table.view"]
    assert views, kinds
    view = batch[views[-1]]["d"]
    assert view["view"]["phase"] == phase, view
    assert view["view"]["to_act"] == view["view"]["seat"]
    # The events first, then the ack, then the views.
    assert ack < views[0], kinds
    assert all(m["t"] == "table.event" for m in batch[:ack]), kinds
    assert view["v"] == batch[ack]["d"]["v"]


def test_the_ack_comes_before_the_view_that_makes_the_same_seat_act_again(whistd):
    s = whistd()

    async def body():
        # Everyone passes but the dealer, who must bid: the dealer's own
        # bid ends the bidding and makes the dealer discard, then choose.
        game = await open_game(s, "bid", watchers=0)
        T = game.table
        while True:
            st = game.to_act()
            assert st is not None
            legal = st.view["legal"]
            passes = [a for a in legal if a["type"] == "pass"]
            action = passes[0] if passes else min(
                (a for a in legal if a["type"] == "bid"), key=lambda a: a["level"])
            id = st.c.new_id()
            await game.act(st, action, id=id)
            await game.wait(st, lambda m: m.get("id") == id, what="the ack")
            await game.settle()
            if not passes:
                break
        declarer = st
        check_ack_then_view(declarer.c, id, "discard")
        # A client that acts on the view it has after the ack acts right.
        n = declarer.view["discard"]
        id = declarer.c.new_id()
        await game.act(declarer, {"type": "discard", "cards": declarer.view["hand"][:n]}, id=id)
        await game.wait(declarer, lambda m: m.get("id") == id, what="the discard's ack")
        await game.settle()
        check_ack_then_view(declarer.c, id, "choose")
        assert declarer.view["phase"] == "choose" and declarer.wants_to_act()
        # It chooses; the play begins.
        id = declarer.c.new_id()
        await game.act(declarer, declarer.view["legal"][0], id=id)
        ack = await game.wait(declarer, lambda m: m.get("id") == id, what="the choice's ack")
        assert ack["t"] == "ack", ack
        # The trump came with the choice, before its ack.
        assert [m for m in batch_of(declarer.c, id) if is_event(T, "trump")(m)]

    run(body())


def test_request_id_range(whistd):
    s = whistd()

    async def body():
        c = await Client.connect(s, hello=True)
        # Integers from -2^63 to 2^64 - 1, written without a fraction or an
        # exponent: echoed as they are.
        for id in ["9223372036854775808", "18446744073709551615", "-9223372036854775808",
                   "0", "-1", "7"]:
            await c.send_raw('{"t": "lobby.leave", "id": %s}' % id)
            r = await c.recv()
            assert r["d"]["code"] == "not_logged_in" and r["id"] == int(id), (id, r)
        # Anything else is bad_message, with no id.
        for id in ["18446744073709551616", "-9223372036854775809", "1e3", "1.0", "null",
                   "true", "[1]", '"%s"' % ("x" * 65)]:
            await c.send_raw('{"t": "lobby.leave", "id": %s}' % id)
            r = await c.recv()
            assert r["t"] == "error" and r["d"]["code"] == "bad_message", (id, r)
            assert "id" not in r, (id, r)
        await c.close()

    run(body())


def test_a_lone_surrogate_is_refused_in_words(whistd):
    s = whistd()

    async def body():
        c = await guest(s)
        T, _ = await create(c, variant="classic")
        for escape in ["\\ud800", "\\udc00", "\\ud800\\u0041"]:
            await c.send_raw('{"t": "table.chat", "d": {"table": %d, "text": "a%sb"}, "id": "s"}'
                             % (T, escape))
            r = await wait_for(c, lambda m: m["t"] == "error", what="the error")
            assert r["d"]["code"] == "bad_json", r
            assert "surrogate" in r["d"]["message"], r
            assert "id" not in r
        # A pair is a character.
        d = await c.ok("table.chat", {"table": T, "text": "\U0001f600"})
        assert d == {}
        ev = await wait_for(c, is_event(T, "chat"), what="the chat line")
        assert ev["d"]["event"]["text"] == "\U0001f600"
        assert json.dumps(ev["d"]["event"]["text"]) == '"\\ud83d\\ude00"'

    run(body())
