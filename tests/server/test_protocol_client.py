"""What a client written from docs/protocol.md alone relies on: the ack of
an action comes before the views it brings (so a view after the ack is
current, even with the ack's version), table.sit answers with the seat
taken, the exact range of request ids, guests refused at Compete tables
with `guest`, chat without bidirectional controls, and a lone UTF-16
surrogate refused in words."""

import json

from conftest import Client, guest, member, wait_for
from test_tables import create, is_event, open_game, run


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


def test_table_sit_answers_with_the_seat_taken(whistd):
    s = whistd()

    async def body():
        a, b, w = await guest(s), await guest(s), await guest(s)
        T, d = await create(a, variant="classic")
        assert d["seat"] == 0
        # No seat asked: the lowest free one, said in the answer.
        d = await b.ok("table.sit", {"table": T})
        assert d["seat"] == 1
        assert d["table"]["seats"][1]["name"] == b.name
        # Sitting again takes the same seat back.
        assert (await b.ok("table.sit", {"table": T, "seat": 3}))["seat"] == 1
        assert (await w.ok("table.watch", {"table": T}))["seat"] is None
        assert (await b.ok("table.sync", {"table": T}))["seat"] == 1

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


def test_guests_are_refused_at_compete_tables_as_guests(whistd):
    s = whistd()

    async def body():
        g = await guest(s)
        code, message = await g.error("table.create", {
            "variant": "classic", "settings": {"kind": "compete", "buy_in": 30}})
        assert code == "guest", message
        assert "register" in message
        m = await member(s, "compete-host")
        T, _ = await create(m, variant="classic", settings={"kind": "compete", "buy_in": 30})
        code, message = await g.error("table.sit", {"table": T})
        assert code == "guest", message
        # Watching is for everyone.
        assert (await g.ok("table.watch", {"table": T}))["seat"] is None

    run(body())


def test_chat_loses_bidirectional_controls(whistd):
    s = whistd()

    async def body():
        a, b = await guest(s), await guest(s)
        T, _ = await create(a, variant="classic")
        await b.ok("table.sit", {"table": T})
        text = "\u202eevil\u202c \u2066x\u2069\u200e\u200f\u061c y \u00e9\u20ac\U0001f600"
        await a.ok("table.chat", {"table": T, "text": text})
        ev = await wait_for(b, is_event(T, "chat"), what="the chat line")
        assert ev["d"]["event"]["text"] == "evil x y \u00e9\u20ac\U0001f600"
        # Nothing but controls is nothing.
        code, _ = await a.error("table.chat", {"table": T, "text": "\u202e\u2066 "})
        assert code == "bad_chat"

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
