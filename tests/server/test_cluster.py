"""Three whistd nodes behind HAProxy (deploy/haproxy-whistd.cfg's backend),
on one PostgreSQL and one redis-server, all real, all on 127.0.0.1 (issue
25): the players connect to the proxy only, which spreads them over the
nodes; whichever node a player lands on, they play at the table wherever
its home is.

- A table's home is killed (SIGKILL) mid-game, again and again: each time
  the players' reconnections through the proxy find the table as soon as
  a node has taken it over (the server waits for it: no "no such table"
  in between), the game is at least as far as anyone was told, and it
  ends legally with the chip ledger whole.
- A home paused (SIGSTOP) past its lease is fenced when it wakes: an
  action sent to it is neither acknowledged nor told, the proxy's checks
  find it up again, and a player who lands on it plays on through it.
- A rolling upgrade (each node in turn stopped with SIGTERM and started
  again): a node that drains hands its tables over at once, well before
  its lease would expire, and the game goes on to its end.

WHIST_CLUSTER_KILLS sets the number of kills (default 20)."""

import asyncio
import os
import signal
import time

import websockets

from conftest import HAProxy, close_clients, free_port, psql, resume, run
from tables import check_record
from test_faults import drain, progress, whistd_pid
from test_nodes import after_the_kills, compete_game, ledger_ok

KILLS = int(os.environ.get("WHIST_CLUSTER_KILLS", "20"))
NAMES = ("a", "b", "c")


class Cluster:
    """Three nodes, each on a port of its own kept across restarts, and the
    proxy in front of them."""

    def __init__(self, whistd, postgres, redis, tmp_path, lease_ms=1500):
        self.whistd, self.redis, self.lease_ms = whistd, redis, lease_ms
        self.db = postgres.new_database()
        self.ports = {n: free_port() for n in NAMES}
        self.nodes = {n: self.start(n) for n in NAMES}
        self.proxy = HAProxy(tmp_path, self.ports)

    def start(self, name):
        return self.whistd("--node", name, "--lease-ms", str(self.lease_ms), "--redis",
                           self.redis.address, db=self.db, port=self.ports[name])

    def home(self, table):
        """The name of the node whose lease on `table` is current."""
        rows = psql(self.db, "SELECT node FROM table_leases WHERE table_id = "
                    f"{int(table)} AND expires_ms > "
                    "(extract(epoch FROM clock_timestamp()) * 1000)::bigint")
        return rows[0][0].split("/")[0] if rows else None

    async def home_of(self, table, limit=10):
        deadline = time.monotonic() + limit
        while (name := self.home(table)) is None:
            assert time.monotonic() < deadline, f"no node holds table {table}"
            await asyncio.sleep(0.05)
        return name

    def connections(self):
        return {n: int(s.metrics()["whistd_connections"]) for n, s in self.nodes.items()
                if s.proc.poll() is None}

    def stop(self):
        self.proxy.stop()
        for s in self.nodes.values():
            s.stop()


async def follow(game, proxy, tokens, retry=False):
    """Every seat continues its session through the proxy and syncs the
    table. Without `retry`, the first answer must be the table: the node
    reached waits for the table's new home. With it, a connection told the
    server restarts (its table moved meanwhile) comes back again."""
    for st, token in zip(game.seats, tokens):
        for attempt in range(40 if retry else 1):
            try:
                c = await resume(proxy, token)
                r = await c.request("table.sync", {"table": game.table}, timeout=30)
                break
            except (websockets.exceptions.ConnectionClosed, ConnectionError):
                if not retry:
                    raise
                await asyncio.sleep(0.25)
        assert r["t"] != "error" and "view" in r["d"], r
        back = r["d"]
        st.c, st.view, st.view_v, st.acted_v = c, back["view"], back["v"], -1
        st.last_v = back["v"]


async def finish_and_check(game):
    result = await game.finish()
    await check_record(game.seats[0].c, result["game"], result)
    await close_clients()


def test_three_nodes_behind_the_proxy_lose_nothing_to_kills(whistd, postgres, redis, tmp_path):
    cluster = Cluster(whistd, postgres, redis, tmp_path)
    proxy = cluster.proxy

    async def body():
        game = await compete_game(proxy, [f"ck{i}" for i in range(4)])
        tokens = [st.c.token for st in game.seats]
        # The proxy spread the four players over the nodes.
        assert sum(1 for n in cluster.connections().values() if n) >= 2, cluster.connections()
        compared = 0
        for kill in range(KILLS):
            await game.play(steps=1 + kill % 5, limit=30)
            told = max(progress(st.view) for st in game.seats)
            over = any(st.view["game_over"] for st in game.seats)
            name = await cluster.home_of(game.table)
            dead = cluster.nodes[name]
            os.kill(whistd_pid(dead), signal.SIGKILL)
            dead.proc.wait(10)
            # Every seat reads what it was sent: the killed node's
            # connections end, the others' are told the table moved.
            await asyncio.gather(*(drain(game, st) for st in game.seats))
            told = max([told] + [progress(st.view) for st in game.seats])
            await follow(game, proxy, tokens)
            cluster.nodes[name] = cluster.start(name)
            if over or any(st.view["game_over"] for st in game.seats):
                break
            restored = max(progress(st.view) for st in game.seats)
            assert restored >= told, (kill, told, restored)
            compared += 1
        await after_the_kills(game, compared, "takeovers behind the proxy", KILLS)

    run(body(), limit=120 + 10 * KILLS)
    cluster.stop()
    ledger_ok(cluster.db)


def test_a_paused_home_is_fenced_and_rejoins_behind_the_proxy(whistd, postgres, redis,
                                                              tmp_path):
    cluster = Cluster(whistd, postgres, redis, tmp_path)
    proxy = cluster.proxy

    async def body():
        game = await compete_game(proxy, [f"cp{i}" for i in range(4)])
        tokens = [st.c.token for st in game.seats]
        await game.play(steps=3, limit=30)
        name = await cluster.home_of(game.table)
        paused = cluster.nodes[name]
        # The seat to act writes to the paused home itself.
        stale = game.to_act()
        assert stale is not None
        pid = whistd_pid(paused)
        stale_c = await resume(paused, tokens[game.seats.index(stale)])
        r = await stale_c.request("table.sync", {"table": game.table})
        assert r["t"] != "error", r
        old_view = r["d"]["view"]
        os.kill(pid, signal.SIGSTOP)
        try:
            await asyncio.to_thread(proxy.wait_state, name, "DOWN")
            # Another node takes the table over; the players follow it
            # through the proxy (those at the paused node hear nothing
            # more: a browser's pings would tell it) and play on.
            await follow(game, proxy, tokens, retry=True)
            assert await cluster.home_of(game.table) != name
            await game.play(steps=2, limit=30)
            await stale_c.send("table.act", {"table": game.table,
                                             "action": game.choose(old_view)}, id="stale-act")
        finally:
            os.kill(pid, signal.SIGCONT)
        seen = []
        try:
            while True:
                seen.append(await stale_c.recv(10))
        except Exception:
            pass
        assert not any(m.get("id") == "stale-act" and m["t"] == "ack" for m in seen), seen
        assert any(m["t"] == "server.restarting" for m in seen), seen
        # Back up at the proxy; a player who lands on it plays on through it.
        await asyncio.to_thread(proxy.wait_state, name, "UP")
        assert "another node holds it now" in paused.log() or \
            f"table {game.table} left node" in paused.log(), paused.log()
        seat = game.seats[0]
        c = await resume(paused, tokens[0])
        r = await c.request("table.sync", {"table": game.table})
        assert r["t"] != "error", r
        await seat.c.close()
        seat.c, seat.view, seat.view_v, seat.acted_v = c, r["d"]["view"], r["d"]["v"], -1
        seat.last_v = r["d"]["v"]
        await finish_and_check(game)

    run(body(), limit=180)
    cluster.stop()
    ledger_ok(cluster.db)


def test_a_rolling_restart_keeps_the_game_going(whistd, postgres, redis, tmp_path):
    # A long lease: a table handed over waits for none of it.
    lease_ms = 20000
    cluster = Cluster(whistd, postgres, redis, tmp_path, lease_ms=lease_ms)
    proxy = cluster.proxy

    async def body():
        game = await compete_game(proxy, [f"cr{i}" for i in range(4)])
        tokens = [st.c.token for st in game.seats]
        handed = 0
        for name in NAMES:
            await game.play(steps=4, limit=30)
            told = max(progress(st.view) for st in game.seats)
            was_home = await cluster.home_of(game.table) == name
            node = cluster.nodes[name]
            began = time.monotonic()
            os.kill(whistd_pid(node), signal.SIGTERM)
            await asyncio.gather(*(drain(game, st) for st in game.seats))
            await follow(game, proxy, tokens, retry=True)
            took = time.monotonic() - began
            await asyncio.to_thread(node.proc.wait, 30)
            if was_home:
                handed += 1
                assert "gave 1 tables up" in node.log(), node.log()
                # At once: not after the lease's 20 s.
                assert took < lease_ms / 1000 - 5, took
            assert max(progress(st.view) for st in game.seats) >= told
            cluster.nodes[name] = cluster.start(name)
            await asyncio.to_thread(proxy.wait_state, name, "UP")
        assert handed >= 1
        await finish_and_check(game)

    run(body(), limit=240)
    cluster.stop()
    ledger_ok(cluster.db)
