"""An example hand for every yaku of every preset, scored by the engine with that yaku
(issue 40, item 10): the rules reference shows them (``rules yaku --examples``, the app)."""

from __future__ import annotations

import pytest

from hanchan.engine.scoring import NAMES, yaku_table
from hanchan.words.hands import score_request
from hanchan.words.rules import presets
from hanchan.words.yaku_examples import EXAMPLES, NO_HAND, example, example_text, scored_parts

PRESETS = presets()


@pytest.mark.parametrize("info", PRESETS, ids=[p.name for p in PRESETS])
def test_every_yaku_of_the_preset_has_an_example_the_engine_scores_with_it(info: object
                                                                           ) -> None:
    rules = info.rules  # type: ignore[attr-defined]
    for y in yaku_table(rules):
        if y.id in NO_HAND:
            continue
        ex = example(y.id, rules)
        assert ex is not None, f"{info.name}: no example hand scores {y.id}"  # type: ignore[attr-defined]
        result, _ = score_request(ex.request, rules)  # scored again, outside example()
        assert result.valid and y.id in [i for i, _ in result.yaku], (y.id, result.yaku)
        marked = [words for words, mark in scored_parts(ex) if mark]
        assert len(marked) == 1 and f"[{marked[0]}]" in example_text(ex, rules)


def test_only_nagashi_mangan_is_no_hand_and_it_is_a_preset_yaku() -> None:
    assert set(NO_HAND) == {"nagashi_mangan"}
    assert any(y.id == "nagashi_mangan" for p in PRESETS for y in yaku_table(p.rules))


def test_every_example_is_a_known_yaku_that_some_preset_scores() -> None:
    assert set(EXAMPLES) <= set(NAMES)
    for yaku_id in EXAMPLES:
        assert any(example(yaku_id, p.rules) is not None for p in PRESETS), yaku_id


def test_each_clubs_local_yaku_has_its_example() -> None:
    by_name = {p.name: p.rules for p in PRESETS}
    for name, local in (("ako", ("sanrenkou", "daisharin", "suurenkou", "shiisanputaa",
                                 "renhou")), ("makura", ("open_riichi", "paarenchan"))):
        for yaku_id in local:
            assert example(yaku_id, by_name[name]) is not None, (name, yaku_id)
    assert example("sanrenkou", by_name["tenhou"]) is None  # tenhou has no sanrenkou
