"""Malformed records (make_records.py): records broken in each way
docs/records.md names (exit 2), and the edge cases that must stay legal."""
import copy
import random

from maker import bid, cards, exact_bid, play, record_text
from worked import EXACT_ACTIONS


# ------------------------------------------------------------------ malformed


def edit(rec, **changes):
    """A copy of a record with fields changed (None: left out)."""
    r = copy.deepcopy(rec)
    for k, v in changes.items():
        if v is None:
            r.pop(k, None)
        else:
            r[k] = v
    return r


def deal_edit(rec, k, f):
    """A copy of a record with f applied to its deal k."""
    r = copy.deepcopy(rec)
    f(r["deals"][k])
    return r


def action_edit(rec, i, action):
    """A copy of a record with its action i replaced."""
    r = copy.deepcopy(rec)
    r["actions"][i] = action
    return r


def malformed(m, classic, bids, exact, games):
    small = exact["small"]  # 3 players, 1 then 2 cards, two deals
    cl = classic["honours"]  # classic, one deal
    bd = bids["made"]  # bid whist, one deal

    def mal(name, rec, variant="exact"):
        m.add(f"{variant}-malformed-{name}", rec, "malformed", 2)

    not_records(m, cl)
    record_fields(mal, small, cl, bd)
    first_deal(mal, small, cl, bd, games)
    later_deals(mal, small, games)
    actions(mal, small, cl, bd, bids, games)


def not_records(m, cl):
    """Not a record."""
    m.add("classic-malformed-not-json", '{"variant": "classic", "dealer": 0, "deals": [\n',
          "malformed", 2)
    m.add("classic-malformed-empty-file", "", "malformed", 2)
    m.add("classic-malformed-an-array", "[]\n", "malformed", 2)
    m.add("classic-malformed-text-after-the-record", record_text(cl) + "}\n", "malformed", 2)
    m.add("classic-malformed-a-string", '"classic"\n', "malformed", 2)


def record_fields(mal, small, cl, bd):
    """The record's own fields."""
    mal("no-variant", edit(small, variant=None))
    mal("variant-not-a-string", edit(small, variant=2))
    mal("unknown-variant", edit(cl, variant="bridge"), "bridge")
    mal("variant-upper-case", edit(cl, variant="Classic"), "classic")
    mal("no-dealer", edit(small, dealer=None))
    mal("dealer-true", edit(cl, dealer=True), "classic")
    mal("dealer-2-point-0", edit(cl, dealer=2.0), "classic")
    mal("dealer-a-string", edit(cl, dealer="3"), "classic")
    mal("dealer-out-of-range", edit(small, dealer=3))
    mal("dealer-negative", edit(cl, dealer=-1), "classic")
    mal("players-5", edit(cl, players=5), "classic")
    mal("players-3", edit(bd, players=3), "bid")
    mal("players-4-point-0", edit(cl, players=4.0), "classic")
    mal("players-1", edit(small, players=1))
    mal("players-7", edit(small, players=7))
    mal("options-an-array", edit(cl, options=[]), "classic")
    mal("unknown-option", edit(cl, options={"jokers": 2}), "classic")
    mal("option-of-another-variant", edit(bd, options={"honours": "on"}), "bid")
    mal("play-to-0", edit(cl, options={"play_to": 0}), "classic")
    mal("play-to-16", edit(bd, options={"play_to": 16}), "bid")
    mal("play-to-a-string", edit(cl, options={"play_to": "5"}), "classic")
    mal("play-to-true", edit(cl, options={"play_to": True}), "classic")
    mal("play-to-5-point-0", edit(cl, options={"play_to": 5.0}), "classic")
    mal("unknown-trump", edit(cl, options={"trump": "Rotate"}), "classic")
    mal("honours-true", edit(cl, options={"honours": True}), "classic")
    # An event's boards: no game to win, so no rubber and no bar; a
    # rotation starts at no trump only when it has a no-trump deal.
    mal("boards-with-rubber", edit(cl, options={"boards": 2, "rubber": True}), "classic")
    mal("boards-with-honours-bar",
        edit(cl, options={"boards": 1, "honours": "on", "honours_bar": True}), "classic")
    mal("boards-17", edit(cl, options={"boards": 17}), "classic")
    mal("boards-negative", edit(cl, options={"boards": -1}), "classic")
    mal("first-trump-notrump-with-rotate",
        edit(cl, options={"trump": "rotate", "first_trump": "notrump"}), "classic")
    mal("unknown-first-trump", edit(cl, options={"trump": "rotate", "first_trump": "joker"}),
        "classic")
    mal("first-trump-a-suit-letter", edit(cl, options={"trump": "rotate", "first_trump": "S"}),
        "classic")
    mal("boards-17-in-bid-whist", edit(bd, options={"boards": 17}), "bid")
    mal("first-trump-in-bid-whist", edit(bd, options={"boards": 1, "first_trump": "hearts"}),
        "bid")
    mal("jokers-3", edit(bd, options={"jokers": 3}), "bid")
    mal("min-bid-5", edit(bd, options={"min_bid": 5}), "bid")
    mal("min-bid-0", edit(bd, options={"min_bid": 0}), "bid")
    mal("low-beats-high-1", edit(bd, options={"low_beats_high": 1}), "bid")
    mal("unknown-sport-kitty", edit(bd, options={"sport_kitty": "sometimes"}), "bid")
    mal("double-nt-a-string", edit(bd, options={"double_nt": "true"}), "bid")
    mal("option-null", edit(bd, options={"bidder_leads": None}), "bid")
    mal("trumps-0", edit(small, options={"trumps": 0}))
    mal("round-trip-a-string", edit(small, options={"round_trip": "yes"}))
    mal("initial-cards-0", edit(small, options={"initial_cards": 0}))
    mal("max-cards-27", edit(small, options={"max_cards": 27}))
    mal("initial-above-max", edit(small, options={"initial_cards": 3, "max_cards": 2}))
    mal("max-cards-times-players-above-52",
        edit(small, options={"initial_cards": 1, "max_cards": 18}))
    mal("default-initial-above-max", edit(small, options={"max_cards": 5}))
    mal("deals-an-object", edit(small, deals={"0": small["deals"][0]}))
    mal("no-deals-no-seed", edit(small, deals=None))
    mal("seed-a-string", edit(cl, deals=None, seed="7"), "classic")
    mal("seed-1-point-5", edit(cl, deals=None, seed=1.5), "classic")
    mal("actions-an-object", edit(small, actions={"0": small["actions"][0]}))


def first_deal(mal, small, cl, bd, games):
    """The first deal, checked before any action."""
    mal("deal-an-array", edit(small, deals=[[["AS"], ["KH"], ["2C"]]]))
    mal("deal-without-hands", deal_edit(small, 0, lambda d: d.pop("hands")))
    mal("hands-an-object", deal_edit(small, 0, lambda d: d.update(hands={"0": ["AS"]})))
    mal("hand-a-string", deal_edit(small, 0, lambda d: d["hands"].__setitem__(0, "AS")))
    mal("two-hands-for-three", deal_edit(small, 0, lambda d: d["hands"].pop()))
    mal("hand-of-two-for-one", deal_edit(small, 0, lambda d: d["hands"][0].append("2S")))
    mal("card-twice", deal_edit(small, 0, lambda d: d["hands"][1].__setitem__(0, "AS")))
    mal("card-twice-in-a-hand",
        deal_edit(cl, 0, lambda d: d["hands"][0].__setitem__(1, d["hands"][0][0])), "classic")
    mal("card-1x", deal_edit(small, 0, lambda d: d["hands"][2].__setitem__(0, "1X")))
    mal("card-lower-case", deal_edit(small, 0, lambda d: d["hands"][2].__setitem__(0, "2c")))
    mal("card-ten-as-10", deal_edit(small, 0, lambda d: d["hands"][0].__setitem__(0, "10S")))
    mal("card-a-number", deal_edit(small, 0, lambda d: d["hands"][0].__setitem__(0, 7)))
    mal("joker-in-classic",
        deal_edit(cl, 0, lambda d: d["hands"][0].__setitem__(12, "RJ")), "classic")
    mal("joker-in-exact", deal_edit(small, 0, lambda d: d["hands"][0].__setitem__(0, "BJ")))
    mal("hand-of-12",
        deal_edit(cl, 0, lambda d: d["hands"][0].pop()), "classic")
    mal("no-turned-card", deal_edit(cl, 0, lambda d: d.pop("turned")), "classic")
    mal("turned-not-the-dealers", deal_edit(cl, 0, lambda d: d.update(turned="AC")), "classic")
    mal("turned-not-a-card", deal_edit(cl, 0, lambda d: d.update(turned="3h")), "classic")
    mal("no-kitty", deal_edit(bd, 0, lambda d: d.pop("kitty")), "bid")
    mal("kitty-short", deal_edit(bd, 0, lambda d: d["kitty"].pop()), "bid")
    mal("kitty-a-string", deal_edit(bd, 0, lambda d: d.update(kitty="AC AD AH AS RJ BJ")), "bid")
    mal("black-joker-with-one-joker", edit(bd, options={"jokers": 1}), "bid")
    mal("jokers-with-no-jokers", edit(bd, options={"jokers": 0}), "bid")
    mal("hand-of-13",
        deal_edit(bd, 0, lambda d: d["hands"][0].append(d["kitty"].pop())), "bid")
    mal("turned-in-a-hand", deal_edit(small, 0, lambda d: d.update(turned="KH")))
    mal("no-turned-card", deal_edit(small, 0, lambda d: d.pop("turned")))
    mal("turned-a-joker", deal_edit(small, 0, lambda d: d.update(turned="RJ")))
    full = games["exact-legal-2-players-26-cards"]
    k = len(full["deals"]) - 1  # the deal of 26 cards each
    turned = full["deals"][k]["turned"]
    dealer = (full["dealer"] + k) % 2
    other = sorted(full["deals"][k]["hands"][1 - dealer])[0]
    r = deal_edit(full, k, lambda d: d.update(turned=other))
    mal("all-dealt-turned-not-the-dealers", r)
    assert turned in full["deals"][k]["hands"][dealer]


def later_deals(mal, small, games):
    """A later deal, checked when play reaches it."""
    mal("second-deal-card-twice", deal_edit(small, 1, lambda d: d["hands"][1].__setitem__(0, "2S")))
    mal("second-deal-hand-of-one", deal_edit(small, 1, lambda d: d["hands"][1].pop()))
    mal("second-deal-bad-card-name",
        deal_edit(small, 1, lambda d: d["hands"][2].__setitem__(1, "XD")))
    mal("second-deal-missing", edit(small, deals=small["deals"][:1]))
    mal("no-deals-but-actions", edit(small, deals=[]))
    cg = games["classic-legal-long-whist"]
    dealer = (cg["dealer"] + 2) % 4
    mal("third-deal-turned-not-the-dealers",
        deal_edit(cg, 2, lambda d: d.update(turned=sorted(d["hands"][(dealer + 1) % 4])[0])),
        "classic")


def actions(mal, small, cl, bd, bids, games):
    """Actions."""
    mal("action-a-string", action_edit(small, 0, "bid 1"))
    mal("action-an-array", action_edit(small, 4, [2, "play", "2C"]))
    mal("action-without-seat", action_edit(small, 0, {"type": "bid", "tricks": 1}))
    mal("seat-a-string", action_edit(small, 0, {"seat": "1", "type": "bid", "tricks": 1}))
    mal("seat-true", action_edit(small, 0, {"seat": True, "type": "bid", "tricks": 1}))
    mal("seat-1-point-0", action_edit(small, 0, {"seat": 1.0, "type": "bid", "tricks": 1}))
    mal("seat-3-of-3", action_edit(small, 0, {"seat": 3, "type": "bid", "tricks": 1}))
    mal("seat-negative", action_edit(cl, 0, play(-1, "AC")), "classic")
    mal("seat-4", action_edit(cl, 5, play(4, "KC")), "classic")
    mal("action-without-type", action_edit(small, 0, {"seat": 1, "tricks": 1}))
    mal("type-a-number", action_edit(small, 0, {"seat": 1, "type": 1, "tricks": 1}))
    mal("unknown-type", action_edit(cl, 0, {"seat": 0, "type": "lead", "card": "AC"}), "classic")
    mal("type-upper-case", action_edit(cl, 0, {"seat": 0, "type": "Play", "card": "AC"}),
        "classic")
    mal("play-without-card", action_edit(cl, 0, {"seat": 0, "type": "play"}), "classic")
    mal("play-card-a-number", action_edit(cl, 0, play(0, 14)), "classic")
    mal("play-card-1x", action_edit(cl, 0, play(0, "1X")), "classic")
    mal("play-card-lower-case", action_edit(cl, 0, play(0, "ac")), "classic")
    mal("play-a-joker", action_edit(cl, 0, play(0, "RJ")), "classic")
    mal("play-black-joker-with-one-joker",
        action_edit(edit(games["bid-legal-one-joker"]), 0, play(0, "BJ")), "bid")
    mal("bid-without-tricks", action_edit(small, 0, {"seat": 1, "type": "bid", "level": 1,
                                                     "mode": "uptown"}))
    mal("tricks-a-string", action_edit(small, 0, exact_bid(1, "1")))
    mal("tricks-1-point-0", action_edit(small, 0, exact_bid(1, 1.0)))
    mal("bid-without-level", action_edit(bd, 0, {"seat": 1, "type": "bid", "mode": "uptown"}),
        "bid")
    mal("bid-with-tricks", action_edit(bd, 0, {"seat": 1, "type": "bid", "tricks": 10}), "bid")
    mal("level-a-string", action_edit(bd, 0, bid(1, "4", "uptown")), "bid")
    mal("bid-without-mode", action_edit(bd, 0, {"seat": 1, "type": "bid", "level": 4}), "bid")
    mal("mode-a-number", action_edit(bd, 0, bid(1, 4, 0)), "bid")
    mal("discard-without-cards", action_edit(bd, 4, {"seat": 1, "type": "discard"}), "bid")
    mal("discard-cards-a-string",
        action_edit(bd, 4, {"seat": 1, "type": "discard", "cards": "AC AH AS BJ RJ 2D"}), "bid")
    mal("discard-bad-card-name",
        action_edit(bd, 4, {"seat": 1, "type": "discard", "cards": cards("AC AH AS BJ RJ 2d")}),
        "bid")
    mal("trump-without-suit", action_edit(bd, 5, {"seat": 1, "type": "trump"}), "bid")
    mal("trump-suit-a-number", action_edit(bd, 5, {"seat": 1, "type": "trump", "suit": 1}), "bid")
    nt = bids["notrump"]
    mal("direction-without-mode", action_edit(nt, 5, {"seat": 1, "type": "direction"}), "bid")
    mal("direction-mode-true",
        action_edit(nt, 5, {"seat": 1, "type": "direction", "mode": True}), "bid")
    mal("pass-seat-null", action_edit(bd, 1, {"seat": None, "type": "pass"}), "bid")
    # Malformed is checked before turn and phase: seat 2 is not to act and
    # a card is not expected during bidding.
    mal("action-out-of-turn-and-malformed", action_edit(bd, 0, play(2, "2h")), "bid")
    # After the game is over, a malformed action is still malformed.
    mal("action-after-game-over",
        edit(small, actions=small["actions"] + [{"seat": 0, "type": "bid"}]))
    # A discard's card names are read even where no discard is expected.
    mal("discard-bad-card-in-classic",
        action_edit(cl, 3, {"seat": 3, "type": "discard", "cards": ["ZZ"]}), "classic")
    # The first problem decides: a malformed action before an illegal one.
    r = action_edit(cl, 0, play(0, "A"))
    r["actions"][1] = play(3, "2C")
    mal("action-before-an-illegal-one", r, "classic")


def legal_edges(m, classic, bids, exact, games):
    small = exact["small"]
    cl = classic["honours"]

    # Fields the record does not define are ignored.
    r = edit(small, comment="three players", table={"id": 12})
    r["deals"][0]["note"] = "first"
    r["actions"][0]["said"] = "one for me"
    m.add("exact-legal-unknown-fields", r, "worked",
          (0, [([0, 1, 0], [-4, 11, 10]), ([1, 0, 1], [11, -4, 11])], [7, 7, 21], True, [2]))
    # Fields the options make irrelevant are not read.
    r = copy.deepcopy(cl)
    r["options"] = {"play_to": 5, "trump": "rotate", "honours": "on"}
    r["deals"][0]["turned"] = "??"
    r["deals"][0]["kitty"] = ["RJ"]
    m.add("classic-legal-irrelevant-turned-and-kitty", r, "worked",
          (0, [([7, 6], [1, 2])], [1, 2], False, None))
    r = edit(small, options={"initial_cards": 1, "max_cards": 2, "trumps": False})
    for d in r["deals"]:
        d["turned"] = "XX"
    # Without trumps: deal 1 as before (KH wins the trick led); deal 2,
    # seat 2 leads KC, seat 0 discards 3D, seat 1 follows with AC and wins,
    # leads 5H: seats 2 and 0 discard. Seat 1 took 2 of its 1, seats 0 and
    # 2 none: -4, -4, -4.
    r["actions"] = EXACT_ACTIONS[:9] + [
        play(2, "KC"), play(0, "3D"), play(1, "AC"), play(1, "5H"), play(2, "4D"), play(0, "2S")]
    m.add("exact-legal-no-trumps-turned-ignored", r, "worked",
          (0, [([0, 1, 0], [-4, 11, 10]), ([0, 2, 0], [-4, -4, -4])], [-8, 7, 6], True, [1]))
    r = copy.deepcopy(bids["made"])
    r["deals"][0]["turned"] = "AS"
    m.add("bid-legal-turned-ignored", r, "worked", (0, [([0, 13], [0, 7])], [0, 7], True, [1]))
    # Defaults: players, options and actions may be left out.
    r = edit(cl, players=None, options=None, actions=None)
    m.add("classic-legal-only-the-deal", r, "worked", (0, [], [0, 0], False, None))
    r = edit(cl, players=None, options=None)
    m.add("classic-legal-default-options", r, "worked",
          (0, [([7, 6], [1, 0])], [1, 0], False, None))
    m.add("exact-legal-no-actions", edit(small, actions=[]), "worked",
          (0, [], [0, 0, 0], False, None))
    m.add("exact-legal-no-deals-no-actions", edit(small, deals=[], actions=[]), "worked",
          (0, [], [0, 0, 0], False, None))
    # Hands in any order.
    r = copy.deepcopy(games["bid-legal-defaults"])
    rng = random.Random("any order")
    for d in r["deals"]:
        for h in d["hands"]:
            rng.shuffle(h)
        rng.shuffle(d["kitty"])
    m.add("bid-legal-hands-in-any-order", r, "played")
    # A deal that play does not reach is not checked: after the last
    # action, or after the game is over.
    r = copy.deepcopy(small)
    r["actions"] = EXACT_ACTIONS[:6]
    r["deals"][1]["hands"][0] = ["AS", "AS", "AS"]
    m.add("exact-legal-bad-deal-not-reached", r, "worked",
          (0, [([0, 1, 0], [-4, 11, 10])], [-4, 11, 10], False, None))
    r = copy.deepcopy(small)
    r["deals"].append({"hands": "not even hands"})
    m.add("exact-legal-bad-deal-after-game-over", r, "worked",
          (0, [([0, 1, 0], [-4, 11, 10]), ([1, 0, 1], [11, -4, 11])], [7, 7, 21], True, [2]))
    r = copy.deepcopy(classic["per_suit"])
    r["deals"].append({"hands": [["AC"]] * 4, "turned": "BJ"})
    m.add("classic-legal-bad-deal-after-game-over", r, "worked",
          (0, [([0, 13], [0, 7])], [0, 7], True, [1]))
    # The seed is read, but deals decide when both are given.
    r = edit(cl, seed=12345)
    m.add("classic-legal-deals-and-seed", r, "worked",
          (0, [([7, 6], [1, 2])], [1, 2], False, None))
