#!/usr/bin/env python3
"""Makes the project's game records, tests/records/NAME.json, each with its
expected result, NAME.expected.json (tests/records/README.md).

    tests/record_maker/make_records.py [--build DIR] [--check]

DIR (default build/) holds the built whist-replay and play_game. Four kinds
of record are made:

- worked: scripted deals and actions, their result worked out by hand and
  written here beside them;
- played: seeded games played by the engine (play_game), for every variant
  and option;
- illegal: a played or worked game with one illegal action put in at a
  known index, for every error code;
- malformed: records broken in each way docs/records.md names (exit 2),
  and edge cases that must stay legal.

Every expected result is reference.py's (a second reading of the rules,
independent of the engine); a worked record's must also equal the one
written by hand, and an illegal record's the index and code it was built
with. whist-replay must then agree with all of them: any disagreement stops
the run, and nothing is written. --check writes nothing either, and fails
if tests/records differs from what would be written.
"""
import argparse
import copy
import json
import pathlib
import random
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "records"
sys.path.insert(0, str(HERE))
import reference  # noqa: E402

RANKS = reference.RANKS


def fail(message):
    print(f"make_records: {message}", file=sys.stderr)
    sys.exit(1)


# ------------------------------------------------------------------ writing


def ordered_action(a):
    if not isinstance(a, dict):
        return a
    first = [k for k in ("seat", "type") if k in a]
    return {k: a[k] for k in first + sorted(k for k in a if k not in first)}


def record_text(r):
    """A record as written to a file: a line per deal and per action."""
    if not isinstance(r, dict):
        return json.dumps(r) + "\n"
    order = ["variant", "options", "players", "dealer", "seed", "deals", "actions"]
    keys = [k for k in order if k in r] + [k for k in r if k not in order]
    parts = []
    for k in keys:
        v = r[k]
        if k in ("deals", "actions") and isinstance(v, list) and v:
            items = [json.dumps(ordered_action(x) if k == "actions" else x) for x in v]
            parts.append(f"{json.dumps(k)}: [\n  " + ",\n  ".join(items) + "\n ]")
        else:
            parts.append(f"{json.dumps(k)}: {json.dumps(v)}")
    return "{" + ",\n ".join(parts) + "}\n"


def expected_text(exit_status, output):
    return json.dumps({"exit": exit_status, "output": output}, indent=1) + "\n"


# ------------------------------------------------------------------ cards


def cards(text):
    return text.split()


def suit_cards(suit, ranks=RANKS):
    return [r + suit for r in ranks]


def holder(deal, card):
    for s, h in enumerate(deal["hands"]):
        if card in h:
            return s
    fail(f"no hand holds {card}")


def plays(deal, tricks):
    """Play actions for tricks written as cards in the order played: each
    card's seat is the seat dealt it."""
    return [{"seat": holder(deal, c), "type": "play", "card": c} for t in tricks for c in cards(t)]


def rank_value(c):
    return 14 if c in ("BJ", "RJ") else RANKS.index(c[0])


def policy_plays(record):
    """The record's actions, and after them card play to the end of its
    deals: the leader of a trick plays its highest legal card, the others
    their lowest (ranks 2 to A, jokers highest). Used only where seats hold
    whole suits, so that who wins each trick is plain (the comments beside
    each case say it)."""
    record = copy.deepcopy(record)
    while True:
        g = game_after(record)
        if g.phase != "play":
            return record["actions"]
        seat = g.to_act
        legal = sorted(g.legal_cards(seat), key=lambda c: (rank_value(c), c))
        card = legal[-1] if not g.trick else legal[0]
        record["actions"].append({"seat": seat, "type": "play", "card": card})


def game_after(record):
    """The reference game after all of a legal record's actions (with the
    next deal started if it waits for one and the record gives it)."""
    return reference.state_before(record, len(record["actions"]))


# ------------------------------------------------------------------ cases


class Maker:
    def __init__(self, build):
        self.play_game = build / "tests" / "play_game"
        self.whist_replay = build / "tools" / "whist-replay"
        for p in (self.play_game, self.whist_replay):
            if not p.exists():
                fail(f"{p} not found: build the targets play_game and whist-replay (--build DIR)")
        self.cases = {}  # name -> (text, exit, output)
        self.origin = {}  # name -> worked, played, illegal, malformed

    # -- engine games

    def engine_game(self, variant, options=None, players=4, dealer=0, seed=1, share=0.25,
                    max_actions=None):
        header = {"variant": variant, "options": options or {}, "players": players,
                  "dealer": dealer, "seed": seed}
        argv = [str(self.play_game), json.dumps(header), "--random", str(share)]
        if max_actions is not None:
            argv += ["--max-actions", str(max_actions)]
        run = subprocess.run(argv, capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"play_game {header}: {run.stderr.strip()}")
        rec = json.loads(run.stdout)
        # As a person would write it: only the options chosen.
        out = {"variant": variant, "options": options or {}, "players": players,
               "dealer": dealer, "deals": rec["deals"], "actions": rec["actions"]}
        return out

    def find_game(self, name, variant, options=None, players=4, want=None, share=0.25,
                  max_actions=None, tries=400):
        """The first seeded game (seeds from a number drawn from the name)
        whose record and reference result satisfy `want`."""
        base = random.Random(name).randrange(1, 1 << 30)
        for i in range(tries):
            seed = base + i
            dealer = seed % players
            rec = self.engine_game(variant, options, players, dealer, seed, share, max_actions)
            exit_status, out = reference.replay(record_text(rec))
            if exit_status != 0:
                fail(f"{name}: the engine played a game the reference refuses: {out}")
            if want is None or want(rec, out):
                rec["__seed"] = seed
                return rec
        fail(f"{name}: no game of {tries} seeds has what it needs")

    # -- adding a case

    def add(self, name, record, origin, hand=None):
        """Adds a record (a dict, or the text of a file as is). `hand` is
        what the record must give as worked out by hand or by construction:
        an exit status, (1, index, code), or (0, hands, scores, game_over,
        winner) with hands as [(tricks, score), ...]."""
        if name in self.cases:
            fail(f"{name} twice")
        if isinstance(record, dict):
            record = {k: v for k, v in record.items() if not k.startswith("__")}
            text = record_text(record)
        else:
            text = record
        exit_status, out = reference.replay(text)
        kind = name.split("-")[1]
        want_exit = {"legal": 0, "illegal": 1, "malformed": 2}[kind]
        if exit_status != want_exit:
            fail(f"{name}: the reference gives exit {exit_status} ({json.dumps(out)[:300]})")
        if hand is not None:
            mine = self.summary(exit_status, out)
            if isinstance(hand, int):
                hand = (hand,)
            if tuple(mine[: len(hand)]) != tuple(hand):
                fail(f"{name}: worked out {hand}, the reference gives {mine}")
        self.cases[name] = (text, exit_status, out)
        self.origin[name] = origin

    @staticmethod
    def summary(exit_status, out):
        if exit_status == 0:
            hands = [(h["tricks"], h["score"]) for h in out["hands"]]
            return (0, hands, out["scores"], out["game_over"], out["winner"])
        if exit_status == 1:
            return (1, out["error"]["index"], out["error"]["code"])
        return (2,)

    # -- checking against whist-replay, writing

    def check_engine(self):
        bad = 0
        for name, (text, exit_status, out) in sorted(self.cases.items()):
            run = subprocess.run([str(self.whist_replay)], input=text, capture_output=True,
                                 text=True)
            try:
                got = json.loads(run.stdout)
            except json.JSONDecodeError:
                got = None
            agree = run.returncode == exit_status and got is not None
            if agree and exit_status == 0:
                agree = all(got[k] == out[k] for k in ("scores", "game_over", "winner")) and [
                    (h["tricks"], h["score"]) for h in got["hands"]
                ] == [(h["tricks"], h["score"]) for h in out["hands"]]
            elif agree and exit_status == 1:
                agree = (got["error"]["index"], got["error"]["code"]) == (
                    out["error"]["index"], out["error"]["code"])
            if not agree:
                bad += 1
                print(f"DISAGREE {name}: whist-replay exit {run.returncode} {run.stdout.strip()[:400]}"
                      f"\n  reference exit {exit_status} {json.dumps(out)[:400]}", file=sys.stderr)
        if bad:
            fail(f"whist-replay and the reference disagree on {bad} records")

    def files(self):
        out = {}
        for name, (text, exit_status, output) in self.cases.items():
            out[f"{name}.json"] = text
            out[f"{name}.expected.json"] = expected_text(exit_status, output)
        return out

    def write(self, check):
        want = self.files()
        have = {p.name: p for p in OUT.glob("*.json")}
        stale = sorted(set(have) - set(want))
        changed = sorted(n for n, t in want.items()
                         if n not in have or have[n].read_text() != t)
        if check:
            for n in stale:
                print(f"not made any more: {n}")
            for n in changed:
                print(f"differs: {n}")
            return 1 if stale or changed else 0
        for n in stale:
            (OUT / n).unlink()
        for n in changed:
            (OUT / n).write_text(want[n])
        print(f"{len(changed)} files written, {len(stale)} removed")
        return 0


# ------------------------------------------------------------------ worked

# One suit to each seat: clubs, diamonds, hearts, spades.
PER_SUIT = [suit_cards(s) for s in "CDHS"]

# The deal of the classic honours cases. Hearts are trump (the turned 3H is
# the dealer's, seat 3). Clubs: seat 0 holds A K Q J; diamonds: seat 1
# A K Q J; spades: seat 0 A K Q, seat 3 holds four; hearts: seat 1 A K 2,
# seat 2 J T 9 8, seat 3 Q 4 3. Team 1 (seats 1 and 3) was dealt AH KH QH,
# 3 honours; team 0 only JH.
HONOURS_DEAL = {
    "hands": [
        cards("AC KC QC JC 2D 3D 4D AS KS QS 5H 6H 7H"),
        cards("2C 3C 4C AD KD QD JD 6S 7S 8S AH KH 2H"),
        cards("5C 6C 7C 5D 6D 7D 9S TS JS JH TH 9H 8H"),
        cards("8C 9C TC 8D 9D TD 2S 3S 4S 5S QH 3H 4H"),
    ],
    "turned": "3H",
}
# Seat 0 leads (the dealer is 3). Tricks 1-12 everyone follows suit, so the
# highest card of the suit led wins: seat 0 takes three clubs and three
# spades, seat 1 three diamonds and two hearts (AH, KH), seat 3 the third
# heart (QH over 8H). Trick 13: seat 3 leads 5S, seat 0 and seat 1 cannot
# follow (JC, JD) and seat 2 trumps with JH. Team 0: 3 + 3 + 1 = 7 tricks,
# team 1: 3 + 3 = 6.
HONOURS_TRICKS = [
    "AC 2C 5C 8C", "KC 3C 6C 9C", "QC 4C 7C TC",
    "AS 6S 9S 2S", "KS 7S TS 3S", "QS 8S JS 4S",
    "2D AD 5D 8D", "KD 6D 9D 3D", "QD 7D TD 4D",
    "AH TH 3H 5H", "KH 9H 4H 6H", "2H 8H QH 7H",
    "5S JC JD JH",
]


def worked_classic(m):
    deal = {"hands": PER_SUIT, "turned": "2S"}
    # Seat 0 leads AC; seat 3 trumps (spades are trump: 2S is the dealer's)
    # and then leads spades to the end, which no one can follow: team 1
    # takes all 13 tricks, 7 points.
    tricks = ["AC 2D 2H 2S"] + [
        f"{s} {c} {d} {h}"
        for s, c, d, h in zip(
            suit_cards("S", "3456789TJQKA")[::-1], suit_cards("C", "23456789TJQK"),
            suit_cards("D", "3456789TJQKA"), suit_cards("H", "3456789TJQKA"))
    ]
    acts = plays(deal, tricks)
    # play_to 5: the 7 points end the game, so team 1's four honours (AS KS
    # QS JS) are not scored.
    m.add("classic-legal-worked-tricks-end-game-before-honours",
          {"variant": "classic", "options": {"play_to": 5, "honours": "on"}, "dealer": 3,
           "deals": [deal], "actions": acts}, "worked",
          (0, [([0, 13], [0, 7])], [0, 7], True, [1]))
    # play_to 9: 7 points, then the four honours (+4) carry team 1 to 11.
    m.add("classic-legal-worked-honours-carry-to-game",
          {"variant": "classic", "options": {"play_to": 9, "trump": "turn", "honours": "on"},
           "dealer": 3, "deals": [deal], "actions": acts}, "worked",
          (0, [([0, 13], [0, 11])], [0, 11], True, [1]))
    # capped: 7 points, and the honours may only bring team 1 to 8.
    m.add("classic-legal-worked-honours-capped-at-one-below",
          {"variant": "classic", "options": {"play_to": 9, "honours": "capped"}, "dealer": 3,
           "deals": [deal], "actions": acts}, "worked",
          (0, [([0, 13], [0, 8])], [0, 8], False, None))
    # off: 7 points, no honours.
    m.add("classic-legal-worked-honours-off",
          {"variant": "classic", "options": {"play_to": 9, "honours": "off"}, "dealer": 3,
           "deals": [deal], "actions": acts}, "worked",
          (0, [([0, 13], [0, 7])], [0, 7], False, None))

    hacts = plays(HONOURS_DEAL, HONOURS_TRICKS)
    base = {"variant": "classic", "dealer": 3, "deals": [HONOURS_DEAL], "actions": hacts}
    # Team 0 takes 7 tricks (+1); team 1 lost the tricks but was dealt 3
    # honours (+2).
    m.add("classic-legal-worked-honours-to-the-side-that-lost-the-tricks",
          dict(base, options={"play_to": 5, "honours": "on"}), "worked",
          (0, [([7, 6], [1, 2])], [1, 2], False, None))
    # play_to 2: the 2 for honours win team 1 the game.
    m.add("classic-legal-worked-honours-win-the-game",
          dict(base, options={"play_to": 2, "honours": "on"}), "worked",
          (0, [([7, 6], [1, 2])], [1, 2], True, [1]))
    # capped, play_to 2: team 1 may reach 1 at most.
    m.add("classic-legal-worked-honours-capped-cut-to-one",
          dict(base, options={"play_to": 2, "honours": "capped"}), "worked",
          (0, [([7, 6], [1, 1])], [1, 1], False, None))
    # play_to 1: team 0's trick ends the game; no honours.
    m.add("classic-legal-worked-one-point-game",
          dict(base, options={"play_to": 1, "honours": "on"}), "worked",
          (0, [([7, 6], [1, 0])], [1, 0], True, [0]))
    # rotate: the first deal's trump is hearts as well (no card turned).
    m.add("classic-legal-worked-rotate-first-deal-hearts",
          dict(base, options={"play_to": 5, "trump": "rotate", "honours": "on"},
               deals=[{"hands": HONOURS_DEAL["hands"]}]), "worked",
          (0, [([7, 6], [1, 2])], [1, 2], False, None))

    # rotate_nt, five deals of one suit to each seat, dealer 0 first. The
    # seat holding the trump suit takes every trick (it trumps the first
    # lead, or leads it), so deal by deal: hearts (seat 2, team 0), diamonds
    # (seat 1), spades (seat 3), clubs (seat 0); the fifth deal is at no
    # trump: its leader, seat 1 (the dealer is 0 again), leads diamonds and
    # no one can follow. 7 points a deal: 7-0, 7-7, 7-14, 14-14, 14-21.
    five = {"variant": "classic", "options": {"play_to": 15, "trump": "rotate_nt"}, "dealer": 0,
            "deals": [{"hands": PER_SUIT}] * 5, "actions": []}
    five["actions"] = policy_plays(five)
    m.add("classic-legal-worked-rotate-nt-five-deals", five, "worked",
          (0, [([13, 0], [7, 0]), ([0, 13], [0, 7]), ([0, 13], [0, 7]), ([13, 0], [7, 0]),
               ([0, 13], [0, 7])], [14, 21], True, [1]))
    return {"per_suit": {"variant": "classic", "options": {"play_to": 5, "honours": "on"},
                         "dealer": 3, "deals": [deal], "actions": acts},
            "honours": dict(base, options={"play_to": 5, "honours": "on"})}


BID_DEAL = {"hands": [suit_cards(s, "23456789TJQK") for s in "CDHS"],
            "kitty": cards("AC AD AH AS RJ BJ")}


def bid(seat, level, mode):
    return {"seat": seat, "type": "bid", "level": level, "mode": mode}


def pass_(seat):
    return {"seat": seat, "type": "pass"}


def worked_bid(m):
    out = {}
    # Dealer 0. Seat 1 bids 4 uptown, the rest pass; seat 1 takes the kitty,
    # discards AC AH AS BJ RJ 2D and names diamonds: it holds AD KD ... 3D,
    # leads them and no one can follow: 12 tricks and the book, 13 of the
    # 10 needed: +7, which is game (play_to 7).
    calls = [bid(1, 4, "uptown"), pass_(2), pass_(3), pass_(0),
             {"seat": 1, "type": "discard", "cards": cards("AC AH AS BJ RJ 2D")},
             {"seat": 1, "type": "trump", "suit": "D"}]
    rec = {"variant": "bid", "options": {}, "dealer": 0, "deals": [BID_DEAL], "actions": calls}
    rec["actions"] = policy_plays(rec)
    m.add("bid-legal-worked-made-all-thirteen", rec, "worked",
          (0, [([0, 13], [0, 7])], [0, 7], True, [1]))
    out["made"] = rec

    # Seat 1 bids 3 notrump, keeps both jokers (discards AC AH AS 2D 3D 4D),
    # chooses downtown and leads RJ: a joker led leaves the suit to the next
    # card, seat 2's 2H; seats 3 and 0 cannot follow, and the joker never
    # wins, so seat 2 takes the trick and then leads hearts to the end: team
    # 0 takes 12 tricks, team 1 only the book. Set: -3, doubled (double_nt)
    # -6; team 0 defends with 12 tricks: +6 (defensive_scoring).
    calls = [bid(1, 3, "notrump"), pass_(2), pass_(3), pass_(0),
             {"seat": 1, "type": "discard", "cards": cards("AC AH AS 2D 3D 4D")},
             {"seat": 1, "type": "direction", "mode": "downtown"}]
    first = [play(1, "RJ"), play(2, "2H"), play(3, "2S"), play(0, "2C")]
    rec = {"variant": "bid",
           "options": {"double_nt": True, "defensive_scoring": True, "play_to": 7},
           "dealer": 0, "deals": [BID_DEAL], "actions": calls + first}
    rec["actions"] = policy_plays(rec)
    m.add("bid-legal-worked-notrump-joker-led-set-doubled", rec, "worked",
          (0, [([12, 1], [6, -6])], [6, -6], False, None))
    out["notrump"] = rec
    # The same without the options: -3, and the defenders score nothing.
    m.add("bid-legal-worked-notrump-joker-led-set",
          dict(rec, options={}), "worked", (0, [([12, 1], [0, -3])], [0, -3], False, None))
    # play_to 3 and no defensive scoring: -3 ends the game; team 0 wins at 0.
    m.add("bid-legal-worked-set-to-minus-play-to",
          dict(rec, options={"play_to": 3}), "worked",
          (0, [([12, 1], [0, -3])], [0, -3], True, [0]))

    # The three others pass, the dealer (seat 0) must bid: 1 downtown. The
    # kitty stays out (bidder_gets_kitty false) and is team 0's book. Seat 0
    # names clubs; seat 1 leads 2D, the best diamond downtown, and seat 0
    # trumps it with KC (any trump wins), then leads clubs to the end: 12
    # tricks and the book, +7.
    calls = [pass_(1), pass_(2), pass_(3), bid(0, 1, "downtown"),
             {"seat": 0, "type": "trump", "suit": "C"}]
    rec = {"variant": "bid", "options": {"bidder_gets_kitty": False, "min_bid": 1},
           "dealer": 0, "deals": [BID_DEAL], "actions": calls + plays(BID_DEAL, ["2D 3H 4S KC"])}
    rec["actions"] = policy_plays(rec)
    m.add("bid-legal-worked-dealer-forced-no-kitty", rec, "worked",
          (0, [([13, 0], [7, 0])], [7, 0], True, [0]))
    out["forced"] = rec

    # Bidding up: 2 uptown, 2 downtown (low_beats_high), 2 notrump, 3
    # uptown (seat 0, the dealer). Seat 0 takes the kitty, discards AD AH AS
    # 2C 3C 4C, names clubs and, with bidder_leads, leads: AC then the
    # jokers (trumps, above the ace) and its clubs; no one can follow or
    # trump: 12 tricks and the book, +7.
    calls = [bid(1, 2, "uptown"), bid(2, 2, "downtown"), bid(3, 2, "notrump"),
             bid(0, 3, "uptown"),
             {"seat": 0, "type": "discard", "cards": cards("AD AH AS 2C 3C 4C")},
             {"seat": 0, "type": "trump", "suit": "C"}]
    rec = {"variant": "bid", "options": {"bidder_leads": True, "low_beats_high": True},
           "dealer": 0, "deals": [BID_DEAL], "actions": calls}
    rec["actions"] = policy_plays(rec)
    m.add("bid-legal-worked-bidding-up-bidder-leads", rec, "worked",
          (0, [([13, 0], [7, 0])], [7, 0], True, [0]))
    return out


def exact_bid(seat, tricks):
    return {"seat": seat, "type": "bid", "tricks": tricks}


# Three players, one card then two (initial_cards 1, max_cards 2).
EXACT_DEALS = [
    {"hands": [["AS"], ["KH"], ["2C"]], "turned": "3H"},
    {"hands": [["2S", "3D"], ["AC", "5H"], ["KC", "4D"]], "turned": "9D"},
]
# Deal 1, dealer 0, hearts trump: seat 1 bids 1, seat 2 0; the dealer may
# not bid 0 (1 + 0 = 1 card), bids 1. Seat 1 leads KH and wins: seat 1 +11,
# seat 2 +10, seat 0 -4.
# Deal 2, dealer 1, diamonds trump: seats 2, 0, 1 bid 1, 1, 1 (the dealer
# may not bid 0). Seat 2 leads KC; seat 0 has no club and must trump (3D);
# seat 1 must follow (AC): 3D wins. Seat 0 leads 2S; seat 1 has neither
# spade nor trump (5H); seat 2 must trump (4D) and wins. Seats 0 and 2 made
# their bids (+11 each), seat 1 took none (-4). Totals 7, 7, 21.
EXACT_ACTIONS = (
    [exact_bid(1, 1), exact_bid(2, 0), exact_bid(0, 1)]
    + [{"seat": s, "type": "play", "card": c} for s, c in ((1, "KH"), (2, "2C"), (0, "AS"))]
    + [exact_bid(2, 1), exact_bid(0, 1), exact_bid(1, 1)]
    + [{"seat": s, "type": "play", "card": c}
       for s, c in ((2, "KC"), (0, "3D"), (1, "AC"), (0, "2S"), (1, "5H"), (2, "4D"))]
)


def worked_exact(m):
    out = {}
    rec = {"variant": "exact",
           "options": {"initial_cards": 1, "max_cards": 2, "trumps": True}, "players": 3,
           "dealer": 0, "deals": EXACT_DEALS, "actions": EXACT_ACTIONS}
    m.add("exact-legal-worked-hook-and-must-trump", rec, "worked",
          (0, [([0, 1, 0], [-4, 11, 10]), ([1, 0, 1], [11, -4, 11])], [7, 7, 21], True, [2]))
    out["small"] = rec
    # Stopped after the first deal: one deal in hands, not over.
    m.add("exact-legal-worked-stopped-between-deals", dict(rec, actions=EXACT_ACTIONS[:6]),
          "worked", (0, [([0, 1, 0], [-4, 11, 10])], [-4, 11, 10], False, None))
    # Stopped in the middle of the second deal's play.
    m.add("exact-legal-worked-stopped-mid-deal", dict(rec, actions=EXACT_ACTIONS[:11]),
          "worked", (0, [([0, 1, 0], [-4, 11, 10])], [-4, 11, 10], False, None))

    # No trumps, one card each, dealer 0: seat 1 bids 0, seat 2 bids 1, the
    # dealer may not bid 0 (0 + 1 + 0 = 1) and bids 1. Seat 1 leads AH, the
    # others cannot follow: seat 1 takes the trick it did not want. Each
    # missed by one: -4 all round, and all three share the win.
    tie = {"variant": "exact",
           "options": {"initial_cards": 1, "max_cards": 1, "trumps": False}, "players": 3,
           "dealer": 0, "deals": [{"hands": [["2C"], ["AH"], ["3D"]]}],
           "actions": [exact_bid(1, 0), exact_bid(2, 1), exact_bid(0, 1),
                       {"seat": 1, "type": "play", "card": "AH"},
                       {"seat": 2, "type": "play", "card": "3D"},
                       {"seat": 0, "type": "play", "card": "2C"}]}
    m.add("exact-legal-worked-three-way-tie", tie, "worked",
          (0, [([0, 1, 0], [-4, -4, -4])], [-4, -4, -4], True, [0, 1, 2]))

    # Two players, 26 cards each: every card is dealt, so the turned card is
    # the dealer's (seat 1, 2S): spades are trump. Seat 0 holds clubs and
    # diamonds, seat 1 hearts and spades. Seat 0 bids 0; the dealer may not
    # bid 26 and bids 25. Seat 0 leads AC, seat 1 must trump and wins, then
    # leads every trick; seat 0 can never follow nor trump: seat 1 takes all
    # 26 tricks. Seat 0 +10, seat 1 -3 - 1 = -4.
    full = {"variant": "exact",
            "options": {"initial_cards": 26, "max_cards": 26}, "players": 2, "dealer": 1,
            "deals": [{"hands": [PER_SUIT[0] + PER_SUIT[1], PER_SUIT[2] + PER_SUIT[3]],
                       "turned": "2S"}],
            "actions": [exact_bid(0, 0), exact_bid(1, 25)]}
    full["actions"] = policy_plays(full)
    m.add("exact-legal-worked-all-cards-dealt-turned-is-the-dealers", full, "worked",
          (0, [([0, 26], [10, -4])], [10, -4], True, [0]))
    return out


def worked_illegal(m, classic, bids, exact):
    small = exact["small"]
    acts = small["actions"]

    def put(rec, index, action, keep=True):
        r = copy.deepcopy(rec)
        r["actions"] = r["actions"][:index] + [action] + (r["actions"][index:] if keep else [])
        return r

    # Exact (the three-player game above).
    m.add("exact-illegal-worked-hook-rule", put(small, 2, exact_bid(0, 0)), "worked",
          (1, 2, "hook_rule"))
    m.add("exact-illegal-worked-bid-above-hand-size", put(small, 0, exact_bid(1, 2)), "worked",
          (1, 0, "bad_bid"))
    m.add("exact-illegal-worked-negative-bid", put(small, 1, exact_bid(2, -1)), "worked",
          (1, 1, "bad_bid"))
    m.add("exact-illegal-worked-pass", put(small, 0, pass_(1)), "worked", (1, 0, "wrong_phase"))
    m.add("exact-illegal-worked-must-trump",
          put(small, 10, {"seat": 0, "type": "play", "card": "2S"}), "worked",
          (1, 10, "must_trump"))
    m.add("exact-illegal-worked-must-follow-suit",
          put(small, 11, {"seat": 1, "type": "play", "card": "5H"}), "worked",
          (1, 11, "must_follow_suit"))
    m.add("exact-illegal-worked-play-during-bidding",
          put(small, 7, {"seat": 0, "type": "play", "card": "2S"}), "worked",
          (1, 7, "wrong_phase"))
    m.add("exact-illegal-worked-game-over", dict(small, actions=acts + [exact_bid(0, 1)]),
          "worked", (1, len(acts), "game_over"))
    m.add("exact-illegal-worked-card-of-another-seat",
          put(small, 3, {"seat": 1, "type": "play", "card": "AS"}), "worked",
          (1, 3, "card_not_held"))

    # Classic (the honours deal: seat 0 leads AC, seat 1 holds 2C).
    h = classic["honours"]
    m.add("classic-illegal-worked-not-your-turn",
          put(h, 0, {"seat": 1, "type": "play", "card": "2C"}), "worked", (1, 0, "not_your_turn"))
    m.add("classic-illegal-worked-card-not-held",
          put(h, 0, {"seat": 0, "type": "play", "card": "2C"}), "worked", (1, 0, "card_not_held"))
    m.add("classic-illegal-worked-must-follow-suit",
          put(h, 1, {"seat": 1, "type": "play", "card": "JD"}), "worked",
          (1, 1, "must_follow_suit"))
    m.add("classic-illegal-worked-bid", put(h, 0, bid(0, 1, "uptown")), "worked",
          (1, 0, "wrong_phase"))
    m.add("classic-illegal-worked-pass", put(h, 4, pass_(0)), "worked", (1, 4, "wrong_phase"))
    per_suit = classic["per_suit"]
    m.add("classic-illegal-worked-game-over",
          dict(per_suit, actions=per_suit["actions"] + [{"seat": 0, "type": "play", "card": "2C"}]),
          "worked", (1, 52, "game_over"))
    # An illegal action first, a malformed one after it: the first problem
    # is the illegal one.
    r = put(h, 0, {"seat": 2, "type": "play", "card": "5C"})
    r["actions"][1] = {"seat": 0, "type": "play", "card": "1X"}
    m.add("classic-illegal-worked-before-a-malformed-action", r, "worked",
          (1, 0, "not_your_turn"))

    # Bid whist (the deal of one suit to each seat and the aces and jokers
    # in the kitty; dealer 0, seat 1 calls first).
    made = bids["made"]
    m.add("bid-illegal-worked-dealer-must-bid",
          dict(made, actions=[pass_(1), pass_(2), pass_(3), pass_(0)] + made["actions"][4:]),
          "worked", (1, 3, "dealer_must_bid"))
    m.add("bid-illegal-worked-not-your-turn", put(made, 0, bid(2, 1, "uptown")), "worked",
          (1, 0, "not_your_turn"))
    m.add("bid-illegal-worked-same-bid", put(made, 1, bid(2, 4, "uptown")), "worked",
          (1, 1, "bid_too_low"))
    m.add("bid-illegal-worked-lower-bid", put(made, 1, bid(2, 3, "notrump")), "worked",
          (1, 1, "bid_too_low"))
    m.add("bid-illegal-worked-downtown-not-above-uptown",
          dict(made, options={"low_beats_high": False},
               actions=[bid(1, 4, "uptown"), bid(2, 4, "downtown")]), "worked",
          (1, 1, "bid_too_low"))
    m.add("bid-illegal-worked-below-min-bid",
          dict(made, options={"min_bid": 4}, actions=[bid(1, 3, "notrump")]), "worked",
          (1, 0, "bid_too_low"))
    m.add("bid-illegal-worked-level-eight", put(made, 0, bid(1, 8, "uptown")), "worked",
          (1, 0, "bad_bid"))
    m.add("bid-illegal-worked-level-zero", put(made, 0, bid(1, 0, "notrump")), "worked",
          (1, 0, "bad_bid"))
    m.add("bid-illegal-worked-no-such-mode", put(made, 0, bid(1, 2, "sideways")), "worked",
          (1, 0, "bad_bid"))
    m.add("bid-illegal-worked-discard-five",
          put(made, 4, {"seat": 1, "type": "discard", "cards": cards("AC AH AS BJ RJ")}),
          "worked", (1, 4, "bad_discard"))
    m.add("bid-illegal-worked-discard-a-card-twice",
          put(made, 4, {"seat": 1, "type": "discard", "cards": cards("AC AH AS BJ RJ RJ")}),
          "worked", (1, 4, "bad_discard"))
    m.add("bid-illegal-worked-discard-not-held",
          put(made, 4, {"seat": 1, "type": "discard", "cards": cards("AC AH AS BJ RJ 2C")}),
          "worked", (1, 4, "card_not_held"))
    m.add("bid-illegal-worked-discard-by-another-seat",
          put(made, 4, {"seat": 2, "type": "discard", "cards": cards("2H 3H 4H 5H 6H 7H")}),
          "worked", (1, 4, "not_your_turn"))
    m.add("bid-illegal-worked-trump-before-discard",
          put(made, 4, {"seat": 1, "type": "trump", "suit": "D"}), "worked",
          (1, 4, "wrong_phase"))
    m.add("bid-illegal-worked-direction-after-uptown",
          put(made, 5, {"seat": 1, "type": "direction", "mode": "uptown"}), "worked",
          (1, 5, "wrong_choice"))
    m.add("bid-illegal-worked-no-such-suit",
          put(made, 5, {"seat": 1, "type": "trump", "suit": "X"}), "worked",
          (1, 5, "wrong_choice"))
    nt = bids["notrump"]
    m.add("bid-illegal-worked-trump-after-notrump",
          put(nt, 5, {"seat": 1, "type": "trump", "suit": "D"}), "worked",
          (1, 5, "wrong_choice"))
    m.add("bid-illegal-worked-direction-notrump",
          put(nt, 5, {"seat": 1, "type": "direction", "mode": "notrump"}), "worked",
          (1, 5, "wrong_choice"))
    m.add("bid-illegal-worked-play-during-bidding",
          put(made, 1, {"seat": 2, "type": "play", "card": "2H"}), "worked",
          (1, 1, "wrong_phase"))
    # The phase is checked before the turn: seat 3 is not to act either.
    m.add("bid-illegal-worked-play-during-bidding-out-of-turn",
          put(made, 1, {"seat": 3, "type": "play", "card": "2S"}), "worked",
          (1, 1, "wrong_phase"))
    m.add("bid-illegal-worked-bid-during-play", put(made, 7, bid(2, 7, "notrump")), "worked",
          (1, 7, "wrong_phase"))
    forced = bids["forced"]
    m.add("bid-illegal-worked-discard-without-kitty",
          put(forced, 4, {"seat": 0, "type": "discard", "cards": cards("2C 3C 4C 5C 6C 7C")}),
          "worked", (1, 4, "wrong_phase"))
    m.add("bid-illegal-worked-game-over",
          dict(made, actions=made["actions"] + [pass_(2)]), "worked",
          (1, len(made["actions"]), "game_over"))
    # Seat 2 won the joker trick and leads; seat 3 plays out of turn.
    m.add("bid-illegal-worked-out-of-turn-after-the-joker-trick",
          put(nt, 10, {"seat": 3, "type": "play", "card": "3C"}), "worked",
          (1, 10, "not_your_turn"))


# ------------------------------------------------------------------ played


def has_contract(mode=None, made=None):
    """want: some deal's contract is of `mode` and was made (or set)."""
    def want(rec, out):
        g_modes = contract_modes(rec)
        for (m, side, level), h in zip(g_modes, out["hands"]):
            if mode is not None and m != mode:
                continue
            if made is None or (h["tricks"][side] >= 6 + level) == made:
                return True
        return False
    return want


def contract_modes(rec):
    """(mode, side, level) of each deal's contract in a bid whist record."""
    out = []
    calls = 0
    best = None
    for a in rec["actions"]:
        if a["type"] in ("bid", "pass"):
            calls += 1
            if a["type"] == "bid":
                best = (a["mode"], a["seat"] % 2, a["level"])
            if calls == 4:
                out.append(best)
                calls, best = 0, None
    return out


def game_over(rec, out):
    return out["game_over"]


def both(*wants):
    return lambda rec, out: all(w(rec, out) for w in wants)


def played(m):
    games = {}

    def game(name, variant, options=None, players=4, want=game_over, **kw):
        rec = m.find_game(name, variant, options, players, want, **kw)
        m.add(name, rec, "played")
        games[name] = rec
        return rec

    # Classic: the presets, then every trump and honours setting.
    game("classic-legal-preset-whist5", "classic", {"play_to": 5, "trump": "turn", "honours": "off"})
    game("classic-legal-preset-whist7rotate", "classic",
         {"play_to": 7, "trump": "rotate", "honours": "off"})
    game("classic-legal-preset-whist9honours", "classic",
         {"play_to": 9, "trump": "turn", "honours": "capped"},
         want=lambda r, o: o["game_over"] and any(sum(h["score"]) > max(h["tricks"]) - 6
                                                  for h in o["hands"]))
    game("classic-legal-preset-trickster", "classic",
         {"play_to": 7, "trump": "turn", "honours": "on"},
         want=lambda r, o: o["game_over"] and any(min(h["score"]) > 0 for h in o["hands"]))
    game("classic-legal-defaults", "classic", {})
    game("classic-legal-rotate-nt-honours-on", "classic",
         {"play_to": 12, "trump": "rotate_nt", "honours": "on"},
         want=lambda r, o: o["game_over"] and len(o["hands"]) >= 6)
    game("classic-legal-rotate-nt-honours-capped", "classic",
         {"play_to": 10, "trump": "rotate_nt", "honours": "capped"},
         want=lambda r, o: o["game_over"] and len(o["hands"]) >= 5)
    game("classic-legal-rotate-honours-capped", "classic",
         {"play_to": 3, "trump": "rotate", "honours": "capped"})
    game("classic-legal-long-whist", "classic", {"play_to": 15, "honours": "on"})
    game("classic-legal-play-to-1", "classic", {"play_to": 1}, share=0.6)
    game("classic-legal-random-play", "classic", {"play_to": 5, "honours": "on"}, share=1.0)
    game("classic-legal-stopped-mid-deal", "classic", {"play_to": 7},
         want=lambda r, o: len(o["hands"]) == 2, max_actions=130)

    # Bid whist: each option away from its default, and together.
    game("bid-legal-defaults", "bid", {})
    game("bid-legal-no-jokers", "bid", {"jokers": 0})
    game("bid-legal-one-joker", "bid", {"jokers": 1, "play_to": 5})
    game("bid-legal-two-jokers-notrump", "bid", {"jokers": 2},
         want=both(game_over, has_contract("notrump")))
    game("bid-legal-min-bid-3", "bid", {"min_bid": 3, "play_to": 9})
    game("bid-legal-min-bid-4", "bid", {"min_bid": 4})
    game("bid-legal-low-not-above-high", "bid", {"low_beats_high": False},
         want=both(game_over, has_contract("downtown")))
    game("bid-legal-sport-kitty-trump", "bid", {"sport_kitty": "trump"})
    game("bid-legal-sport-kitty-always", "bid", {"sport_kitty": "always", "play_to": 5})
    game("bid-legal-no-kitty", "bid", {"bidder_gets_kitty": False})
    game("bid-legal-bidder-leads", "bid", {"bidder_leads": True})
    game("bid-legal-double-notrump", "bid", {"double_nt": True},
         want=both(game_over, has_contract("notrump", True), has_contract("notrump", False)))
    game("bid-legal-defensive-scoring", "bid", {"defensive_scoring": True},
         want=lambda r, o: o["game_over"] and any(min(h["score"]) > 0 or
                                                  (h["score"][0] > 0 and h["score"][1] < 0) or
                                                  (h["score"][1] > 0 and h["score"][0] < 0)
                                                  for h in o["hands"]))
    game("bid-legal-down-to-minus-play-to", "bid", {"play_to": 5},
         want=lambda r, o: o["game_over"] and min(o["scores"]) <= -5, share=0.7)
    game("bid-legal-every-option", "bid",
         {"play_to": 9, "jokers": 1, "min_bid": 2, "low_beats_high": False,
          "sport_kitty": "always", "bidder_gets_kitty": False, "bidder_leads": True,
          "double_nt": True, "defensive_scoring": True})
    game("bid-legal-play-to-15", "bid", {"play_to": 15})
    game("bid-legal-stopped-in-discard", "bid", {},
         want=lambda r, o: len(o["hands"]) == 1 and game_after(r).phase == "discard",
         max_actions=58)

    # Exact-bid whist: 2 to 6 players, trumps, round trips, hand sizes.
    for n in (2, 3, 4, 5, 6):
        game(f"exact-legal-{n}-players", "exact", {}, players=n)
    game("exact-legal-no-trumps", "exact", {"trumps": False}, players=4)
    game("exact-legal-round-trip", "exact", {"round_trip": True}, players=3)
    game("exact-legal-6-players-round-trip", "exact", {"round_trip": True, "trumps": False},
         players=6)
    game("exact-legal-2-players-26-cards", "exact", {"initial_cards": 24, "max_cards": 26},
         players=2)
    game("exact-legal-small-hands", "exact",
         {"initial_cards": 1, "max_cards": 3, "round_trip": True}, players=5)
    game("exact-legal-tie", "exact", {"initial_cards": 1, "max_cards": 2}, players=4,
         want=lambda r, o: len(o["winner"]) > 1, share=0.8)
    game("exact-legal-stopped-in-bidding", "exact", {}, players=3,
         want=lambda r, o: game_after(r).phase == "bidding", max_actions=25)
    return games


def seeded(m):
    """Records that give a seed instead of deals: the engine's generator
    deals them, and the reference deals them its own way (the generator as
    docs/records.md gives it); the actions are a played game's."""
    for variant, options, players in (("classic", {"honours": "on"}, 4),
                                      ("bid", {"jokers": 1}, 4),
                                      ("exact", {"round_trip": True}, 5)):
        seed = random.Random(variant).randrange(1 << 40)
        rec = m.engine_game(variant, options, players, dealer=1, seed=seed)
        del rec["deals"]
        rec = {"variant": variant, "options": options, "players": players, "dealer": 1,
               "seed": seed, "actions": rec["actions"]}
        m.add(f"{variant}-legal-seeded", rec, "played")
    # A huge seed and a negative one (taken as 2^64 minus it).
    rec = m.engine_game("classic", {}, 4, dealer=2, seed=(1 << 64) - 5)
    m.add("classic-legal-seeded-negative",
          {"variant": "classic", "dealer": 2, "seed": -5, "actions": rec["actions"]}, "played")


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


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


def crafters():
    """code -> list of (label, variants, function(game) -> actions or None);
    the last action returned is the illegal one."""

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


# ------------------------------------------------------------------ malformed


def malformed(m, classic, bids, exact, games):
    small = exact["small"]  # 3 players, 1 then 2 cards, two deals
    cl = classic["honours"]  # classic, one deal
    bd = bids["made"]  # bid whist, one deal

    def mal(name, rec, variant="exact"):
        m.add(f"{variant}-malformed-{name}", rec, "malformed", 2)

    def edit(rec, **changes):
        r = copy.deepcopy(rec)
        for k, v in changes.items():
            if v is None:
                r.pop(k, None)
            else:
                r[k] = v
        return r

    def deal_edit(rec, k, f):
        r = copy.deepcopy(rec)
        f(r["deals"][k])
        return r

    def action_edit(rec, i, action):
        r = copy.deepcopy(rec)
        r["actions"][i] = action
        return r

    # Not a record.
    m.add("classic-malformed-not-json", '{"variant": "classic", "dealer": 0, "deals": [\n',
          "malformed", 2)
    m.add("classic-malformed-empty-file", "", "malformed", 2)
    m.add("classic-malformed-an-array", "[]\n", "malformed", 2)
    m.add("classic-malformed-text-after-the-record", record_text(cl) + "}\n", "malformed", 2)
    m.add("classic-malformed-a-string", '"classic"\n', "malformed", 2)

    # The record's own fields.
    mal("no-variant", edit(small, variant=None))
    mal("variant-not-a-string", edit(small, variant=2))
    m.add("bridge-malformed-unknown-variant", edit(cl, variant="bridge"), "malformed", 2)
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

    # The first deal, checked before any action.
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

    # A later deal, checked when play reaches it.
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

    # Actions.
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

    def edit(rec, **changes):
        r = copy.deepcopy(rec)
        for k, v in changes.items():
            if v is None:
                r.pop(k, None)
            else:
                r[k] = v
        return r

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


def check_shared():
    """The reference against the shared records, when they are there: it
    must give each one's expected result."""
    import os
    shared = pathlib.Path(os.environ.get("WHIST_SHARED_DIR", HERE.parents[1] / ".." / "shared"))
    folder = shared / "fixtures" / "records"
    if not folder.is_dir():
        print(f"{folder} not found: the reference is not checked against the shared records")
        return
    records = sorted(p for p in folder.glob("*.json") if not p.name.endswith(".expected.json"))
    for rec in records:
        want = json.loads(rec.with_name(rec.name[: -len(".json")] + ".expected.json").read_text())
        exit_status, out = reference.replay(rec.read_text())
        got = Maker.summary(exit_status, out)
        if want["exit"] == 0:
            o = want["output"]
            expected = (0, [(h["tricks"], h["score"]) for h in o["hands"]], o["scores"],
                        o["game_over"], o["winner"])
        elif want["exit"] == 1:
            expected = (1, want["output"]["error"]["index"], want["output"]["error"]["code"])
        else:
            expected = (2,)
        if got != expected:
            fail(f"the reference gives {got} for {rec}, which expects {expected}")
    print(f"the reference agrees with the {len(records)} shared records")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default="build", help="the build folder (default: build)")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; fail if tests/records differs from what would be made")
    args = ap.parse_args()
    build = pathlib.Path(args.build)
    if not build.is_absolute():
        build = (HERE.parents[1] / build).resolve()
    m = Maker(build)
    classic = worked_classic(m)
    bids = worked_bid(m)
    exact = worked_exact(m)
    worked_illegal(m, classic, bids, exact)
    games = played(m)
    seeded(m)
    illegal(m, games)
    malformed(m, classic, bids, exact, games)
    legal_edges(m, classic, bids, exact, games)

    # Every error code the replay can give is among the illegal records.
    codes = {out["error"]["code"] for _, e, out in m.cases.values() if e == 1}
    missing = set(reference.MESSAGES) - codes
    if missing:
        fail(f"no illegal record gives {sorted(missing)}")
    m.check_engine()
    check_shared()
    counts = {}
    for name in m.cases:
        variant, kind = name.split("-")[:2]
        key = (variant, kind, m.origin[name])
        counts[key] = counts.get(key, 0) + 1
    for (variant, kind, origin), n in sorted(counts.items()):
        print(f"{variant:8} {kind:10} {origin:10} {n:3}")
    print(f"{len(m.cases)} records; whist-replay agrees with every one")
    return m.write(args.check)


if __name__ == "__main__":
    sys.exit(main())
