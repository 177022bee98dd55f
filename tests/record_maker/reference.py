"""A second, independent reading of a game record: what whist-replay must
answer for it, worked out in Python from docs/rules.md and docs/records.md
alone (none of it is taken from the engine's code).

    replay(text) -> (exit, output)

`exit` is 0, 1 or 2 and `output` the document whist-replay prints (for exit
0: hands, scores, game_over, winner; for exit 1: error index, code and
message; for exit 2: error code bad_record and a message). make_records.py
writes these as the expected results of tests/records and checks that
whist-replay agrees.
"""
import json

RANKS = "23456789TJQKA"
SUITS = "CDHS"
STANDARD = [r + s for s in SUITS for r in RANKS]

# The messages of docs/rules.md, "When a play is refused".
MESSAGES = {
    "game_over": "the game is over",
    "wrong_phase": "wrong phase: that action is not expected now",
    "not_your_turn": "not your turn",
    "card_not_held": "card not held: that card is not in your hand",
    "must_follow_suit": "must follow suit: you hold a card of the suit led",
    "must_trump": "must trump: you cannot follow suit and you hold a trump",
    "bid_too_low": "bid too low: a bid must beat the highest bid so far",
    "bad_bid": "bad bid: the level or number of tricks is out of range",
    "dealer_must_bid": "dealer must bid: everyone else passed",
    "hook_rule": "hook rule: the dealer's bid may not make the bids add up to the hand size",
    "bad_discard": "bad discard: discard exactly as many different cards as the kitty holds",
    "wrong_choice": "wrong choice: after a no-trump bid choose a direction, after a trump bid a trump suit",
}


class Malformed(Exception):
    pass


class Illegal(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


# ---------------------------------------------------------------- options

# name: (kind, allowed, default); kind int: allowed is (lo, hi).
OPTIONS = {
    "classic": {
        "play_to": ("int", (1, 15), 5),
        "trump": ("enum", ("turn", "rotate", "rotate_nt"), "turn"),
        "honours": ("enum", ("off", "on", "capped"), "off"),
    },
    "bid": {
        "play_to": ("int", (1, 15), 7),
        "jokers": ("int", (0, 2), 2),
        "min_bid": ("int", (1, 4), 1),
        "low_beats_high": ("bool", None, True),
        "sport_kitty": ("enum", ("never", "trump", "always"), "never"),
        "bidder_gets_kitty": ("bool", None, True),
        "bidder_leads": ("bool", None, False),
        "double_nt": ("bool", None, False),
        "defensive_scoring": ("bool", None, False),
    },
    "exact": {
        "trumps": ("bool", None, True),
        "round_trip": ("bool", None, False),
        "initial_cards": ("int", (1, 26), None),
        "max_cards": ("int", (1, 26), None),
    },
}


def read_options(variant, given, players):
    if not isinstance(given, dict):
        raise Malformed("options must be an object")
    table = OPTIONS[variant]
    out = {name: spec[2] for name, spec in table.items()}
    for name, value in given.items():
        if name not in table:
            raise Malformed(f"unknown option {name}")
        kind, allowed, _ = table[name]
        if kind == "int":
            if not is_int(value) or not allowed[0] <= value <= allowed[1]:
                raise Malformed(f"option {name}: a whole number from {allowed[0]} to {allowed[1]}")
        elif kind == "bool":
            if not isinstance(value, bool):
                raise Malformed(f"option {name}: true or false")
        elif not isinstance(value, str) or value not in allowed:
            raise Malformed(f"option {name}: one of {', '.join(allowed)}")
        out[name] = value
    if variant in ("classic", "bid"):
        if players != 4:
            raise Malformed(f"{variant} whist is played by 4 players")
    else:
        if not 2 <= players <= 6:
            raise Malformed("exact-bid whist is played by 2 to 6 players")
        if out["initial_cards"] is None:
            out["initial_cards"] = 7 if players <= 4 else 4
        if out["max_cards"] is None:
            out["max_cards"] = 13 if players <= 4 else (10 if players == 5 else 8)
        if out["initial_cards"] > out["max_cards"]:
            raise Malformed("initial_cards above max_cards")
        if out["max_cards"] * players > 52:
            raise Malformed("max_cards times players above 52")
    return out


# ---------------------------------------------------------------- rules


class Rules:
    def __init__(self, variant, players, options):
        self.variant = variant
        self.players = players
        self.o = options
        if variant == "bid":
            self.pack = STANDARD + {0: [], 1: ["RJ"], 2: ["BJ", "RJ"]}[options["jokers"]]
        else:
            self.pack = list(STANDARD)
        self.pack_set = set(self.pack)

    def hand_size(self, k):
        if self.variant == "classic":
            return 13
        if self.variant == "bid":
            return 12
        up = self.o["initial_cards"] + k
        return up if up <= self.o["max_cards"] else 2 * self.o["max_cards"] - up

    def deal_count(self):  # exact only
        span = self.o["max_cards"] - self.o["initial_cards"]
        return 2 * span + 1 if self.o["round_trip"] else span + 1

    def turns_card(self):
        if self.variant == "classic":
            return self.o["trump"] == "turn"
        if self.variant == "exact":
            return self.o["trumps"]
        return False


def card_ok(rules, c):
    return isinstance(c, str) and c in rules.pack_set


def read_cards(rules, j, what):
    if not isinstance(j, list):
        raise Malformed(f"{what} must be an array")
    for c in j:
        if not card_ok(rules, c):
            raise Malformed(f"bad card name {json.dumps(c)} in {what}")
    return list(j)


def check_deal(rules, k, dealer, d):
    """The deal `d` (a record's deal object) as deal k, dealt by `dealer`:
    (hands, kitty, turned) or Malformed."""
    where = f"deal {k}"
    if not isinstance(d, dict):
        raise Malformed(f"{where} must be an object")
    if "hands" not in d or not isinstance(d["hands"], list):
        raise Malformed(f"{where} needs hands")
    hands = [read_cards(rules, h, f"{where}'s hands") for h in d["hands"]]
    kitty = []
    if rules.variant == "bid":
        if "kitty" not in d:
            raise Malformed(f"{where} needs a kitty")
        kitty = read_cards(rules, d["kitty"], f"{where}'s kitty")
    turned = None
    if rules.turns_card():
        if "turned" not in d:
            raise Malformed(f"{where} needs a turned card")
        turned = d["turned"]
        if not card_ok(rules, turned):
            raise Malformed(f"{where}: bad turned card {json.dumps(turned)}")
    if len(hands) != rules.players:
        raise Malformed(f"{where} needs {rules.players} hands")
    size = rules.hand_size(k)
    seen = []
    for s, h in enumerate(hands):
        if len(h) != size:
            raise Malformed(f"{where}: hand {s} holds {len(h)} cards, not {size}")
        seen += h
    seen += kitty
    if len(set(seen)) != len(seen):
        raise Malformed(f"{where}: a card twice")
    if rules.variant in ("classic", "bid") and set(seen) != rules.pack_set:
        raise Malformed(f"{where} must deal the whole pack")
    if turned is not None:
        in_hands = {c for h in hands for c in h}
        if len(in_hands) == 52 or rules.variant == "classic":
            if turned not in hands[dealer]:
                raise Malformed(f"{where}: the turned card must be the dealer's")
        elif turned in in_hands:
            raise Malformed(f"{where}: the turned card must be in no hand")
    return [set(h) for h in hands], set(kitty), turned


# The engine's generator (docs/records.md, "Seeded records"), for records
# that give a seed instead of deals.
M64 = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & M64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def below(self, n):
        m = (self.next() >> 32) * n
        if (m & 0xFFFFFFFF) < n:
            threshold = ((1 << 32) - n) % n
            while (m & 0xFFFFFFFF) < threshold:
                m = (self.next() >> 32) * n
        return m >> 32


def shuffled_deal(rules, k, dealer, rng):
    pack = list(rules.pack)  # ascending: clubs 2..A, D, H, S, then BJ, RJ
    n = len(pack)
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    size = rules.hand_size(k)
    dealt = size * rules.players
    hands = [set() for _ in range(rules.players)]
    for i in range(dealt):
        hands[(dealer + 1 + i) % rules.players].add(pack[i])
    kitty = set(pack[dealt:]) if rules.variant == "bid" else set()
    turned = None
    if rules.turns_card():
        turned = pack[dealt] if dealt < n else pack[dealt - 1]
    return hands, kitty, turned


# ---------------------------------------------------------------- actions

ACTION_TYPES = ("bid", "pass", "discard", "trump", "direction", "play")


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
    elif t == "play":
        c = need("card", lambda x: True, "")
        if not card_ok(rules, c):
            raise Malformed(f"bad card name {json.dumps(c)}")
        f["card"] = c
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

    # -- deals

    def start_deal(self, hands, kitty, turned):
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
            elif t == "rotate":
                self.trump = "HDSC"[self.k % 4]
            else:
                self.trump = ["H", "D", "S", "C", None][self.k % 5]
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
        if t in ("bid", "pass"):
            self.call(seat, t, f)
        elif t == "discard":
            self.discard(seat, f["cards"])
        elif t in ("trump", "direction"):
            self.choose(seat, t, f)
        else:
            self.play(seat, f["card"])

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
            if max(after) < o["play_to"] and o["honours"] != "off" and self.trump is not None:
                for side in range(2):
                    held = self.dealt[side] | self.dealt[side + 2]
                    h = sum(1 for r in "AKQJ" if r + self.trump in held)
                    pts = 4 if h == 4 else (2 if h == 3 else 0)
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
        self.results.append({"tricks": tricks, "score": score})
        self.scores = [a + b for a, b in zip(self.scores, score)]
        if self.r.variant == "classic":
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
    return 0, {
        "hands": game.results,
        "scores": game.scores,
        "game_over": game.phase == "over",
        "winner": game.winner,
    }


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
