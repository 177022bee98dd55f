"""A player whose client went to the lobby with the seat kept (the
browser's "Lobby (seat kept)" sends lobby.join) is away as if dropped: the
others are told (the event `disconnected`, with its reason, and the lobby),
the turn has the reconnect grace, then the computer stands in until the
player is back (lobby.leave), and the seat is theirs again. Idle players
(turn_idle) are tested on the table core (tests/table/turn_clock_test.cpp)."""

from conftest import TIMEOUT, guest, wait_for
from test_bots import FAST_BOTS, add_bots
from tables import Game, Seat, create, event_of, is_event, run


def action_of(T, seat):
    return lambda m: is_event(T, "action")(m) and m["d"]["event"]["action"]["seat"] == seat


async def two_people_and_two_computers(s):
    """Timers off: a guest at seat 0 with computer players at 1 and 3, and a
    guest at seat 2; the game started. Returns (game, person 0, person 2)."""
    a, b = await guest(s), await guest(s)
    T, _ = await create(a, variant="classic", options={"play_to": 5})
    await add_bots(a, T, [1, 3])
    await b.ok("table.sit", {"table": T, "seat": 2})
    game = Game(s, T, [Seat(a, 0), Seat(b, 2)], [])
    for st in game.seats:
        await game.wait(st, is_event(T, "start"), what="the start")
    await game.settle()
    return game, game.seats[0], game.seats[1]


async def until_turn_of(game, st, helper):
    """Plays `helper`'s turns until `st` has a view telling it to act."""
    while not st.wants_to_act():
        if helper.wants_to_act():
            await game.act(helper, game.choose(helper.view))
        await game.settle(period=0.2)


async def stood_in(game, watcher, seat, helper, turns=2):
    """`turns` of `seat` played by the computer (each announced with auto),
    `helper` playing its own turns meanwhile."""
    T = game.table
    seen = 0
    while seen < turns:
        if helper.wants_to_act():
            await game.act(helper, game.choose(helper.view))
        m = await game.read(watcher, TIMEOUT * 2)
        if is_event(T, "auto", seat=seat)(m):
            m = await game.wait(watcher, lambda x: event_of(x, T) is not None,
                                what="the auto's action")
            assert action_of(T, seat)(m), m
            seen += 1


def test_a_player_gone_to_the_lobby_is_away_and_stood_in_for(whistd):
    s = whistd("--reconnect-grace", "2", *FAST_BOTS)

    async def body():
        game, a, b = await two_people_and_two_computers(s)
        T = game.table
        looker = await guest(s)
        await looker.ok("lobby.join")
        await until_turn_of(game, b, a)
        # "Lobby (seat kept)": the browser leaves the table's view and joins
        # the lobby; the connection stays open.
        await b.c.ok("lobby.join")
        m = await game.wait(a, is_event(T, "disconnected", seat=2), what="the away event")
        assert m["d"]["event"]["reason"] == "lobby"
        await wait_for(looker, lambda m: m["t"] == "lobby.table" and m["d"]["table"] == T
                       and not m["d"]["seats"][2]["connected"], what="the lobby seeing it")
        # The grace runs out: the computer acts for seat 2, and from then on
        # stands in at each of its turns.
        await stood_in(game, a, 2, a, turns=2)
        # "Back to your seat": table.sit; the seat is b's again.
        d = await b.c.ok("table.sit", {"table": T})
        b.view, b.view_v, b.acted_v = d["view"], d["v"], -1
        await game.wait(a, is_event(T, "connected", seat=2), what="the return")
        await game.settle()
        await until_turn_of(game, b, a)
        mark = len(a.c.messages())
        await game.act(b, game.choose(b.view))
        await game.wait(a, action_of(T, 2), what="b's own action")
        assert not [m for m in a.c.messages()[mark:] if is_event(T, "auto", seat=2)(m)]

    run(body(), limit=90)

