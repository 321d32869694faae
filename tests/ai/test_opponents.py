"""FoldWatch: each opponent's fold rate, read from the rivers only."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import msgspec
import pytest

from hanchan.ai import make_bot
from hanchan.ai.arena import play_game
from hanchan.ai.club import STYLES, Situation
from hanchan.ai.opponents import PRIOR_SAFE as PS
from hanchan.ai.opponents import PRIOR_SEEN as PN
from hanchan.ai.opponents import FoldWatch, _count
from hanchan.engine.actions import Action
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset
from tests.kit.botviews import make_view


def _riichi_table() -> PlayerView:
    # Seat 1 declares riichi on its third tile (3m).  Seat 2 then throws 1m, 2m (genbutsu)
    # and 4m (passed by seat 1 after the riichi); seat 3 throws 5p 6p 7p, none safe.
    return make_view("123456789m1234p", seat=0, dealer=0, riichi=[1],
                     riichi_turns={1: 2},
                     rivers=("1s2s3s4s5s", "1m2m3m4m5m", "9p8p1m2m4m", "9s8s5p6p7p"))


def test_safe_discards_against_a_riichi_mark_a_folder() -> None:
    watch = FoldWatch()
    watch.observe(_riichi_table())
    assert watch.fold_rate(2) == (3 + PS) / (3 + PN)  # three safe of three, with the prior
    assert watch.fold_rate(3) == PS / (3 + PN)  # none safe of three
    assert watch.fold_rate(1) == PS / PN  # the riichi seat itself: only the prior
    assert watch.fold_rate(2) > 0.5 > watch.fold_rate(3)


def test_the_latest_view_of_a_hand_counts_once_and_hands_add_up() -> None:
    watch = FoldWatch()
    view = _riichi_table()
    watch.observe(view)
    watch.observe(view)  # a second decision in the same hand: no double count
    assert watch.fold_rate(3) == PS / (3 + PN)
    calm = make_view("123456789m1234p", rivers=("1s", "1m", "9p", "9s"))
    watch.observe(msgspec.structs.replace(calm, hand_index=1))  # next hand, no riichi yet
    assert watch.fold_rate(3) == PS / (3 + PN)  # the last hand's evidence is kept
    rates = (PS / PN, (3 + PS) / (3 + PN), PS / (3 + PN))
    assert watch.pushers(view) == sum(1 - r for r in rates) / 3


def test_discards_before_the_riichi_do_not_count() -> None:
    watch = FoldWatch()
    watch.observe(make_view("123456789m1234p", riichi=[1], riichi_turns={1: 4},
                            rivers=("1s2s3s4s", "1m2m3m4m5m", "9p8p7p6p", "9s8s7s6s")))
    assert all(watch.fold_rate(s) == PS / PN for s in range(4))


def test_folders_leave_less_of_a_ron_while_a_riichi_is_on() -> None:
    # a style with dama_share_folders reads it (strong before its riichi retuning)
    strong = dataclasses.replace(STYLES["strong"], dama_share_folders=0.45)
    view = _riichi_table()
    folders = FoldWatch(safe=[0.0, 27.0, 27.0, 27.0], seen=[0.0, 30.0, 30.0, 30.0])
    off = dataclasses.replace(strong, dama_share_folders=None, late_draws_folders=None)
    assert Situation(view, STYLES["strong"], folders).ron_share() == 1.0
    assert Situation(view, off, folders).ron_share() == 1.0
    sit = Situation(view, strong, folders)
    assert sit.riichi_on
    share = sit.ron_share()
    assert share == pytest.approx(folders.pushers(view) / strong.pusher_rate) and share < 0.5
    calm = make_view("123456789m1234p", rivers=("1s2s3s4s5s", "1m2m3m4m5m", "9p8p1m", "9s"))
    assert Situation(calm, strong, folders).ron_share() == 1.0  # no riichi: nobody folds yet
    pushers = FoldWatch(safe=[0.0, 9.0, 9.0, 9.0], seen=[0.0, 30.0, 30.0, 30.0])
    assert Situation(view, strong, pushers).ron_share() == 1.0  # pushers pay as usual



class _EagerWatch:
    """The plain reading: every view's discards counted as it comes."""

    def __init__(self) -> None:
        self.safe, self.seen = [0.0] * 4, [0.0] * 4
        self.hand, self.now = -1, ([0] * 4, [0] * 4)

    def observe(self, view: PlayerView) -> None:
        if view.hand_index != self.hand:
            for s in range(4):
                self.safe[s] += self.now[0][s]
                self.seen[s] += self.now[1][s]
            self.hand = view.hand_index
        self.now = _count(view)

    def fold_rate(self, seat: int) -> float:
        return ((self.safe[seat] + self.now[0][seat] + PS)
                / (self.seen[seat] + self.now[1][seat] + PN))


def test_counts_read_when_asked_are_the_counts_of_every_view() -> None:
    """The watch counts a hand's discards when its counts are read, from the latest view;
    at every step of real games its fold rates (and a copy's, as a review makes one) are
    those of counting every view as it comes."""
    rng = random.Random(3)
    watch, eager = FoldWatch(), _EagerWatch()
    steps = read = 0

    class Watcher:
        def __init__(self) -> None:
            self.bot = make_bot("normal", 0)

        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            nonlocal steps, read
            watch.observe(view)
            eager.observe(view)
            steps += 1
            if rng.random() < 0.2:
                read += 1
                copy = watch.copy()
                for s in range(4):
                    assert watch.fold_rate(s) == eager.fold_rate(s) == copy.fold_rate(s)
            return self.bot.choose(view, legal)

    for seed in (1, 2, 3, 4):
        play_game(load_ruleset("tenhou"), [Watcher(), make_bot("normal", 1),
                                           make_bot("normal", 2), make_bot("normal", 3)], seed)
        assert [watch.fold_rate(s) for s in range(4)] == [eager.fold_rate(s) for s in range(4)]
        assert watch.safe == eager.safe and watch.seen == eager.seen
    assert steps > 500 and read > 80 and sum(eager.seen) > 0
