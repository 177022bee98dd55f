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


def test_invite_link(whistd):
    """The creator's invite link: its token seats whoever holds it, over
    the wire; a wrong or revoked token finds no table; the token reaches
    nobody but the creator (and those who send it)."""
    s = whistd()

    async def body():
        host, ann, eve, watcher = [await guest(s) for _ in range(4)]
        T, _ = await create(host, variant="exact", players=3, settings={"invite_only": True})
        assert (await ann.error("table.invite_link", {"table": T}))[0] == "no_table"
        token = (await host.ok("table.invite_link", {"table": T}))["token"]
        assert len(token) == 26 and token.isalnum()
        assert (await eve.error("table.sit", {"table": T, "invite": token[:-1] + "x"}))[0] == \
            "no_table"
        state = await ann.ok("table.sit", {"table": T, "invite": token})
        assert state["table"]["seats"][state["seat"]]["name"] == ann.name
        # Those now in may watch with it too; the host revokes it.
        assert (await watcher.ok("table.watch", {"table": T, "invite": token}))["seat"] is None
        assert (await host.ok("table.invite_link", {"table": T, "revoke": True}))["token"] is None
        assert (await eve.error("table.sit", {"table": T, "invite": token}))[0] == "no_table"
        # The token went to no one else: not in the lobby, nor to those at the table.
        for c in (ann, eve, watcher):
            for m in await quiet(c):
                assert token not in str(m), m

    run(body())
