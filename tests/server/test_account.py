"""whistd end to end: account care (docs/protocol.md, Your account). A
player changes their password (the old one required; every other session
ended, its connections told and closed); lists their sessions with the
device each came from, and ends one (that connection is told and
closed); bad input gets a clear error and changes nothing. Run as the
rest of tests/server (see conftest.py)."""

import asyncio

import conftest
from conftest import PASSWORD, Client, guest, member, resume, wait_for

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
SAFARI = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
          "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")
NEW = "a new password, long enough"


def run(coro, limit=60):
    return conftest.run_closing(coro, limit)


async def login(s, name, password=PASSWORD, agent=None):
    """A new connection logged in to `name` (a new session), as `agent`."""
    kw = {"user_agent_header": agent} if agent else {}
    c = await Client.connect(s, hello=True, id_prefix=f"{name}-", max_queue=None, **kw)
    conftest._open_clients.append(c)
    d = await c.ok("login", {"username": name, "password": password})
    c.user, c.name, c.token = d["user"], d["user"]["name"], d["token"]
    return c


async def ended(c):
    """The session.ended push, then the close (code 1000)."""
    m = await wait_for(c, lambda m: m["t"] == "session.ended", what="session.ended")
    assert await c.closed() == 1000
    return m["d"]["reason"]


async def hello_with(s, token):
    c = await Client.connect(s)
    conftest._open_clients.append(c)
    return await c.request("hello", {"version": 1, "token": token})


def test_change_password_ends_the_other_sessions(whistd):
    s = whistd()

    async def body():
        first = await member(s, "ann")
        other = await login(s, "ann", agent=SAFARI)
        bystander = await member(s, "bob")

        for bad, code in [({"old": "wrong password", "new": NEW}, "wrong_password"),
                          ({"old": PASSWORD, "new": "short"}, "bad_password"),
                          ({"old": PASSWORD}, "bad_message"),
                          ({"old": 5, "new": NEW}, "bad_message")]:
            got, _ = await first.error("account.password", bad)
            assert got == code, (bad, got)
        # Nothing changed: the old password still logs in, both sessions live.
        assert (await hello_with(s, other.token))["d"]["session"] == "resumed"
        await (await login(s, "ann")).ok("logout")

        assert await first.ok("account.password", {"old": PASSWORD, "new": NEW}) == {"ended": 1}
        assert "password" in await ended(other)
        assert (await hello_with(s, other.token))["d"]["session"] == "invalid"
        # This connection goes on; the new password logs in, the old does not.
        assert (await first.ok("profile.get"))["user"]["name"] == "ann"
        assert (await hello_with(s, first.token))["d"]["session"] == "resumed"
        c = await Client.connect(s, hello=True)
        conftest._open_clients.append(c)
        assert (await c.error("login", {"username": "ann", "password": PASSWORD}))[0] == \
            "login_failed"
        await login(s, "ann", NEW)
        # Someone else's session is untouched.
        assert (await bystander.ok("profile.get"))["user"]["name"] == "bob"

        g = await guest(s)
        assert (await g.error("account.password", {"old": "x", "new": NEW}))[0] == "guest"
        assert (await g.error("account.sessions"))[0] == "guest"

    run(body())


def test_sessions_listed_with_their_device_and_one_ended(whistd):
    s = whistd()

    async def body():
        await member(s, "cat")
        laptop = await login(s, "cat", agent=FIREFOX)
        phone = await login(s, "cat", agent=SAFARI)
        await asyncio.sleep(1.1)  # a later last use for the laptop's hello below
        assert (await hello_with(s, laptop.token))["d"]["session"] == "resumed"

        listed = (await phone.ok("account.sessions"))["sessions"]
        assert len(listed) == 3
        devices = {x["device"] for x in listed}
        assert {"Firefox on Linux", "Safari on iOS"} <= devices, listed
        mine = [x for x in listed if x["current"]]
        assert len(mine) == 1 and mine[0]["device"] == "Safari on iOS"
        assert listed[0]["device"] == "Firefox on Linux"  # the most recently used first
        for x in listed:
            assert len(x["id"]) == 16 and x["created_at"] <= x["last_used_at"]
        # No id is a token or a whole hash.
        assert all(x["id"] not in (laptop.token, phone.token) for x in listed)

        firefox = next(x for x in listed if x["device"] == "Firefox on Linux")
        assert await phone.ok("account.end_session", {"session": firefox["id"]}) == {}
        assert "another device" in await ended(laptop)
        assert (await hello_with(s, laptop.token))["d"]["session"] == "invalid"
        assert len((await phone.ok("account.sessions"))["sessions"]) == 2

        # Ended already, unknown, another's, or this one: refused, nothing changes.
        code, _ = await phone.error("account.end_session", {"session": firefox["id"]})
        assert code == "no_session"
        code, _ = await phone.error("account.end_session", {"session": "0" * 16})
        assert code == "no_session"
        dan = await member(s, "dan")
        theirs = (await dan.ok("account.sessions"))["sessions"][0]["id"]
        code, _ = await phone.error("account.end_session", {"session": theirs})
        assert code == "no_session"
        code, msg = await phone.error("account.end_session", {"session": mine[0]["id"]})
        assert code == "wrong_state" and "log out" in msg
        code, _ = await phone.error("account.end_session", {})
        assert code == "bad_message"
        assert len((await phone.ok("account.sessions"))["sessions"]) == 2
        assert len((await dan.ok("account.sessions"))["sessions"]) == 1

    run(body())


def test_preferences_kept_with_the_account(whistd):
    """prefs.get and prefs.set: the defaults until set; a change keeps the
    others; another session (another browser) reads them, after a restart
    too; a guest keeps its own; bad input is refused and changes nothing."""
    defaults = {"card_order": "descending", "alternate_colours": True, "play": "click",
                "auto_play": False, "sound": True, "volume": 60, "motion": True,
                "theme": "light"}

    s = whistd()

    async def body():
        ann = await member(s, "ann")
        assert await ann.ok("prefs.get") == defaults
        changed = await ann.ok("prefs.set", {"theme": "dark", "volume": 25, "play": "confirm"})
        assert changed == {**defaults, "theme": "dark", "volume": 25, "play": "confirm"}
        changed = await ann.ok("prefs.set", {"auto_play": True, "card_order": "ascending"})
        want = {**defaults, "theme": "dark", "volume": 25, "play": "confirm", "auto_play": True,
                "card_order": "ascending"}
        assert changed == want
        for bad, words in (({"theme": "blue"}, "theme must be"),
                           ({"volume": -1}, "volume must be"),
                           ({"motion": 1}, "motion must be true or false"),
                           ({"sound": False, "cards": "big"}, "no preference is called")):
            code, message = await ann.error("prefs.set", bad)
            assert code == "bad_message" and words in message, message
        other = await login(s, "ann")
        assert await other.ok("prefs.get") == want
        g = await guest(s)
        assert await g.ok("prefs.get") == defaults
        assert (await g.ok("prefs.set", {"sound": False}))["sound"] is False
        assert await ann.ok("prefs.get") == want
        return ann.token

    token = run(body())
    s.stop()
    s = whistd(db=s.db_path)

    async def after():
        again = await resume(s, token)
        assert (await again.ok("prefs.get"))["theme"] == "dark"

    run(after())
