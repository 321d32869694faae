"""Made-up efficiency problems of ``hanchan drill discards`` (issue 27): the right
discards are recomputed by brute force with the ``xiangting`` package (the outside
oracle of tests/engine/test_shanten.py): for each discard, the shanten left and the
unseen copies of the tiles that lower it; the best on both, ties included, are right.
"""

from __future__ import annotations

import pytest
import xiangting

from hanchan.coach.efficiency import EfficiencyProblem, made_up_problems
from hanchan.coach.score_call import AnswerError
from hanchan.engine.tiles import counts_of, kind_name


def _oracle_best(p: EfficiencyProblem) -> set[int]:
    four = xiangting.PlayerCount.FOUR
    counts14 = counts_of(p.tiles, physical=True)
    measured = {}
    for k in {t >> 2 for t in p.tiles}:
        left = list(counts14)
        left[k] -= 1
        rn, necessary = xiangting.calculate_necessary_tiles(left, four)
        unseen = sum(4 - counts14[j] for j in range(34) if necessary >> j & 1)
        measured[k] = (rn - 1, -unseen)
    top = min(measured.values())
    return {k for k, m in measured.items() if m == top}


def test_right_discards_agree_with_xiangting() -> None:
    problems = made_up_problems(150, seed=9)
    for p in problems:
        assert {o.kind for o in p.best} == _oracle_best(p), p.tiles
        assert len(p.best) < len(p.options)  # a problem always has a wrong answer
        assert len(p.tiles) == len(set(p.tiles)) == 14
    assert any(len(p.best) > 1 for p in problems)


def test_every_best_discard_is_right_and_others_wrong() -> None:
    p = next(p for p in made_up_problems(20, seed=1) if len(p.best) > 1)
    for o in p.options:
        right, lines = p.check(kind_name(o.kind))
        assert right == (o in p.best)
        assert lines[0].startswith("Right" if right else "Wrong")
    worst = p.options[-1]
    _, lines = p.check(kind_name(worst.kind))
    assert f"{kind_name(worst.kind)} leaves" in lines[1]
    with pytest.raises(AnswerError, match="not one tile"):
        p.check("xx")
    absent = next(k for k in range(34) if k not in {t >> 2 for t in p.tiles})
    with pytest.raises(AnswerError, match="not in the hand"):
        p.check(kind_name(absent))


def test_seeds_are_reproducible() -> None:
    a, b, c = (made_up_problems(5, seed=s) for s in (4, 4, 5))
    assert [p.tiles for p in a] == [p.tiles for p in b]
    assert [p.tiles for p in a] != [p.tiles for p in c]
