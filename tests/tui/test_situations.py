"""Situations a hanchan can reach, played from the player's seat by keys (issue 23).

Each test deals scripted walls (``tests.kit.game.build_wall``, the engine scenario
tests' hands) to a real ``PlaySession`` whose bots follow a script (win when they can
and are meant to, pass claims, throw a chosen tile else the one drawn), presses the
keys a player would, and checks what the screen says, with every number on the
result and end screens compared with the engine (``tests.kit.screen_truth``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from textual.pilot import Pilot

from hanchan.engine.actions import Action, Discard, EndGame, Pass, Ron, ShowHand, Tsumo
from hanchan.engine.events import Event, GameStarted, HandStarted
from hanchan.engine.game import Game
from hanchan.engine.tiles import kind_of, parse_kinds
from hanchan.engine.view import PlayerView
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.game_end import GameEndScreen
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import PlaySession
from hanchan.tui.settings import Settings
from hanchan.tui.widgets.size_notice import SizeNotice
from hanchan.tui.widgets.table_view import TableView
from tests.engine.test_scenarios_draws import NOTEN, TENPAI_DEALER, nagashi_wall
from tests.engine.test_scenarios_game_end import BUST_HANDS, WIN_HANDS
from tests.engine.test_scenarios_game_end import NOTEN as NOTEN_SOUTH4
from tests.engine.test_scenarios_multi_ron import DRAWS as RON_DRAWS
from tests.engine.test_scenarios_multi_ron import double_wall
from tests.kit.game import build_wall
from tests.kit.play import play_until
from tests.kit.screen_text import screen_text
from tests.kit.screen_truth import Tally, check_end, check_result, check_table
from tests.kit.tui_driver import settle

NAMES = ("You", "Bot S", "Bot W", "Bot N")
SIZE = (120, 50)


class Scripted:
    """A bot that wins when allowed (``wins``), passes claims, answers yes to a question,
    and throws the first tile of ``throw`` it holds, else the tile it drew."""

    def __init__(self, throw: str = "", *, wins: bool = True) -> None:
        self.throw = parse_kinds(throw) if throw else []
        self.wins = wins

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, (Ron, Tsumo)) and self.wins:
                return a
        for a in legal:
            if isinstance(a, (ShowHand, EndGame)):
                return a
        if Pass() in legal:
            return Pass()
        plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
        for kind in self.throw:
            for a in plain:
                if kind_of(a.tile) == kind:
                    return a
        drawn = next((a for a in plain if a.tile == view.drawn), None)
        return drawn or (plain[-1] if plain else legal[0])


def app_for(game: Game, human: int = 0, bots: dict[int, Scripted] | None = None) -> HanchanApp:
    bots = bots or {}
    session = PlaySession(game, human, {s: bots.get(s, Scripted()) for s in range(4)
                                        if s != human})
    return HanchanApp("play", session=session, settings=Settings(bot_delay=0.0))


def first_hand(rules: Ruleset, *walls: tuple[int, ...]) -> Game:
    return Game(rules, NAMES, 0, walls=list(walls))


def resumed(rules: Ruleset, round_wind: int, dealer: int, scores: tuple[int, int, int, int],
            *walls: tuple[int, ...]) -> Game:
    """A game resumed at a chosen hand with chosen scores (as the engine's end tests do)."""
    events: list[Event] = [
        GameStarted(rules, NAMES, 0),
        HandStarted(round_wind, dealer, 0, 0, dealer, scores, (1, 1), walls[0]),
    ]
    return Game.from_events(events, walls=list(walls))


async def discard(pilot: Pilot[int], scr: TableScreen, tile: str | None = None) -> None:
    """Select a tile by the arrow keys (``tile`` in mpsz, else the one drawn) and discard."""
    view = scr.session.view()
    tiles = view.concealed()
    if tile is None:
        index = len(tiles) - 1
    else:
        kind = parse_kinds(tile)[0]
        index = next(i for i, t in enumerate(tiles) if kind_of(t) == kind)
    await pilot.press("1", *(["right"] * index), "enter")


async def to_result(pilot: Pilot[int], *, passes: bool = True
                    ) -> HandResultScreen | TableScreen:
    """Throw each drawn tile (the tsumogiri key, else by hand; passing every claim) until a
    result screen opens, or a question is asked."""
    await settle(pilot)
    await pilot.press("g")
    for _ in range(400):
        scr = await settle(pilot)
        if isinstance(scr, HandResultScreen):
            return scr
        assert isinstance(scr, TableScreen), scr
        groups = scr.groups()
        if "pass" in groups and passes:
            await pilot.press("space")
        elif {"show", "stop"} & set(groups):
            return scr  # a question: the caller answers
        else:
            await discard(pilot, scr)
    raise AssertionError("no result")


def text_of(app: HanchanApp) -> str:
    return screen_text(app)


async def test_nine_terminals_abort_by_key() -> None:
    # Tenhou: 九種九牌 is an abortive draw the dealer keeps with a honba
    wall = build_wall({0: "19m19p19s1234z456m"}, ["5z"])
    app = app_for(first_hand(load_ruleset("tenhou"), wall))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and "nine" in scr.groups()
        assert "Nine terminals" in text_of(app)  # the action bar offers it
        await pilot.press("n")
        res = await settle(pilot)
        assert isinstance(res, HandResultScreen)
        assert "East 1 (E1-0) — Nine terminals (九種九牌)" in text_of(app)
        check_result(app, res, Tally())
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert "East 1   1 honba" in text_of(app)
        check_table(app, Tally())


@pytest.mark.parametrize(("preset", "both"), [("tenhou", True), ("gpc", False)])
async def test_double_ron_and_head_bump(preset: str, both: bool) -> None:
    # tenhou: both win (ダブロン); gpc l.22: ダブロンなし、頭ハネ - only the seat nearest the
    # discarder's right (the player, after North) wins
    rules = load_ruleset(preset)
    hands = {s: h for s, h in enumerate(
        ("234m567m234s66s46p", "345m678m345s88s55p", "678m456s678s22m38p", "5p19m19s9p1234567z"))}
    wall = build_wall(hands, RON_DRAWS, red_fives=rules.red_fives)
    if rules.red_fives == 1:
        assert wall == double_wall()  # the engine's multi-ron scenario
    app = app_for(first_hand(rules, wall), bots={3: Scripted("5p")})
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await discard(pilot, scr)  # the 1z just drawn
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and "ron" in scr.groups()
        await pilot.press("o")
        res = await settle(pilot)
        assert isinstance(res, HandResultScreen)
        text = text_of(app)
        assert "You win — Ron from Bot N" in text
        assert ("Bot S wins — Ron from Bot N" in text) is both
        check_result(app, res, Tally())


async def test_nagashi_mangan_played_out() -> None:
    # Tenhou: 流し満貫, every discard a terminal or honour and none called
    app = app_for(first_hand(load_ruleset("tenhou"), nagashi_wall(0)))
    async with app.run_test(size=SIZE) as pilot:
        res = await to_result(pilot)
        assert isinstance(res, HandResultScreen)
        text = text_of(app)
        assert "Exhaustive draw" in text and "Nagashi mangan: You" in text
        assert "(nagashi mangan)" in text
        check_result(app, res, Tally())


@pytest.mark.parametrize(("key", "shown"), [("y", True), ("x", False)])
async def test_the_show_hand_question_at_a_draw(key: str, shown: bool) -> None:
    # gpc: a tenpai player may declare noten (the preset's default, the club's text is
    # silent) and may not riichi under 1,000 points
    rules = load_ruleset("gpc")
    wall = build_wall({**NOTEN, 0: TENPAI_DEALER[0]}, red_fives=rules.red_fives)
    # under 1,000 points: no riichi to offer; the hand is played out to the question by the
    # engine (the player throwing each drawn tile, as the tsumogiri key does), so that the
    # app is driven only for the question itself
    game = resumed(rules, 0, 0, (900, 33000, 33000, 33100), wall)
    play_until(game, lambda g: any(isinstance(a, ShowHand) for a in g.pending().get(0, ())))
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and set(scr.groups()) >= {"show", "noten"}
        text = text_of(app)
        assert "Show hand" in text
        await pilot.press(key)
        res = await settle(pilot)
        assert isinstance(res, HandResultScreen)
        text = text_of(app)
        line = next(x for x in text.splitlines() if "You " in x and ("tenpai" in x or
                                                                      "noten" in x))
        assert ("tenpai" in line) is shown, line
        assert ("1m 2m 3m" in line) is shown, line  # the hand shown only when declared
        check_result(app, res, Tally())


@pytest.mark.parametrize(("key", "ends"), [("y", True), ("x", False)])
async def test_the_agari_yame_question(key: str, ends: bool) -> None:
    # makura 4): オーラスの親は持ち点や順位に関らずアガリやめを選択できる
    rules = load_ruleset("makura")
    wall = build_wall(WIN_HANDS, ["1z", "3p"], dealer=3, red_fives=rules.red_fives)
    game = resumed(rules, 1, 3, (45000, 20000, 20000, 15000), wall)
    app = app_for(game, human=3, bots={0: Scripted("3p")})
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await discard(pilot, scr, "1z")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and "ron" in scr.groups()
        await pilot.press("o")
        res = await settle(pilot)
        assert isinstance(res, HandResultScreen)
        check_result(app, res, Tally())
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and set(scr.groups()) == {"stop", "continue"}
        text = text_of(app)
        assert "End the game" in text and "Play on" in text
        await pilot.press(key)
        scr = await settle(pilot)
        assert isinstance(scr, GameEndScreen) is ends
        if ends:
            assert "Game over — the last dealer won in the lead and stopped" in text_of(app)
            check_end(app, Tally())
        else:
            assert "South 4   1 honba" in text_of(app)


async def test_a_bust_ends_the_game_on_the_end_screen() -> None:
    # makura 3): 局終了時に持ち点0点未満になったものがでた場合 終了
    rules = load_ruleset("makura")
    wall = build_wall(BUST_HANDS, RON_DRAWS, red_fives=rules.red_fives)
    game = resumed(rules, 0, 0, (33000, 33000, 33500, 500), wall)
    bots = {1: Scripted(wins=False), 2: Scripted(wins=False), 3: Scripted("5p")}
    app = app_for(game, bots=bots)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await discard(pilot, scr)
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and "ron" in scr.groups()
        await pilot.press("o")
        res = await settle(pilot)
        assert isinstance(res, HandResultScreen)
        check_result(app, res, Tally())
        await pilot.press("enter")
        end = await settle(pilot)
        assert isinstance(end, GameEndScreen)
        assert "Game over — a player went below zero" in text_of(app)
        check_end(app, Tally())


def _noten_wall(dealer: int) -> tuple[int, ...]:
    return build_wall({(s - 3 + dealer) % 4: h for s, h in NOTEN_SOUTH4.items()},
                      dealer=dealer)


async def test_the_west_round_after_south_4() -> None:
    # Tenhou: 西入 (sudden death) when nobody has the 30,000 return after South 4
    game = resumed(load_ruleset("tenhou"), 1, 3, (26000, 25000, 25000, 24000), _noten_wall(3),
                   _noten_wall(0))
    app = app_for(game)
    async with app.run_test(size=SIZE) as pilot:
        res = await to_result(pilot)
        assert isinstance(res, HandResultScreen)
        check_result(app, res, Tally())
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert "West 1   1 honba" in text_of(app)  # the draw adds a honba; the deal passed
        assert "Bot S wins" not in text_of(app)
        check_table(app, Tally())


RESIZES: Sequence[tuple[int, int]] = (
    (200, 60), (120, 40), (200, 32), (100, 60), (80, 24), (200, 60), (100, 32), (60, 60),
    (200, 20), (140, 44))


async def test_resizes_in_every_direction_keep_the_table_true() -> None:
    # grow, shrink, wider only, taller only, below the minimum and back: at each size the
    # table's numbers are the engine's, large terminals grow it and small ones get the notice
    wall = build_wall({**NOTEN, 0: TENPAI_DEALER[0]})
    app = app_for(first_hand(load_ruleset("tenhou"), wall))
    async with app.run_test(size=(100, 32)) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        for n, (w, h) in enumerate(RESIZES):
            await pilot.resize_terminal(w, h)
            await pilot.pause()
            small = w < 100 or h < 32
            notice = app.screen.query_one(SizeNotice)
            assert bool(notice.display) is small, (w, h)
            if small:
                assert f"This one is {w}×{h}" in text_of(app)
                continue
            table = app.screen.query_one(TableView)
            assert table.large is (w >= 170 and h >= 50), (w, h)
            check_table(app, Tally())
            if n % 2:  # play on between some resizes
                await discard(pilot, scr)
                scr = await settle(pilot)
                assert isinstance(scr, TableScreen)
