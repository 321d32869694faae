"""ai.hand's discard table: the best options alone are the first rows of the full table."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanchan.ai.arena import play_game
from hanchan.ai.club import ClubBot
from hanchan.ai.hand import discard_options, discard_table, unseen_counts
from hanchan.engine.actions import Action
from hanchan.engine.shanten import shanten
from hanchan.engine.view import PlayerView
from hanchan.engine.waits import ukeire
from hanchan.rulesets.loader import load_ruleset


def test_best_only_is_the_head_of_the_full_table() -> None:
    """With ``best_only`` the options are the full table's rows of its lowest shanten, also
    when some kinds may not be discarded (kuikae: the best allowed may be worse)."""
    rng = random.Random(7)
    narrowed = 0
    for _ in range(400):
        tiles = rng.sample(range(136), 14)
        counts = [0] * 34
        for t in tiles:
            counts[t >> 2] += 1
        unseen = [4 - c for c in counts]
        held = [k for k in range(34) if counts[k]]
        exclude = rng.sample(held, rng.choice((0, 0, 1, 2))) + [k for k in range(34)
                                                                 if not counts[k]]
        full = discard_options(counts, 0, unseen, exclude=exclude)
        best = discard_options(counts, 0, unseen, exclude=exclude, best_only=True)
        assert best == [o for o in full if o.shanten == full[0].shanten]
        assert {o.kind for o in full} == set(held) - set(exclude)
        narrowed += len(best) < len(full)
    assert narrowed > 100


def test_options_are_the_plain_reading_of_each_discard() -> None:
    """Each option is the hand after that discard read on its own: its shanten, the kinds
    that lower it and their unseen copies, ordered by shanten, then most unseen copies,
    then kind; excluded kinds left out."""
    rng = random.Random(11)
    for _ in range(1500):
        melds = rng.choice((0, 0, 0, 1, 2, 3))
        counts = [0] * 34
        for t in rng.sample(range(136), 14 - 3 * melds):
            counts[t >> 2] += 1
        unseen = [rng.randint(0, 4 - c) for c in counts]
        held = [k for k in range(34) if counts[k]]
        exclude = rng.sample(held, rng.choice((0, 0, 1, 2)))
        plain = []
        for k in held:
            if k in exclude:
                continue
            counts[k] -= 1
            kinds, _ = ukeire(counts, melds)
            plain.append((k, shanten(counts, melds), sum(unseen[x] for x in kinds),
                          tuple(kinds)))
            counts[k] += 1
        plain.sort(key=lambda o: (o[1], -o[2], o[0]))
        got = discard_options(counts, melds, unseen, exclude=exclude)
        assert [tuple(o) for o in got] == plain
        rows = discard_table(counts, melds, unseen, exclude=exclude)
        assert [(o.kind, o.shanten, o.ukeire_count, tuple(o.ukeire)) for o in rows] == plain
        best = discard_options(counts, melds, unseen, exclude=exclude, best_only=True)
        assert [tuple(o) for o in best] == [o for o in plain if o[1] == plain[0][1]]


def test_unseen_counts_are_four_less_the_visible() -> None:
    """Along strong games, every view's unseen counts are ``max(0, 4 - visible)``."""
    views = 0

    class Checking(ClubBot):
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            nonlocal views
            assert unseen_counts(view) == [max(0, 4 - v) for v in view.visible_counts()]
            views += 1
            return super().choose(view, legal)

    play_game(load_ruleset("tenhou"), [Checking("strong", s) for s in range(4)], 8)
    assert views > 500
