"""Several whistd nodes on one PostgreSQL database (issue 25; a real
PostgreSQL of Debian's, started for the session by conftest.py): each table
lives on one node, the holder of its lease. When that node dies (SIGKILL),
another takes the table over once the lease expires and brings it back as
a restart does; its players come back to it, and nothing anyone was told is
lost. A node stopped (SIGSTOP) past its lease is fenced when it wakes: its
writes are refused, its connections at the table are told to go, and it
goes on serving (and taking tables) as a node.

With a redis-server (a real one of Debian's, started for the session),
nodes reach each other's tables: players connected to different nodes
play at one table, each seeing what they would on one node, in order.

WHIST_NODE_KILLS sets the number of kills (default 20: about a minute)."""

import asyncio
import os
import signal
import subprocess
import time

from conftest import PASSWORD, Client, close_clients, guest, member, resume, run, wait_for
from tables import Game, Seat, check_record, create, is_event
from test_faults import drain, progress, whistd_pid
from test_social import WHISTCTL

KILLS = int(os.environ.get("WHIST_NODE_KILLS", "20"))
LEASE_MS = 1500


def start_node(whistd, db, name, redis=None):
    talk = ["--redis", redis.address] if redis else []
    return whistd("--node", name, "--lease-ms", str(LEASE_MS), *talk, db=db)


def ledger_ok(db):
    p = subprocess.run([WHISTCTL, "--db", db, "ledger-check"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 0 and "ledger ok" in p.stdout, p.stdout + p.stderr


async def compete_game(server, names, servers=None):
    """Four registered players (their first chips) at a classic Compete
    table with a buy-in, made on `server`; the game started. `servers`:
    the node each player connects to (default: `server`)."""
    servers = servers or [server] * len(names)
    clients = [await member(s, n) for s, n in zip(servers, names)]
    T, _ = await create(clients[0], variant="classic", options={"play_to": 5},
                        settings={"kind": "compete", "buy_in": 30})
    for i, c in enumerate(clients[1:], 1):
        await c.ok("table.sit", {"table": T, "seat": i})
    game = Game(server, T, [Seat(c, i) for i, c in enumerate(clients)], [])
    for st in game.seats:
        await game.wait(st, is_event(T, "start"), what="the start")
        await game.wait(st, lambda m: m["t"] == "table.view", what="a first view")
    return game


async def come_back(game, server, tokens, limit=20):
    """Every seat continues its session on `server` and syncs the table,
    once that node has taken it over (until then it has no such table)."""
    deadline = time.monotonic() + limit
    for st, token in zip(game.seats, tokens):
        while True:
            c = await resume(server, token)
            r = await c.request("table.sync", {"table": game.table})
            if r["t"] != "error":
                break
            assert r["d"]["code"] == "no_table", r
            await c.close()
            assert time.monotonic() < deadline, f"no node took table {game.table} over"
            await asyncio.sleep(0.1)
        back = r["d"]
        st.c, st.view, st.view_v, st.acted_v = c, back["view"], back["v"], -1
        st.last_v = back["v"]
    game.server = server


async def kill_and_follow(game, dead, to, tokens):
    """Kills the node `dead` (SIGKILL); every seat reads what it was sent,
    then comes back at node `to`, once it has taken the table over.
    Returns how far the game was as the seats were told before the kill."""
    os.kill(whistd_pid(dead), signal.SIGKILL)
    dead.proc.wait(10)
    await asyncio.gather(*(drain(game, st) for st in game.seats))
    told = max(progress(st.view) for st in game.seats)
    await come_back(game, to, tokens)
    assert f"took table {game.table} over" in to.log()
    return told


async def finish_and_check(game, seat=0):
    """Plays to the end; the record replays to the result announced."""
    result = await game.finish()
    await check_record(game.seats[seat].c, result["game"], result)
    await close_clients()


async def after_the_kills(game, compared, what, kills=KILLS):
    """At least half the kills were compared with what the seats were told
    (the others came as the game ended); the game is played to its end and
    its record checked, unless it ended already."""
    assert compared >= kills // 2, compared
    print(f"{compared} {what}; {game.actions} actions sent")
    if any(st.view["game_over"] for st in game.seats):
        await close_clients()
    else:
        await finish_and_check(game)


def test_a_dead_nodes_tables_go_on_at_another(whistd, postgres):
    db = postgres.new_database()
    nodes = [start_node(whistd, db, "a"), start_node(whistd, db, "b")]
    home, names = 0, ["a", "b"]

    async def body():
        nonlocal home
        game = await compete_game(nodes[0], [f"kill{i}" for i in range(4)])
        tokens = [st.c.token for st in game.seats]
        compared = 0
        for kill in range(KILLS):
            await game.play(steps=1 + kill % 5, limit=30)
            told = max(progress(st.view) for st in game.seats)
            over = any(st.view["game_over"] for st in game.seats)
            dead = nodes[home]
            home = 1 - home
            told = max(told, await kill_and_follow(game, dead, nodes[home], tokens))
            # The node killed comes back as a new process of its name: the
            # next kill's standby.
            nodes[1 - home] = start_node(whistd, db, names[1 - home])
            if over or any(st.view["game_over"] for st in game.seats):
                break
            restored = max(progress(st.view) for st in game.seats)
            assert restored >= told, (kill, told, restored)
            compared += 1
        await after_the_kills(game, compared, "takeovers compared")

    run(body(), limit=120 + 10 * KILLS)
    for n in nodes:
        n.stop()
    ledger_ok(db)


def test_a_node_paused_past_its_lease_is_fenced_and_serves_on(whistd, postgres):
    db = postgres.new_database()
    a, b = start_node(whistd, db, "a"), start_node(whistd, db, "b")

    async def body():
        game = await compete_game(a, [f"pause{i}" for i in range(4)])
        tokens = [st.c.token for st in game.seats]
        await game.play(steps=3, limit=30)
        stale = game.to_act()
        assert stale is not None
        old_c, old_view = stale.c, stale.view
        pid = whistd_pid(a)
        os.kill(pid, signal.SIGSTOP)
        try:
            # Node b takes the table over; the players follow it there and
            # play on.
            await come_back(game, b, tokens)
            assert f"took table {game.table} over" in b.log()
            await game.play(steps=2, limit=30)
            # The seat's old connection to the paused node sends the action
            # it was asked for there.
            await old_c.send("table.act", {"table": game.table, "action": game.choose(old_view)},
                             id="stale-act")
        finally:
            os.kill(pid, signal.SIGCONT)
        # Node a writes nothing for that table: the action is neither
        # acknowledged nor told; the connection is told to go.
        seen = []
        try:
            while True:
                seen.append(await old_c.recv(10))
        except Exception:
            pass
        assert not any(m.get("id") == "stale-act" and m["t"] == "ack" for m in seen), seen
        assert any(m["t"] == "server.restarting" for m in seen), seen
        deadline = time.monotonic() + 10
        while "another node holds it now" not in a.log():
            assert time.monotonic() < deadline, a.log()
            await asyncio.sleep(0.1)
        assert a.http("GET", "/healthz")[0] == 200
        # The fenced node serves on: it takes the table back when b dies.
        await game.settle()
        await kill_and_follow(game, b, a, tokens)
        await finish_and_check(game)

    run(body(), limit=180)
    a.stop()
    ledger_ok(db)


def test_players_on_two_nodes_play_at_one_table_and_follow_it(whistd, postgres, redis):
    db = postgres.new_database()
    a, b = start_node(whistd, db, "a", redis), start_node(whistd, db, "b", redis)

    async def body():
        # The table is made on node a; two of its players are on node b.
        game = await compete_game(a, [f"two{i}" for i in range(4)], servers=[a, a, b, b])
        tokens = [st.c.token for st in game.seats]
        await game.play(steps=12, limit=60)
        versions = [st.last_v for st in game.seats]
        assert min(versions) > 0 and max(versions) - min(versions) <= 2, versions
        # A chat line from node b reaches node a's players, in order.
        await game.seats[2].c.ok("table.chat", {"table": game.table, "text": "hello from b"})
        heard = await game.wait(game.seats[0], lambda m: m["t"] == "table.event" and
                                m["d"]["event"]["type"] == "chat", what="b's chat line")
        assert heard["d"]["event"]["text"] == "hello from b"
        # Node a dies: node b takes the table over; its own players there
        # are told to come back (their table moved), node a's reconnect.
        await kill_and_follow(game, a, b, tokens)
        await finish_and_check(game, seat=3)

    run(body(), limit=180)
    b.stop()
    ledger_ok(db)


def test_the_lobby_lists_every_nodes_tables(whistd, postgres, redis):
    db = postgres.new_database()
    a, b = start_node(whistd, db, "a", redis), start_node(whistd, db, "b", redis)

    async def body():
        on_b = await guest(b)
        await on_b.ok("lobby.join")
        maker = await guest(a)
        table, _ = await create(maker, variant="classic")
        listed = lambda pred: (lambda m: m["t"] == "lobby.table" and m["d"]["table"] == table
                               and pred(m["d"]))
        m = await wait_for(on_b, listed(lambda d: d["creator"] == maker.name),
                           what="node a's table in node b's lobby")
        assert m["d"]["seats"][0]["name"] == maker.name
        # A player on node b sits there (through node a): both lobbies see it.
        sitter = await guest(b)
        await sitter.ok("table.sit", {"table": table, "seat": 2})
        await wait_for(on_b, listed(lambda d: d["seats"][2]["name"] == sitter.name),
                       what="the seat taken, in node b's lobby")
        # A node that starts later lists it at once.
        c = start_node(whistd, db, "c", redis)
        late = await guest(c)
        tables = (await late.ok("lobby.join"))["tables"]
        assert [t["table"] for t in tables] == [table], tables
        assert tables[0]["seats"][2]["name"] == sitter.name
        # The table closes (everyone left): gone from every lobby.
        await sitter.ok("table.leave", {"table": table})
        await maker.ok("table.leave", {"table": table})
        await wait_for(on_b, lambda m: m["t"] == "lobby.removed" and m["d"]["table"] == table,
                       what="the table gone from node b's lobby")
        await wait_for(late, lambda m: m["t"] == "lobby.removed" and m["d"]["table"] == table,
                       what="the table gone from node c's lobby")
        await close_clients()

    run(body(), limit=60)


def test_events_run_on_the_leader_and_move_when_it_dies(whistd, postgres, redis):
    """Events run on one node, the leader (the first to start): a player
    on another node enters the daily duplicate and plays it there through
    the bus; the boards stay secret on every node; when the leader dies,
    another node leads and runs the events."""
    from test_events import FAST_BOTS, play_daily
    db = postgres.new_database()
    talk = ["--redis", redis.address]
    a = whistd("--node", "a", "--lease-ms", str(LEASE_MS), *talk, *FAST_BOTS, db=db)
    b = whistd("--node", "b", "--lease-ms", str(LEASE_MS), *talk, *FAST_BOTS, db=db)
    assert "events run on another node" in b.log()

    async def daily_get(c, limit=20):
        """daily.get, once a node runs the events (until then: try again)."""
        deadline = time.monotonic() + limit
        while True:
            r = await c.request("daily.get")
            if r["t"] == "ack":
                return r["d"]
            assert r["d"]["code"] in ("no_event", "server_restarting"), r
            assert time.monotonic() < deadline, r
            await asyncio.sleep(0.2)

    async def body():
        x = await member(b, "dailyx")
        y = await member(b, "dailyy")
        d = await daily_get(x)
        assert d["open"] is True and d["entered"] is False
        # x plays the daily from node b: its table is on node a, the leader.
        ex, T = await play_daily(x, 1)
        assert f"took table {T}" not in b.log()
        game = ex.results[T]["game"]
        for _ in range(50):
            mine = await daily_get(x)
            if len(mine["played"]) == 12:
                break
            await asyncio.sleep(0.1)
        assert len(mine["played"]) == 12 and mine["ranking"][0]["name"] == x.name
        # y, on node b, has not played the boards: x's record is secret.
        for t in ("game.record", "game.replay"):
            assert (await y.error(t, {"game": game}))[0] == "game_in_progress"
        assert len((await x.ok("game.record", {"game": game}))["record"]["deals"]) == 12
        # The leader dies: node b leads, and runs the events.
        os.kill(whistd_pid(a), signal.SIGKILL)
        a.proc.wait(10)
        theirs = await daily_get(y, limit=30)
        assert theirs["entered"] is False and theirs["entrants"] == 1
        deadline = time.monotonic() + 20
        while "the events run here now" not in b.log():
            assert time.monotonic() < deadline, b.log()
            await asyncio.sleep(0.1)
        opened = await y.ok("daily.play")
        assert opened["entered"] is True and opened["table_id"]
        await close_clients()

    run(body(), limit=240)
    b.stop()


def test_friends_sessions_and_bans_reach_every_node(whistd, postgres, redis):
    """Presence across nodes: a friend on another node shows online, and
    their coming and going is told; a password changed on one node ends the
    account's other sessions on the others; a ban closes the account's
    connections on every node."""
    from test_account import ended, login
    from test_admin import actl
    from test_social import pushed
    db = postgres.new_database()
    a, b = start_node(whistd, db, "a", redis), start_node(whistd, db, "b", redis)

    async def body():
        ann = await member(a, "nann")
        bob = await member(b, "nbob")
        await ann.ok("friend.request", {"username": "nbob"})
        await wait_for(bob, pushed("friend.incoming"), what="the request, on node b")
        d = await bob.ok("friend.accept", {"username": "nann"})
        assert d["friend"]["online"] is True, d  # ann is on node a
        m = await wait_for(ann, pushed("friend.accepted"), what="the acceptance, on node a")
        assert m["d"]["friend"]["online"] is True
        assert [(f["name"], f["online"]) for f in (await ann.ok("friends.list"))["friends"]] == \
            [("nbob", True)]
        # bob leaves (his only connection, on b): ann, on a, is told.
        await bob.close()
        await wait_for(ann, pushed("friend.offline"), what="bob offline, on node a")
        assert (await ann.ok("friends.list"))["friends"][0]["online"] is False
        bob = await login(b, "nbob")
        await wait_for(ann, pushed("friend.online"), what="bob online, on node a")
        # A second session of bob's, on node a: his first on b stays
        # online, so nothing is told when it goes.
        bob_a = await login(a, "nbob")
        await bob_a.ok("account.password", {"old": PASSWORD, "new": "another-pass-9"})
        assert "password" in await ended(bob)  # his session on node b ended
        # The operator bans bob (whichever node carries the command out):
        # his connections on both nodes close.
        bob_b = await login(b, "nbob", "another-pass-9")
        code, out = await actl(db, "ban", "nbob", "--reason", "rude")
        assert code == 0, out
        assert await bob_a.closed() == 1008
        assert await bob_b.closed() == 1008
        await close_clients()

    run(body(), limit=60)


def test_whistctl_closes_a_table_at_whichever_node_it_lives(whistd, postgres, redis):
    """The leader serves the operator's commands; a close-table for a table
    at another node is carried out there, and whistctl has its result."""
    from test_admin import actl, closed_event
    db = postgres.new_database()
    a, b = start_node(whistd, db, "a", redis), start_node(whistd, db, "b", redis)

    async def body():
        # The game is at node b; a leads.
        game = await compete_game(b, [f"close{i}" for i in range(4)])
        await game.play(steps=3, limit=30)
        code, out = await actl(db, "close-table", str(game.table), "--reason", "maintenance")
        assert code == 0, out
        assert f"table {game.table} closed" in out and "refunded (4 x 30 chips)" in out, out
        assert "operator: close-table" in b.log() and "handed to node b/" in a.log()
        for st in game.seats:
            await wait_for(st.c, closed_event(game.table, "maintenance"), what="the closed event")
        code, out = await actl(db, "close-table", str(game.table))
        assert code == 0 and "already closed" in out, out
        await close_clients()

    run(body(), limit=60)
    a.stop()
    b.stop()
    ledger_ok(db)


def test_nodes_give_redis_its_password(whistd, postgres, tmp_path):
    """A redis-server with a password (requirepass): nodes configured with
    it talk through it; a node with a wrong one does not start, and says
    why without saying the password."""
    from conftest import RedisServer, guarded
    secured = RedisServer("--requirepass", "s3cret-pass")
    try:
        db = postgres.new_database()
        talk = ["--redis", secured.address, "--redis-password", "s3cret-pass"]
        a = whistd("--node", "a", "--lease-ms", str(LEASE_MS), *talk, db=db)
        b = whistd("--node", "b", "--lease-ms", str(LEASE_MS), *talk, db=db)

        async def body():
            on_b = await guest(b)
            await on_b.ok("lobby.join")
            maker = await guest(a)
            table, _ = await create(maker, variant="classic")
            await wait_for(on_b, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == table,
                           what="node a's table in node b's lobby")
            await close_clients()

        run(body(), limit=30)
        import conftest
        r = subprocess.run(guarded([conftest.WHISTD, "--listen", "127.0.0.1", "--port",
                                    str(conftest.free_port()), "--database", db, "--node", "c",
                                    "--redis", secured.address, "--redis-password", "wrong-one"],
                                   limit=30),
                           capture_output=True, text=True, timeout=40, stdin=subprocess.DEVNULL)
        assert r.returncode != 0, r
        assert "AUTH refused" in r.stderr + r.stdout, r.stderr + r.stdout
        assert "wrong-one" not in r.stderr + r.stdout
    finally:
        secured.stop()


def test_login_failures_count_on_every_node(whistd, postgres, redis):
    """Guesses at a password spread over the nodes are counted together:
    the account's limit is the same as on one whistd."""
    db = postgres.new_database()
    limits = ["--login-failures", "3", "--login-window", "60"]
    a = whistd("--node", "a", "--lease-ms", str(LEASE_MS), "--redis", redis.address, *limits,
               db=db)
    b = whistd("--node", "b", "--lease-ms", str(LEASE_MS), "--redis", redis.address, *limits,
               db=db)

    async def body():
        await member(a, "guessed")
        codes = []
        for i in range(4):  # a, b, a, b: the fourth is refused however they are spread
            c = await Client.connect([a, b][i % 2], hello=True)
            await asyncio.sleep(0.2)  # (the failure before reaches the other node)
            r = await c.request("login", {"username": "guessed", "password": f"wrong-{i}"})
            codes.append(r["d"]["code"])
            await c.close()
        assert codes == ["login_failed"] * 3 + ["too_many_attempts"], codes
        await close_clients()

    run(body(), limit=30)


def test_the_leader_abandons_orphan_games_at_start(whistd, postgres):
    """A Compete game whose table closed under it while its node was down
    can never end: the leading node abandons it as it starts, and refunds
    the buy-ins once; the other node does not touch it."""
    from conftest import psql
    db = postgres.new_database()
    a = start_node(whistd, db, "a")

    async def body():
        game = await compete_game(a, [f"orphan{i}" for i in range(4)])
        await game.play(steps=3, limit=30)
        await game.settle()
        await close_clients()
        return game.table

    T = run(body(), limit=60)
    os.kill(whistd_pid(a), signal.SIGKILL)
    a.proc.wait(10)
    psql(db, f"UPDATE tables SET state = 'closed' WHERE id = {int(T)}")
    said = "had no table to go on at; abandoned, buy-ins refunded"
    leader = start_node(whistd, db, "a")
    other = start_node(whistd, db, "b")
    assert said in leader.log(), leader.log()
    assert said not in other.log()
    assert psql(db, "SELECT state FROM games")[0][0] == "abandoned"
    leader.stop()
    other.stop()
    again = start_node(whistd, db, "a")
    assert said not in again.log()
    again.stop()
    ledger_ok(db)


def test_quick_play_seats_players_of_every_node_together(whistd, postgres, redis):
    """Quick play's forming tables are every node's: players who ask on
    different nodes sit at one table, which starts with all four."""
    db = postgres.new_database()
    nodes = [start_node(whistd, db, n, redis) for n in ("a", "b")]

    async def body():
        players = [await guest(nodes[i % 2]) for i in range(4)]
        first = await players[0].ok("play.quick", {"variant": "classic"})
        T = first["table"]["table"]
        for i, p in enumerate(players[1:], 1):
            await asyncio.sleep(0.2)  # (the table's forming reaches the other node)
            d = await p.ok("play.quick", {"variant": "classic"})
            assert d["table"]["table"] == T, (i, d)
        m = await wait_for(players[0], is_event(T, "start"), what="the start")
        assert [x["computer"] for x in m["d"]["event"]["seats"]] == [False] * 4
        assert [x["name"] for x in m["d"]["event"]["seats"]] == [p.name for p in players]
        # Started: forming no more, anywhere; the next asker gets a new table.
        await asyncio.sleep(0.2)
        late = await guest(nodes[1])
        assert (await late.ok("play.quick", {"variant": "classic"}))["table"]["table"] != T
        await close_clients()

    run(body(), limit=60)


def test_a_report_keeps_the_chat_of_a_table_at_another_node(whistd, postgres, redis):
    """safety.report at a table whose home is another node: the report
    keeps the table's chat, asked of its home."""
    from conftest import psql
    import json
    db = postgres.new_database()
    a, b = start_node(whistd, db, "a", redis), start_node(whistd, db, "b", redis)

    async def body():
        game = await compete_game(a, [f"rep{i}" for i in range(4)], servers=[a, a, b, b])
        rude, reporter = game.seats[0].c, game.seats[2].c
        await rude.ok("table.chat", {"table": game.table, "text": "you play like a potato"})
        await reporter.ok("safety.report", {"username": rude.name, "reason": "chat",
                                            "table": game.table})
        await close_clients()

    run(body(), limit=60)
    rows = psql(db, "SELECT chat FROM reports")
    assert len(rows) == 1
    lines = json.loads(rows[0][0])
    assert [x["text"] for x in lines] == ["you play like a potato"], lines
