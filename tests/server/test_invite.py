"""Invitation-only tables in whistd: invisible in the lobby and unjoinable
(no_table) without an invitation; invitations by username, accepted by
sitting down or declined; they expire when the game starts. Friends-only
tables are tested on the table core (tests/table/invitations_test.cpp) and
over the wire in test_join_compete.py."""

from conftest import guest, quiet, wait_for
from tables import create, is_event, run


def listed(tables, T):
    return any(t["table"] == T for t in tables)


def test_invitation_only_table(whistd):
    s = whistd()

    async def body():
        host, alice, bob, carol, eve = [await guest(s) for _ in range(5)]
        for c in (alice, bob, eve):
            await c.ok("lobby.join")
        T, _ = await create(host, variant="exact", players=3, settings={"invite_only": True})
        # Invisible to everyone else, and unjoinable.
        assert not listed((await eve.ok("lobby.join"))["tables"], T)
        for t, d in [("table.sit", {}), ("table.watch", {}), ("table.sync", {}),
                     ("table.decline", {})]:
            assert (await eve.error(t, {"table": T, **d}))[0] == "no_table", t
        # Invitations by username (any case); unknown names are said.
        d = await host.ok("table.invite", {"table": T, "users": [alice.name.upper(), bob.name,
                                                                 carol.name, "nobody-here"]})
        assert d == {"invited": [alice.name, bob.name, carol.name], "unknown": ["nobody-here"]}
        # The invitees in the lobby see it now; eve does not.
        for c in (alice, bob):
            m = await wait_for(c, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == T)
            assert m["d"]["settings"]["invite_only"] is True
        assert listed((await carol.ok("lobby.join"))["tables"], T)
        assert not listed((await eve.ok("lobby.join"))["tables"], T)
        assert not [m for m in await quiet(eve) if m["t"] == "lobby.table"
                    and m["d"]["table"] == T]
        assert (await eve.error("table.invite", {"table": T, "users": [eve.name]}))[0] == \
            "no_table"
        assert (await host.error("table.invite", {"table": T, "users": []}))[0] == "bad_message"
        # Carol declines: the table goes from her list and she cannot sit.
        await carol.ok("table.decline", {"table": T})
        assert not listed((await carol.ok("lobby.join"))["tables"], T)
        assert (await carol.error("table.sit", {"table": T}))[0] == "no_table"
        # Alice and Bob accept by sitting down: the game starts; the
        # invitations expire, so Carol cannot be invited back any more.
        await alice.ok("table.sit", {"table": T})
        await bob.ok("table.sit", {"table": T})
        await wait_for(host, is_event(T, "start"), what="the start")
        code, _ = await host.error("table.invite", {"table": T, "users": [carol.name]})
        assert code == "game_in_progress"
        assert (await eve.error("table.watch", {"table": T}))[0] == "no_table"

    run(body())
