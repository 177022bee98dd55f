"""whistd end to end: table.create with every option and setting, and its
refusals.

One test per table behaviour that shows the server carries out what the
table core says; the behaviours themselves are tested on the core
(tests/table/). Run as the rest of tests/server (see conftest.py); the
helpers are in tables.py."""

from conftest import Client, guest
from tables import create, run


# --- table.create -----------------------------------------------------------------

ACCEPTED = [
    # classic presets
    ({"variant": "classic", "preset": "whist5"},
     {"play_to": 5, "trump": "turn", "honours": "off", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "preset": "whist7rotate"},
     {"play_to": 7, "trump": "rotate", "honours": "off", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "preset": "whist9honours"},
     {"play_to": 9, "trump": "turn", "honours": "capped", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "preset": "trickster"},
     {"play_to": 7, "trump": "turn", "honours": "on", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "preset": "short_rubber"},
     {"play_to": 5, "trump": "turn", "honours": "on", "honours_bar": True, "rubber": True}),
    ({"variant": "classic", "preset": "long_whist"},
     {"play_to": 10, "trump": "turn", "honours": "on", "honours_bar": True, "rubber": True}),
    # classic options
    ({"variant": "classic"},
     {"play_to": 5, "trump": "turn", "honours": "off", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "options": {"trump": "rotate_nt", "honours": "on", "play_to": 9}},
     {"play_to": 9, "trump": "rotate_nt", "honours": "on", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "options": {"trump": "rotate", "honours": "capped", "play_to": 7}},
     {"play_to": 7, "trump": "rotate", "honours": "capped", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "preset": "whist5", "options": {"play_to": 7}},
     {"play_to": 7, "trump": "turn", "honours": "off", "honours_bar": False, "rubber": False}),
    # A table plays to what the engine plays and docs/rules.md promises:
    # 1 to 15 (welcome's rules object says the same).
    ({"variant": "classic", "options": {"play_to": 10}},
     {"play_to": 10, "trump": "turn", "honours": "off", "honours_bar": False, "rubber": False}),
    ({"variant": "classic", "options": {"play_to": 1}},
     {"play_to": 1, "trump": "turn", "honours": "off", "honours_bar": False, "rubber": False}),
    # bid
    ({"variant": "bid"},
     {"play_to": 7, "jokers": 2, "min_bid": 1, "low_beats_high": True, "sport_kitty": "never",
      "bidder_gets_kitty": True, "bidder_leads": False, "double_nt": False,
      "defensive_scoring": False}),
    ({"variant": "bid", "options": {
        "play_to": 5, "jokers": 0, "min_bid": 4, "low_beats_high": False,
        "sport_kitty": "always", "bidder_gets_kitty": False, "bidder_leads": True,
        "double_nt": True, "defensive_scoring": True}},
     {"play_to": 5, "jokers": 0, "min_bid": 4, "low_beats_high": False, "sport_kitty": "always",
      "bidder_gets_kitty": False, "bidder_leads": True, "double_nt": True,
      "defensive_scoring": True}),
    ({"variant": "bid", "options": {"jokers": 1, "min_bid": 3, "sport_kitty": "trump",
                                    "play_to": 15}},
     {"play_to": 15, "jokers": 1, "min_bid": 3, "low_beats_high": True, "sport_kitty": "trump",
      "bidder_gets_kitty": True, "bidder_leads": False, "double_nt": False,
      "defensive_scoring": False}),
    # exact, 2 to 6 players, and the defaults of initial and max cards
    ({"variant": "exact"},
     {"trumps": True, "round_trip": False, "initial_cards": 7, "max_cards": 13}),
    ({"variant": "exact", "players": 2},
     {"trumps": True, "round_trip": False, "initial_cards": 7, "max_cards": 13}),
    ({"variant": "exact", "players": 3},
     {"trumps": True, "round_trip": False, "initial_cards": 7, "max_cards": 13}),
    ({"variant": "exact", "players": 5},
     {"trumps": True, "round_trip": False, "initial_cards": 4, "max_cards": 10}),
    ({"variant": "exact", "players": 6},
     {"trumps": True, "round_trip": False, "initial_cards": 4, "max_cards": 8}),
    ({"variant": "exact", "players": 2, "options": {"initial_cards": 1, "max_cards": 26,
                                                    "round_trip": True, "trumps": False}},
     {"trumps": False, "round_trip": True, "initial_cards": 1, "max_cards": 26}),
    ({"variant": "exact", "players": 6, "options": {"initial_cards": 3, "max_cards": 3}},
     {"trumps": True, "round_trip": False, "initial_cards": 3, "max_cards": 3}),
]

DEFAULT_SETTINGS = {"timer_bid": 0, "timer_play": 0, "chat": "text", "watching": True,
                    "suggestions": False, "kind": "join", "buy_in": 0, "invite_only": False,
                    "friends_only": False,
                    "start_at": None, "computers_fill": False, "rated": True, "cut": False,
                    "undo": False}

SETTINGS = [
    {"timer_bid": 0, "timer_play": 0},
    {"timer_bid": 7, "timer_play": 15},
    {"timer_bid": 30, "timer_play": 60},
    {"timer_bid": 60, "timer_play": 7},
    {"chat": "none"},
    {"chat": "preset"},
    {"chat": "text"},
    # Suggestions make a table unrated (rated by default otherwise).
    {"watching": False, "suggestions": True, "rated": False},
    {"watching": True, "suggestions": False},
    {"rated": False},
    {"rated": True},
    # Cutting for partners and the first dealer before each game.
    {"cut": True},
    # Undo by consent: unrated.
    {"undo": True, "rated": False},
]

REFUSED = [
    {},  # no variant
    {"variant": "classic", "settings": {"cut": "yes"}},
    # undo: a boolean, at join tables, never rated
    {"variant": "classic", "settings": {"undo": 1}},
    {"variant": "classic", "settings": {"undo": True, "rated": True}},
    {"variant": "classic", "settings": {"kind": "compete", "buy_in": 30, "undo": True}},
    # rated: a boolean, never with suggestions or computers filling seats,
    # always at compete tables
    {"variant": "classic", "settings": {"rated": "yes"}},
    {"variant": "classic", "settings": {"rated": True, "suggestions": True}},
    {"variant": "classic", "settings": {"kind": "compete", "buy_in": 30, "rated": False}},
    {"variant": "bridge"},
    {"variant": 1},
    {"variant": "classic", "options": {"colour": "red"}},
    {"variant": "classic", "options": {"jokers": 2}},  # a bid whist option
    {"variant": "bid", "options": {"trump": "turn"}},  # a classic option
    {"variant": "classic", "options": {"play_to": "5"}},
    {"variant": "classic", "options": {"play_to": 5.0}},
    {"variant": "classic", "options": {"trump": 1}},
    {"variant": "bid", "options": {"bidder_leads": "yes"}},
    {"variant": "bid", "options": {"jokers": [2]}},
    {"variant": "classic", "options": []},
    {"variant": "classic", "options": {"play_to": 0}},
    {"variant": "classic", "options": {"play_to": 16}},
    {"variant": "bid", "options": {"play_to": 16}},
    {"variant": "bid", "options": {"jokers": 3}},
    {"variant": "bid", "options": {"min_bid": 5}},
    {"variant": "bid", "options": {"sport_kitty": "sometimes"}},
    {"variant": "classic", "settings": {"timer_bid": 10}},
    {"variant": "classic", "settings": {"timer_play": 10}},
    {"variant": "classic", "settings": {"timer_play": "7"}},
    {"variant": "classic", "settings": {"chat": "loud"}},
    {"variant": "classic", "settings": {"chat": 1}},
    {"variant": "classic", "settings": {"watching": "yes"}},
    {"variant": "classic", "settings": {"suggestions": 1}},
    {"variant": "classic", "settings": {"colour": "red"}},
    {"variant": "classic", "settings": []},
    {"variant": "classic", "players": 5},
    {"variant": "bid", "players": 3},
    {"variant": "classic", "players": "4"},
    {"variant": "classic", "preset": "whist11"},
    {"variant": "classic", "preset": 5},
    {"variant": "bid", "preset": "whist5"},
    {"variant": "exact", "preset": "whist5"},
    {"variant": "exact", "players": 1},
    {"variant": "exact", "players": 7},
    {"variant": "exact", "players": 6, "options": {"max_cards": 9}},
    {"variant": "exact", "options": {"initial_cards": 9, "max_cards": 8}},
    {"variant": "exact", "options": {"initial_cards": 0}},
    {"variant": "exact", "options": {"play_to": 5}},
]


def test_table_create_accepts_every_option_and_setting(whistd):
    s = whistd()

    async def body():
        c = await guest(s)
        ids = set()
        for d, options in ACCEPTED:
            table, state = await create(c, **d)
            ids.add(table)
            t = state["table"]
            assert t["variant"] == d["variant"], d
            assert t["players"] == d.get("players", 4), d
            assert t["options"] == options, (d, t["options"])
            assert t["settings"] == DEFAULT_SETTINGS, d
            if "preset" in d:
                assert t["preset"] == d["preset"]
            else:
                assert "preset" not in t
            assert len(t["seats"]) == t["players"]
            assert t["seats"][0]["name"] == c.name and t["state"] == "open"
        for settings in SETTINGS:
            for variant in ("classic", "bid", "exact"):
                table, state = await create(c, variant=variant, settings=settings)
                ids.add(table)
                assert state["table"]["settings"] == {**DEFAULT_SETTINGS, **settings}
        assert len(ids) == len(ACCEPTED) + 3 * len(SETTINGS)

        # watching: false refuses watchers.
        table, _ = await create(c, variant="classic", settings={"watching": False})
        w = await guest(s)
        assert (await w.error("table.watch", {"table": table}))[0] == "no_watching"

    run(body())


def test_table_create_refusals(whistd):
    s = whistd()

    async def body():
        c = await guest(s)
        for d in REFUSED:
            code, message = await c.error("table.create", d)
            assert code == "bad_table", (d, code, message)
            assert message
        # Nothing was created.
        assert (await c.ok("lobby.join"))["tables"] == []

        # Logged out: a valid table is refused with not_logged_in.
        anon = await Client.connect(s, hello=True)
        assert (await anon.error("table.create", {"variant": "classic"}))[0] == "not_logged_in"
        for t, d in [("lobby.join", None), ("table.sit", {"table": 1}),
                     ("table.watch", {"table": 1})]:
            assert (await anon.error(t, d))[0] == "not_logged_in", t
        await anon.close()

    run(body())
