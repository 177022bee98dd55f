"""Scheduled tables in whistd: a table with start_at starts at that time
and not before; one not full at that time is cancelled, unless its creator
allowed computer players to fill it; start_at must be within 24 hours."""

import time

from conftest import guest, wait_for
from test_tables import create, event_of, is_event, parsed, run


def test_scheduled_table_starts_on_time_not_before(whistd):
    s = whistd()

    async def body():
        cs = [await guest(s) for _ in range(4)]
        at = int(time.time()) + 4
        T, a = await create(cs[0], variant="classic", settings={"start_at": at})
        assert a["table"]["settings"]["start_at"] == at
        for i, c in enumerate(cs[1:], 1):
            await c.ok("table.sit", {"table": T, "seat": i})
        # Full, but not yet its time.
        m = await wait_for(cs[0], is_event(T, "start"), timeout=12, what="the start")
        assert time.time() >= at - 0.01
        assert m["d"]["event"]["type"] == "start"

    run(body())


def test_scheduled_table_not_full_is_cancelled(whistd):
    s = whistd()

    async def body():
        a, b, lobby = await guest(s), await guest(s), await guest(s)
        await lobby.ok("lobby.join")
        T, _ = await create(a, variant="classic", settings={"start_at": int(time.time()) + 2})
        await b.ok("table.sit", {"table": T})
        await wait_for(b, is_event(T, "cancelled"), timeout=10, what="the cancellation")
        await wait_for(lobby, lambda m: m["t"] == "lobby.removed" and m["d"]["table"] == T)
        assert (await a.error("table.sync", {"table": T}))[0] == "no_table"
        assert not [m for m in parsed(b) if event_of(m, T, "start")]

    run(body())


def test_scheduled_table_filled_with_computer_players(whistd):
    s = whistd("--bot-budget-ms", "20", "--bot-delay-ms", "0")

    async def body():
        a = await guest(s)
        T, _ = await create(a, variant="classic",
                            settings={"start_at": int(time.time()) + 2, "computers_fill": True})
        m = await wait_for(a, is_event(T, "start"), timeout=10, what="the start")
        assert [x["computer"] for x in m["d"]["event"]["seats"]] == [False, True, True, True]

    run(body())


def test_start_at_refusals(whistd):
    s = whistd()

    async def body():
        a = await guest(s)
        now = int(time.time())
        for settings in [{"start_at": now - 10}, {"start_at": now + 24 * 3600 + 60},
                         {"start_at": "soon"}, {"computers_fill": True},
                         {"kind": "compete", "buy_in": 30, "start_at": now + 60,
                          "computers_fill": True}]:
            code, _ = await a.error("table.create", {"variant": "classic", "settings": settings})
            assert code == "bad_table", settings

    run(body())
