"""Compete tables in whistd: the buy-in charged to each seat when the game
starts (in the transaction that stores the game), the payout to the winning
side less the house fee, a full refund for a game abandoned by a fault,
refusals at table.create, concurrent buy-ins that never overdraw, and the
daemon killed between buy-in and payout losing no chip. After each, the
ledger is checked in the SQLite file itself. What the table decides (who
may sit, short seats, the next game's agreement) is tested on the table
core (tests/table/compete_test.cpp).
Chips are granted here by writing a 'grant' ledger batch into the database
(the account-level chips protocol is another part's)."""

import asyncio
import itertools
import sqlite3

from conftest import guest, member, quiet, resume
from tables import Game, Seat, check_record, create, is_event, parsed, run

_grants = itertools.count(1)
_players = itertools.count(1)


def grant(db_path, user_id, amount):
    """Mints `amount` chips for an account, as an operator grant would."""
    con = sqlite3.connect(db_path, timeout=10)
    with con:
        n = next(_grants)
        con.execute("INSERT INTO ledger(key, batch, account_id, delta, kind, game_id, created_at) "
                    "VALUES (?, ?, ?, ?, 'grant', NULL, 0)",
                    (f"grant:test:{n}:0", f"grant:test:{n}", user_id, amount))
        con.execute("UPDATE accounts SET chips = chips + ? WHERE id = ?", (amount, user_id))
    con.close()


def balance(db_path, user_id):
    con = sqlite3.connect(db_path, timeout=10)
    try:
        return con.execute("SELECT chips FROM accounts WHERE id = ?", (user_id,)).fetchone()[0]
    finally:
        con.close()


# For the tests of chips: accounts start with none and get no daily top-up,
# so that a test's grants are all a player has.
CHIPS = ["--initial-chips", "0", "--topup-floor", "0"]


async def funded(s, chips):
    """A new registered player (guests have no chips, and no seat at a
    Compete table) whose balance is `chips`: granted by an operator (on a
    whistd started with CHIPS), or else the account's first chips."""
    c = await member(s, f"chips{next(_players)}")
    now = balance(s.db_path, c.user["id"])
    if chips > now:
        grant(s.db_path, c.user["id"], chips - now)
    elif chips < now:
        assert chips > 0, "a whistd started with CHIPS gives no first chips"
        con = sqlite3.connect(s.db_path, timeout=10)
        with con:
            con.execute("UPDATE ledger SET delta = ? WHERE account_id = ? AND kind = 'initial'",
                        (chips, c.user["id"]))
            con.execute("UPDATE accounts SET chips = ? WHERE id = ?", (chips, c.user["id"]))
        con.close()
    return c


def balances(db_path):
    """{account id: chips} and the house's chips."""
    con = sqlite3.connect(db_path, timeout=10)
    try:
        accounts = dict(con.execute("SELECT id, chips FROM accounts"))
        house = con.execute("SELECT chips FROM house").fetchone()[0]
        return accounts, house
    finally:
        con.close()


def check_ledger(db_path):
    """Each balance is the sum of its entries, none is negative, all of them
    together are what was minted, and each moving batch sums to zero.
    Returns the ledger's rows."""
    con = sqlite3.connect(db_path, timeout=10)
    try:
        rows = con.execute("SELECT batch, account_id, delta, kind, game_id FROM ledger "
                           "ORDER BY id").fetchall()
        accounts = dict(con.execute("SELECT id, chips FROM accounts"))
        house = con.execute("SELECT chips FROM house").fetchone()[0]
    finally:
        con.close()
    sums = {}
    for _, acct, delta, _, _ in rows:
        sums[acct] = sums.get(acct, 0) + delta
    for acct, chips in accounts.items():
        assert chips >= 0, (acct, chips)
        assert chips == sums.get(acct, 0), (acct, chips, sums.get(acct))
    assert house == sums.get(None, 0) and house >= 0
    minted = sum(d for _, _, d, k, _ in rows if k in ("initial", "topup", "grant"))
    assert sum(accounts.values()) + house == minted
    batches = {}
    for batch, _, delta, kind, _ in rows:
        if kind not in ("initial", "topup", "grant"):
            batches[batch] = batches.get(batch, 0) + delta
    assert all(v == 0 for v in batches.values()), batches
    return rows


async def compete_game(s, buy_in=110, chips=200, watchers=0):
    """Four funded players at a classic compete table; the game started."""
    clients = [await funded(s, chips) for _ in range(4)]
    T, _ = await create(clients[0], variant="classic", options={"play_to": 5},
                        settings={"kind": "compete", "buy_in": buy_in})
    for i, c in enumerate(clients[1:], 1):
        await c.ok("table.sit", {"table": T, "seat": i})
    game = Game(s, T, [Seat(c, i) for i, c in enumerate(clients)], [])
    for st in game.seats:
        await game.wait(st, is_event(T, "start"), what="the start")
    return game


def winners_of(result):
    """The seats of the winning side (classic: team t is seats t and t+2)."""
    return [s for t in result["winners"] for s in (t, t + 2)]


def test_compete_buy_in_and_payout_with_a_kill_in_between(whistd):
    s = whistd(*CHIPS)

    async def body():
        game = await compete_game(s)
        T = game.table
        ids = [st.c.user["id"] for st in game.seats]
        accounts, house = balances(s.db_path)
        assert [accounts[i] for i in ids] == [90] * 4 and house == 440
        check_ledger(s.db_path)
        await game.play(steps=10)
        await game.settle()
        # Killed between the buy-in and the payout.
        s.proc.kill()
        s.proc.wait(10)
        for st in game.seats:
            await st.c.closed()
        s2 = whistd(*CHIPS, db=s.db_path)
        accounts, house = balances(s.db_path)
        assert [accounts[i] for i in ids] == [90] * 4 and house == 440
        for st in game.seats:
            c = await resume(s2, st.c.token)
            back = await c.ok("table.sync", {"table": T})
            st.c, st.view, st.view_v, st.acted_v = c, back["view"], back["v"], -1
        result = await game.finish()
        await asyncio.sleep(0.5)
        accounts, house = balances(s.db_path)
        won = winners_of(result)
        assert len(won) == 2
        # A 110 table: a pot of 440, 44 to the house, 198 to each winner.
        assert [accounts[i] for i in ids] == [288 if k in won else 90 for k in range(4)]
        assert house == 44
        rows = check_ledger(s.db_path)
        gid = result["game"]
        assert {r[0] for r in rows if r[4] == gid} == {f"game:{gid}:buyin", f"game:{gid}:payout"}
        await check_record(game.seats[0].c, gid, result)

    run(body(), limit=150)


def test_compete_refusals(whistd):
    s = whistd(*CHIPS)

    async def body():
        rich, poor = await funded(s, 100), await funded(s, 0)
        compete = {"kind": "compete", "buy_in": 110}
        code, msg = await poor.error("table.create", {"variant": "classic", "settings": compete})
        assert code == "insufficient_chips" and "110" in msg
        assert (await rich.error("table.create", {"variant": "classic",
                                                  "settings": compete}))[0] == "insufficient_chips"
        for bad in [{"kind": "compete"}, {"kind": "compete", "buy_in": 100},
                    {"kind": "compete", "buy_in": 30, "suggestions": True},
                    {"kind": "join", "buy_in": 30}, {"kind": "friendly"},
                    {"kind": "compete", "buy_in": 30, "friends_only": True},
                    {"kind": "play", "invite_only": True}]:
            assert (await rich.error("table.create", {"variant": "classic",
                                                      "settings": bad}))[0] == "bad_table", bad
        code, msg = await rich.error("table.create", {"variant": "classic",
                                                      "settings": {"kind": "play"}})
        assert code == "bad_table" and "play.quick" in msg
        T, a = await create(rich, variant="classic", settings={"kind": "compete", "buy_in": 30})
        assert a["table"]["settings"]["kind"] == "compete"
        assert a["table"]["settings"]["buy_in"] == 30
        code, msg = await poor.error("table.sit", {"table": T})
        assert code == "insufficient_chips" and "30" in msg
        assert (await rich.error("table.add_bot", {"table": T}))[0] == "no_computers"
        check_ledger(s.db_path)

    run(body())


def test_compete_refund_when_a_game_is_abandoned_by_a_fault(whistd):
    s = whistd(*CHIPS)

    async def body():
        game = await compete_game(s, buy_in=275, chips=300)
        ids = [st.c.user["id"] for st in game.seats]
        await game.play(steps=6)
        await game.settle()
        assert s.stop() == 0
        # A fault: a stored action that no longer reads (in the action
        # log while the game is in play, or in a chunk once stored so).
        bad = '{"seat": 0, "type": "play", "card": "ZZ"}'
        con = sqlite3.connect(s.db_path)
        with con:
            con.execute("UPDATE action_log SET action = ? WHERE idx = 3", (bad,))
            chunks = con.execute("SELECT id, first_idx, actions FROM game_action_chunks "
                                 "WHERE first_idx <= 3 AND first_idx + count > 3").fetchall()
            for chunk_id, first, text in chunks:
                lines = text.split("\n")
                lines[3 - first] = bad
                con.execute("UPDATE game_action_chunks SET actions = ? WHERE id = ?",
                            ("\n".join(lines), chunk_id))
        con.close()
        s2 = whistd(*CHIPS, db=s.db_path)
        assert "abandoned" in s2.log()
        accounts, house = balances(s.db_path)
        assert [accounts[i] for i in ids] == [300] * 4 and house == 0
        rows = check_ledger(s.db_path)
        assert any(r[0].endswith(":refund") for r in rows)
        look = await guest(s2)
        assert (await look.ok("lobby.join"))["tables"] == []

    run(body())


def test_concurrent_buy_ins_never_overdraw(whistd):
    """A player who can pay one buy-in sits at two compete tables that fill
    at the same moment: one game starts with them, the other frees their
    seat (buy_in_refused) and charges nothing."""
    s = whistd(*CHIPS)

    async def body():
        p = await funded(s, 110)
        others = [await funded(s, 110) for _ in range(6)]
        A, _ = await create(others[0], variant="classic", settings={"kind": "compete",
                                                                    "buy_in": 110})
        B, _ = await create(others[3], variant="classic", settings={"kind": "compete",
                                                                    "buy_in": 110})
        await p.ok("table.sit", {"table": A, "seat": 3})
        await p.ok("table.sit", {"table": B, "seat": 3})
        await others[1].ok("table.sit", {"table": A, "seat": 1})
        await others[4].ok("table.sit", {"table": B, "seat": 1})
        await asyncio.gather(others[2].ok("table.sit", {"table": A, "seat": 2}),
                             others[5].ok("table.sit", {"table": B, "seat": 2}))
        await asyncio.sleep(1.0)
        await quiet(p)
        started = [m["d"]["table"] for m in parsed(p) if is_event(None, "start")(m)]
        refused = [m for m in parsed(p) if is_event(None, "buy_in_refused", seat=3)(m)]
        assert len(started) == 1 and len(refused) == 1, (started, refused)
        accounts, house = balances(s.db_path)
        assert accounts[p.user["id"]] == 0 and house == 440
        check_ledger(s.db_path)

    run(body())
