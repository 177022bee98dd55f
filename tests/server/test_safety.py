"""whistd end to end: account deletion, a player's data, the operator's
password reset, and safety between players (docs/protocol.md, Your account
and Safety; docs/whistctl.md): each with its bad input (a wrong password,
deleting while seated, deleting twice, a used code, blocking or reporting
oneself, reporting twice), the chip ledger checked after a deletion.

Run as the rest of tests/server (see conftest.py); WHISTCTL names whistctl."""

import asyncio
import re
import sqlite3

import conftest
from conftest import PASSWORD, Client, member, quiet, wait_for
from tables import create
from test_account import ended, hello_with, login
from test_social import ctl, ledger_ok


def run(coro, limit=90):
    return conftest.run_closing(coro, limit)


def one(db, sql, *params):
    con = sqlite3.connect(db, timeout=10)
    try:
        return con.execute(sql, params).fetchone()
    finally:
        con.close()


async def connect(s):
    c = await Client.connect(s, hello=True, max_queue=None)
    conftest._open_clients.append(c)
    return c


def test_delete_account(whistd):
    s = whistd()

    async def body():
        ann = await member(s, "ann")
        other = await login(s, "ann")
        bob = await member(s, "bob")
        await ann.ok("friend.request", {"username": "bob"})
        await bob.ok("friend.accept", {"username": "ann"})
        chips = (await ann.ok("chips.balance"))["chips"]
        assert chips > 0

        # Bad input changes nothing.
        assert (await ann.error("account.delete", {"password": "not it"}))[0] == "wrong_password"
        assert (await ann.error("account.delete", {}))[0] == "bad_message"
        # A seat at a table not finished: leave it first.
        table, _ = await create(ann, variant="classic")
        code, message = await ann.error("account.delete", {"password": PASSWORD})
        assert code == "seated" and f"table {table}" in message, message
        await ann.ok("table.leave", {"table": table})

        d = await ann.ok("account.delete", {"password": PASSWORD})
        aid = ann.user["id"]
        assert d == {"name": f"deleted player {aid}", "chips": chips}
        assert "deleted" in await ended(ann)
        assert "deleted" in await ended(other)
        assert (await hello_with(s, ann.token))["d"]["session"] == "invalid"

        # The chips went to the house through the ledger, which still checks.
        assert one(s.db_path, "SELECT chips FROM accounts WHERE id = ?", aid)[0] == 0
        assert one(s.db_path, "SELECT delta, kind FROM ledger WHERE batch = ? AND account_id = ?",
                   f"closure:{aid}", aid) == (-chips, "closure")
        assert one(s.db_path, "SELECT delta FROM ledger WHERE batch = ? AND account_id IS NULL",
                   f"closure:{aid}") == (chips,)
        ledger_ok(s)
        # Gone for others: no friend, no profile, no login; the name is held.
        assert (await bob.ok("friends.list"))["friends"] == []
        assert (await bob.error("profile.get", {"username": "ann"}))[0] == "no_user"
        assert (await bob.error("profile.get", {"username": f"deleted player {aid}"}))[0] == \
            "no_user"
        c = await connect(s)
        assert (await c.error("login", {"username": "ann", "password": PASSWORD}))[0] == \
            "login_failed"
        assert (await c.error("register", {"username": "Ann", "password": PASSWORD}))[0] == \
            "username_taken"
        # The guest case.
        g = await conftest.guest(s)
        assert (await g.error("account.delete", {"password": "x"}))[0] == "guest"

    run(body())


def test_download_my_data(whistd):
    s = whistd()

    async def body():
        ann = await member(s, "ann")
        await member(s, "bob")
        await ann.ok("friend.request", {"username": "bob"})
        await ann.ok("safety.mute", {"username": "bob"})
        data = await ann.ok("account.export")
        assert data["account"]["username"] == "ann"
        assert data["account"]["chips"] == (await ann.ok("chips.balance"))["chips"]
        assert data["friends"]["requests_from_me"] == ["bob"]
        assert [m["username"] for m in data["muted"]] == ["bob"]
        assert data["chips_history"][0]["kind"] == "initial"
        assert len(data["sessions"]) == 1
        for key in ("games", "ratings", "blocked", "reports_made", "exported_at"):
            assert key in data
        assert "password" not in str(data) and ann.token not in str(data)

    run(body())


def test_operator_password_reset(whistd):
    s = whistd()

    async def body():
        ann = await member(s, "ann")
        code, out = await asyncio.to_thread(ctl, s.db_path, "reset-password", "ann")
        assert code == 0, out
        reset = re.search(r"reset code for ann: ([A-Z0-9-]{14})", out).group(1)
        assert (await asyncio.to_thread(ctl, s.db_path, "reset-password", "nobody"))[0] == 2

        c = await connect(s)
        new = "a brand new passphrase"
        for d, want in [({"username": "ann", "code": "WRONG-CODE-1234", "password": new},
                         "bad_code"),
                        ({"username": "nobody", "code": reset, "password": new}, "bad_code"),
                        ({"username": "ann", "code": reset, "password": "short"},
                         "bad_password"),
                        ({"username": "ann", "code": reset}, "bad_message")]:
            assert (await c.error("account.reset", d))[0] == want, d
        got = await c.ok("account.reset", {"username": "ann", "code": reset, "password": new})
        assert got["user"]["name"] == "ann" and got["token"]
        assert "reset" in await ended(ann)
        # Used once; the new password logs in, the old one does not.
        c2 = await connect(s)
        assert (await c2.error("account.reset",
                               {"username": "ann", "code": reset, "password": new}))[0] == \
            "bad_code"
        assert (await c2.error("login", {"username": "ann", "password": PASSWORD}))[0] == \
            "login_failed"
        await login(s, "ann", new)
        # Logged in already: not now.
        assert (await c.error("account.reset",
                              {"username": "ann", "code": reset, "password": new}))[0] == \
            "wrong_state"

    run(body())


def test_mute_block_and_their_errors(whistd):
    s = whistd()

    async def body():
        ann = await member(s, "ann")
        bob = await member(s, "bob")
        await member(s, "cat")
        for t in ("safety.mute", "safety.block", "safety.report"):
            d = {"username": "ann", "reason": "other"}
            assert (await ann.error(t, d))[0] == "self", t
            assert (await ann.error(t, {**d, "username": "nobody"}))[0] == "no_user", t
        assert (await ann.error("safety.mute", {}))[0] == "bad_message"

        await ann.ok("safety.mute", {"username": "cat"})
        await ann.ok("safety.mute", {"username": "cat"})  # again: nothing changes
        await bob.ok("friend.request", {"username": "ann"})
        await ann.ok("safety.block", {"username": "bob"})
        lists = await ann.ok("safety.list")
        assert [m["username"] for m in lists["muted"]] == ["cat"]
        assert [b["username"] for b in lists["blocked"]] == ["bob"]
        # The request is gone, and neither may ask again.
        assert (await ann.ok("friends.list"))["incoming"] == []
        code, message = await bob.error("friend.request", {"username": "ann"})
        assert code == "blocked" and "does not take" in message
        code, message = await ann.error("friend.request", {"username": "bob"})
        assert code == "blocked" and "unblock" in message
        # bob's invitation to a private table does not reach ann.
        table, _ = await create(bob, variant="classic", settings={"invite_only": True})
        d = await bob.ok("table.invite", {"table": table, "users": ["ann", "cat"]})
        assert d["invited"] == ["cat"] and d["unknown"] == ["ann"]
        await ann.ok("safety.unblock", {"username": "bob"})
        await ann.ok("safety.unmute", {"username": "cat"})
        assert await ann.ok("safety.list") == {"muted": [], "blocked": []}
        await bob.ok("friend.request", {"username": "ann"})
        g = await conftest.guest(s)
        assert (await g.error("safety.list"))[0] == "guest"

    run(body())


def test_report_with_the_tables_chat_and_the_operators_mute(whistd):
    s = whistd()

    async def body():
        ann = await member(s, "ann")
        bob = await member(s, "bob")
        table, _ = await create(bob, variant="classic", settings={"chat": "text"})
        await bob.ok("table.chat", {"table": table, "text": "something rude"})
        await ann.ok("safety.report", {"username": "bob", "reason": "chat",
                                       "details": "at table", "table": table})
        assert (await ann.error("safety.report", {"username": "bob", "reason": "chat"}))[0] == \
            "already_reported"
        assert (await ann.error("safety.report", {"username": "bob", "reason": "rude"}))[0] == \
            "bad_message"
        code, out = await asyncio.to_thread(ctl, s.db_path, "reports")
        assert code == 0 and "ann" in out and "bob" in out and "chat" in out, out
        rid = one(s.db_path, "SELECT id FROM reports")[0]
        code, out = await asyncio.to_thread(ctl, s.db_path, "report", str(rid))
        assert code == 0 and "something rude" in out and "bob" in out, out

        # The operator mutes bob's chat for an hour: he is told until when and why.
        code, out = await asyncio.to_thread(ctl, s.db_path, "mute-chat", "bob", "1h",
                                            "--reason", "insults")
        assert code == 0 and "muted until" in out, out
        code, message = await bob.error("table.chat", {"table": table, "text": "hello"})
        assert code == "chat_muted" and "insults" in message and "UTC" in message, message
        assert (await asyncio.to_thread(ctl, s.db_path, "mute-chat", "bob", "soon"))[0] == 2
        assert (await asyncio.to_thread(ctl, s.db_path, "unmute-chat", "bob"))[0] == 0
        await bob.ok("table.chat", {"table": table, "text": "sorry"})

        code, out = await asyncio.to_thread(ctl, s.db_path, "resolve", str(rid), "warned bob")
        assert code == 0 and "resolved" in out, out
        assert "no open reports" in (await asyncio.to_thread(ctl, s.db_path, "reports"))[1]
        # Resolved: he may be reported again.
        await ann.ok("safety.report", {"username": "bob", "reason": "stalling"})

    run(body())
