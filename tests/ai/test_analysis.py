"""The analysis of a moment (issue 38): :meth:`ClubBot.judge` measures every legal choice
with the bot's own models, its shanten and waits are the engine's, its acceptance is the
``xiangting`` package's (the outside oracle of tests/engine/test_shanten.py), and its best
choice is the one ``strong`` makes (one judge: the review's, the hint's, the analysis')."""

from __future__ import annotations

import functools

import xiangting

from hanchan.ai.club import ClubBot
from hanchan.ai.club.bot import same_choice
from hanchan.ai.hints import judge_moment, moments
from hanchan.ai.review import DecisionPoint, decision_points, review_game
from hanchan.engine.actions import Chi, Discard, Pon, Ron, Tsumo
from hanchan.engine.events import Event
from hanchan.engine.shanten import shanten
from hanchan.engine.tiles import counts_of, kind_of
from hanchan.engine.view import PlayerView
from hanchan.engine.waits import waits
from tests.kit.saved_games import played_game


@functools.lru_cache(maxsize=1)
def _games() -> tuple[tuple[Event, ...], ...]:
    return played_game(2, "strong"), played_game(3, "normal")


@functools.lru_cache(maxsize=1)
def _points() -> tuple[DecisionPoint, ...]:
    return tuple(p for events in _games() for seat in range(4)
            for p in decision_points(events, seat))


def _oracle(view: PlayerView, kind: int) -> tuple[int, set[int], int]:
    """(shanten, improving kinds, their unseen copies) after discarding ``kind``, by xiangting."""
    left = counts_of(view.concealed(), physical=True)
    left[kind] -= 1
    rn, necessary = xiangting.calculate_necessary_tiles(left, xiangting.PlayerCount.FOUR)
    kinds = {j for j in range(34) if necessary >> j & 1}
    seen = view.visible_counts()
    return rn - 1, kinds, sum(max(0, 4 - seen[j]) for j in kinds)


def test_every_discard_row_agrees_with_the_engine_and_xiangting() -> None:
    checked = tenpai = melded = 0
    for p in _points():
        view = p.view
        discards = [a for a in p.legal if isinstance(a, Discard)]
        if not discards or view.me.riichi:
            continue
        judged = ClubBot("strong", seed=0).judge(view, p.legal)
        rows = [(r, r.action) for r in judged.choices if isinstance(r.action, Discard)]
        # one row per kind the engine lets go, and one per riichi the engine offers
        assert {kind_of(a.tile) for _, a in rows if not a.riichi} == \
            {kind_of(a.tile) for a in discards if not a.riichi}
        assert {kind_of(a.tile) for _, a in rows if a.riichi} == \
            {kind_of(a.tile) for a in discards if a.riichi}
        nmeld = len(view.me.melds)
        for r, action in rows:
            k = kind_of(action.tile)
            left = counts_of(view.concealed(), physical=True)
            left[k] -= 1
            assert r.shanten == shanten(left, nmeld)
            sh, kinds, accept = _oracle(view, k)
            assert (r.shanten, set(r.kinds), r.ukeire) == (sh, kinds, accept), (p.position, k)
            if r.shanten == 0:
                assert set(r.kinds) == set(waits(left, nmeld))
                tenpai += 1
            assert r.win is not None and 0.0 <= r.win <= 1.0
            assert r.danger is not None and r.danger >= 0.0
            assert r.score is not None and r.value is not None
            checked += 1
        melded += bool(nmeld)
    assert checked > 2000 and tenpai > 20 and melded > 20


def test_the_first_row_is_strongs_choice_at_every_decision() -> None:
    n = 0
    for p in _points():
        judged = ClubBot("strong", seed=0).judge(p.view, p.legal)
        chosen = ClubBot("strong", seed=0).choose(p.view, p.legal)
        assert same_choice(judged.choices[0].action, chosen), p.position
        assert judged.decision.action == chosen
        n += 1
    assert n > 300


def test_the_analysis_of_a_reviewed_moment_names_the_reviews_strong_choice() -> None:
    """The replay's analysis key and the review ask the same judge at the same moment."""
    events = _games()[0]
    for seat in (0, 2):
        review = review_game(events, seat)
        assert review.decisions
        for d in review.decisions:
            found = judge_moment(events, d.position, seat)
            assert found is not None
            view, judged = found
            assert view == d.view
            assert same_choice(judged.choices[0].action, d.best.action), d.position


def test_the_analysis_weighs_a_win_offered_at_the_engines_points() -> None:
    """A win row carries the engine's score, as the review's does, so the analysis can set
    a ron against letting it go."""
    n = 0
    for events in _games():
        for seat in range(4):
            for p in decision_points(events, seat):
                if p.win_points is None:
                    continue
                found = judge_moment(events, p.position, seat)
                assert found is not None
                wins = [r for r in found[1].choices if isinstance(r.action, (Tsumo, Ron))]
                assert [r.value for r in wins] == [float(p.win_points)], p.position
                n += 1
    assert n > 0


def test_moments_are_where_the_seat_has_a_choice() -> None:
    events = _games()[0]
    points = {p.position for p in decision_points(events, 1)}
    found = moments(events, 1)
    assert points <= set(found)
    assert all(judge_moment(events, i, 1) is not None for i in found[:40])
    assert judge_moment(events, 0, 1) is None  # the game's start: nothing to decide


def test_calls_and_the_pass_are_measured_at_a_claim() -> None:
    """At a discard the seat may call, every call and the pass have a row; a call weighed
    by the bot has its score and the shanten the engine gives the hand after it."""
    claims = weighed = 0
    for p in _points():
        calls = [a for a in p.legal if isinstance(a, (Chi, Pon))]
        if not calls:
            continue
        claims += 1
        judged = ClubBot("strong", seed=0).judge(p.view, p.legal)
        keys = [type(r.action).__name__ for r in judged.choices]
        assert "Pass" in keys and keys.count("Chi") + keys.count("Pon") >= 1
        nmeld = len(p.view.me.melds)
        for r in judged.choices:
            a = r.action
            if not isinstance(a, (Chi, Pon)) or r.shanten is None:
                continue
            counts = counts_of(p.view.concealed(), physical=True)
            for t in a.tiles:
                counts[kind_of(t)] -= 1
            best = min(shanten([c - (j == k) for j, c in enumerate(counts)], nmeld + 1)
                       for k in range(34) if counts[k])
            assert r.shanten >= best  # (kuikae may forbid the best discard)
            if r.score is not None:
                weighed += 1
                assert r.value is not None and r.danger is not None  # (formal tenpai: no win)
    assert claims > 20 and weighed > 5
