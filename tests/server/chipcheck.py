"""Helpers for the tests of Join and Compete tables: registered members,
and the chips check run at the end of every such test: whistctl
ledger-check, the ledger summed again here (test_compete.check_ledger),
and each game's pot: held by the house while the game is played, paid
out exactly once when it finished (with its results stored), refunded
exactly once when it was abandoned, never both."""

import sqlite3
import subprocess

from conftest import member  # noqa: F401 (the tests import it from here too)
from test_compete import check_ledger
from test_social import WHISTCTL


def pots(db_path):
    """Checks every game's pot; returns {game id: state}."""
    con = sqlite3.connect(db_path, timeout=10)
    try:
        games = dict(con.execute("SELECT id, state FROM games"))
        batches = {b for (b,) in con.execute("SELECT DISTINCT batch FROM ledger")}
        with_results = {g for (g,) in con.execute("SELECT DISTINCT game_id FROM results")}
    finally:
        con.close()
    for gid, state in games.items():
        has = {w for w in ("buyin", "payout", "refund") if f"game:{gid}:{w}" in batches}
        if state == "finished":
            assert gid in with_results, f"game {gid} finished without its results"
        if "buyin" not in has:
            assert not has, (gid, state, has)
        elif state == "playing":
            assert has == {"buyin"}, (gid, state, has)
        elif state == "finished":
            assert has == {"buyin", "payout"}, (gid, state, has)
        else:
            assert state == "abandoned" and has == {"buyin", "refund"}, (gid, state, has)
    return games


def chips_sound(db_path):
    """The whole chips check (see the module's text); returns {game: state}."""
    p = subprocess.run([WHISTCTL, "--db", str(db_path), "ledger-check"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0 and "ledger ok" in p.stdout, p.stdout + p.stderr
    check_ledger(db_path)
    return pots(db_path)


def history(db_path, user_id):
    """An account's ledger entries (kind, delta, game), oldest first."""
    con = sqlite3.connect(db_path, timeout=10)
    try:
        return con.execute("SELECT kind, delta, game_id FROM ledger WHERE account_id = ? "
                           "ORDER BY id", (user_id,)).fetchall()
    finally:
        con.close()
