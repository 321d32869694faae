"""The danger model on hand-made views: genbutsu, suji, kabe, honours, reading."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from hanchan.ai.arena import play_game
from hanchan.ai.club import ClubBot
from hanchan.ai.defence import (
    OBSERVED,
    READING,
    TEXTBOOK,
    danger_table,
    deal_in_chance,
    safety,
    threats,
)
from hanchan.ai.hand import unseen_counts
from hanchan.engine.actions import Action
from hanchan.engine.events import Meld
from hanchan.engine.tiles import parse_kinds, parse_tiles
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset
from tests.kit.botviews import make_view


def kind(text: str) -> int:
    return parse_kinds(text)[0]


def riichi_view(river: str, hand: str = "123456789m1234p", dealer: int = 0) -> PlayerView:
    return make_view(hand, rivers=("", river, "", ""), riichi=(1,), dealer=dealer,
                     riichi_turns={1: max(0, len(parse_kinds(river)) - 1)})


def test_genbutsu_is_safe_and_others_are_not() -> None:
    v = riichi_view("4p9s1z")
    t = [x for x in threats(v) if x.seat == 1][0]
    assert t.riichi and t.tenpai == 1.0
    table = danger_table(v, unseen_counts(v))
    assert table[kind("4p")] == 0.0
    assert table[kind("5p")] > 0.0


def test_suji_is_safer_than_non_suji() -> None:
    v = riichi_view("4p")  # 4p makes 1p and 7p suji
    un = unseen_counts(v)
    safe = threats(v)[0].safe
    assert deal_in_chance(kind("1p"), safe, un) < deal_in_chance(kind("1s"), safe, un)
    assert deal_in_chance(kind("7p"), safe, un) < deal_in_chance(kind("7s"), safe, un)


def test_order_of_usual_rates() -> None:
    """Non-suji middle tiles are the most dangerous, terminals less, suji terminals least."""
    un = [3] * 34
    safe = frozenset({kind("4s")})
    mid = deal_in_chance(kind("5m"), safe, un)
    term = deal_in_chance(kind("1m"), safe, un)
    suji_term = deal_in_chance(kind("1s"), safe, un)
    assert mid > term > suji_term > 0
    assert 0.09 < mid < 0.16  # about 12 % against riichi
    assert suji_term < 0.03


def test_kabe_rules_out_ryanmen() -> None:
    """All four 8s seen: a 9s can only be dealt into a shanpon or tanki (no-chance)."""
    un = [3] * 34
    live = deal_in_chance(kind("7s"), frozenset(), un)
    un[kind("8s")] = 0
    walled = deal_in_chance(kind("7s"), frozenset(), un)
    assert walled < live
    nine_walled = deal_in_chance(kind("9s"), frozenset(), un)
    un2 = [3] * 34
    assert nine_walled < deal_in_chance(kind("9s"), frozenset(), un2)


def test_one_chance_halves() -> None:
    un = [3] * 34
    before = deal_in_chance(kind("9m"), frozenset(), un)
    un[kind("8m")] = 1
    assert deal_in_chance(kind("9m"), frozenset(), un) < before


def test_honour_safety_by_copies_seen() -> None:
    un = [3] * 34
    live = deal_in_chance(kind("6z"), frozenset(), un)
    un[kind("6z")] = 1
    one_left = deal_in_chance(kind("6z"), frozenset(), un)
    un[kind("6z")] = 0
    assert live > one_left > deal_in_chance(kind("6z"), frozenset(), un) == 0.0


def test_tiles_passed_after_riichi_are_safe() -> None:
    """A tile discarded by another seat after the riichi cannot be won on (furiten)."""
    v = make_view("123456789m1234p", rivers=("", "1z2z", "3z7s", "4z"),
                  riichi=(1,), riichi_turns={1: 1})
    t = [x for x in threats(v) if x.seat == 1][0]
    assert kind("7s") in t.safe  # seat 2 discarded 7s after seat 1's riichi tile
    assert kind("4z") not in t.safe  # seat 3's first discard came before it


def test_no_threat_means_no_danger() -> None:
    v = make_view("123456789m1234p", rivers=("1z", "2z", "3z", "4z"))
    assert max(danger_table(v, unseen_counts(v))) < 50.0


def test_flush_reading_moves_danger_to_the_suit() -> None:
    used: set[int] = set()
    m1 = Meld("pon", tuple(parse_tiles("777p", used=used)))
    used.update(m1.tiles)
    m2 = Meld("chi", tuple(parse_tiles("345p", used=used)))
    used.update(m2.tiles)
    v = make_view("123456789m1234s", rivers=("", "19m28s3m4s7m5z", "", ""),
                  melds={1: (m1, m2)}, used=used)
    t = [x for x in threats(v) if x.seat == 1][0]
    assert t.flush_suit == 1
    table = danger_table(v, unseen_counts(v))
    assert table[kind("5p")] > 3 * table[kind("5s")]


def test_dealer_and_dora_raise_the_value() -> None:
    v = riichi_view("1z")
    dealer = riichi_view("1z", dealer=1)
    assert threats(dealer)[0].value > threats(v)[0].value


def test_observed_rates_keep_the_order_but_trust_suji_less() -> None:
    """The rates fitted to bot games (benchmarks/fit_waits.py) against the books' rates."""
    un = [3] * 34
    safe = frozenset({kind("4s"), kind("5p")})  # 1s and 7s suji; 2p and 8p suji
    for w in (TEXTBOOK, OBSERVED):
        mid = deal_in_chance(kind("5m"), safe, un, w)
        assert mid > deal_in_chance(kind("1m"), safe, un, w) \
            > deal_in_chance(kind("1s"), safe, un, w) > 0
        assert deal_in_chance(kind("8p"), safe, un, w) < deal_in_chance(kind("8m"), safe, un, w)
    # a suji terminal (lone tanki and shanpon only): about 1 % in the books, 4.5 % fitted
    assert deal_in_chance(kind("1s"), safe, un, TEXTBOOK) < 0.02
    assert 0.03 < deal_in_chance(kind("1s"), safe, un, OBSERVED) < 0.06
    # a non-suji 5: about 12 % either way
    assert 0.09 < deal_in_chance(kind("5m"), safe, un, OBSERVED) < 0.16


def test_shapes_needing_a_kind_the_riichi_hand_threw_are_rarer() -> None:
    """Tiles beside a player's own early discards are safer (READING, not TEXTBOOK).

    Before its riichi the player threw 5m; a ryanmen 4m-5m (waiting 3m-6m) or 5m-6m
    (waiting 4m-7m) and a kanchan 5m-7m need a 5m it chose to give up.  The riichi
    tile itself (9p here) and the draws thrown after it say nothing of the hand.
    """
    v = make_view("123456789m1234p", rivers=("", "1z5m2z9p8s", "", ""), riichi=(1,),
                  riichi_turns={1: 3})  # riichi on the 9p; the 8s thrown after it
    t = [x for x in threats(v) if x.seat == 1][0]
    assert t.thrown == frozenset(parse_kinds("1z5m2z"))
    un = unseen_counts(v)
    for k in ("3m", "4m", "6m", "7m"):
        assert deal_in_chance(kind(k), t.safe, un, READING, t.thrown) \
            < deal_in_chance(kind(k), t.safe, un, TEXTBOOK, t.thrown), k
    # a kind whose shapes need no 5m (nor 9p, 8s) reads alike
    for k in ("2s", "6p"):
        assert deal_in_chance(kind(k), t.safe, un, READING, t.thrown) \
            == deal_in_chance(kind(k), t.safe, un, TEXTBOOK, t.thrown), k
    # 7p: kanchan 6p-8p and ryanmen 8p-9p; the 9p was the riichi tile, not a choice
    assert deal_in_chance(kind("7p"), t.safe, un, READING, t.thrown) \
        == deal_in_chance(kind("7p"), t.safe, un, TEXTBOOK, t.thrown)
    # the danger table reads the threat's own discards
    assert danger_table(v, un, weights=READING)[kind("6m")] \
        < danger_table(v, un, weights=TEXTBOOK)[kind("6m")]


def test_an_open_hand_without_riichi_reads_its_whole_river() -> None:
    pon = Meld("pon", tuple(parse_tiles("777z")), None, 0)
    v = make_view("123456789s1234p", rivers=("", "1z5m2z", "", ""), melds={1: [pon]})
    t = [x for x in threats(v) if x.seat == 1][0]
    assert t.thrown == frozenset(parse_kinds("1z5m2z"))


def test_safety_says_what_makes_a_tile_safe() -> None:
    """Genbutsu, passed since the riichi, suji (both sides for a 4-6), an honour seen."""
    from_river = riichi_view("1p7p5z6z3s", hand="123456789m1234p")
    t = next(x for x in threats(from_river) if x.seat == 1)
    unseen = unseen_counts(from_river)
    assert safety(from_river, kind("1p"), t, unseen).kind == "genbutsu"
    four = safety(from_river, kind("4p"), t, unseen)  # 1p and 7p both thrown: suji
    assert (four.kind, four.by) == ("suji", (kind("1p"), kind("7p")))
    half = riichi_view("1p5z6z3s", hand="123456789m1234p")
    t = next(x for x in threats(half) if x.seat == 1)
    assert safety(half, kind("4p"), t, unseen_counts(half)).kind == "none"  # 7p side open
    assert safety(half, kind("7p"), t, unseen_counts(half)).kind == "none"
    passed = make_view("123456789m1234p", rivers=("", "1z2z", "3z7s", "4z"),
                       riichi=(1,), riichi_turns={1: 1})
    t = next(x for x in threats(passed) if x.seat == 1)
    assert safety(passed, kind("7s"), t, unseen_counts(passed)).kind == "passed"
    pon = Meld("pon", tuple(parse_tiles("666z")), None, 3)  # three 6z seen, the 4th held
    honour = make_view("123456789m1p6z", rivers=("", "1z5m", "", ""), riichi=(1,),
                       riichi_turns={1: 1}, melds={2: [pon]})
    t = next(x for x in threats(honour) if x.seat == 1)
    six = safety(honour, kind("6z"), t, unseen_counts(honour))
    assert (six.kind, six.seen) == ("honour", 4)
    assert safety(honour, kind("5z"), t, unseen_counts(honour)).kind == "none"


def test_the_floor_and_the_worth_are_the_plain_reading_filtered() -> None:
    """On every view of games with open hands: the threats above a floor are the
    floorless threats whose tenpai chance reaches it (and every riichi), and a worth
    given turns each threat's value as replacing it afterwards would."""
    views = 0

    def worth(seat: int, value: float) -> float:
        return value * (1.0 + seat / 10.0) - 100.0

    class Checking(ClubBot):
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            nonlocal views
            plain = threats(view, 6000.0)
            for floor in (0.1, 0.2, 0.35, math.inf):
                kept = [t for t in plain if t.riichi or t.tenpai >= floor]
                assert threats(view, 6000.0, floor) == kept
                assert threats(view, 6000.0, floor, worth) == [
                    replace(t, value=worth(t.seat, t.value)) for t in kept]
            views += 1
            return super().choose(view, legal)

    for seed in (13, 14):
        play_game(load_ruleset("tenhou"), [Checking("normal", s) for s in range(4)], seed)
    assert views > 1000
