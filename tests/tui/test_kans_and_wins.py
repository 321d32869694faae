"""Situations of a hand played through the keys and the mouse (issue 23), checked on screen.

Each test deals a scripted wall (``tests.kit.game.build_wall``): the human is East
(the dealer) and the bots pass and throw the tile they drew, except a scripted one that
calls, adds to its pon or declares open riichi.  The screen is read as a player reads
it and compared with the engine's events: the own tsumo, a closed, an open and an added
kan (the replacement draw in the hand and the new dora in the centre), a kan robbed
(chankan), a bot's open riichi, and buttons and tiles clicked with the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from textual.pilot import Pilot

from hanchan.ai.base import Bot
from hanchan.engine.actions import Action, AddedKan, Discard, Pass, Pon
from hanchan.engine.events import Discarded, DoraRevealed, Drew, Event, Kan, RiichiDeclared, Won
from hanchan.engine.game import Game
from hanchan.engine.tiles import kind_of, parse_tiles
from hanchan.engine.view import PlayerView
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import PlaySession
from hanchan.tui.settings import Settings
from hanchan.tui.tilefaces import dora_tiles, strip
from hanchan.words.yaku import yaku_name
from tests.kit.game import build_wall
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

SIZE = (100, 32)
NAMES = ("You", "Bot S", "Bot W", "Bot N")

E = TypeVar("E", bound=Event)


class Script:
    """A bot that passes and throws the tile it drew, but for the moves it is told."""

    def __init__(self, *wants: str) -> None:
        self.wants = set(wants)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        for a in legal:
            if "pon" in self.wants and isinstance(a, Pon):
                return a
            if "kakan" in self.wants and isinstance(a, AddedKan):
                return a
            if ("open_riichi" in self.wants and isinstance(a, Discard) and a.riichi
                    and a.open):
                return a
        if Pass() in legal:
            return Pass()
        plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
        drawn = next((a for a in plain if a.tile == view.drawn), None)
        return drawn or (plain[-1] if plain else legal[0])


def scripted_app(hands: dict[int, str], draws: Sequence[str], *, rules: Ruleset | None = None,
                 dora: str = "", rinshan: str = "", bots: dict[int, Script] | None = None
                 ) -> HanchanApp:
    rules = rules or Ruleset()
    wall = build_wall(hands, list(draws), dora=dora, rinshan=rinshan,
                      red_fives=rules.red_fives)
    game = Game(rules, NAMES, 0, walls=[wall, wall])
    seats: dict[int, Bot] = {s: Script() for s in (1, 2, 3)}
    seats.update(bots or {})
    session = PlaySession(game, 0, seats)
    return HanchanApp("play", session=session, settings=Settings(bot_delay=0.0))


def events_of(app: HanchanApp, kind: type[E]) -> list[E]:
    assert app.session is not None
    return [e for e in app.session.events if isinstance(e, kind)]


def kind(text: str) -> int:
    return kind_of(parse_tiles(text, 1)[0])


def centre_dora(scr: TableScreen) -> tuple[str, str]:
    """The dora and their indicators as the centre of the table writes them."""
    shown = scr.session.view().dora_indicators
    return (strip(dora_tiles(shown), "letters", 0).plain,
            strip(shown, "letters", 1).plain)


async def own_turn(pilot: Pilot[Any]) -> TableScreen:
    scr = await settle(pilot)
    assert isinstance(scr, TableScreen)
    return scr


def check_win_screen(text: str, win: Won, names: Sequence[str] = NAMES) -> None:
    """The result screen lists the win's yaku, points and every payment of the event."""
    w = win.wins[0]
    for yid, _ in w.yaku:
        assert yaku_name(yid) in text, (yid, text)
    assert f"{w.points:,} points" in text
    for p in w.payments:
        payer = "the table" if p.payer is None else names[p.payer]
        assert f"{payer} → {names[p.payee]}: {p.amount:,}" in text, text


# ---------------------------------------------------------------------- the own tsumo

TSUMO_HAND = {0: "234m456p678s55s11z"}  # waits on 1z and 5s


async def test_the_own_tsumo_by_key_shows_the_win() -> None:
    app = scripted_app(TSUMO_HAND, ["9m", "2z", "3z", "4z", "1z"])
    async with app.run_test(size=SIZE) as pilot:
        scr = await own_turn(pilot)
        await pilot.press("enter")  # the drawn 9m goes
        scr = await own_turn(pilot)
        drawn = scr.session.view().drawn
        assert drawn is not None and kind_of(drawn) == kind("1z")
        assert "tsumo" in scr.groups() and "Tsumo (t)" in screen_text(app)
        await pilot.press("t")
        result = await settle(pilot)
        assert isinstance(result, HandResultScreen)
        (won,) = events_of(app, Won)
        assert isinstance(won, Won) and won.wins[0].from_seat is None
        text = screen_text(app)
        assert "You win — Tsumo" in text
        check_win_screen(text, won)


async def test_a_mouse_click_on_the_tsumo_button_wins() -> None:
    app = scripted_app(TSUMO_HAND, ["9m", "2z", "3z", "4z", "1z"])
    async with app.run_test(size=SIZE) as pilot:
        scr = await own_turn(pilot)
        hand = scr.table.hand
        x, _, index = hand._spans[-1]  # the drawn tile, set apart at the right
        assert hand.tiles[index] == scr.session.view().drawn
        await pilot.click(hand, offset=(x, 1))  # a click on a tile discards it
        scr = await own_turn(pilot)
        mine = [kind_of(e.tile) for e in events_of(app, Discarded) if e.seat == 0]
        assert mine == [kind("9m")]
        await pilot.click("#act-tsumo")
        assert isinstance(await settle(pilot), HandResultScreen)
        assert "You win — Tsumo" in screen_text(app)


# ---------------------------------------------------------------------- kans

async def kan_by_key(pilot: Pilot[Any], scr: TableScreen) -> None:
    assert "kan" in scr.groups() and "Kan (k)" in screen_text(scr.app)
    await pilot.press("k")


def check_dora_shown(app: HanchanApp, scr: TableScreen, count: int) -> None:
    """The centre shows ``count`` indicators, as the events revealed them, and their dora."""
    view = scr.session.view()
    revealed = [e.indicator for e in events_of(app, DoraRevealed)]
    assert len(view.dora_indicators) == count
    assert list(view.dora_indicators)[1:] == revealed
    dora, indicators = centre_dora(scr)
    text = screen_text(app)
    assert f"Dora {dora}" in text and indicators in text, text


def check_replacement_drawn(app: HanchanApp, scr: TableScreen, rinshan: str) -> None:
    """The replacement tile is the one drawn, set apart at the right of the hand."""
    last = events_of(app, Drew)[-1]
    assert last.rinshan and kind_of(last.tile) == kind(rinshan)
    view = scr.session.view()
    assert view.drawn == last.tile
    hand = scr.table.hand
    assert hand.tiles[hand._spans[-1][2]] == view.drawn


async def test_a_closed_kan_draws_a_replacement_and_shows_the_new_dora_at_once() -> None:
    # tenhou: a closed kan's dora indicator is turned at once (kan_dora_closed immediate)
    app = scripted_app({0: "1111m456p678s55s7z"}, ["2z"], dora="7p4s", rinshan="3z")
    async with app.run_test(size=SIZE) as pilot:
        scr = await own_turn(pilot)
        check_dora_shown(app, scr, 1)
        await kan_by_key(pilot, scr)
        scr = await own_turn(pilot)
        (kan,) = events_of(app, Kan)
        assert kan.seat == 0
        assert [m.kind for m in scr.session.view().me.melds] == ["ankan"]
        check_replacement_drawn(app, scr, "3z")
        check_dora_shown(app, scr, 2)


async def test_an_open_kan_draws_a_replacement_and_turns_the_dora_after_the_discard() -> None:
    # tenhou: an open kan's indicator is turned after the replacement's discard
    app = scripted_app({0: "999m456p678s55s12z"}, ["3z", "9m"], dora="7p4s", rinshan="4z")
    async with app.run_test(size=SIZE) as pilot:
        await own_turn(pilot)
        await pilot.press("enter")  # the drawn 3z; South throws the fourth 9m
        scr = await own_turn(pilot)
        assert scr.groups() == ("kan", "pon", "pass")
        await kan_by_key(pilot, scr)
        scr = await own_turn(pilot)
        assert [m.kind for m in scr.session.view().me.melds] == ["minkan"]
        check_replacement_drawn(app, scr, "4z")
        check_dora_shown(app, scr, 1)
        await pilot.press("enter")  # the replacement goes: now the new dora shows
        await pilot.pause()
        check_dora_shown(app, scr, 2)


async def test_an_added_kan_on_a_pon_draws_a_replacement_and_a_new_dora() -> None:
    app = scripted_app({0: "99m456p678s55s123z"}, ["4z", "9m", "5z", "6z", "7z", "9m"],
                       dora="7p4s", rinshan="1p")
    async with app.run_test(size=SIZE) as pilot:
        await own_turn(pilot)
        await pilot.press("enter")  # the drawn 4z; South throws a 9m
        scr = await own_turn(pilot)
        await pilot.press("p")
        scr = await own_turn(pilot)
        assert [m.kind for m in scr.session.view().me.melds] == ["pon"]
        assert scr.choice is not None
        ones = scr.choice.tiles.index(next(t for t in scr.choice.tiles
                                           if kind_of(t) == kind("1z")))
        await pilot.press(str(ones + 1), "enter")
        scr = await own_turn(pilot)  # the fourth 9m drawn
        await kan_by_key(pilot, scr)
        scr = await own_turn(pilot)
        assert [m.kind for m in scr.session.view().me.melds] == ["kakan"]
        check_replacement_drawn(app, scr, "1p")
        await pilot.press("enter")
        await pilot.pause()
        check_dora_shown(app, scr, 2)


async def test_robbing_a_kan_is_a_ron_with_chankan_on_the_result_screen() -> None:
    # South pons North's 5p, then adds the red 5p it draws: the player, waiting
    # on 5p, may rob the kan (槍槓)
    hands = {0: "234m789p678s55s4p7z", 1: "55p111m999m111s6z2z"}
    draws = ["1z", "3z", "4z", "5p", "5z", "6z", "6p", "0p"]
    app = scripted_app(hands, draws, bots={1: Script("pon", "kakan")})
    async with app.run_test(size=SIZE) as pilot:
        await own_turn(pilot)
        await pilot.press("enter")  # the drawn 1z
        scr = await own_turn(pilot)  # the 6p drawn: the 7z goes, tenpai on 5p
        called = [m.called for m in scr.session.view().seats[1].melds]
        assert [None if c is None else kind_of(c) for c in called] == [kind("5p")]
        assert scr.choice is not None
        seven = scr.choice.tiles.index(next(t for t in scr.choice.tiles
                                            if kind_of(t) == kind("7z")))
        await pilot.press("1", *(["right"] * seven), "enter")
        scr = await own_turn(pilot)
        assert "ron" in scr.groups() and "Ron (o)" in screen_text(app)
        assert events_of(app, Kan)  # South's added kan, open to be robbed
        await pilot.press("o")
        assert isinstance(await settle(pilot), HandResultScreen)
        (won,) = events_of(app, Won)
        assert isinstance(won, Won) and won.wins[0].from_seat == 1
        assert "chankan" in {y for y, _ in won.wins[0].yaku}
        text = screen_text(app)
        assert "You win — Ron from Bot S" in text
        check_win_screen(text, won)


# ---------------------------------------------------------------------- open riichi

async def test_an_open_riichi_across_the_table_shows_its_hand() -> None:
    # makura 18): オープンリーチ, 部分さらし — the part of the declarer's hand that makes
    # the wait lies open for everyone, the rest face down
    rules = load_ruleset("makura")
    hands = {2: "123m456p789s1122z"}  # West: tenpai on 1z and 2z
    app = scripted_app(hands, ["9m", "3z", "9p"], rules=rules,
                       bots={2: Script("open_riichi")})
    async with app.run_test(size=SIZE) as pilot:
        scr = await own_turn(pilot)
        await pilot.press("enter")
        scr = await own_turn(pilot)
        (declared,) = events_of(app, RiichiDeclared)
        assert declared.seat == 2 and declared.open
        west = scr.session.view().seats[2]
        assert west.open_riichi and west.shown_hand
        text = screen_text(app)
        assert "OPEN RIICHI" in text
        assert len(west.shown_hand) == 4  # 1122z: the sets 123m 456p 789s face down
        part = strip(sorted(west.shown_hand), "letters", rules.red_fives).plain
        assert part + " " + "▮" * (west.hand_size - 4) in text
