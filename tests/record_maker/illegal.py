"""Illegal records (make_records.py): a played game with one illegal action
put in at a known index, for every error code, at the first place it fits."""
import copy
import random

import reference

from maker import bid, exact_bid, fail, pass_, play


# ------------------------------------------------------------------ illegal


def walk(rec):
    """(index, game before that action) for each action of a legal record,
    and once more after the last."""
    rules = reference.Rules(
        rec["variant"], rec.get("players", 4),
        reference.read_options(rec["variant"], rec.get("options", {}), rec.get("players", 4)))
    g = reference.Game(rules, rec["dealer"])
    for i in range(len(rec["actions"]) + 1):
        if g.phase == "await" and g.k + 1 < len(rec["deals"]):
            k = g.k + 1
            g.start_deal(*reference.check_deal(rules, k, (rec["dealer"] + k) % rules.players,
                                               rec["deals"][k]))
        yield i, g
        if i < len(rec["actions"]):
            g.apply(*reference.read_action(rules, rec["actions"][i]))


# What makes each error: a function of the game before an action that
# returns the actions to put in there (the last the illegal one), or None
# where it does not fit.


def in_play(g):
    return g.phase == "play"


def not_your_turn(g):
    if in_play(g):
        s = (g.to_act + 1) % g.n
        return [play(s, sorted(g.hands[s])[0])] if g.hands[s] else None
    return None


def not_your_turn_bid(g):
    if g.phase == "bidding":
        s = (g.to_act + 1) % g.n
        return [exact_bid(s, 0) if g.r.variant == "exact" else pass_(s)]
    return None


def card_not_held(g):
    if in_play(g):
        other = sorted(c for c in g.r.pack if c not in g.hands[g.to_act])
        return [play(g.to_act, other[len(other) // 2])]
    return None


def follow(joker):
    def f(g):
        led = g.led_suit() if in_play(g) else None
        if led is None or (joker and g.trump is not None):
            return None
        hand = g.hands[g.to_act]
        if not any(g.suit_of(c) == led for c in hand):
            return None
        for c in sorted(hand):
            if g.suit_of(c) != led and (joker is None or (c in ("BJ", "RJ")) == joker):
                return [play(g.to_act, c)]
        return None
    return f


def trump_led_joker_only(g):
    # A trump contract, trumps led, and the seat's only trump a joker:
    # playing anything else fails to follow suit.
    if not in_play(g) or g.trump is None or g.led_suit() != g.trump:
        return None
    hand = g.hands[g.to_act]
    trumps = [c for c in hand if g.suit_of(c) == g.trump]
    if trumps and all(c in ("BJ", "RJ") for c in trumps) and len(hand) > len(trumps):
        return [play(g.to_act, sorted(c for c in hand if c not in trumps)[0])]
    return None


def must_trump(g):
    led = g.led_suit() if in_play(g) else None
    if led is None or g.trump is None:
        return None
    hand = g.hands[g.to_act]
    if any(g.suit_of(c) == led for c in hand):
        return None
    if any(g.suit_of(c) == g.trump for c in hand):
        for c in sorted(hand):
            if g.suit_of(c) != g.trump:
                return [play(g.to_act, c)]
    return None


def wrong_phase_play(g):
    if g.phase in ("bidding", "discard", "choose"):
        return [play(g.to_act, sorted(g.hands[g.to_act])[0])]
    return None


def wrong_phase_bid(g):
    if in_play(g):
        if g.r.variant == "exact":
            return [exact_bid(g.to_act, 0)]
        return [bid(g.to_act, 7, "notrump")]
    return None


def wrong_phase_pass(g):
    if (g.r.variant == "exact" and g.phase == "bidding") or in_play(g):
        return [pass_(g.to_act)]
    return None


def wrong_phase_discard(g):
    if g.phase in ("play", "choose", "bidding") and g.hands[g.to_act]:
        return [{"seat": g.to_act, "type": "discard", "cards": sorted(g.hands[g.to_act])[:1]}]
    return None


def wrong_phase_trump(g):
    if g.phase in ("bidding", "play", "discard"):
        return [{"seat": g.to_act, "type": "trump", "suit": "S"}]
    return None


def bid_too_low(g):
    if g.phase == "bidding" and g.r.variant == "bid" and g.contract is not None:
        _, level, mode = g.contract
        return [bid(g.to_act, level, mode)]
    return None


def bid_too_low_min(g):
    if g.phase == "bidding" and g.r.variant == "bid" and g.r.o["min_bid"] > 1:
        return [bid(g.to_act, g.r.o["min_bid"] - 1, "notrump")]
    return None


def bad_bid(g):
    if g.phase == "bidding":
        if g.r.variant == "exact":
            return [exact_bid(g.to_act, g.size + 1)]
        return [bid(g.to_act, 8, "notrump")]
    return None


def dealer_must_bid(g):
    if g.phase == "bidding" and g.calls == 0 and g.r.variant == "bid":
        s = g.to_act
        return [pass_((s + i) % 4) for i in range(4)]
    return None


def hook(g):
    if g.phase == "bidding" and g.to_act == g.dealer:
        t = g.size - sum(b for b in g.bids if b is not None)
        if 0 <= t <= g.size:
            return [exact_bid(g.to_act, t)]
    return None


def bad_discard(g):
    if g.phase == "discard":
        return [{"seat": g.to_act, "type": "discard",
                 "cards": sorted(g.hands[g.to_act])[: len(g.kitty) + 1]}]
    return None


def discard_not_held(g):
    if g.phase == "discard":
        held = sorted(g.hands[g.to_act])[: len(g.kitty) - 1]
        other = sorted(c for c in g.r.pack if c not in g.hands[g.to_act])[0]
        return [{"seat": g.to_act, "type": "discard", "cards": held + [other]}]
    return None


def wrong_choice(g):
    if g.phase == "choose":
        if g.contract[2] == "notrump":
            return [{"seat": g.to_act, "type": "trump", "suit": "H"}]
        return [{"seat": g.to_act, "type": "direction", "mode": "downtown"}]
    return None


def crafters():
    """code -> list of (label, variants, function(game) -> actions or None);
    the last action returned is the illegal one."""
    return {
        "not_your_turn": [("play", "cbe", not_your_turn), ("call", "be", not_your_turn_bid)],
        "card_not_held": [("play", "cbe", card_not_held), ("discard", "b", discard_not_held)],
        "must_follow_suit": [("play", "cbe", follow(None)), ("joker-at-notrump", "b", follow(True)),
                             ("joker-the-only-trump", "b", trump_led_joker_only)],
        "must_trump": [("play", "e", must_trump)],
        "wrong_phase": [("play-in-bidding", "be", wrong_phase_play),
                        ("bid-in-play", "cbe", wrong_phase_bid),
                        ("pass", "ce", wrong_phase_pass),
                        ("discard", "cbe", wrong_phase_discard),
                        ("trump", "cbe", wrong_phase_trump)],
        "bid_too_low": [("not-above", "b", bid_too_low), ("below-min-bid", "b", bid_too_low_min)],
        "bad_bid": [("out-of-range", "be", bad_bid)],
        "dealer_must_bid": [("four-passes", "b", dealer_must_bid)],
        "hook_rule": [("dealer", "e", hook)],
        "bad_discard": [("count", "b", bad_discard)],
        "wrong_choice": [("trump-or-direction", "b", wrong_choice)],
    }


VARIANTS = {"c": "classic", "b": "bid", "e": "exact"}


def illegal(m, games):
    """An illegal action of each code put into played games, at the first
    place it fits after a point drawn from the record's name."""
    by_variant = {"c": [], "b": [], "e": []}
    for name, rec in sorted(games.items()):
        if not name.split("-legal-")[1].startswith("stopped"):
            by_variant[name[0]].append((name, rec))
    for code, ways in crafters().items():
        for label, variants, craft in ways:
            for v in variants:
                name = f"{VARIANTS[v]}-illegal-{code.replace('_', '-')}-{label}"
                rng = random.Random(name)
                pool = list(by_variant[v])
                rng.shuffle(pool)
                done = False
                for source, rec in pool:
                    start = rng.randrange(max(1, len(rec["actions"]) // 2))
                    for i, g in walk(rec):
                        if i < start:
                            continue
                        crafted = craft(g)
                        if crafted:
                            # The rest of the game would change nothing:
                            # a few actions after it, and the deals as far
                            # as the next one, are kept.
                            r = copy.deepcopy(rec)
                            r["actions"] = r["actions"][:i] + crafted + r["actions"][i:i + 8]
                            r["deals"] = r["deals"][: g.k + 2]
                            r["__from"] = source
                            m.add(name, r, "illegal", (1, i + len(crafted) - 1, code))
                            done = True
                            break
                    if done:
                        break
                if not done:
                    fail(f"{name}: no played game has a place for it")
    # After the end of a played game.
    for v, name in (("classic", "classic-legal-preset-whist5"), ("bid", "bid-legal-defaults"),
                    ("exact", "exact-legal-4-players")):
        rec = copy.deepcopy(games[name])
        n = len(rec["actions"])
        rec["actions"].append(play(0, "2C"))
        m.add(f"{v}-illegal-game-over-after-a-played-game", rec, "illegal", (1, n, "game_over"))
