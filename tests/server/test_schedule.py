"""Scheduled tables in whistd: a table with start_at starts at that time
and not before; start_at must be within 24 hours. A table not full at its
time (cancelled, or filled with computer players) is tested on the table
core (tests/table/schedule_test.cpp)."""

import time

from conftest import guest, wait_for
from tables import create, is_event, run


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
