"""Played records (make_records.py): seeded games played by the engine
(play_game) for every variant and option, each chosen for what it shows."""
import random

from maker import game_after


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


SHORT_RUBBER = {"play_to": 5, "trump": "turn", "honours": "on", "honours_bar": True,
                "rubber": True}


def bar_matters(rec, out):
    """Some deal scored differently because of honours_bar (without it the
    game would have ended sooner, or some deal's score differs)."""
    import reference
    from maker import record_text
    free = dict(rec, options=dict(rec["options"], honours_bar=False))
    free = {k: v for k, v in free.items() if not k.startswith("__")}
    exit_status, other = reference.replay(record_text(free))
    if exit_status != 0:
        return True
    return [h["score"] for h in out["hands"]] != [h["score"] for h in other["hands"]]


def game_over(rec, out):
    return out["game_over"]


def both(*wants):
    return lambda rec, out: all(w(rec, out) for w in wants)


def played(m):
    """The played records of each variant, by name."""
    games = {}

    def game(name, variant, options=None, players=4, want=game_over, keep=True, **kw):
        rec = m.find_game(name, variant, options, players, want, **kw)
        m.add(name, rec, "played")
        if keep:  # the illegal records start from these (the rubbers came later)
            games[name] = rec
        return rec

    played_classic(game)
    played_bid(game)
    played_exact(game)
    return games


def played_classic(game):
    """Classic: the presets, then every trump and honours setting."""
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
    # The British game: rubbers with honours barred at game point, found
    # where the bar changed a deal's score (the reference replays the game
    # without it) and where the games were worth different amounts.
    game("classic-legal-preset-short-rubber", "classic", SHORT_RUBBER,
         want=lambda r, o: o["game_over"] and len(o["games"]) == 3 and bar_matters(r, o)
         and len({g["value"] for g in o["games"]}) > 1, keep=False)
    game("classic-legal-preset-long-whist", "classic",
         dict(SHORT_RUBBER, play_to=10),
         want=lambda r, o: o["game_over"] and len(o["games"]) == 2
         and any(g["value"] < 3 for g in o["games"]), keep=False)
    game("classic-legal-rubber-stopped-in-second-game", "classic",
         {"play_to": 3, "rubber": True}, want=lambda r, o: len(o["games"]) == 1,
         max_actions=200, keep=False)
    game("classic-legal-stopped-mid-deal", "classic", {"play_to": 7},
         want=lambda r, o: len(o["hands"]) == 2, max_actions=130)
    # An event's boards: each deal scored alone, over after the last
    # (kept out of the illegal records' games, as the rubbers are).
    game("classic-legal-boards-4-turn", "classic", {"boards": 4, "trump": "turn"}, keep=False)
    game("classic-legal-boards-3-rotate-nt-from-diamonds-honours-on", "classic",
         {"boards": 3, "trump": "rotate_nt", "first_trump": "diamonds", "honours": "on"},
         want=lambda r, o: o["game_over"] and any(
             h["score"][s] > max(0, h["tricks"][s] - 6) for h in o["hands"] for s in (0, 1)),
         keep=False)
    # Sixteen boards, the most, the rotation from clubs going round four
    # times, honours capped (as on: a side's four honours count in full).
    game("classic-legal-boards-16-rotate-from-clubs-honours-capped", "classic",
         {"boards": 16, "trump": "rotate", "first_trump": "clubs", "honours": "capped"},
         want=lambda r, o: o["game_over"] and any(
             h["score"][s] == max(0, h["tricks"][s] - 6) + 4 for h in o["hands"] for s in (0, 1)),
         keep=False)


def played_bid(game):
    """Bid whist: each option away from its default, and together."""
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
    # An event's boards: each deal scored alone, over after the last, a
    # score past play_to (not read) or below zero going on to the next.
    game("bid-legal-boards-4", "bid", {"boards": 4, "play_to": 1},
         want=lambda r, o: o["game_over"] and len(o["hands"]) == 4
         and any(min(h["score"]) < 0 for h in o["hands"]), keep=False)
    game("bid-legal-boards-2-every-option", "bid",
         {"boards": 2, "jokers": 0, "min_bid": 2, "low_beats_high": False,
          "bidder_gets_kitty": False, "bidder_leads": True, "double_nt": True,
          "defensive_scoring": True}, keep=False)
    game("bid-legal-stopped-in-discard", "bid", {},
         want=lambda r, o: len(o["hands"]) == 1 and game_after(r).phase == "discard",
         max_actions=58)


def played_exact(game):
    """Exact-bid whist: 2 to 6 players, trumps, round trips, hand sizes."""
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
    # Boards: the generator deals as many deals as there are boards.
    options = {"boards": 2, "trump": "rotate", "first_trump": "clubs"}
    seed = random.Random("boards").randrange(1 << 40)
    rec = m.engine_game("classic", options, 4, dealer=3, seed=seed)
    m.add("classic-legal-seeded-boards",
          {"variant": "classic", "options": options, "dealer": 3, "seed": seed,
           "actions": rec["actions"]}, "played")
    # A huge seed and a negative one (taken as 2^64 minus it).
    rec = m.engine_game("classic", {}, 4, dealer=2, seed=(1 << 64) - 5)
    m.add("classic-legal-seeded-negative",
          {"variant": "classic", "dealer": 2, "seed": -5, "actions": rec["actions"]}, "played")
