"""Limits against abuse: message credits per connection (an error with
retry_after, then a close with 1008 for a flood), connections per address,
chat bursts and repeated lines, and login attempts per account and per
address. Each test sets the limits it checks (the fixture relaxes the
message and chat limits for the other tests)."""

import asyncio

from conftest import Client, close_clients, guest, resume, run
from tables import create


def test_rate_limit_then_flood_close(whistd):
    # 10 credits, one back every 10 s: none comes back during the test.
    s = whistd("--rate-messages", "10", "--rate-window", "100", "--rate-flood", "5")

    async def body():
        c = await Client.connect(s, hello=True)
        # hello took one credit: nine more are answered.
        for i in range(9):
            r = await c.request("lobby.leave", id=f"ok{i}")
            assert r["t"] == "error" and r["d"]["code"] == "not_logged_in", r
        r = await c.request("lobby.leave", id="x1")
        assert r["t"] == "error" and r["d"]["code"] == "rate_limited", r
        assert r["id"] == "x1"
        assert 1 <= r["d"]["retry_after"] <= 10, r
        assert "slow down" in r["d"]["message"]
        # Refused again and again: the fifth refusal in a row is the last
        # message, then a close with 1008 (exactly rate-flood refusals).
        for i in range(2, 6):
            r = await c.request("lobby.leave", id=f"x{i}")
            assert r["d"]["code"] == "rate_limited", r
        assert await c.closed() == 1008
        assert c.ws.close_reason == "flood"
        m = s.metrics()
        assert m["whistd_rate_limited_total"] == 5
        assert m["whistd_flood_closed_total"] == 1

    run(body())


def test_credits_come_back_with_time(whistd):
    s = whistd("--rate-messages", "4", "--rate-window", "12", "--rate-flood", "100")

    async def body():
        c = await Client.connect(s, hello=True)
        for _ in range(3):
            await c.request("lobby.leave")
        r = await c.request("lobby.leave", id="again")
        assert r["d"]["code"] == "rate_limited"
        assert 1 <= r["d"]["retry_after"] <= 3, r
        await asyncio.sleep(r["d"]["retry_after"] + 0.1)
        # A refused request is not remembered: the same id is carried out now.
        r = await c.request("lobby.leave", id="again")
        assert r["d"]["code"] == "not_logged_in", r

    run(body())


def test_connections_per_address(whistd):
    s = whistd("--max-connections-per-address", "3")

    async def body():
        held = [await Client.connect(s, hello=True) for _ in range(3)]
        extra = await Client.connect(s)
        m = await extra.recv()
        assert m["t"] == "error" and m["d"]["code"] == "too_many_connections", m
        assert await extra.closed() == 1008
        assert s.metrics()["whistd_connections_refused_total"] == 1
        # One goes: there is room again.
        await held.pop().close()
        await asyncio.sleep(0.3)
        again = await Client.connect(s, hello=True)
        held.append(again)
        for c in held:
            await c.close()

    run(body())


def test_chat_burst_and_repeat(whistd):
    s = whistd("--chat-lines", "3", "--chat-window", "30", "--chat-repeat", "30")

    async def body():
        a = await guest(s)
        T, _ = await create(a, variant="classic")
        await a.ok("table.chat", {"table": T, "text": "hello"})
        r = await a.request("table.chat", {"table": T, "text": "  HELLO "})
        assert r["t"] == "error" and r["d"]["code"] == "chat_repeated", r
        assert 25 <= r["d"]["retry_after"] <= 30
        await a.ok("table.chat", {"table": T, "text": "good luck"})
        await a.ok("table.chat", {"table": T, "phrase": 1})
        r = await a.request("table.chat", {"table": T, "text": "one more"})
        assert r["d"]["code"] == "chat_too_fast", r
        assert 1 <= r["d"]["retry_after"] <= 10, r
        assert "at most 3 in 30 seconds" in r["d"]["message"]
        # Another connection of the same account shares the limit.
        b = await resume(s, a.token)
        r = await b.request("table.chat", {"table": T, "text": "from elsewhere"})
        assert r["d"]["code"] == "chat_too_fast", r
        assert s.metrics()["whistd_chat_refused_total"] == 3
        await close_clients()

    run(body())


def test_chat_control_characters_and_length_still_checked(whistd):
    s = whistd("--chat-lines", "10")

    async def body():
        a = await guest(s)
        T, _ = await create(a, variant="classic")
        await a.ok("table.chat", {"table": T, "text": "a\u0007b\u0085c\x1b[2J"})
        r = await a.request("table.chat", {"table": T, "text": "x" * 201})
        assert r["d"]["code"] == "bad_chat"
        await close_clients()

    run(body())


def test_login_throttled_per_account(whistd):
    s = whistd("--login-failures", "3", "--login-window", "4")

    async def body():
        c = await Client.connect(s, hello=True)
        await c.ok("register", {"username": "carol", "password": "right password"})
        await c.ok("logout")
        for _ in range(3):
            code, _ = await c.error("login", {"username": "carol", "password": "wrong one!"})
            assert code == "login_failed"
        # Even the right password waits now, for this account...
        r = await c.request("login", {"username": "CAROL", "password": "right password"})
        assert r["t"] == "error" and r["d"]["code"] == "too_many_attempts", r
        assert 1 <= r["d"]["retry_after"] <= 4
        assert "for this account" in r["d"]["message"]
        # ...but not for another account.
        other = await Client.connect(s, hello=True)
        await other.ok("register", {"username": "dave", "password": "dave's password"})
        await other.ok("logout")
        await other.ok("login", {"username": "dave", "password": "dave's password"})
        # After the window, the right password works (and clears the count).
        await asyncio.sleep(r["d"]["retry_after"] + 0.2)
        await c.ok("login", {"username": "carol", "password": "right password"})
        assert s.metrics()["whistd_logins_throttled_total"] == 1
        for x in (c, other):
            await x.close()

    run(body())


def test_login_throttled_per_address(whistd):
    s = whistd("--login-failures", "100", "--login-failures-per-address", "4",
               "--login-window", "60")

    async def body():
        c = await Client.connect(s, hello=True)
        for i in range(4):
            code, _ = await c.error("login", {"username": f"nobody{i}", "password": "whatever1"})
            assert code == "login_failed"
        r = await c.request("login", {"username": "someone", "password": "whatever1"})
        assert r["d"]["code"] == "too_many_attempts", r
        assert "from this address" in r["d"]["message"]
        assert 50 <= r["d"]["retry_after"] <= 60
        # Guests are not logins: still allowed.
        await c.ok("guest")
        await c.close()

    run(body())


def test_trusted_proxy_forwarded_address(whistd):
    """Behind a trusted proxy, the limit counts X-Forwarded-For addresses."""
    s = whistd("--max-connections-per-address", "1", "--trusted-proxy", "127.0.0.1")

    async def body():
        a = await Client.connect(s, hello=True,
                                 extra_headers={"X-Forwarded-For": "203.0.113.9, 198.51.100.1"})
        b = await Client.connect(s, hello=True, extra_headers={"X-Forwarded-For": "198.51.100.2"})
        c = await Client.connect(s, extra_headers={"X-Forwarded-For": "198.51.100.1"})
        m = await c.recv()
        assert m["d"]["code"] == "too_many_connections"
        assert await c.closed() == 1008
        for x in (a, b):
            await x.close()

    run(body())
