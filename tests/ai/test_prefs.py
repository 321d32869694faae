"""strong's discard among close choices (ai.club.prefs), pinned on real Phoenix positions.

Each position is a decision of a real game in tests/data/logs (the log, the hand, the seat
and the event after which the player chose); strong with its fitted ``discard_prefs``
throws what the player threw, where the highest expected value alone threw another tile.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from benchmarks.agreement import game_events
from hanchan.ai.club import ClubBot
from hanchan.ai.club.prefs import FEATURES, features, sparse_rows
from hanchan.ai.club.situation import Situation
from hanchan.ai.club.style import STYLES
from hanchan.ai.review import decision_points
from hanchan.engine.actions import Action, Discard
from hanchan.engine.tiles import kind_name, kind_of
from hanchan.engine.view import PlayerView
from tests.kit.real_logs import LOGS

LOG = LOGS / "tenhou6" / "2009022022gm-00a9-0000-cd94aac8.json"
EV_ONLY = dataclasses.replace(STYLES["strong"], discard_prefs=None)

# (event position, the player's discard, what the expected value alone throws)
POSITIONS = [
    # E3-0, East seat, 2nd discard: 13678m 1456p 299s 7z + 8p, dora 8s. A lone 1p goes
    # before the lone red dragon, which keeps its value while it may still pair.
    (242, "1p", "7z"),
    # S1-1, East seat, 3rd discard: 235m 49p 334s 12556z + 8s, dora 5m. The lone 9p goes;
    # the 23m beside the dora stays.
    (504, "9p", "2m"),
    # E4-0, South seat, 1st discard: 79m 135p 46779s 122z + 9s, dora 4m. The lone East
    # (the round wind, not paired yet) goes first; the 46s shape is kept.
    (342, "1z", "4s"),
]


def _point(position: int
           ) -> tuple[ClubBot, ClubBot, Discard, PlayerView, Sequence[Action]]:
    events = game_events(LOG)
    fitted, plain = ClubBot("strong", seed=0), ClubBot("strong", seed=0, style=EV_ONLY)
    for p in decision_points(events, 0):
        fitted.observe(p.view)
        plain.observe(p.view)
        if p.position == position:
            assert isinstance(p.played, Discard)
            return fitted, plain, p.played, p.view, p.legal
    raise AssertionError(f"no decision after event {position}")


@pytest.mark.parametrize(("position", "player", "ev_only"), POSITIONS)
def test_strong_throws_what_the_phoenix_player_threw(position: int, player: str,
                                                     ev_only: str) -> None:
    fitted, plain, played, view, legal = _point(position)
    assert kind_name(kind_of(played.tile)) == player
    new = fitted.decide(view, legal).action
    old = plain.decide(view, legal).action
    assert isinstance(new, Discard) and kind_name(kind_of(new.tile)) == player
    assert isinstance(old, Discard) and kind_name(kind_of(old.tile)) == ev_only


def test_dense_rows_are_the_sparse_rows() -> None:
    fitted, _, _, view, legal = _point(242)
    plain = [a for a in legal if isinstance(a, Discard) and not a.riichi]
    sit = Situation(view, fitted.style, fitted.watch)
    opts = fitted.options(sit, plain)
    dense = features(sit, opts)
    assert len(dense) == len(opts) and all(len(r) == len(FEATURES) for r in dense)
    for row, sparse in zip(dense, sparse_rows(sit, opts), strict=True):
        assert [(i, x) for i, x in enumerate(row) if x] == sorted(sparse)
