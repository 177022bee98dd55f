"""The record maker's core (make_records.py): writing a record and its
expected result as files, card helpers for writing deals and tricks, and
the Maker, which plays seeded games with the engine (play_game), adds each
case with the reference's result (reference.py), checks whist-replay
against them all and writes tests/records."""
import copy
import json
import pathlib
import random
import subprocess
import sys

import reference


HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "records"


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


# ------------------------------------------------------------------ actions


def bid(seat, level, mode):
    return {"seat": seat, "type": "bid", "level": level, "mode": mode}


def pass_(seat):
    return {"seat": seat, "type": "pass"}


def exact_bid(seat, tricks):
    return {"seat": seat, "type": "bid", "tricks": tricks}


def play(seat, card):
    return {"seat": seat, "type": "play", "card": card}


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
            summary = (0, hands, out["scores"], out["game_over"], out["winner"])
            if "games" in out:  # a classic rubber: (winner, score, value) a game
                games = [(g["winner"], g["score"], g["value"]) for g in out["games"]]
                summary += (games, out["rubber_points"])
            return summary
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
                keys = ("scores", "game_over", "winner", "games", "rubber_points")
                agree = all(got.get(k) == out.get(k) for k in keys) and [
                    (h["tricks"], h["score"], h.get("game")) for h in got["hands"]
                ] == [(h["tricks"], h["score"], h.get("game")) for h in out["hands"]]
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
