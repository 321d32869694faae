"""Scripted hands played through ``engine.game.Game`` under the presets' distinctive rules.

Each scenario builds the wall tile by tile, so that the seats hold chosen hands and
draw chosen tiles, and plays it with a fixed script: every seat discards the tile it
drew and passes on every call, except the seats told to ron.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from hanchan.engine import wall as wall_mod
from hanchan.engine.actions import (
    Action,
    Discard,
    EndGame,
    NineTerminals,
    Pass,
    Ron,
    ShowHand,
)
from hanchan.engine.events import Event, HandDrawn, HandStarted, Won
from hanchan.engine.game import Game
from hanchan.engine.tiles import parse_kinds
from hanchan.rulesets.loader import load_ruleset


def build_wall(hands: list[str], draws: str, dora: str = "1z") -> tuple[int, ...]:
    """A 136-tile wall: seat ``i`` (dealer 0) is dealt ``hands[i]``; live draws start with
    ``draws`` (in turn order); the first dora indicator is ``dora``; the rest fill in."""
    copies: dict[int, list[int]] = {k: [k * 4 + c for c in (3, 2, 1, 0)] for k in range(34)}

    def take(kind: int) -> int:
        if not copies[kind]:
            raise ValueError(f"more than four of kind {kind}")
        return copies[kind].pop(0)

    wall: list[int | None] = [None] * 136
    dealt = [[take(k) for k in parse_kinds(h)] for h in hands]
    assert all(len(h) == 13 for h in dealt)
    # invert engine.wall.deal for dealer 0
    for r in range(3):
        for o in range(4):
            for j in range(4):
                wall[16 * r + 4 * o + j] = dealt[o][4 * r + j]
    for o in range(4):
        wall[48 + o] = dealt[o][12]
    for i, k in enumerate(parse_kinds(draws)):
        wall[wall_mod.FIRST_DRAW + i] = take(k)
    wall[wall_mod.dora_index(0)] = take(parse_kinds(dora)[0])
    # fill the rest with simple tiles first, winds last (no accidental four-winds draws)
    rest = [t for k in list(range(27)) + list(range(31, 34)) + list(range(27, 31))
            for t in copies[k]]
    for i in range(136):
        if wall[i] is None:
            wall[i] = rest.pop(0)
    full = [t for t in wall if t is not None]
    assert not rest and sorted(full) == list(range(136))
    return tuple(full)


def play_hands(rules_name: str, walls: Iterable[tuple[int, ...]], *, hands: int,
               ron_seats: tuple[int, ...] = (), dealer_aborts: bool = False) -> list[Event]:
    """Play ``hands`` hands with the script; return every event."""
    events: list[Event] = []
    game = Game(load_ruleset(rules_name), seed=1, walls=list(walls),
                listeners=[events.append])

    def finished() -> int:
        return sum(isinstance(e, (Won, HandDrawn)) for e in events)

    steps = 0
    while not game.over and finished() < hands:
        steps += 1
        assert steps < 2000, "the script is stuck"
        for seat, actions in game.pending().items():
            game.act(seat, _choose(game, seat, actions, ron_seats, dealer_aborts))
            break
    return events


def _choose(game: Game, seat: int, actions: tuple[Action, ...], ron_seats: tuple[int, ...],
            dealer_aborts: bool) -> Action:
    if dealer_aborts and any(isinstance(a, NineTerminals) for a in actions):
        return NineTerminals()
    if seat in ron_seats and Ron() in actions:
        return Ron()
    if Pass() in actions:
        return Pass()
    if ShowHand(True) in actions:
        return ShowHand(True)
    if EndGame(False) in actions:
        return EndGame(False)
    drawn = game.state.drawn
    if drawn is not None and Discard(drawn) in actions:
        return Discard(drawn)
    return next(a for a in actions if isinstance(a, Discard))


def results(events: list[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, (Won, HandDrawn))]


# Hand 1 of the ron scenarios: the dealer is tenpai (123m 456m 789m 123p 4p: tanki on 4p),
# every draw is discarded, so it ends in an exhaustive draw, the dealer keeps the deal and
# hand 2 starts with one honba.
TENPAI_DEALER = ["123456789m1234p", "1357s1357p1357m9m", "2468s2468p2468m9s", "123456z258m258p3s"]

# Hand 2: seats 1 and 2 (and 3 for the triple ron) wait on 3s-6s with tanyao pinfu; the
# dealer draws 9m then 6s and discards them.
RON_HANDS = ["19m1199p1199s567z", "234m567m234p88p45s", "345m678m456p22s45s"]
WAIT_3 = "234p567p345m77m45s"  # seat 3 waits on 3s-6s too
NO_WAIT_3 = "234p567p345m77m12z"  # seat 3 is not tenpai
SAFE_DRAWS = "9m1z1z1z6s"  # dealer 9m, seats 1-3: 1z each, dealer: 6s


def ron_walls(triple: bool) -> list[tuple[int, ...]]:
    first = build_wall(TENPAI_DEALER, "6p6p6p7p")
    second = build_wall(RON_HANDS + [WAIT_3 if triple else NO_WAIT_3], SAFE_DRAWS, dora="9s")
    return [first, second]


def _hand2(rules: str, triple: bool = False) -> tuple[HandStarted, Event]:
    events = play_hands(rules, ron_walls(triple), hands=2, ron_seats=(1, 2, 3))
    starts = [e for e in events if isinstance(e, HandStarted)]
    res = results(events)
    assert isinstance(res[0], HandDrawn) and res[0].kind == "exhaustive"
    assert res[0].tenpai[0]  # the dealer's tanki wait
    assert starts[1].dealer == 0 and starts[1].honba == 1
    return starts[1], res[1]


def _honba_received(won: Won, seat: int) -> int:
    win = next(w for w in won.wins if w.seat == seat)
    return sum(p.amount for p in win.payments if p.reason == "honba" and p.payee == seat)


def test_makura_double_ron_both_win_and_both_get_the_honba() -> None:
    _, res = _hand2("makura")
    assert isinstance(res, Won)
    # makura 7): 双家和は全員成立
    assert [w.seat for w in res.wins] == [1, 2]
    # makura 45 g): 本場はダブロン時には全員に払われる
    assert _honba_received(res, 1) == 300 and _honba_received(res, 2) == 300


def test_tenhou_double_ron_honba_only_to_the_nearest() -> None:
    _, res = _hand2("tenhou")
    assert isinstance(res, Won)
    assert [w.seat for w in res.wins] == [1, 2]
    # Tenhou: honba only to the winner nearest the discarder (tests/data/logs/README.md)
    assert _honba_received(res, 1) == 300 and _honba_received(res, 2) == 0


def test_teireikai_head_bump_one_winner() -> None:
    _, res = _hand2("teireikai")
    # teireikai ルール8: アガリ者は常に一人 (同時アガリは上家のアガリ)
    assert isinstance(res, Won) and [w.seat for w in res.wins] == [1]


def test_gpc_head_bump_one_winner() -> None:
    _, res = _hand2("gpc")
    # gpc l.22: ダブロン、トリプルロンなし。頭ハネ制度
    assert isinstance(res, Won) and [w.seat for w in res.wins] == [1]


def test_yokoyoko_triple_ron_is_an_abortive_draw() -> None:
    _, res = _hand2("yokoyoko", triple=True)
    # yokoyoko (2): トリプルロン流局
    assert isinstance(res, HandDrawn) and res.kind == "triple_ron"


def test_makura_triple_ron_all_three_win() -> None:
    _, res = _hand2("makura", triple=True)
    # makura 7): 三家和(トリプルロン)は全員成立
    assert isinstance(res, Won) and [w.seat for w in res.wins] == [1, 2, 3]


# ------------------------------------------------------------------ first go-round rules

# Every seat holds a North wind and draws a manzu tile; each discards North first.
NORTH_HANDS = ["123m456p789s112z4z", "234m567p345s556z4z", "345p678p234s773z4z",
               "456s789s234p225z4z"]


def _four_norths(rules: str) -> Event:
    events: list[Event] = []
    game = Game(load_ruleset(rules), seed=1,
                walls=[build_wall(NORTH_HANDS, "1m1m1m9m9m9m")],
                listeners=[events.append])
    for _ in range(4):
        ((seat, actions),) = game.pending().items()
        north = next(a for a in actions if isinstance(a, Discard) and a.tile >> 2 == 30)
        game.act(seat, north)
        while (pend := game.pending()) and all(Pass() in a for a in pend.values()):
            for s in list(pend):
                game.act(s, Pass())
            if game.state.phase != "claim":
                break
    res = results(events)
    return res[0] if res else events[-1]


def test_tenhou_four_winds_aborts() -> None:
    res = _four_norths("tenhou")
    assert isinstance(res, HandDrawn) and res.kind == "four_winds"


def test_makura_four_winds_aborts() -> None:
    res = _four_norths("makura")
    # makura 6): 開局時四風子連打
    assert isinstance(res, HandDrawn) and res.kind == "four_winds"


def test_gpc_four_winds_plays_on() -> None:
    res = _four_norths("gpc")
    # gpc l.20: 途中流局なし (九種九牌、四風連打、4人リーチ等)
    assert not isinstance(res, (HandDrawn, Won))


# The dealer is dealt nine different terminals and honours.
NINE = ["19m19p19s1234567z", "234m567p345s5566m", "345p678p234s1133m", "456s789s234p2255m"]


@pytest.mark.parametrize(("rules", "offered"), [
    ("ako", True),        # ako 8-09: 九種九牌流しあり (親は配牌で)
    ("makura", True),     # makura 6): 九種九牌 (親は配牌)
    ("yokoyoko", False),  # yokoyoko (2): not among its abortive draws
    ("teireikai", False),  # teireikai ルール7: 途中流局なし (九種倒牌)
])
def test_nine_terminals_offered_to_the_dealer(rules: str, offered: bool) -> None:
    game = Game(load_ruleset(rules), seed=1, walls=[build_wall(NINE, "2m")])
    ((seat, actions),) = game.pending().items()
    assert seat == 0
    assert (NineTerminals() in actions) is offered


def test_ako_nine_terminals_keeps_the_deal() -> None:
    events = play_hands("ako", [build_wall(NINE, "2m"), build_wall(NINE, "2m")], hands=1,
                        dealer_aborts=True)
    res = results(events)
    assert isinstance(res[0], HandDrawn) and res[0].kind == "nine_terminals"
    game_events = events
    starts = [e for e in game_events if isinstance(e, HandStarted)]
    # ako 8-15-04: 親の九種九牌流しによる流局によって親は流れない
    assert len(starts) == 2 and starts[1].dealer == 0 and starts[1].honba == 1


# ------------------------------------------------------------------ the wall


@pytest.mark.parametrize(("rules", "live"), [("ako", 136 - 16), ("makura", 136 - 14)])
def test_dead_wall_size(rules: str, live: int) -> None:
    game = Game(load_ruleset(rules), seed=3)
    # ako 5-19: 槓がない時の王牌は16枚; makura 14): 王牌は常に14枚残し
    assert game.state.live_end == live


def test_ako_starts_with_two_dora_indicators() -> None:
    game = Game(load_ruleset("ako"), seed=3)
    # ako 5-01: 最初にめくるドラ表示牌は2枚
    assert game.state.dora_count == 2
    assert Game(load_ruleset("tenhou"), seed=3).state.dora_count == 1
