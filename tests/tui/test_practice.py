"""Practice mode (MATRIX.md section 7) at the table: mistakes by keys, penalties shown.

Most tests deal a scripted wall (``tests.kit.game.build_wall``) and seat
bots that only discard the tile they drew and pass, so the moment of each
mistake is exact: the human (East, the dealer) draws 7z first; South, West and
North then draw and throw 9m, 9p and 5m.  North's 5m lets the human chi (34m or
46m) but not pon or ron: that is the claim where the false calls and rons are
tried.  The presets' penalties are the clubs' (makura 33)/38), teireikai 罰則1/3,
gpc l.38).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget

from hanchan.cli.parser import build_parser
from hanchan.cli.play import game_spec
from hanchan.engine.actions import Action, Chi, Discard, OpenKan, Pass, Pon, Ron, Tsumo
from hanchan.engine.events import Called, HandStarted, Penalty
from hanchan.engine.game import Game
from hanchan.engine.tiles import kind_of, parse_tiles
from hanchan.engine.view import PlayerView
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.tui.app import HanchanApp
from hanchan.tui.screens import table as table_module
from hanchan.tui.screens.chooser import ChooserScreen
from hanchan.tui.screens.game_end import GameEndScreen
from hanchan.tui.screens.hand_result import HandResultScreen
from hanchan.tui.screens.menu import NewGameScreen
from hanchan.tui.screens.replay import ReplayScreen
from hanchan.tui.screens.table import TableScreen
from hanchan.tui.session import NewGame, PlaySession
from hanchan.tui.settings import Settings
from hanchan.tui.table.practice import plausible_calls
from hanchan.words.penalties import dead_seats
from hanchan.words.stats import score_history
from tests.kit.game import build_wall
from tests.kit.one_screen import OneScreen
from tests.kit.screen_text import screen_text
from tests.kit.tui_driver import settle

SIZE = (100, 32)
HANDS = {0: "3446m159p19s1234z"}  # chi on 5m: 34m or 46m; no pon, no win
DRAWS = ["7z", "9m", "9p", "5m"]


def practice(name: str) -> Ruleset:
    return load_ruleset(name).replace(practice_mode=True)


class Tsumogiri:
    """A scripted bot: passes every claim, throws the tile it drew."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if Pass() in legal:
            return Pass()
        plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
        drawn = next((a for a in plain if a.tile == view.drawn), None)
        return drawn or plain[-1] if plain else legal[0]


def answer_in_time(monkeypatch: pytest.MonkeyPatch, first: tuple[float, ...] = ()) -> None:
    """Practice mode passes by itself after :func:`pass_wait` (0.8 s): time a busy test
    machine may take between two key presses.  The waits are ``first``, then a minute, so
    that a test's key always comes before the pass it does not wait for."""
    waits = iter(first)
    monkeypatch.setattr(table_module, "pass_wait", lambda delay: next(waits, 60.0))


def scripted_app(rules: Ruleset, hands: dict[int, str] = HANDS,
                 draws: list[str] = DRAWS, settings: Settings | None = None) -> HanchanApp:
    wall = build_wall(hands, draws, red_fives=rules.red_fives)
    game = Game(rules, ("You", "Bot S", "Bot W", "Bot N"), 0, walls=[wall, wall],
                practice_seats=(0,))
    session = PlaySession(game, 0, {s: Tsumogiri() for s in (1, 2, 3)})
    return HanchanApp("play", session=session,
                      settings=settings if settings is not None else Settings(bot_delay=0.0))


def region(app: HanchanApp, widget: Widget) -> str:
    """The screen's text inside ``widget``."""
    r = widget.region
    return "\n".join(line[r.x:r.right] for line in screen_text(app).splitlines()[r.y:r.bottom])


def penalties(app: HanchanApp) -> list[Penalty]:
    assert app.session is not None
    return [e for e in app.session.events if isinstance(e, Penalty)]


async def to_chi_offer(pilot: Pilot[Any]) -> TableScreen:
    """Discard the drawn 7z; come back at North's 5m, where only a chi is legal."""
    scr = await settle(pilot)
    assert isinstance(scr, TableScreen)
    await pilot.press("enter")
    scr = await settle(pilot)
    assert isinstance(scr, TableScreen)
    assert scr.groups() == ("chi", "pass")
    view = scr.session.view()
    assert view.last_discard is not None and view.last_discard[0] == 3
    return scr


# ---------------------------------------------------------------------- turning it on

def test_practice_flag_turns_practice_mode_on_over_the_preset() -> None:
    args = build_parser().parse_args(["play", "--rules", "makura", "--practice"])
    assert args.practice is True
    spec = game_spec(args)
    assert spec.rules == load_ruleset("makura").replace(practice_mode=True)
    plain = game_spec(build_parser().parse_args(["play", "--rules", "makura"]))
    assert plain.rules == load_ruleset("makura") and not plain.rules.practice_mode


async def test_new_game_screen_switch_starts_a_practice_game(tmp_path: Path) -> None:
    app = HanchanApp("menu", save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, NewGameScreen)
        assert "Practice" in screen_text(app)
        state = app.screen.query_one("#practice-state")
        assert "off" in region(app, state)  # the switch in words (issue 40)
        chosen = scr.infos[scr.current]
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert "on" in region(app, state) and "off" not in region(app, state)
        await pilot.press("ctrl+s")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert table.session.rules == chosen.rules.replace(practice_mode=True)
        assert "practice" in screen_text(app)


async def test_auto_win_leaves_the_win_to_the_practising_player() -> None:
    """Auto-win would hide a missed win, the mistake practice mode is there to show:
    it does not play in practice mode, even kept from an earlier game."""
    kept = Settings(bot_delay=0.0, auto_win=True, keep_toggles=True)
    hands = {0: "123m456p789s1122z"}  # the first draw, 2z, wins (menzen tsumo)
    draws = ["2z", "9m", "9p", "5m"]
    app = scripted_app(practice("makura"), hands, draws, kept)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert "tsumo" in scr.groups()  # the win is offered, and waits for the player
        assert "AUTO:" not in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert "Auto-win is off in practice mode" in screen_text(app)
        assert scr.settings.auto_win  # kept as it was for the games out of practice
    app = scripted_app(load_ruleset("makura"), hands, draws, kept)  # the same without practice
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(await settle(pilot), HandResultScreen)  # auto-win won at once


async def own_turn(pilot: Pilot[Any]) -> TableScreen:
    """Pass on every claim until the human's own turn (a discard to make)."""
    for _ in range(50):
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        if any(isinstance(a, Discard) for a in scr.legal_now):
            return scr
        await pilot.press("space")
    raise AssertionError("the human never had a turn")


async def test_a_resumed_practice_game_keeps_the_human_seat_as_practice_seat(
        tmp_path: Path) -> None:
    spec = NewGame(practice("makura"), 3, "greedy", 2, tmp_path)  # the human sits West
    app = HanchanApp("play", new_game=spec, save_dir=tmp_path, settings=Settings(bot_delay=0.0))
    async with app.run_test(size=SIZE) as pilot:
        scr = await own_turn(pilot)
        assert scr.session.human == 2
        await pilot.press("ctrl+q")
    path = next(tmp_path.glob("*.jsonl"))
    again = HanchanApp("continue", path=path, save_dir=tmp_path,
                       settings=Settings(bot_delay=0.0))
    async with again.run_test(size=SIZE) as pilot:
        scr = await own_turn(pilot)
        assert scr.session.rules.practice_mode and scr.session.human == 2
        assert Tsumo() not in scr.session.legal()
        await pilot.press("t")
        assert isinstance(await settle(pilot), ChooserScreen)  # shown or taken back
        await pilot.press("1")  # shown: the hand is laid down
        assert isinstance(await settle(pilot), HandResultScreen)
        assert [(p.seat, p.kind) for p in penalties(again)] == [(2, "chombo")]
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+q")
    # the saved file holds the penalty; the replay viewer shows it and its result
    viewer = HanchanApp("replay", path=path, save_dir=tmp_path, replay_seat=2)
    async with viewer.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay = viewer.screen
        assert isinstance(replay, ReplayScreen)
        index = next(i for i, e in enumerate(replay.events) if isinstance(e, Penalty))
        replay.position = index
        await pilot.pause()
        assert "Enter shows the result." in screen_text(viewer)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(viewer.screen, HandResultScreen)
        assert "false tsumo" in screen_text(viewer)


# ---------------------------------------------------------------------- chombo

async def test_false_tsumo_is_a_makura_chombo_and_the_hand_is_replayed() -> None:
    # makura 33): 4,000 to each other player; 35): the hand is replayed, no honba
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and Tsumo() not in scr.legal_now
        await pilot.press("t")
        assert isinstance(await settle(pilot), ChooserScreen)  # shown or taken back
        await pilot.press("1")  # shown: the hand is laid down
        result = await settle(pilot)
        assert isinstance(result, HandResultScreen)
        text = screen_text(app)
        assert "Chombo" in text and "false tsumo" in text
        assert "You pay 4,000 to each player (makura rules)." in text
        assert "The hand is replayed: East 1 again, You deal, 0 honba." in text
        (pen,) = penalties(app)
        assert pen.deltas == (-12000, 4000, 4000, 4000)
        assert "13,000" in text and "29,000" in text  # after: 25,000 - 12,000, 25,000 + 4,000
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert app.session is not None
        starts = [e for e in app.session.events if isinstance(e, HandStarted)]
        assert len(starts) == 2
        assert (starts[1].dealer, starts[1].honba) == (0, 0)
        assert starts[1].scores == (13000, 29000, 29000, 29000)


async def test_false_tsumo_in_teireikai_puts_12000_on_the_table() -> None:
    # teireikai 罰則1: 12,000点を供託する; the hand is replayed
    app = scripted_app(practice("teireikai"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("t")
        assert isinstance(await settle(pilot), ChooserScreen)  # shown or taken back
        await pilot.press("1")  # shown: the hand is laid down
        assert isinstance(await settle(pilot), HandResultScreen)
        assert "You put 12,000 on the table (the next winner takes it)" in screen_text(app)
        (pen,) = penalties(app)
        assert pen.to_table == 12000 and pen.deltas == (-12000, 0, 0, 0)
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        view = scr.session.view()
        assert view.sticks == 12 and view.me.score == 30000 - 12000


async def test_false_ron_in_gpc_loses_12000_to_nobody() -> None:
    # gpc l.38: 12,000点を外に出す (誰のものにもならない); l.39: the hand is played again
    app = scripted_app(practice("gpc"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await to_chi_offer(pilot)
        assert Ron() not in scr.legal_now
        before = scr.session.view().me.score
        await pilot.press("o")
        assert isinstance(await settle(pilot), ChooserScreen)  # shown or taken back
        await pilot.press("1")  # shown: the hand is laid down
        assert isinstance(await settle(pilot), HandResultScreen)
        text = screen_text(app)
        assert "false ron" in text and "You lose 12,000 to nobody (gpc rules)." in text
        (pen,) = penalties(app)
        assert pen.kind == "chombo" and pen.deltas == (-12000, 0, 0, 0)
        await pilot.press("enter")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert table.session.view().me.score == before - 12000


async def test_noten_riichi_with_any_discard_is_a_chombo_at_the_draw() -> None:
    # makura 27): ノーテンリーチは流局後チョンボ; the r key marks every discard in practice
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert not any(isinstance(a, Discard) and a.riichi for a in scr.legal_now)
        await pilot.press("r")
        await pilot.pause()
        assert scr.riichi_mode
        await pilot.press("enter")  # riichi with the drawn 7z, far from tenpai
        for _ in range(200):
            after = await settle(pilot)
            if isinstance(after, HandResultScreen):
                break
            assert isinstance(after, TableScreen)
            await pilot.press("space" if "pass" in after.groups() else "enter")
        assert isinstance(after, HandResultScreen)
        assert "riichi while noten" in screen_text(app)
        (pen,) = penalties(app)
        assert pen.kind == "chombo" and pen.seat == 0


# ---------------------------------------------------------------------- false calls

async def test_false_pon_in_makura_puts_1000_on_the_table() -> None:
    # makura 38): 空行為は罰符1000点を場に供託; the call is not made
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")  # the only plausible pon: 4m 4m on the 5m
        assert isinstance(await settle(pilot), HandResultScreen)
        text = screen_text(app)
        assert "False call" in text
        assert "You put 1,000 on the table (the next winner takes it) (makura rules)." in text
        assert "The call is not made; play goes on." in text
        (pen,) = penalties(app)
        assert pen.kind == "false_call" and pen.deltas == (-1000, 0, 0, 0)
        assert app.session is not None
        assert not any(isinstance(e, Called) for e in app.session.events)
        await pilot.press("enter")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        view = table.session.view()
        assert view.me.score == 24000 and view.sticks == 1
        assert "DEAD" not in screen_text(app)


async def test_false_pon_in_teireikai_makes_a_dead_hand_shown_on_the_table() -> None:
    # teireikai 罰則3: 空チー・空ポン・空カンはアガリ放棄
    app = scripted_app(practice("teireikai"))
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")
        assert isinstance(await settle(pilot), HandResultScreen)
        text = screen_text(app)
        assert "Your hand is dead (アガリ放棄)" in text
        (pen,) = penalties(app)
        assert pen.dead_hand and pen.deltas == (0, 0, 0, 0)
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert "DEAD" in screen_text(app)
        assert scr.session.view().me.score == 30000
        # a dead hand that declares tsumo has made a false win: a chombo; the replayed
        # hand starts alive again, and the marker is gone
        await pilot.press("t")
        assert isinstance(await settle(pilot), ChooserScreen)  # shown or taken back
        await pilot.press("1")  # shown: the hand is laid down
        assert isinstance(await settle(pilot), HandResultScreen)
        assert [p.kind for p in penalties(app)] == ["false_call", "chombo"]
        await pilot.press("enter")
        assert isinstance(await settle(pilot), TableScreen)
        assert "DEAD" not in screen_text(app)


async def test_a_pon_without_the_tiles_is_a_false_call_that_names_what_was_wrong(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # makura 38): 空ポン (a pon with no pair of the tile) puts 1,000 on the table; the
    # result names the call and the engine's reason, not a refusal
    answer_in_time(monkeypatch)
    app = scripted_app(practice("makura"), {0: "3469m159p19s1234z"},
                       settings=Settings(bot_delay=0.3))  # practice stops on South's 9m
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("enter")
        scr = await settle(pilot)  # South's 9m: one 9m in the hand, no pair
        assert isinstance(scr, TableScreen)
        view = scr.session.view()
        assert view.last_discard is not None and view.last_discard[0] == 1
        await pilot.press("p")
        chooser = await settle(pilot)
        assert isinstance(chooser, ChooserScreen)
        assert "Which pon? (practice: none is legal)" in screen_text(app)
        await pilot.press("1")
        assert isinstance(await settle(pilot), HandResultScreen)
        text = penalty_words(app)
        assert "no tiles in your hand go with" not in text
        assert "you called Pon 69m, which the rules do not allow: A pon needs two tiles " \
            "like the discard in your hand." in text
        (pen,) = penalties(app)
        assert pen.kind == "false_call" and pen.to_table == 1000


async def test_a_kan_without_the_tiles_is_a_false_call() -> None:
    # makura 38): 空カン too; no three tiles near 5m, any three are sent
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("k")
        assert isinstance(await settle(pilot), ChooserScreen)
        await pilot.press("1")
        assert isinstance(await settle(pilot), HandResultScreen)
        assert "An open kan needs three tiles like the discard" in penalty_words(app)
        (pen,) = penalties(app)
        assert pen.kind == "false_call"


async def test_a_chi_from_the_wrong_seat_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # makura 38): a chi of South's 9m by East (not the next seat) is a false call; the
    # message says the seat was wrong, not that the tiles were missing
    answer_in_time(monkeypatch)
    app = scripted_app(practice("makura"), {0: "3478m159p19s1234z"},
                       settings=Settings(bot_delay=0.3))  # practice stops on South's 9m
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        view = scr.session.view()
        assert view.last_discard is not None and view.last_discard[0] == 1
        await pilot.press("c")  # 78m with the 9m: a run, from the wrong seat
        assert isinstance(await settle(pilot), HandResultScreen)
        text = penalty_words(app)
        assert "you called Chi 78m, which the rules do not allow: Only the next player " \
            "(to the discarder's right) may chi a discard." in text
        assert "without the tiles" not in text
        (pen,) = penalties(app)
        assert pen.kind == "false_call" and pen.to_table == 1000


async def test_without_a_false_call_penalty_the_call_is_refused_with_the_reason() -> None:
    # yokoyoko (5): 誤発声 (空ポン) はペナルティ無しで取り消せる; さらし間違えは訂正可
    app = scripted_app(practice("yokoyoko"))
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert "A pon needs two tiles like the discard in your hand." in screen_text(app)
        assert penalties(app) == []


async def test_a_pon_of_unlike_tiles_stands_and_the_hand_is_dead_in_ako() -> None:
    # ako 7-05-02 d: 誤った鳴き (順子・刻子・槓子になっていない) は発覚後和り放棄: the pon is
    # made as shown, the result says so, and the table marks the hand dead
    app = scripted_app(practice("ako"))
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")
        scr = await settle(pilot)
        if isinstance(scr, ChooserScreen):  # several pons tried: the first
            await pilot.press("1")
            scr = await settle(pilot)
        assert isinstance(scr, HandResultScreen)
        text = penalty_words(app)
        assert "A meld made wrongly (誤フーロ): you made a meld whose tiles make no set." in text
        assert "Your hand is dead (アガリ放棄)" in text
        (pen,) = penalties(app)
        assert pen.kind == "false_meld" and pen.dead_hand and pen.to_table == 0
        assert app.session is not None and app.session.game.state.seats[0].melds


async def test_several_false_calls_are_offered_in_a_chooser() -> None:
    # makura 38): whichever pon is tried, 1,000 to the table
    app = scripted_app(practice("makura"), {0: "34466m159p19s123z"})
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")  # 4m 4m or 6m 6m on the 5m
        chooser = await settle(pilot)
        assert isinstance(chooser, ChooserScreen)
        text = screen_text(app)
        assert "Which pon? (practice: none is legal)" in text
        assert "4m" in text and "6m" in text
        await pilot.press("2")
        assert isinstance(await settle(pilot), HandResultScreen)
        (pen,) = penalties(app)
        assert pen.kind == "false_call" and pen.to_table == 1000


# ---------------------------------------------------------------------- practice off

async def test_outside_practice_mode_the_same_keys_are_refused() -> None:
    app = scripted_app(load_ruleset("makura"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        before = list(scr.session.events)
        # each refusal gives the engine's reason (engine.legal.why_illegal), in words
        await pilot.press("t")
        await pilot.pause()
        assert "Your hand is not complete: it needs four sets and a pair." in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert "Riichi needs a hand that is tenpai (one tile from a win) after the discard." \
            in screen_text(app) and not scr.riichi_mode
        assert list(scr.session.events) == before
        scr = await to_chi_offer(pilot)
        before = list(scr.session.events)
        for key, reason in (  # 3446m159p19s1234z against North's 5m
                ("o", "That tile does not complete your hand."),
                ("p", "A pon needs two tiles like the discard in your hand."),
                ("k", "An open kan needs three tiles like the discard in your hand.")):
            await pilot.press(key)
            await pilot.pause()
            assert reason in screen_text(app)
            assert "not possible now" not in screen_text(app)
            assert isinstance(app.screen, TableScreen)
        assert list(scr.session.events) == before and penalties(app) == []
        assert "practice" not in screen_text(app)


# ---------------------------------------------------------------------- pieces

def tiles_of(call: Action) -> tuple[int, ...]:
    assert isinstance(call, (Chi, Pon, OpenKan))
    return call.tiles


def test_plausible_calls_are_near_the_discard() -> None:
    hand = parse_tiles("3446m159p19s1234z", 1)
    five = parse_tiles("5m", 1, used=hand)[0]
    words = {kind: [sorted(kind_of(t) for t in tiles_of(a))
                    for a in plausible_calls(kind, hand, five, 1)]
             for kind in ("chi", "pon", "kan")}
    assert words["pon"] == [[3, 3]]
    assert [2, 3] in words["chi"] and [3, 5] in words["chi"] and [2, 5] in words["chi"]
    assert all(k < 9 for pair in words["chi"] for k in pair)
    assert words["kan"] == []
    honour = parse_tiles("1z", 1, used=hand)[0]
    assert plausible_calls("chi", hand, honour, 1) == []


async def test_replay_viewer_and_log_show_a_penalty() -> None:
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        await to_chi_offer(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert app.session is not None
        events = list(app.session.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, Penalty))

    viewer = OneScreen(ReplayScreen(events, title="practice"))
    async with viewer.run_test(size=SIZE) as viewing:
        await viewing.pause()
        scr = viewer.screen
        assert isinstance(scr, ReplayScreen)
        scr.position = index
        await viewing.pause()
        assert "You: false call (1,000 to the table)" in screen_text(viewer)
        await viewing.press("enter")
        await viewing.pause()
        assert isinstance(viewer.screen, HandResultScreen)
        assert "False call" in screen_text(viewer)
        await viewing.press("enter")
        await viewing.press("end")  # every later event still draws
        await viewing.pause()
        assert scr.replay.position == len(events) - 1
        # the end-of-game screen's chart and numbers read the penalty too
        viewer.push_screen(GameEndScreen(events, 0, ("You", "Bot S", "Bot W", "Bot N"),
                                         pushed=True))
        await viewing.pause()
        assert "Points across the game" in screen_text(viewer)
    assert score_history(events)[-1] == (24000, 25000, 25000, 25000)


def test_dead_seats_last_until_the_hand_ends() -> None:
    dead = Penalty(seat=0, kind="false_call", reason="false call: dead hand", dead_hand=True)
    start = HandStarted(round_wind=0, hand_number=0, honba=0, sticks=0, dealer=0,
                        scores=(25000, 25000, 25000, 25000), dice=(1, 1), wall=tuple(range(136)))
    assert dead_seats([start, dead]) == frozenset({0})
    assert dead_seats([start, dead, start]) == frozenset()


async def test_practice_asks_about_every_discard_and_passes_by_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # gpc l.38: a false ron is possible on any discard, so practice mode stops on each
    # one for the bots' delay: pressing o there is a chombo; doing nothing passes.
    answer_in_time(monkeypatch, (0.8,))  # South's 9m passes by itself; West's 9p waits
    app = scripted_app(practice("gpc"))
    app.settings = Settings(bot_delay=0.3)
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("enter")  # discard the drawn 7z; South draws and throws 9m
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        assert scr.session.legal() == (Pass(),)  # South's 9m: nothing legal but passing
        mark = len(scr.session.events)
        for _ in range(100):  # nobody pressed a key: it passes and play goes on
            await pilot.pause(0.1)
            if len(scr.session.events) > mark:
                break
        assert len(scr.session.events) > mark
        assert not penalties(app)
        scr = await settle(pilot)  # West's 9p: asked again
        assert isinstance(scr, TableScreen) and scr.session.legal() == (Pass(),)
        await pilot.press("o")
        assert isinstance(await settle(pilot), ChooserScreen)  # shown or taken back
        await pilot.press("1")  # shown: the hand is laid down
        assert isinstance(await settle(pilot), HandResultScreen)
        (pen,) = penalties(app)
        assert pen.kind == "chombo" and pen.deltas == (-12000, 0, 0, 0)


def penalty_words(app: HanchanApp) -> str:
    """The result screen's penalty sentences, joined on one line."""
    (widget,) = app.screen.query(".penalty")
    return " ".join(str(widget.render()).split())


async def test_a_false_ron_taken_back_before_showing_costs_1000_and_the_hand() -> None:
    # makura 33 a): 倒牌前であれば取り消すことが出来る。この場合罰符千点を供託し、アガリ放棄
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await to_chi_offer(pilot)
        assert Ron() not in scr.legal_now
        await pilot.press("o")
        assert isinstance(await settle(pilot), ChooserScreen)
        assert "Take the ron back, hand not shown" in screen_text(app)
        await pilot.press("2")
        assert isinstance(await settle(pilot), HandResultScreen)
        text = penalty_words(app)
        assert "false ron taken back" in text and "You put 1,000 on the table" in text
        assert "No hand was shown, so there is no chombo; play goes on." in text
        (pen,) = penalties(app)
        assert pen.kind == "false_ron_withdrawn" and pen.dead_hand
        await pilot.press("enter")
        assert isinstance(await settle(pilot), TableScreen)
        assert "DEAD" in screen_text(app)


async def test_a_riichi_taken_back_in_makura_puts_1000_on_the_table() -> None:
    # makura 22), 38 e): リーチ取り消しは空発声として扱う (千点供託); r down is the riichi said
    app = scripted_app(practice("makura"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("r")
        await pilot.pause()
        assert scr.riichi_mode and "Taking it back (r or Esc) is penalised" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(await settle(pilot), HandResultScreen)
        text = penalty_words(app)
        assert "Riichi taken back" in text and "You put 1,000 on the table" in text
        assert "No riichi is declared; play goes on." in text
        (pen,) = penalties(app)
        assert pen.kind == "riichi_withdrawn" and not pen.dead_hand
        await pilot.press("enter")
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen) and not scr.riichi_mode
        assert any(isinstance(a, Discard) for a in scr.legal_now)  # still East's discard


async def test_a_riichi_taken_back_in_ako_costs_nothing() -> None:
    # ako 7-05-12 f: 立直の発声がなかったものとしてそのまま続行する
    app = scripted_app(practice("ako"))
    async with app.run_test(size=SIZE) as pilot:
        scr = await settle(pilot)
        assert isinstance(scr, TableScreen)
        await pilot.press("r")
        await pilot.pause()
        assert scr.riichi_mode and "penalised" not in screen_text(app)
        await pilot.press("r")
        await pilot.pause()
        assert not scr.riichi_mode and not penalties(app)
