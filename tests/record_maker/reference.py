"""A second, independent reading of a game record: what whist-replay must
answer for it, worked out in Python from docs/rules.md and docs/records.md
alone (none of it is taken from the engine's code).

    replay(text) -> (exit, output)

`exit` is 0, 1 or 2 and `output` the document whist-replay prints (for exit
0: hands, scores, game_over, winner; for exit 1: error index, code and
message; for exit 2: error code bad_record and a message). make_records.py
writes these as the expected results of tests/records and checks that
whist-replay agrees.

The reading is in three files: reference_rules.py (cards, options, rules,
deals), reference_game.py (actions, a game) and this one (a record).
"""
import json

from reference_game import Game, read_action
from reference_rules import (MESSAGES, OPTIONS, RANKS, Illegal, Malformed, Rules, SplitMix64,
                             check_deal, is_int, read_options, shuffled_deal)

# What make_records.py reads from here.
__all__ = ["replay", "state_before", "Game", "MESSAGES", "RANKS", "Rules", "check_deal",
           "read_action", "read_options"]


# ---------------------------------------------------------------- a record


def parse_json(text):
    """JSON as nlohmann/json reads it: integers beyond 64 bits are not
    integers, and a document may not be followed by anything else."""

    def big(s):
        v = int(s)
        return float(v) if not -(1 << 63) <= v < (1 << 64) else v

    def bad_constant(s):
        raise ValueError(s)  # NaN, Infinity: not JSON

    return json.loads(text, parse_int=big, parse_constant=bad_constant)


def run(text):
    try:
        j = parse_json(text)
    except (ValueError, RecursionError):
        raise Malformed("not JSON")
    if not isinstance(j, dict):
        raise Malformed("a record must be a JSON object")
    variant = j.get("variant")
    if not isinstance(variant, str):
        raise Malformed("variant: a string is required")
    if variant not in OPTIONS:
        raise Malformed(f"unknown variant {variant}")
    players = j.get("players", 4)
    if not is_int(players):
        raise Malformed("players must be an integer")
    rules = Rules(variant, players, read_options(variant, j.get("options", {}), players))
    dealer = j.get("dealer")
    if not is_int(dealer) or not 0 <= dealer < players:
        raise Malformed("dealer: a seat is required")
    if "seed" in j and not is_int(j["seed"]):
        raise Malformed("seed must be an integer")
    if "deals" in j and not isinstance(j["deals"], list):
        raise Malformed("deals must be an array")
    deals = j.get("deals", [])
    if "deals" not in j and "seed" not in j:
        raise Malformed("a record needs deals or a seed")
    actions = j.get("actions", [])
    if not isinstance(actions, list):
        raise Malformed("actions must be an array")

    seeded = not deals and "seed" in j
    rng = SplitMix64(j["seed"]) if seeded else None
    game = Game(rules, dealer)

    def next_deal():
        k = game.k + 1
        d = (dealer + k) % players
        if seeded:
            game.start_deal(*shuffled_deal(rules, k, d, rng))
        elif k < len(deals):
            game.start_deal(*check_deal(rules, k, d, deals[k]))
        else:
            raise Malformed(f"play reaches deal {k}, which the record does not give")

    if seeded or deals:
        next_deal()  # the first deal is checked before any action
    for i, a in enumerate(actions):
        try:
            seat, t, f = read_action(rules, a)
        except Malformed as e:
            raise Malformed(f"action {i}: {e}")
        if game.phase == "await":
            next_deal()
        try:
            game.apply(seat, t, f)
        except Illegal as e:
            return 1, {"error": {"index": i, "code": e.code, "message": MESSAGES[e.code]}}
        if seeded and game.phase == "await":
            next_deal()
    out = {
        "hands": game.results,
        "scores": game.scores,
        "game_over": game.phase == "over",
        "winner": game.winner,
    }
    if rules.variant == "classic" and rules.o["rubber"]:
        out["games"] = game.games
        out["rubber_points"] = game.rubber_points() if game.phase == "over" else None
    return 0, out


def replay(text):
    """(exit, output) for a record's text."""
    try:
        return run(text)
    except Malformed as e:
        return 2, {"error": {"code": "bad_record", "message": str(e)}}


def state_before(record, index):
    """The game of a well-formed, legal record after its first `index`
    actions (for building illegal actions at a known index)."""
    rules = Rules(
        record["variant"],
        record.get("players", 4),
        read_options(record["variant"], record.get("options", {}), record.get("players", 4)),
    )
    game = Game(rules, record["dealer"])
    deals = record["deals"]
    for i, a in enumerate(record["actions"][:index] + [None]):
        if game.phase == "await" and game.k + 1 < len(deals):
            k = game.k + 1
            game.start_deal(*check_deal(rules, k, (record["dealer"] + k) % rules.players, deals[k]))
        if a is None:
            break
        game.apply(*read_action(rules, a))
    return game
