"""Hand shapes: ``is_winning_shape`` and ``decompositions``."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from mahjong.agari import Agari

from hanchan.engine.scoring import SEQ, TRIPLET, decompositions, is_winning_shape
from hanchan.engine.tiles import counts_of, parse_kinds


def counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def test_known_shapes() -> None:
    assert is_winning_shape(counts("123m456p789s11222z"), 0)
    assert is_winning_shape(counts("11m33m55p77p99s11z22z"), 0)  # seven pairs
    assert is_winning_shape(counts("19m19p19s12345677z"), 0)  # thirteen orphans
    assert not is_winning_shape(counts("1111m3355p7799s11z"), 0)  # four of a kind: not 2 pairs
    assert is_winning_shape(counts("11z"), 4)
    assert not is_winning_shape(counts("19m19p19s12345677z"), 1)  # needs 11 tiles then
    assert not is_winning_shape(counts("123m456p789s1122z"), 0)  # 13 tiles


def test_every_decomposition_is_listed() -> None:
    ds = decompositions(counts("111222333m44455p"), 0)
    readings = {(d.pair, d.groups) for d in ds}
    assert (13, ((SEQ, 0), (SEQ, 0), (SEQ, 0), (TRIPLET, 12))) in readings
    assert (13, ((TRIPLET, 0), (TRIPLET, 1), (TRIPLET, 2), (TRIPLET, 12))) in readings
    assert len(ds) == 2
    forms = {d.form for d in decompositions(counts("22334455667788p"), 0)}
    assert forms == {"regular", "chiitoitsu"}
    assert [d.form for d in decompositions(counts("19m19p19s12345677z"), 0)] == ["kokushi"]


@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_shape_agrees_with_mahjong(kinds: list[int]) -> None:
    c = counts_of(kinds)
    if max(c) > 4:
        return
    assert is_winning_shape(c, 0) == Agari().is_agari(c)


group = st.one_of(
    st.tuples(st.just(SEQ), st.sampled_from([s * 9 + i for s in range(3) for i in range(7)])),
    st.tuples(st.just(TRIPLET), st.integers(0, 33)),
)


@given(st.lists(group, min_size=0, max_size=4), st.integers(0, 33))
def test_composed_hands_decompose_back(groups: list[tuple[int, int]], pair: int) -> None:
    c = [0] * 34
    for t, k in groups:
        for x in ((k, k + 1, k + 2) if t == SEQ else (k, k, k)):
            c[x] += 1
    c[pair] += 2
    if max(c) > 4:
        return
    n_melds = 4 - len(groups)
    assert is_winning_shape(c, n_melds)
    ds = decompositions(c, n_melds)
    assert (pair, tuple(sorted(groups))) in {(d.pair, d.groups) for d in ds if d.form == "regular"}
    for d in ds:
        if d.form != "regular":
            continue
        back = [0] * 34
        back[d.pair] += 2
        for t, k in d.groups:
            for x in ((k, k + 1, k + 2) if t == SEQ else (k, k, k)):
                back[x] += 1
        assert back == c
