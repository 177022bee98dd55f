"""The reference (reference.py), part two: an action as read from a record,
and one game played by the rules of docs/rules.md, deal by deal: calls,
the kitty, trump or direction, card play, tricks and each deal's score."""
import copy
import json

from reference_rules import (RANKS, TRUMP_ORDER, TRUMP_SUIT, Malformed, Illegal, is_int, card_ok,
                             read_cards)


# ---------------------------------------------------------------- actions

ACTION_TYPES = ("bid", "pass", "discard", "trump", "direction", "play", "claim", "undo")


def read_action(rules, a):
    """The action as (seat, type, fields) or Malformed."""
    if not isinstance(a, dict):
        raise Malformed("an action must be an object")
    if "seat" not in a or not is_int(a["seat"]):
        raise Malformed("an action needs a seat, an integer")
    seat = a["seat"]
    if not 0 <= seat < rules.players:
        raise Malformed("seat out of range")
    if "type" not in a or not isinstance(a["type"], str):
        raise Malformed("an action needs a type, a string")
    t = a["type"]
    if t not in ACTION_TYPES:
        raise Malformed(f"unknown action type {t}")

    def need(key, check, what):
        if key not in a or not check(a[key]):
            raise Malformed(f"{t} needs {key}, {what}")
        return a[key]

    f = {}
    if t == "bid" and rules.variant == "exact":
        f["tricks"] = need("tricks", is_int, "an integer")
    elif t == "bid" and rules.variant == "bid":
        f["level"] = need("level", is_int, "an integer")
        f["mode"] = need("mode", lambda x: isinstance(x, str), "a string")
    elif t == "discard":
        f["cards"] = read_cards(rules, need("cards", lambda x: True, ""), "cards")
    elif t == "trump":
        f["suit"] = need("suit", lambda x: isinstance(x, str), "a string")
    elif t == "direction":
        f["mode"] = need("mode", lambda x: isinstance(x, str), "a string")
    elif t in ("play", "undo"):
        c = need("card", lambda x: True, "")
        if not card_ok(rules, c):
            raise Malformed(f"bad card name {json.dumps(c)}")
        f["card"] = c
    elif t == "claim":
        f["tricks"] = need("tricks", is_int, "an integer")
    return seat, t, f


MODES = ("uptown", "downtown", "notrump")


class Game:
    """One game, given its deals one at a time (start_deal)."""

    def __init__(self, rules, dealer):
        self.r = rules
        self.n = rules.players
        self.dealer = dealer
        self.k = -1
        self.phase = "await"
        self.sides = 2 if rules.variant != "exact" else self.n
        self.scores = [0] * self.sides
        self.results = []
        self.winner = None
        self.games = []  # classic rubber: each game won
        # The game as it was before the last action, when that was a card
        # played and its deal goes on: what an undo brings back.
        self.before = None

    # -- deals

    def start_deal(self, hands, kitty, turned):
        self.before = None
        self.k += 1
        if self.k > 0:
            self.dealer = (self.dealer + 1) % self.n
        self.dealt = [set(h) for h in hands]
        self.hands = [set(h) for h in hands]
        self.kitty = set(kitty)
        self.turned = turned
        self.size = self.r.hand_size(self.k)
        self.won = [0] * self.n
        self.trick = []  # (seat, card)
        self.calls = 0
        self.contract = None  # bid whist: (seat, level, mode)
        self.bids = [None] * self.n
        self.trump = None  # a suit letter, or None for no trump
        self.down = False
        self.tricks_left = self.size
        first = (self.dealer + 1) % self.n
        self.to_act = first
        if self.r.variant == "classic":
            t = self.r.o["trump"]
            if t == "turn":
                self.trump = turned[1]
            else:  # a rotation, from first_trump: hearts, diamonds, spades, clubs(, no trump)
                turns = TRUMP_ORDER[:4] if t == "rotate" else TRUMP_ORDER
                start = TRUMP_ORDER.index(self.r.o["first_trump"])
                self.trump = TRUMP_SUIT[turns[(start + self.k) % len(turns)]]
            self.phase = "play"
        else:
            if self.r.variant == "exact" and self.r.o["trumps"]:
                self.trump = turned[1]
            self.phase = "bidding"

    # -- what a card is worth

    def suit_of(self, c):
        """The suit a card counts as: a joker is a trump in a trump contract
        and has no suit at no trump."""
        if c in ("BJ", "RJ"):
            return self.trump
        return c[1]

    def value(self, c):
        if c == "RJ":
            return 15
        if c == "BJ":
            return 14
        i = RANKS.index(c[0])
        if self.down and c[0] != "A":
            return 12 - i  # downtown: A 2 3 ... K
        return 13 if c[0] == "A" else i + 1

    def led_suit(self):
        for _, c in self.trick:
            s = self.suit_of(c)
            if s is not None:
                return s
        return None

    # -- actions

    def apply(self, seat, t, f):
        if self.phase == "over":
            raise Illegal("game_over")
        if t == "undo":
            self.undo(seat, f["card"])
            return
        before = None
        if t == "play":
            saved, self.before = self.before, None
            before = (seat, f["card"], copy.deepcopy(self.__dict__))
            self.before = saved
        self.before = None
        if t in ("bid", "pass"):
            self.call(seat, t, f)
        elif t == "discard":
            self.discard(seat, f["cards"])
        elif t in ("trump", "direction"):
            self.choose(seat, t, f)
        elif t == "claim":
            self.claim(seat, f["tricks"])
        else:
            self.play(seat, f["card"])
            if self.phase == "play" and self.tricks_left > 0:
                self.before = before  # the deal goes on: the card may be taken back

    def undo(self, seat, card):
        """An agreed undo: the seat takes back the last card played, its
        own, before the next card and while its deal goes on."""
        if self.before is None or self.before[:2] != (seat, card):
            raise Illegal("bad_undo")
        state = self.before[2]
        self.__dict__.clear()
        self.__dict__.update(state)
        self.before = None

    def turn(self, seat, phase):
        if self.phase != phase:
            raise Illegal("wrong_phase")
        if seat != self.to_act:
            raise Illegal("not_your_turn")

    def call(self, seat, t, f):
        if self.phase != "bidding" or (self.r.variant == "exact" and t == "pass"):
            raise Illegal("wrong_phase")
        self.turn(seat, "bidding")
        if self.r.variant == "exact":
            b = f["tricks"]
            if not 0 <= b <= self.size:
                raise Illegal("bad_bid")
            if seat == self.dealer and sum(x for x in self.bids if x is not None) + b == self.size:
                raise Illegal("hook_rule")
            self.bids[seat] = b
        elif t == "pass":
            if seat == self.dealer and self.contract is None:
                raise Illegal("dealer_must_bid")
        else:
            level, mode = f["level"], f["mode"]
            if not 1 <= level <= 7 or mode not in MODES:
                raise Illegal("bad_bid")
            if level < self.r.o["min_bid"]:
                raise Illegal("bid_too_low")
            if self.contract is not None:
                _, hl, hm = self.contract
                beats = level > hl or (
                    level == hl
                    and (
                        (mode == "notrump" and hm != "notrump")
                        or (self.r.o["low_beats_high"] and mode == "downtown" and hm == "uptown")
                    )
                )
                if not beats:
                    raise Illegal("bid_too_low")
            self.contract = (seat, level, mode)
        self.calls += 1
        self.to_act = (seat + 1) % self.n
        if self.calls < self.n:
            return
        if self.r.variant == "exact":
            self.phase = "play"
            self.to_act = (self.dealer + 1) % self.n
            return
        declarer = self.contract[0]
        self.to_act = declarer
        if self.r.o["bidder_gets_kitty"]:
            self.hands[declarer] |= self.kitty
            self.phase = "discard"
        else:
            self.phase = "choose"

    def discard(self, seat, cards):
        self.turn(seat, "discard")
        if len(cards) != len(self.kitty) or len(set(cards)) != len(cards):
            raise Illegal("bad_discard")
        if not set(cards) <= self.hands[seat]:
            raise Illegal("card_not_held")
        self.hands[seat] -= set(cards)
        self.phase = "choose"

    def choose(self, seat, t, f):
        self.turn(seat, "choose")
        _, _, mode = self.contract
        if t == "trump":
            if mode == "notrump" or f["suit"] not in ("C", "D", "H", "S"):
                raise Illegal("wrong_choice")
            self.trump = f["suit"]
            self.down = mode == "downtown"
        else:
            if mode != "notrump" or f["mode"] not in ("uptown", "downtown"):
                raise Illegal("wrong_choice")
            self.trump = None
            self.down = f["mode"] == "downtown"
        self.phase = "play"
        self.to_act = self.contract[0] if self.r.o["bidder_leads"] else (self.dealer + 1) % self.n

    def legal_cards(self, seat):
        hand = self.hands[seat]
        led = self.led_suit()
        if led is None:
            return set(hand)
        follow = {c for c in hand if self.suit_of(c) == led}
        if follow:
            return follow
        if self.r.variant == "exact" and self.trump is not None:
            trumps = {c for c in hand if self.suit_of(c) == self.trump}
            if trumps:
                return trumps
        return set(hand)

    def play(self, seat, card):
        self.turn(seat, "play")
        if card not in self.hands[seat]:
            raise Illegal("card_not_held")
        if card not in self.legal_cards(seat):
            led = self.led_suit()
            holds = any(self.suit_of(c) == led for c in self.hands[seat])
            raise Illegal("must_follow_suit" if holds else "must_trump")
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.to_act = (seat + 1) % self.n
        if len(self.trick) == self.n:
            self.finish_trick()

    def claim(self, seat, k):
        """An accepted claim: made when leading, in a partnership game; the
        claimer's side takes k of the tricks left, the other side the rest."""
        self.turn(seat, "play")
        if self.r.variant == "exact" or self.trick or not 0 <= k <= self.tricks_left:
            raise Illegal("bad_claim")
        self.won[seat] += k
        self.won[(seat + 1) % self.n] += self.tricks_left - k
        self.tricks_left = 0
        self.hands = [set() for _ in self.hands]
        self.end_deal()

    def finish_trick(self):
        led = self.led_suit()
        best, best_key = None, None
        for seat, c in self.trick:
            s = self.suit_of(c)
            if self.trump is not None and s == self.trump:
                key = (2, self.value(c))
            elif s is not None and s == led:
                key = (1, self.value(c))
            else:
                continue  # a discard, or a joker at no trump: never wins
            if best_key is None or key > best_key:
                best, best_key = seat, key
        self.won[best] += 1
        self.trick = []
        self.to_act = best
        self.tricks_left -= 1
        if self.tricks_left == 0:
            self.end_deal()

    # -- scoring

    def end_deal(self):
        o = self.r.o
        if self.r.variant == "classic":
            tricks = [self.won[0] + self.won[2], self.won[1] + self.won[3]]
            score = [max(0, t - 6) for t in tricks]
            after = [self.scores[i] + score[i] for i in range(2)]
            if o["boards"] > 0:
                # A board is scored alone: no game to reach, so honours
                # (capped the same as on) are never cut nor lost to the
                # tricks.
                if o["honours"] != "off" and self.trump is not None:
                    score = [s + self.honours(side) for side, s in enumerate(score)]
            elif max(after) < o["play_to"] and o["honours"] != "off" and self.trump is not None:
                for side in range(2):
                    if o["honours_bar"] and self.scores[side] == o["play_to"] - 1:
                        continue  # "at the score of four"
                    pts = self.honours(side)
                    if o["honours"] == "capped":
                        pts = max(0, min(pts, o["play_to"] - 1 - after[side]))
                    score[side] += pts
        elif self.r.variant == "bid":
            decl, level, mode = self.contract
            side = decl % 2
            tricks = [self.won[0] + self.won[2], self.won[1] + self.won[3]]
            tricks[side] += 1  # the book
            score = [0, 0]
            mult = 2 if mode == "notrump" and o["double_nt"] else 1
            if tricks[side] >= 6 + level:
                score[side] = (tricks[side] - 6) * mult
            else:
                score[side] = -level * mult
            if o["defensive_scoring"] and tricks[1 - side] > 6:
                score[1 - side] = tricks[1 - side] - 6
        else:
            tricks = list(self.won)
            score = [
                10 + t if t == b else -3 - abs(t - b) for t, b in zip(tricks, self.bids)
            ]
        result = {"tricks": tricks, "score": score}
        if self.r.variant == "classic" and o["rubber"]:
            result["game"] = len(self.games)
        self.results.append(result)
        self.scores = [a + b for a, b in zip(self.scores, score)]
        if self.r.variant in ("classic", "bid") and o["boards"] > 0:
            over = self.k + 1 >= o["boards"]  # play_to is not read
        elif self.r.variant == "classic" and o["rubber"]:
            over = max(self.scores) >= o["play_to"] and self.rubber_game()
        elif self.r.variant == "classic":
            over = max(self.scores) >= o["play_to"]
        elif self.r.variant == "bid":
            over = self.scores[0] != self.scores[1] and (
                max(self.scores) >= o["play_to"] or min(self.scores) <= -o["play_to"]
            )
        else:
            over = self.k + 1 >= self.r.deal_count()
        if over:
            self.phase = "over"
            best = max(self.scores)
            self.winner = [i for i, s in enumerate(self.scores) if s == best]
        else:
            self.phase = "await"

    def honours(self, side):
        """Classic: what the side's trump honours as dealt (A K Q J) are
        worth: 4 for all four, 2 for three."""
        held = self.dealt[side] | self.dealt[side + 2]
        h = sum(1 for r in "AKQJ" if r + self.trump in held)
        return 4 if h == 4 else (2 if h == 3 else 0)

    def rubber_game(self):
        """A game of the rubber is won: True when it ends the rubber."""
        o = self.r.o
        win = 0 if self.scores[0] >= o["play_to"] else 1
        lost = self.scores[1 - win]
        value = 3 if lost == 0 else (2 if lost * 2 < o["play_to"] else 1)
        first = sum(g["deals"] for g in self.games)
        self.games.append({"winner": win, "score": list(self.scores), "value": value,
                           "deals": self.k + 1 - first})
        if sum(1 for g in self.games if g["winner"] == win) == 2:
            return True
        self.scores = [0, 0]
        return False

    def rubber_points(self):
        win = self.games[-1]["winner"]
        return 2 + sum(g["value"] if g["winner"] == win else -g["value"] for g in self.games)
