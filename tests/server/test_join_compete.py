"""Join and Compete tables end to end: who sees a Join table (the friends
of its players by default, everyone when opened, the invited only), the
scheduled table telling its players it opened wherever they are, a
friend's presence never naming a table the viewer is not invited to,
refunds of Compete games that end without a result (each once), and the
issue's whole story: a new user adds a friend, schedules an
invitation-only Compete table, invites three people who accept, the game
starts on time and is played to its end, and each player's chip history
shows the buy-in and the payout. Every test ends with the chips check
(chipcheck.chips_sound: whistctl ledger-check and each game's pot)."""

import asyncio
import sqlite3
import time

from chipcheck import chips_sound, history, member
from conftest import close_clients, guest, quiet, resume, wait_for
from test_compete import CHIPS, balances, funded
from test_invite import listed
from tables import Game, Seat, check_record, is_event, run


def lobby_table(T):
    return lambda m: m["t"] == "lobby.table" and m["d"]["table"] == T


async def befriend(a, b):
    await a.ok("friend.request", {"username": b.name})
    await b.ok("friend.accept", {"username": a.name})


async def table_of(viewer, friend, want, tries=50):
    """The friend object of `friend` in viewer's friends.list once its
    table is `want` (a few tries: seats reach presence asynchronously)."""
    for _ in range(tries):
        f = {x["name"]: x for x in (await viewer.ok("friends.list"))["friends"]}[friend]
        if f["table"] == want:
            return f
        await asyncio.sleep(0.1)
    return f


def test_join_tables_are_for_friends_unless_opened(whistd):
    s = whistd()

    async def body():
        host, pal, stranger = [await member(s, n) for n in ("host", "pal", "stranger")]
        visitor = await guest(s)
        await befriend(host, pal)
        for c in (pal, stranger, visitor):
            await c.ok("lobby.join")
        # The default: the friends of the players (and the invited).
        a = await host.ok("table.create", {"variant": "classic"})
        T = a["table"]["table"]
        assert a["table"]["settings"]["friends_only"] is True
        assert a["table"]["settings"]["invite_only"] is False
        await wait_for(pal, lobby_table(T), what="the friend's table")
        for c in (stranger, visitor):
            assert not listed((await c.ok("lobby.join"))["tables"], T)
            assert (await c.error("table.sit", {"table": T}))[0] == "no_table"
            assert (await c.error("table.watch", {"table": T}))[0] == "no_table"
        await pal.ok("table.sit", {"table": T})
        # Opened to everyone: anyone sees it and sits down.
        a = await host.ok("table.create", {"variant": "bid", "settings": {"friends_only": False}})
        U = a["table"]["table"]
        assert a["table"]["settings"]["friends_only"] is False
        await wait_for(stranger, lobby_table(U), what="the open table")
        await wait_for(visitor, lobby_table(U), what="the open table")
        await stranger.ok("table.sit", {"table": U})
        # Compete tables are public unless invitation-only; friends-only is
        # for Join tables.
        a = await stranger.ok("table.create", {"variant": "classic", "settings": {
            "kind": "compete", "buy_in": 30}})
        C = a["table"]["table"]
        assert a["table"]["settings"]["friends_only"] is False
        await wait_for(visitor, lobby_table(C), what="the compete table")
        assert (await stranger.error("table.create", {"variant": "classic", "settings": {
            "kind": "compete", "buy_in": 30, "friends_only": True}}))[0] == "bad_table"
        a = await pal.ok("table.create", {"variant": "classic", "settings": {
            "kind": "compete", "buy_in": 30, "invite_only": True}})
        D = a["table"]["table"]
        assert a["table"]["settings"]["invite_only"] is True
        assert (await stranger.error("table.sit", {"table": D}))[0] == "no_table"
        await pal.ok("table.invite", {"table": D, "users": [stranger.name]})
        await wait_for(stranger, lobby_table(D), what="the invitation")
        assert (await visitor.error("table.watch", {"table": D}))[0] == "no_table"
        await close_clients()
        chips_sound(s.db_path)

    run(body())


def test_scheduled_table_tells_its_players_when_it_opens(whistd):
    """Everyone seated hears that a scheduled table opened, on every
    connection, even one that is in no lobby and at no table; so do the
    people at one that is cancelled."""
    s = whistd()

    async def body():
        cs = [await guest(s) for _ in range(4)]
        at = int(time.time()) + 4
        a = await cs[0].ok("table.create", {"variant": "classic", "settings": {
            "start_at": at, "friends_only": False}})
        T = a["table"]["table"]
        for i, c in enumerate(cs[1:], 1):
            await c.ok("table.sit", {"table": T, "seat": i})
        lone = await guest(s)
        a = await lone.ok("table.create", {"variant": "classic", "settings": {
            "start_at": at, "friends_only": False}})
        U = a["table"]["table"]
        # Seat 1's player closes the table's connection and comes back on
        # another that does nothing; seat 2's player has a second one too.
        await cs[1].close()
        away = await resume(s, cs[1].token)
        extra = await resume(s, cs[2].token)
        lone2 = await resume(s, lone.token)
        opened = lambda T, started: lambda m: m["t"] == "table.opened" and m["d"] == {
            "table": T, "started": started}
        for c in (away, extra, cs[0], cs[2], cs[3]):
            await wait_for(c, opened(T, True), timeout=15, what="the opening")
        assert time.time() >= at - 0.01
        # On the seat's own connection, after the start itself.
        seen = [m for m in cs[3].messages()
                if m["t"] in ("table.opened", "table.event")
                and m["d"].get("table") == T]
        kinds = [m["t"] if m["t"] == "table.opened" else m["d"]["event"]["type"] for m in seen]
        assert kinds.index("start") < kinds.index("table.opened"), kinds
        for c in (lone, lone2):
            await wait_for(c, opened(U, False), timeout=15, what="the cancellation")
        # Nobody else hears of it.
        assert not [m for m in await quiet(cs[0]) if m["t"] == "table.opened"
                    and m["d"]["table"] == U]
        await close_clients()
        chips_sound(s.db_path)

    run(body())


def test_presence_never_names_a_table_one_is_not_invited_to(whistd):
    s = whistd()

    async def body():
        alice, bob, carol = [await member(s, n) for n in ("alice", "bob", "carol")]
        await befriend(alice, bob)
        await befriend(carol, bob)
        T = (await bob.ok("table.create", {"variant": "classic",
                                           "settings": {"invite_only": True}}))["table"]["table"]
        await bob.ok("table.invite", {"table": T, "users": ["carol"]})
        # Carol, invited, sees where bob is; alice, not invited, sees him
        # online at no table.
        assert (await table_of(carol, "bob", T))["seat"] == 0
        await asyncio.sleep(0.3)
        f = await table_of(alice, "bob", None, tries=1)
        assert f == {"id": bob.user["id"], "name": "bob", "online": True, "table": None,
                     "seat": None}
        # A new friend's push hides it too.
        dave = await member(s, "dave")
        await dave.ok("friend.request", {"username": "bob"})
        await bob.ok("friend.accept", {"username": "dave"})
        m = await wait_for(dave, lambda m: m["t"] == "friend.accepted", what="the acceptance")
        assert m["d"]["friend"]["table"] is None and m["d"]["friend"]["online"] is True
        # Watching an invitation-only table is hidden the same way.
        await bob.ok("table.leave", {"table": T})
        U = (await carol.ok("table.create", {"variant": "classic",
                                             "settings": {"invite_only": True}}))["table"]["table"]
        await carol.ok("table.invite", {"table": U, "users": ["bob"]})
        await bob.ok("table.watch", {"table": U})
        assert (await table_of(carol, "bob", U))["seat"] is None
        assert (await table_of(alice, "bob", None, tries=1))["table"] is None
        # At a table of friends (the default), his friends see it.
        await bob.ok("table.unwatch", {"table": U})
        V = (await bob.ok("table.create", {"variant": "bid"}))["table"]["table"]
        assert (await table_of(alice, "bob", V))["seat"] == 0
        await close_clients()
        chips_sound(s.db_path)

    run(body())


def test_compete_games_without_a_result_are_refunded_once(whistd):
    """A Compete game whose table closed under it while whistd was down (an
    orphan) is abandoned and refunded at the next start, once however often
    whistd restarts; a scheduled Compete table cancelled charges nothing."""
    s = whistd(*CHIPS)

    async def body():
        nonlocal s
        cs = [await funded(s, 500) for _ in range(4)]
        a = await cs[0].ok("table.create", {"variant": "exact", "players": 4, "settings": {
            "kind": "compete", "buy_in": 110}})
        T = a["table"]["table"]
        for i, c in enumerate(cs[1:], 1):
            await c.ok("table.sit", {"table": T, "seat": i})
        game = Game(s, T, [Seat(c, i) for i, c in enumerate(cs)], [])
        for st in game.seats:
            await game.wait(st, is_event(T, "start"), what="the start")
        await game.play(steps=3)
        await game.settle()
        s.proc.kill()
        s.proc.wait(10)
        con = sqlite3.connect(s.db_path)
        with con:
            con.execute("UPDATE tables SET state = 'closed' WHERE id = ?", (T,))
        con.close()
        ids = [c.user["id"] for c in cs]
        logs = []
        for _ in range(2):
            s = whistd(*CHIPS, db=s.db_path)
            accounts, house = balances(s.db_path)
            assert [accounts[i] for i in ids] == [500] * 4 and house == 0
            games = chips_sound(s.db_path)
            assert list(games.values()) == ["abandoned"]
            s.stop()
            logs.append(s.log())
        said = "had no table to go on at; abandoned, buy-ins refunded"
        assert said in logs[0] and said not in logs[1], logs
        s = whistd(*CHIPS, db=s.db_path)
        # Cancelled before its start: nothing charged.
        c1, c2 = await funded(s, 30), await funded(s, 30)
        a = await c1.ok("table.create", {"variant": "classic", "settings": {
            "kind": "compete", "buy_in": 30, "start_at": int(time.time()) + 2}})
        U = a["table"]["table"]
        await c2.ok("table.sit", {"table": U})
        await wait_for(c2, is_event(U, "cancelled"), timeout=10, what="the cancellation")
        assert [k for k, _, _ in history(s.db_path, c2.user["id"])] == ["grant"]
        await close_clients()
        chips_sound(s.db_path)

    run(body(), limit=120)


def test_done_when_a_scheduled_invitation_only_compete_table(whistd):
    """The issue's "done when", from the protocol alone."""
    s = whistd()

    async def body():
        names = ["nora", "eve", "sam", "walt"]
        nora = await member(s, "nora")  # the new user
        others = [await member(s, n) for n in names[1:]]
        # She adds a friend.
        await nora.ok("friend.request", {"username": "eve"})
        await others[0].ok("friend.accept", {"username": "nora"})
        await wait_for(nora, lambda m: m["t"] == "friend.accepted", what="the friend")
        assert [f["name"] for f in (await nora.ok("friends.list"))["friends"]] == ["eve"]
        for c in others:
            await c.ok("lobby.join")
        # An invitation-only Compete table a little later.
        at = int(time.time()) + 6
        a = await nora.ok("table.create", {
            "variant": "exact", "players": 4, "options": {"initial_cards": 1, "max_cards": 3},
            "settings": {"kind": "compete", "buy_in": 110, "invite_only": True,
                         "start_at": at}})
        T = a["table"]["table"]
        assert a["table"]["settings"]["start_at"] == at
        stranger = await member(s, "stranger")
        assert not listed((await stranger.ok("lobby.join"))["tables"], T)
        # Three invitations; each invitee sees it and accepts by sitting.
        d = await nora.ok("table.invite", {"table": T, "users": ["Eve", "sam", "walt"]})
        assert d == {"invited": ["eve", "sam", "walt"], "unknown": []}
        for i, c in enumerate(others, 1):
            m = await wait_for(c, lobby_table(T), what="the invitation")
            assert m["d"]["settings"]["start_at"] == at
            await c.ok("table.sit", {"table": T, "seat": i})
        assert (await stranger.error("table.sit", {"table": T}))[0] == "no_table"
        # It starts on time, not before.
        everyone = [nora, *others]
        game = Game(s, T, [Seat(c, i) for i, c in enumerate(everyone)], [])
        for st in game.seats:
            await game.wait(st, is_event(T, "start"), timeout=20, what="the start")
        assert time.time() >= at - 0.01
        for st in game.seats:
            await game.wait(st, lambda m: m["t"] == "table.opened", what="the opening")
        result = await game.finish()
        gid = result["game"]
        await check_record(nora, gid, result)
        # Each one's chip history: the buy-in, and for the winners the payout.
        await asyncio.sleep(0.3)
        winners = set(result["winners"])
        for i, c in enumerate(everyone):
            h = (await c.ok("chips.history", {"limit": 10}))["entries"]
            game_entries = {e["kind"]: e["delta"] for e in h if e["game"] == gid}
            assert game_entries.get("buyin") == -110, h
            if i in winners:
                # The pot of 440 less 10 %, shared by the winners.
                assert game_entries.get("payout") == 396 // len(winners), h
            else:
                assert "payout" not in game_entries, h
            games = (await c.ok("results.games", {"limit": 1}))["games"]
            assert games[0]["game"] == gid
            assert games[0]["chips"] == game_entries.get("payout", 0) - 110
        await close_clients()
        assert chips_sound(s.db_path)[gid] == "finished"

    run(body(), limit=120)
