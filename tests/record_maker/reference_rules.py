"""The reference (reference.py), part one: the cards, the error messages of
docs/rules.md, each variant's options and their checks, a game's rules, a
deal's checks and the seeded shuffle of docs/records.md."""
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
    "bad_claim": "bad claim: claim when you lead, at most the tricks left, in a partnership game",
    "bad_undo": "bad undo: only the last card played, by its player, before the next one, within the deal",
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

# Where a rotation of trumps goes, and where it may start (first_trump):
# hearts, diamonds, spades, clubs, then (rotate_nt only) no trump.
TRUMP_ORDER = ("hearts", "diamonds", "spades", "clubs", "notrump")
TRUMP_SUIT = {"hearts": "H", "diamonds": "D", "spades": "S", "clubs": "C", "notrump": None}

# name: (kind, allowed, default); kind int: allowed is (lo, hi).
OPTIONS = {
    "classic": {
        "play_to": ("int", (1, 15), 5),
        "trump": ("enum", ("turn", "rotate", "rotate_nt"), "turn"),
        "honours": ("enum", ("off", "on", "capped"), "off"),
        "honours_bar": ("bool", None, False),
        "rubber": ("bool", None, False),
        # An event's boards (docs/records.md, "Events' boards").
        "boards": ("int", (0, 16), 0),
        "first_trump": ("enum", TRUMP_ORDER, "hearts"),
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
        # An event's boards (docs/records.md, "Events' boards").
        "boards": ("int", (0, 16), 0),
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
    if variant == "classic":
        if out["boards"] > 0 and (out["rubber"] or out["honours_bar"]):
            raise Malformed("a game of boards has no game to win: "
                            "rubber and honours_bar must be off")
        if out["first_trump"] == "notrump" and out["trump"] == "rotate":
            raise Malformed("first_trump notrump needs trump rotate_nt")
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
