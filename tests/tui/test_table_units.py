"""The play table's units without a pilot: the hand choice, practice mistakes, autoplay, pacing.

The games are dealt from scripted walls (``tests.engine.game_kit.build_wall``): the
human (East, the dealer) holds ``123m456p789s1122z`` and draws ``9m``, so the only
discard that keeps tenpai for riichi is the 9m (shanpon on 1z/2z).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from hanchan.engine.actions import (
    Action,
    Chi,
    ClosedKan,
    Discard,
    Pass,
    Pon,
    Ron,
    TakeBack,
    Tsumo,
)
from hanchan.engine.game import Game
from hanchan.engine.tiles import kind_of, parse_kinds
from hanchan.engine.view import PlayerView
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.session import PlaySession
from hanchan.tui.settings import Settings
from hanchan.tui.table.autoplay import auto_action, waits_on_pass
from hanchan.tui.table.choice import HandChoice
from hanchan.tui.table.pacing import BotPacer, pass_wait
from hanchan.tui.table.practice import mistakes, riichi_anywhere
from tests.kit.game import build_wall
from tests.kit.tui_sample import mid_hand_view

TENPAI = {0: "123m456p789s1122z"}
NINE_M = parse_kinds("9m")[0]


class Tsumogiri:
    """A scripted bot: passes every claim, throws the tile it drew."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if Pass() in legal:
            return Pass()
        plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
        return next((a for a in plain if a.tile == view.drawn), plain[-1])


def game(rules: Ruleset, hands: dict[int, str] = TENPAI,
         draws: Sequence[str] = ("9m", "1p", "2p", "3p", "1s")) -> Game:
    wall = build_wall(hands, list(draws), red_fives=rules.red_fives)
    return Game(rules, ("You", "Bot S", "Bot W", "Bot N"), 0, walls=[wall, wall],
                practice_seats=(0,))


def session(rules: Ruleset) -> PlaySession:
    return PlaySession(game(rules), 0, {s: Tsumogiri() for s in (1, 2, 3)})


def own_turn(rules: Ruleset) -> HandChoice:
    g = game(rules)
    return HandChoice(g.view(0), g.pending()[0]).fitted()


# ---------------------------------------------------------------------- HandChoice

def test_the_drawn_tile_is_selected_and_every_tile_may_be_discarded() -> None:
    choice = own_turn(Ruleset())
    assert choice.selected == 13 and kind_of(choice.tiles[13]) == NINE_M
    marked, dimmed = choice.marks()
    assert marked == frozenset() and dimmed == frozenset()
    assert choice.groups() == ("riichi",)
    assert choice.prompt() == "Your turn: pick a tile, Enter discards"
    assert choice.moved(1).selected == 0 and choice.moved(-1).selected == 12
    assert choice.picked(20) == choice  # past the end of the hand: no change
    assert choice.discard_of(choice.tiles[0]) == Discard(choice.tiles[0])


def test_riichi_key_marks_the_discards_that_keep_tenpai() -> None:
    choice = own_turn(Ruleset()).picked(0)
    down = choice.toggled_riichi("riichi")
    assert down.riichi == "riichi" and down.selected == 13  # moved onto the marked 9m
    marked, dimmed = down.marks()
    assert marked == {13} and dimmed == frozenset(range(13))
    assert down.prompt() == "Riichi: pick a marked tile and press Enter (Esc cancels)"
    assert down.discard_of(down.tiles[13]) == Discard(down.tiles[13], riichi=True)
    # a tile that breaks tenpai is still sent, for the engine to refuse with its reason
    assert down.discard_of(down.tiles[0]) == Discard(down.tiles[0], riichi=True)
    up = down.toggled_riichi("riichi")
    assert up.riichi is None
    assert down.done() == HandChoice(down.view, down.legal)


def test_open_riichi_is_offered_only_where_the_rules_have_it() -> None:
    assert own_turn(Ruleset()).riichi_options("open_riichi") == []
    choice = own_turn(Ruleset().replace(open_riichi=True))
    assert [a.tile for a in choice.riichi_options("open_riichi")] == [choice.tiles[13]]
    down = choice.toggled_riichi("open_riichi")
    assert down.open_riichi and down.prompt().startswith("Open riichi:")
    assert down.toggled_riichi("riichi").riichi == "riichi"  # the other key takes over


def test_practice_riichi_may_be_tried_with_any_discard() -> None:
    # makura 27): a noten riichi is a chombo at the draw, so the key must be able to send it
    choice = own_turn(load_ruleset("makura").replace(practice_mode=True))
    assert riichi_anywhere(choice.view, choice.legal, want_open=False)
    marked, _ = choice.toggled_riichi("riichi").marks()
    assert marked == frozenset(range(14))
    assert not riichi_anywhere(own_turn(load_ruleset("makura")).view, choice.legal, want_open=False)
    # far from tenpai: no riichi is legal, yet the key may send one with any discard
    g = game(load_ruleset("makura").replace(practice_mode=True), {0: "3446m159p19s1234z"})
    noten = HandChoice(g.view(0), g.pending()[0]).fitted()
    assert not any(isinstance(a, Discard) and a.riichi for a in noten.legal)
    assert len(noten.riichi_options("riichi")) == 14
    sent = noten.toggled_riichi("riichi").discard_of(noten.tiles[0])
    assert isinstance(sent, Discard) and sent.riichi


# ---------------------------------------------------------------------- practice mistakes

def test_practice_mistakes_by_key() -> None:
    choice = own_turn(load_ruleset("makura").replace(practice_mode=True))
    # makura 33 a): a false tsumo may be shown (chombo) or taken back before the tiles are
    # shown (1,000 and a dead hand): the key offers both
    assert mistakes("tsumo", choice.view, choice.legal) == [Tsumo(), TakeBack("tsumo")]
    assert mistakes("ron", choice.view, choice.legal) is None  # the engine says why
    assert mistakes("pon", choice.view, choice.legal) is None
    view = mid_hand_view(drawn=False)  # North's 2z-6z-9s-5m river: the 5m is open to claims
    asked: tuple[Action, ...] = (Pass(),)
    assert mistakes("ron", view, asked) == [Ron(), TakeBack("ron")]  # shown, or taken back
    calls = mistakes("chi", view, asked)
    assert isinstance(calls, list) and calls and all(isinstance(a, Chi) for a in calls)
    # no pair of 5m, no 4m or 6m beside one: a pon without the tiles (空ポン), any tiles
    pons = mistakes("pon", view, asked)
    assert isinstance(pons, list) and pons and all(isinstance(a, Pon) for a in pons)


def test_the_kan_key_tries_a_closed_kan_of_unlike_tiles_on_the_own_turn() -> None:
    # makura 38) a, b (空カン): with no kan in hand the key offers closed kans of nearly
    # four of a kind, each held and none a kan; the engine penalises the one sent
    choice = own_turn(load_ruleset("makura").replace(practice_mode=True))
    assert not any(isinstance(a, ClosedKan) for a in choice.legal)
    kans = mistakes("kan", choice.view, choice.legal)
    assert isinstance(kans, list) and kans and all(isinstance(a, ClosedKan) for a in kans)
    hand = list(choice.view.concealed())
    for kan in kans:
        assert isinstance(kan, ClosedKan) and len(set(kan.tiles)) == 4
        assert all(t in hand for t in kan.tiles) and len({t >> 2 for t in kan.tiles}) > 1


# ---------------------------------------------------------------------- autoplay

def test_toggles_play_for_the_human() -> None:
    view = mid_hand_view(drawn=True)
    assert view.drawn is not None
    drawn, other = Discard(view.drawn), Discard(view.hand[0])
    turn: tuple[Action, ...] = (other, drawn, Tsumo())
    off = Settings()
    assert auto_action(off, view, turn, practice=False) is None
    assert auto_action(off.toggled("auto_win"), view, turn, practice=False) == Tsumo()
    assert auto_action(off.toggled("tsumogiri"), view, (other, drawn), practice=False) == drawn
    # tsumogiri never throws away a riichi (or a kan) chance
    chance = (other, drawn, Discard(view.drawn, riichi=True))
    assert auto_action(off.toggled("tsumogiri"), view, chance, practice=False) is None
    claim: tuple[Action, ...] = (Pon((1, 2)), Pass())
    assert auto_action(off, view, claim, practice=False) is None
    assert auto_action(off.toggled("skip_calls"), view, claim, practice=False) == Pass()
    assert auto_action(off.toggled("skip_calls"), view, (Ron(), Pass()), practice=False) is None


def test_auto_win_never_wins_for_a_practising_player() -> None:
    """Practice mode is for spotting wins (and false ones): auto-win does not play there."""
    view = mid_hand_view(drawn=True)
    assert view.drawn is not None
    auto = Settings(auto_win=True)
    turn: tuple[Action, ...] = (Discard(view.hand[0]), Discard(view.drawn), Tsumo())
    assert auto_action(auto, view, turn, practice=False) == Tsumo()
    assert auto_action(auto, view, turn, practice=True) is None
    assert auto_action(auto, view, (Ron(), Pass()), practice=True) is None
    assert auto.banner(practice=True) == ""


def test_a_lone_pass_is_made_at_once_except_in_practice_mode() -> None:
    view = mid_hand_view(drawn=False)
    lone: tuple[Action, ...] = (Pass(),)
    assert auto_action(Settings(), view, lone, practice=False) == Pass()
    assert not waits_on_pass(Settings(), lone, practice=False)
    # gpc l.38: a false ron is possible on any discard, so practice mode waits
    assert waits_on_pass(Settings(), lone, practice=True)
    assert auto_action(Settings(), view, lone, practice=True) is None
    assert not waits_on_pass(Settings(bot_delay=0.0), lone, practice=True)
    assert auto_action(Settings(bot_delay=0.0), view, lone, practice=True) == Pass()
    assert pass_wait(0.4) == 0.8 and pass_wait(1.0) == 2.0


# ---------------------------------------------------------------------- pacing

def test_without_a_delay_the_bots_play_until_the_human_decides() -> None:
    s = session(Ruleset())
    assert s.act(0, Discard(s.view().hand[0])) is None
    moves = asyncio.run(BotPacer(s).play(0.0))
    assert moves >= 3  # South, West and North drew and discarded (and passed on claims)
    assert not s.bot_turns() and s.legal()  # the human's turn again


def test_with_a_delay_one_move_at_a_time_and_passes_do_not_wait() -> None:
    s = session(Ruleset())
    assert s.act(0, Discard(s.view().hand[0])) is None
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    pacer = BotPacer(s, clock=lambda: 0.0, sleep=sleep)
    kinds: list[str] = []
    while s.bot_turns():
        _, legal = s.bot_turns()[0]
        kinds.append("pass" if Pass() in legal else "turn")
        assert asyncio.run(pacer.play(0.5)) == 1
    assert waits == [0.5] * kinds.count("turn") and kinds.count("turn") == 3


def test_practice_passes_by_itself_only_when_nobody_answered() -> None:
    s = session(load_ruleset("gpc").replace(practice_mode=True))
    assert s.act(0, Discard(s.view().hand[0])) is None
    pacer = BotPacer(s)
    while s.bot_turns():
        asyncio.run(pacer.play(0.0))
        if s.legal() == (Pass(),):
            break
    assert s.legal() == (Pass(),)  # asked about South's discard
    mark = pacer.time_pass()
    assert mark == len(s.events) and pacer.time_pass() is None  # timed once
    assert not pacer.pass_if_unanswered(mark - 1)  # a stale moment: nothing
    assert pacer.pass_if_unanswered(mark)
    assert s.legal() != (Pass(),) or len(s.events) > mark
