"""Practice-mode penalties under each club's rules (engine/penalties.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine.events import Payment
from hanchan.engine.penalties import chombo_penalty, false_call_penalty
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset

SEATS = st.integers(0, 3)


def test_makura_chombo_pays_4000_to_each_other_player() -> None:
    rules = load_ruleset("makura")
    # makura 33): 自分以外の3人に４千点を支払う — the same from the dealer
    for dealer in (0, 2):
        p = chombo_penalty(2, dealer, rules)
        assert p.deltas == (4000, 4000, -12000, 4000)
        assert set(p.payments) == {Payment(2, s, 4000, "chombo") for s in (0, 1, 3)}
        assert p.to_table == 0
        # makura 35): もう一度その局をやり直す
        assert p.replay_hand and not p.dead_hand


def test_teireikai_chombo_puts_12000_on_the_table() -> None:
    p = chombo_penalty(1, 0, load_ruleset("teireikai"))
    # teireikai 罰則1: 12,000点を供託する; 局をやり直す
    assert p.deltas == (0, -12000, 0, 0)
    assert p.to_table == 12000
    assert p.payments == ()
    assert p.replay_hand


def test_gpc_chombo_is_lost_to_nobody() -> None:
    p = chombo_penalty(3, 3, load_ruleset("gpc"))
    # gpc l.38: 12,000点供託とする。誰にもプラスされない; l.39: 同じ親での再ゲーム
    assert p.deltas == (0, 0, 0, -12000)
    assert p.to_table == 0 and p.payments == ()
    assert p.replay_hand


def test_ako_non_dealer_chombo_pays_a_reverse_mangan_tsumo() -> None:
    rules = load_ruleset("ako")
    # ako 7-01: 錯和料は満貫払い — 4,000 to the dealer, 2,000 to each other player
    p = chombo_penalty(1, 0, rules)
    assert p.deltas == (4000, -8000, 2000, 2000)
    # ako 7-02, 7-03: the hand ends as a draw (not replayed); the engine passes the deal
    # only for a dealer's chombo (chombo_dealer_passes)
    assert not p.replay_hand
    assert rules.chombo_dealer_passes


def test_ako_dealer_chombo_pays_4000_all() -> None:
    # ako 7-01, 7-02: the dealer pays a dealer mangan (4,000 to each) and loses the deal
    p = chombo_penalty(0, 0, load_ruleset("ako"))
    assert p.deltas == (-12000, 4000, 4000, 4000)


def test_ako_tenpai_player_gets_its_best_value() -> None:
    # ako 7-01: ただしその後和る可能性があった聴牌者に対しては、和った場合の最高の点数
    p = chombo_penalty(1, 0, load_ruleset("ako"), tenpai_best={2: 12000})
    assert p.deltas == (4000, -18000, 12000, 2000)


def test_ako_tenpai_player_is_never_paid_less_than_the_mangan_share() -> None:
    # ako 7-01: 満貫払い、ただしその後和る可能性があった聴牌者に対しては、和った場合の最高の
    # 点数 - the exception is there for the tenpai player, who lost a chance to win: a
    # tenpai hand worth 1,100 at best is paid the 2,000 mangan share a noten player gets
    p = chombo_penalty(1, 0, load_ruleset("ako"), tenpai_best={2: 1100})
    assert p.deltas == (4000, -8000, 2000, 2000)


def test_ako_wareme_doubles_the_chombo() -> None:
    rules = load_ruleset("ako")
    # ako 8-01-01: 割れ目によって錯和料も倍とする
    assert chombo_penalty(1, 0, rules, wareme_seat=1).deltas == (8000, -16000, 4000, 4000)
    # the wareme player receiving: only its own share doubles
    assert chombo_penalty(1, 0, rules, wareme_seat=2).deltas == (4000, -10000, 4000, 2000)
    # without the wareme rule the seat changes nothing
    assert chombo_penalty(1, 0, load_ruleset("yokoyoko"), wareme_seat=1).deltas == (
        4000, -8000, 2000, 2000)


def test_yokoyoko_chombo_is_mangan_style_and_replayed() -> None:
    p = chombo_penalty(0, 0, load_ruleset("yokoyoko"))
    # yokoyoko (5): 錯和, その局はやり直し (mangan, as on 東風荘)
    assert p.deltas == (-12000, 4000, 4000, 4000)
    assert p.replay_hand


def test_false_calls() -> None:
    # makura 38): 空行為は罰符1000点を場に供託
    p = false_call_penalty(2, load_ruleset("makura"))
    assert p is not None and p.deltas == (0, 0, -1000, 0) and p.to_table == 1000
    assert not p.dead_hand
    # gpc l.54-55: the 1,000 for a withdrawn pon/chi/kan was abolished in 2020
    assert false_call_penalty(0, load_ruleset("gpc")) is None
    # teireikai 罰則3: 空チー・空ポン・空カンはアガリ放棄
    p = false_call_penalty(1, load_ruleset("teireikai"))
    assert p is not None and p.dead_hand and p.deltas == (0, 0, 0, 0) and p.to_table == 0
    # ako 7-05-11, yokoyoko (5): no penalty
    assert false_call_penalty(1, load_ruleset("ako")) is None
    assert false_call_penalty(1, load_ruleset("yokoyoko")) is None


def test_bad_seat_is_refused() -> None:
    with pytest.raises(ValueError):
        chombo_penalty(4, 0, Ruleset())
    with pytest.raises(ValueError):
        false_call_penalty(-1, Ruleset(false_call="dead_hand"))


RULES = st.builds(
    Ruleset,
    chombo=st.sampled_from(["each_fixed", "mangan_each", "to_table", "to_nobody"]),
    chombo_points=st.integers(0, 100000),
    wareme=st.booleans(),
)


@given(SEATS, SEATS, RULES, st.none() | SEATS)
def test_chombo_payments_balance(seat: int, dealer: int, rules: Ruleset,
                                 wareme_seat: int | None) -> None:
    p = chombo_penalty(seat, dealer, rules, wareme_seat=wareme_seat)
    # only the chombo player pays; what the others receive plus what leaves the table is
    # exactly what it loses
    assert all(d >= 0 for s, d in enumerate(p.deltas) if s != seat)
    lost = -p.deltas[seat]
    gone = {"to_table": p.to_table, "to_nobody": lost}.get(rules.chombo, 0)
    assert sum(p.deltas) == -gone
    assert all(pay.payer == seat and pay.payee != seat for pay in p.payments)
    assert sum(pay.amount for pay in p.payments) + gone == lost
    if rules.chombo == "mangan_each" and not rules.wareme:
        assert lost == (12000 if seat == dealer else 8000)
