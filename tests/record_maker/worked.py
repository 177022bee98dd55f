"""Worked records (make_records.py): scripted deals and actions of each
variant, their results worked out by hand and written beside them, and
illegal actions put into them by hand for every error code."""
import copy

import reference
from maker import bid, cards, exact_bid, pass_, play, plays, policy_plays, record_text, suit_cards


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
    # A rubber (play_to 5, rotate), one suit to each seat, dealer 0 first:
    # hearts (seat 2) give team 0 the first game 7-0, diamonds (seat 1) team
    # 1 the second 0-7, spades (seat 3) team 1 the third and the rubber, each
    # a treble (3). The scores start from love after each game. The rubber:
    # 3 + 3 + 2 - 3 = 5 to team 1.
    rub = {"variant": "classic", "options": {"play_to": 5, "trump": "rotate", "rubber": True},
           "dealer": 0, "deals": [{"hands": PER_SUIT}] * 3, "actions": []}
    rub["actions"] = policy_plays(rub)
    m.add("classic-legal-worked-rubber-two-games-to-one", rub, "worked",
          (0, [([13, 0], [7, 0]), ([0, 13], [0, 7]), ([0, 13], [0, 7])], [0, 7], True, [1],
           [(0, [7, 0], 3), (1, [0, 7], 3), (1, [0, 7], 3)], 5))
    # The same deals with seat 0 holding diamonds in the second: team 0 wins
    # both games, and the rubber ends after two deals: 3 + 3 + 2 = 8.
    rub2 = dict(rub, deals=[{"hands": PER_SUIT}, {"hands": [PER_SUIT[1], PER_SUIT[0]] + PER_SUIT[2:]}],
                actions=[])
    rub2["actions"] = policy_plays(rub2)
    m.add("classic-legal-worked-rubber-two-games-to-love", rub2, "worked",
          (0, [([13, 0], [7, 0]), ([13, 0], [7, 0])], [7, 0], True, [0],
           [(0, [7, 0], 3), (0, [7, 0], 3)], 8))
    boards = worked_boards(m, deal, acts)
    return {"per_suit": {"variant": "classic", "options": {"play_to": 5, "honours": "on"},
                         "dealer": 3, "deals": [deal], "actions": acts},
            "honours": dict(base, options={"play_to": 5, "honours": "on"}),
            "boards": boards}


def worked_boards(m, deal, acts):
    """An event's boards (options boards and first_trump): each deal scored
    alone, the game over after the last. `deal` and `acts` are the deal of
    one suit to each seat with spades turned and its play (team 1 takes all
    13 tricks and was dealt AS KS QS JS)."""
    # Three boards, rotate from spades, one suit to each seat, dealer 0
    # first. The trumps go spades, clubs, hearts (not hearts, diamonds,
    # spades as from the default start), and the seat holding the trump suit
    # takes every trick: board 1, seat 1 leads AD and seat 3 trumps it (2S),
    # then leads spades: team 1, 13 tricks, 7 points. Board 2 (dealer 1),
    # seat 2 leads AH, seat 0 trumps (2C) and leads clubs: team 0, 7. Board
    # 3 (dealer 2), hearts, seat 3 leads AS, seat 2 trumps (2H): team 0, 7.
    # play_to 5 is not read: team 1's 7 after board 1 does not end the
    # game, the scores add up to 14-7, and the game is over after board 3,
    # won by team 0.
    three = {"variant": "classic",
             "options": {"play_to": 5, "trump": "rotate", "boards": 3, "first_trump": "spades"},
             "dealer": 0, "deals": [{"hands": PER_SUIT}] * 3, "actions": []}
    three["actions"] = policy_plays(three)
    m.add("classic-legal-worked-boards-three-from-spades", three, "worked",
          (0, [([0, 13], [0, 7]), ([13, 0], [7, 0]), ([13, 0], [7, 0])], [14, 7], True, [0]))
    # The same stopped after board 2: 7-7, past play_to, and not over.
    m.add("classic-legal-worked-boards-stopped-after-two",
          dict(three, actions=three["actions"][:104]), "worked",
          (0, [([0, 13], [0, 7]), ([13, 0], [7, 0])], [7, 7], False, None))
    # Two boards from the default start, hearts then diamonds: hearts (seat
    # 2) give team 0 7, diamonds (seat 1, leading the second board: the
    # dealer is 1, so seat 2 leads AH and seat 1 trumps it with 2D) team 1
    # 7. Equal at 7-7 after the last board: both sides win.
    tie = {"variant": "classic", "options": {"trump": "rotate", "boards": 2}, "dealer": 0,
           "deals": [{"hands": PER_SUIT}] * 2, "actions": []}
    tie["actions"] = policy_plays(tie)
    m.add("classic-legal-worked-boards-equal-both-win", tie, "worked",
          (0, [([13, 0], [7, 0]), ([0, 13], [0, 7])], [7, 7], True, [0, 1]))
    # One board of a rotation that starts at no trump (rotate_nt): dealer
    # 0, seat 1 leads AD and no one can follow nor trump, so seat 1 takes
    # every trick, leading its diamonds: team 1, 7. Honours are on, but
    # there are none at no trump (team 1 holds AS KS QS JS, team 0 AH KH QH
    # JH). From hearts, seat 2 would have trumped the AD: 11 to team 0.
    nt = {"variant": "classic",
          "options": {"trump": "rotate_nt", "boards": 1, "first_trump": "notrump",
                      "honours": "on"},
          "dealer": 0, "deals": [{"hands": PER_SUIT}], "actions": []}
    nt["actions"] = policy_plays(nt)
    m.add("classic-legal-worked-boards-one-notrump-board", nt, "worked",
          (0, [([0, 13], [0, 7])], [0, 7], True, [1]))
    # One board of the spades deal with honours capped and play_to 9: team
    # 1 takes all 13 tricks (7) and holds the four honours (4). In a game
    # capped would stop it at 8 (classic-legal-worked-honours-capped-at-one-
    # below) and play_to 5 would end it on the tricks with no honours; a
    # board has no game to reach, so capped is on: 7 + 4 = 11.
    m.add("classic-legal-worked-boards-honours-capped-counts-in-full",
          {"variant": "classic", "options": {"play_to": 9, "honours": "capped", "boards": 1},
           "dealer": 3, "deals": [deal], "actions": acts}, "worked",
          (0, [([0, 13], [0, 11])], [0, 11], True, [1]))
    # play_to 5, honours on: the same 11 (the tricks end no game).
    m.add("classic-legal-worked-boards-honours-after-thirteen-tricks",
          {"variant": "classic", "options": {"honours": "on", "boards": 1}, "dealer": 3,
           "deals": [deal], "actions": acts}, "worked",
          (0, [([0, 13], [0, 11])], [0, 11], True, [1]))
    # The honours deal as one board: team 0 takes 7 tricks (1), team 1 was
    # dealt AH KH QH (2) and wins the board on points.
    m.add("classic-legal-worked-boards-honours-beat-the-tricks",
          {"variant": "classic", "options": {"honours": "on", "boards": 1}, "dealer": 3,
           "deals": [HONOURS_DEAL], "actions": plays(HONOURS_DEAL, HONOURS_TRICKS)}, "worked",
          (0, [([7, 6], [1, 2])], [1, 2], True, [1]))
    return three


BID_DEAL = {"hands": [suit_cards(s, "23456789TJQK") for s in "CDHS"],
            "kitty": cards("AC AD AH AS RJ BJ")}


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


def put(rec, index, action, keep=True):
    """A copy of a record with `action` put in at `index`: before the action
    there (keep), or in place of the rest."""
    r = copy.deepcopy(rec)
    r["actions"] = r["actions"][:index] + [action] + (r["actions"][index:] if keep else [])
    return r


def worked_illegal(m, classic, bids, exact):
    worked_illegal_exact(m, exact)
    worked_illegal_classic(m, classic)
    worked_illegal_bidding(m, bids)
    worked_illegal_after_bidding(m, bids)


def worked_illegal_exact(m, exact):
    # Exact (the three-player game above).
    small = exact["small"]
    acts = small["actions"]
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
    # Exact-bid whist: everyone for themselves, so no claims (the first lead).
    lead = acts[3]
    m.add("exact-illegal-worked-claim", put(small, 3, {"seat": lead["seat"], "type": "claim",
                                                       "tricks": 1}), "worked",
          (1, 3, "bad_claim"))
    m.add("exact-illegal-worked-card-of-another-seat",
          put(small, 3, {"seat": 1, "type": "play", "card": "AS"}), "worked",
          (1, 3, "card_not_held"))


def worked_illegal_classic(m, classic):
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
    # Three boards: the game is over after the third (156 cards), whatever
    # the scores; a card after it (seat 0 would lead a fourth) is too late.
    three = classic["boards"]
    m.add("classic-illegal-worked-game-over-after-the-last-board",
          dict(three, actions=three["actions"] + [{"seat": 0, "type": "play", "card": "AC"}]),
          "worked", (1, 156, "game_over"))
    # Claims (an accepted claim, as the table records it): seat 0, leading
    # the first trick, claims 7: the deal's tricks as played, 7 to 6, and
    # team 1's honours; after three club tricks seat 0 leads again and
    # claims the other 10: 13 tricks, 7 points, the game (no honours).
    claim = {"seat": 0, "type": "claim", "tricks": 7}
    m.add("classic-legal-worked-claim-first-lead", put(h, 0, claim, keep=False), "worked",
          (0, [([7, 6], [1, 2])], [1, 2], False, None))
    m.add("classic-legal-worked-claim-the-rest",
          put(h, 12, dict(claim, tricks=10), keep=False), "worked",
          (0, [([13, 0], [7, 0])], [7, 0], True, [0]))
    m.add("classic-illegal-worked-claim-mid-trick",
          put(h, 1, {"seat": 1, "type": "claim", "tricks": 3}), "worked", (1, 1, "bad_claim"))
    m.add("classic-illegal-worked-claim-too-many", put(h, 0, dict(claim, tricks=14)), "worked",
          (1, 0, "bad_claim"))
    m.add("classic-illegal-worked-claim-out-of-turn",
          put(h, 0, {"seat": 1, "type": "claim", "tricks": 1}), "worked",
          (1, 0, "not_your_turn"))
    m.add("classic-malformed-claim-without-tricks",
          put(h, 0, {"seat": 0, "type": "claim"}), "malformed", 2)
    # Undo (an agreed undo, as the table records it): a card taken back
    # and played again leaves the game as it was played without the undo:
    # seat 0's first lead, and the fourth card of the first trick (which
    # had won it). Only the last card, by its player, before the next one.
    same = m.summary(*reference.replay(record_text(h)))
    for at in (0, 3):
        card = h["actions"][at]
        undo = {"seat": card["seat"], "type": "undo", "card": card["card"]}
        r = put(put(h, at + 1, undo), at + 2, card)
        m.add(f"classic-legal-worked-undo-{'first-lead' if at == 0 else 'trick-won'}", r,
              "worked", same)
    lead = h["actions"][0]
    m.add("classic-illegal-worked-undo-not-theirs",
          put(h, 1, {"seat": 1, "type": "undo", "card": lead["card"]}), "worked",
          (1, 1, "bad_undo"))
    m.add("classic-illegal-worked-undo-after-the-next-card",
          put(h, 2, {"seat": 0, "type": "undo", "card": lead["card"]}), "worked",
          (1, 2, "bad_undo"))
    m.add("classic-illegal-worked-undo-twice",
          put(put(h, 1, {"seat": 0, "type": "undo", "card": lead["card"]}), 2,
              {"seat": 0, "type": "undo", "card": lead["card"]}), "worked", (1, 2, "bad_undo"))
    m.add("classic-malformed-undo-without-card",
          put(h, 1, {"seat": 0, "type": "undo"}), "malformed", 2)
    # An illegal action first, a malformed one after it: the first problem
    # is the illegal one.
    r = put(h, 0, {"seat": 2, "type": "play", "card": "5C"})
    r["actions"][1] = {"seat": 0, "type": "play", "card": "1X"}
    m.add("classic-illegal-worked-before-a-malformed-action", r, "worked",
          (1, 0, "not_your_turn"))


def worked_illegal_bidding(m, bids):
    # Bid whist, the bidding (the deal of one suit to each seat and the aces
    # and jokers in the kitty; dealer 0, seat 1 calls first).
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


def worked_illegal_after_bidding(m, bids):
    """Bid whist, after the bidding (the same deal): the kitty, trump or
    direction, play and the game's end."""
    made = bids["made"]
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
