"""Fault tests: whistd killed with SIGKILL at random moments during play,
again and again, on the same database. After each restart the game in
progress comes back at least as far as anything any player was told
(stored before told), every seat resumes, and at the end the whole game
replays as a legal game to the scores announced.

WHIST_KILL_LOOPS sets the number of kills (default 100: about 20 seconds)."""

import asyncio
import os
import random
import signal
import time

import websockets

from conftest import close_clients, resume, run
from tables import check_record, open_game

LOOPS = int(os.environ.get("WHIST_KILL_LOOPS", "100"))


def whistd_pid(server):
    """The whistd process under the `timeout` wrapper of the fixture."""
    pid = server.proc.pid
    for _ in range(3):
        try:
            with open(f"/proc/{pid}/comm") as f:
                if f.read().strip() == "whistd":
                    return pid
            with open(f"/proc/{pid}/task/{pid}/children") as f:
                pid = int(f.read().split()[0])
        except (OSError, IndexError, ValueError):
            break
    raise AssertionError("whistd's process was not found")


def progress(view):
    """How far a classic game's current deal is: (deal, cards played)."""
    played = sum(len(t["cards"]) for t in view["tricks"]) + len(view["trick"]["cards"])
    return (view["deal"], played)


async def drain(game, st):
    """Reads what the dead server had sent this seat, to the close."""
    try:
        while True:
            await game.read(st, 5)
    except (websockets.exceptions.ConnectionClosed, asyncio.TimeoutError, ConnectionError):
        pass


def test_kill9_loop_loses_nothing_told(whistd):
    s = whistd()
    rng = random.Random(20261122)

    async def body():
        nonlocal s
        game = await open_game(s, "classic", options={"play_to": 9}, watchers=0)
        T = game.table
        tokens = [st.c.token for st in game.seats]
        compared = ahead = 0
        for loop in range(LOOPS):
            # Actions in flight, and a kill at a random moment among them.
            task = asyncio.create_task(game.play(steps=rng.randint(1, 10), wait_next=False,
                                                 limit=30))
            await asyncio.sleep(rng.uniform(0.0, 0.2))
            os.kill(whistd_pid(s), signal.SIGKILL)
            s.proc.wait(10)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await asyncio.gather(*(drain(game, st) for st in game.seats))
            told = max(progress(st.view) for st in game.seats)
            over = any(st.view["game_over"] for st in game.seats)

            s = whistd(db=s.db_path)
            for st, token in zip(game.seats, tokens):
                c = await resume(s, token)
                back = await c.ok("table.sync", {"table": T})
                st.c, st.view, st.view_v, st.acted_v = c, back["view"], back["v"], -1
                st.last_v = back["v"]
            restored = max(progress(st.view) for st in game.seats)
            if over or any(st.view["game_over"] for st in game.seats):
                # The game ended around the kill: a new one, and on.
                for st in game.seats:
                    await st.c.ok("table.rematch", {"table": T})
                for st in game.seats:
                    await game.wait(st, lambda m: m["t"] == "table.view" and
                                    not m["d"]["view"]["game_over"], what="the new game")
                continue
            # Everything anyone saw is there after the restart.
            assert restored >= told, (loop, told, restored)
            compared += 1
            ahead += restored > told
        assert compared >= LOOPS // 2, compared
        print(f"{compared} restarts compared; {ahead} had stored more than anyone was told; "
              f"{game.actions} actions sent")
        # The game, restarted again and again, plays to its end and its
        # record replays as a legal game to the announced result.
        result = await game.finish()
        await check_record(game.seats[0].c, result["game"], result)
        await close_clients()

    started = time.monotonic()
    run(body(), limit=60 + 8 * LOOPS)
    print(f"{LOOPS} kills in {time.monotonic() - started:.0f} s")
