"""The review of the choices that end a hand or the game (ai.review): showing a tenpai hand
or declaring noten at an exhaustive draw, and the last dealer's stop or play on."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from hanchan.ai.asking import asker_for, second_opinion
from hanchan.ai.club import ClubBot
from hanchan.ai.club.bot import row_key
from hanchan.ai.hints import judge_moment, moments
from hanchan.ai.review import DecisionReview, decision_points, review_game
from hanchan.cli.main import main
from hanchan.coach.review import mistake_lines, summary_lines, why
from hanchan.engine.actions import EndGame, ShowHand
from hanchan.engine.events import Event, GameEnded, HandStarted, NotenDeclared
from hanchan.engine.game import Game
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from hanchan.tui.screens.review import mistake_label
from tests.kit.game import build_wall, run
from tests.kit.play import game, preset, south4

NOTEN = {0: "2468m13579p2468s", 1: "13579s123456z99p", 2: "2468m2468p2468s7z"}
"""Three hands far from tenpai (tests/engine/test_scenarios_game_end.py's)."""

TENPAI = "123m456m789m12p55s"  # waits on 3p (ittsu)


def _dealt(seat: int) -> dict[int, str]:
    """``TENPAI`` to ``seat``, the three noten hands to the others."""
    others = [s for s in range(4) if s != seat]
    return {seat: TENPAI} | dict(zip(others, NOTEN.values(), strict=True))


def _ended(events: list[Event], seat: int, kind: str) -> DecisionReview:
    """The one decision of ``kind`` of ``seat``, checked against strong's own judgement:
    the judge's first row is decide's choice, and the cost is best row minus played."""
    found = [d for d in review_game(events, seat).decisions if d.kind == kind]
    assert len(found) == 1, found
    d = found[0]
    assert d.view is not None
    bot = ClubBot("strong", seed=0)
    decided = bot.decide(d.view, d.legal).action
    assert row_key(d.judged[0].action) == row_key(decided) == row_key(d.best.action)
    rows = {row_key(r.action): r.score for r in d.judged}
    best, played = rows[row_key(d.best.action)], rows[row_key(d.played.action)]
    assert best is not None and played is not None
    assert d.cost == pytest.approx(max(0.0, best - played))
    return d


def test_a_non_dealer_declaring_noten_early_gives_up_the_payments() -> None:
    # makura 8: ノーテン罰符は場に3000点; makura 32: a tenpai player may declare noten.
    # Shown, seat 1 gets 3,000 alone, 1,500 against one other tenpai, 1,000 against two,
    # and pays 3,000 as the only noten: 2,500 to 3,000 better than declaring noten
    rules = preset("makura")
    assert rules.noten_payment == 3000 and rules.noten_declaration == "allowed"
    g = game(rules, build_wall(_dealt(1)))
    run(g, (1, "noten"), until_hand_end=True)
    assert any(isinstance(e, NotenDeclared) and e.seat == 1 for e in g.events)
    d = _ended(g.events, 1, "show/noten")
    assert d.played.action == ShowHand(False) and d.best.action == ShowHand(True)
    assert 2500.0 <= d.cost <= 3000.0 and d.mistake
    assert d.hand == "E1-0"
    lines = mistake_lines(d)
    assert "   you     declare noten" in lines and "   strong  show the hand" in lines
    assert why(d).startswith("the noten payments: showing the hand is worth 2,")
    assert "show/noten 1/1" in "\n".join(summary_lines(review_game(g.events, 1)))
    assert mistake_label(1, d).startswith(" 1. E1-0   show/noten ")  # the app's list
    assert mistake_label(1, d).endswith("declare noten → show the hand")


def test_a_shown_hand_is_no_mistake_where_the_payments_are_nothing() -> None:
    # the same draw with noten_payment = 0: showing gains nothing, so nothing is lost
    rules = preset("makura").replace(noten_payment=0)
    g = game(rules, build_wall(_dealt(1)))
    run(g, (1, "noten"), until_hand_end=True)
    d = _ended(g.events, 1, "show/noten")
    assert d.cost == 0.0 and not d.mistake


def test_the_last_dealer_top_by_a_little_declares_noten_and_showing_costs() -> None:
    # makura 3)-5): no tenpai-yame, so at South 4 the dealer's noten declaration ends the
    # game (renchan_at_draw = tenpai); 30,000 against 25,000: strong declares noten
    rules = preset("makura")
    assert rules.tenpaiyame == "none" and rules.renchan_at_draw == "tenpai"
    g = south4(rules, (20000, 25000, 25000, 30000), build_wall(_dealt(3), dealer=3))
    run(g, (3, "show"), until_hand_end=True)
    assert isinstance(g.events[-2], HandStarted) and g.events[-2].honba == 1  # played on
    d = _ended(g.events, 3, "show/noten")
    assert d.played.action == ShowHand(True) and d.best.action == ShowHand(False)
    assert d.mistake and d.reason == "declare noten: the game ends"
    assert why(d).startswith("the final ranks: declaring noten ends the game as it stands")


def test_the_last_dealer_far_ahead_shows_the_hand() -> None:
    # 40,000 against 20,000s: playing on risks little, and the payments are there to take
    rules = preset("makura")
    g = south4(rules, (20000, 20000, 20000, 40000), build_wall(_dealt(3), dealer=3))
    run(g, (3, "show"), until_hand_end=True)
    d = _ended(g.events, 3, "show/noten")
    assert d.same and d.cost == 0.0 and d.best.ev > 0.0


WIN = _dealt(3)


@pytest.mark.parametrize(("scores", "stop"), [
    ((32000, 20000, 20000, 28000), True),  # top by 3,800 after the win: stop
    ((34000, 22000, 20000, 24000), False),  # second after it: play on for first
])
def test_agari_yame_is_reviewed_by_the_equity_model(
        scores: tuple[int, int, int, int], stop: bool) -> None:
    # makura 4: オーラスの親は持ち点や順位に関らずアガリやめを選択できる; the dealer wins
    # a ron of 3p at South 4 and plays on
    rules = preset("makura")
    g = south4(rules, scores, build_wall(WIN, ["1z", "3p"], dealer=3))
    run(g, (0, "d 3p"), (3, "ron"), (3, "go"))
    assert not any(isinstance(e, GameEnded) for e in g.events)
    d = _ended(g.events, 3, "stop/play on")
    assert d.played.action == EndGame(False) and d.best.action == EndGame(stop)
    assert d.mistake is stop
    if stop:
        assert why(d).startswith("the final ranks: stopping now is worth")


def test_the_ending_choices_are_decision_points() -> None:
    rules = preset("makura")
    g = south4(rules, (32000, 20000, 20000, 28000), build_wall(WIN, ["1z", "3p"], dealer=3))
    run(g, (0, "d 3p"), (3, "ron"), (3, "stop"))
    assert isinstance(g.events[-1], GameEnded)
    ends = [p for p in decision_points(g.events, 3) if isinstance(p.played, EndGame)]
    assert [(p.played, p.legal) for p in ends] == [
        (EndGame(True), (EndGame(True), EndGame(False)))]
    assert not any(isinstance(p.played, EndGame) for s in (0, 1, 2)
                   for p in decision_points(g.events, s))  # only the dealer is asked
    g = game(rules, build_wall(_dealt(1)))
    run(g, until_hand_end=True)  # seat 1 shows (the default)
    shows = [p for p in decision_points(g.events, 1) if isinstance(p.played, ShowHand)]
    assert [(p.played, p.view.wall_remaining) for p in shows] == [(ShowHand(True), 0)]
    assert not any(isinstance(p.played, ShowHand) for p in decision_points(g.events, 0))
    # a ruleset without the noten declaration asks nobody
    g = game(rules.replace(noten_declaration="not_allowed"), build_wall(_dealt(1)))
    run(g, until_hand_end=True)
    assert not any(isinstance(p.played, ShowHand) for p in decision_points(g.events, 1))


def test_the_replays_analysis_finds_and_judges_the_ending_choices() -> None:
    """The replay's analysis of a moment (ai.hints) asks the same judge at the same moments
    as the review: the noten declaration and the last dealer's stop are moments, and the
    analysis' first row is the review's strong choice."""
    rules = preset("makura")
    draw = south4(rules, (20000, 25000, 25000, 30000), build_wall(_dealt(3), dealer=3))
    run(draw, (3, "show"), until_hand_end=True)
    win = south4(rules, (32000, 20000, 20000, 28000), build_wall(WIN, ["1z", "3p"], dealer=3))
    run(win, (0, "d 3p"), (3, "ron"), (3, "go"))
    for g, kind in ((draw, "show/noten"), (win, "stop/play on")):
        d = _ended(g.events, 3, kind)
        assert d.position in moments(g.events, 3)
        found = judge_moment(g.events, d.position, 3)
        assert found is not None
        view, judged = found
        assert view == d.view
        assert [row_key(r.action) for r in judged.choices] == [
            row_key(r.action) for r in d.judged]
        assert row_key(judged.choices[0].action) == row_key(d.best.action)


def test_hanchan_review_prints_the_noten_mistake(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    rules = preset("makura")
    # no seed: saved as a log imported with its walls (a scripted wall has no seed)
    g = Game(rules, seed=None, walls=[build_wall(_dealt(1))])
    run(g, (1, "noten"), until_hand_end=True)
    path = tmp_path / "game.jsonl"
    seats = [SeatInfo(f"p{i}", None if i == 1 else "strong") for i in range(4)]
    header = make_header(rules.to_dict(), seats, None, source="mjai:scripted")
    with GameWriter.open_path(path, header) as w:
        w.extend(g.events)
    assert main(["review", str(path), "--seat", "S"]) == 0
    out = capsys.readouterr().out
    assert "E1-0 show/noten (you were South): -2," in out
    assert "show/noten 1/1" in out


def test_an_mjai_bot_is_not_taken_to_answer_what_mjai_never_asks() -> None:
    # mjai has no noten declaration nor agari-yame (ai.mjai.protocol.automatic): the
    # outside bot gives no answer there rather than the automatic one
    rules = preset("makura")
    g = south4(rules, (32000, 20000, 20000, 28000), build_wall(WIN, ["1z", "3p"], dealer=3))
    run(g, (0, "d 3p"), (3, "ron"), (3, "go"))
    end = next(p for p in decision_points(g.events, 3) if isinstance(p.played, EndGame))
    ours = f"mjai:{shlex.quote(sys.executable)} -m hanchan.cli mjai-bot --level strong"
    second = second_opinion(g.events, 3, asker_for(ours, 3), "ours")
    assert not second.notes
    assert second.answers[end.position].action is None
    assert second.agreement([(end.position, EndGame(True))]) is None
