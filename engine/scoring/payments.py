"""``win_payments``: the full transfer of one win, as ``Payment`` lines.

Hand value (split by dealer/non-dealer and ron/tsumo), honba, riichi sticks, pao
(責任払い) and the wareme (割れ目) doubling.
"""

from __future__ import annotations

from engine.events import Payment
from engine.scoring.types import ScoreResult
from rulesets.schema import Ruleset


def _pao_units(result: ScoreResult, rules: Ruleset) -> int:
    """Yakuman units of the result that come from pao yaku."""
    return sum(h // 13 for y, h in result.yaku if y in rules.pao_yaku)


def win_payments(
    result: ScoreResult,
    *,
    winner: int,
    from_seat: int | None,
    dealer: int,
    honba: int,
    sticks: int,
    rules: Ruleset,
    pao_seat: int | None = None,
    honba_to_this_winner: bool = True,
    sticks_to_this_winner: bool = True,
    wareme_seat: int | None = None,
) -> tuple[Payment, ...]:
    """Every payment line of one win, honba and sticks included.

    ``from_seat`` is the discarder (None for tsumo).  ``pao_seat`` is the player
    responsible for a pao yaku of the result; pao covers the whole hand or only
    the pao yakuman's share (``rules.pao_scope``; the rest is paid as usual).  On
    tsumo the pao player pays that share alone; on ron ``rules.pao_ron`` says
    whether it is split with the discarder or all theirs, and ``rules.pao_honba``
    who pays the honba.  With ``wareme_seat`` that seat's hand payments (paid or
    received) are doubled; honba and sticks are not.  A pao payment is the pao
    player's own: doubled only when the pao player or the winner is the wareme seat.
    In a multiple ron the caller says which winner takes the honba and the sticks.
    """
    if not result.valid:
        raise ValueError("win_payments needs a valid result")
    tsumo = from_seat is None
    lines: list[Payment] = []
    others = [s for s in range(4) if s != winner]

    def factor(payer: int) -> int:
        return 2 if wareme_seat is not None and wareme_seat in (payer, winner) else 1

    units = result.yakuman_count
    pao_units = _pao_units(result, rules) if pao_seat is not None and pao_seat != winner else 0
    pao_units = min(pao_units, units)
    if pao_units and rules.pao_scope == "whole_hand":
        pao_units = units
    honba_total = honba * rules.honba_points
    honba_payer: int | None = None

    if tsumo:
        shares = {s: result.points.tsumo_share(payer_is_dealer=s == dealer) for s in others}
        if pao_units:
            assert pao_seat is not None
            # The pao player pays the others' shares as its own payment: the wareme
            # doubling follows the seat that pays (or the winner), not whose share it was.
            pao_amount = 0
            for s in others:
                part = shares[s] * pao_units // units
                pao_amount += part
                rest = shares[s] - part
                if rest:
                    lines.append(Payment(s, winner, rest * factor(s), "hand"))
            lines.append(Payment(pao_seat, winner, pao_amount * factor(pao_seat), "pao"))
            if pao_units == units:
                honba_payer = pao_seat
        else:
            for s in others:
                lines.append(Payment(s, winner, shares[s] * factor(s), "hand"))
        if honba_total and honba_to_this_winner:
            if honba_payer is not None:
                lines.append(Payment(honba_payer, winner, honba_total, "honba"))
            else:
                for s in others:
                    lines.append(Payment(s, winner, honba_total // 3, "honba"))
    else:
        assert from_seat is not None
        value = result.points.ron
        if pao_units and pao_seat != from_seat:
            assert pao_seat is not None
            pao_part = value * pao_units // units
            pao_pays = pao_part if rules.pao_ron == "all" else pao_part // 2
            disc_pays = value - pao_pays
            lines.append(Payment(from_seat, winner, disc_pays * factor(from_seat), "hand"))
            lines.append(Payment(pao_seat, winner, pao_pays * factor(pao_seat), "pao"))
            honba_payer = pao_seat if rules.pao_honba == "pao" else from_seat
        else:
            lines.append(Payment(from_seat, winner, value * factor(from_seat), "hand"))
            honba_payer = from_seat
        if honba_total and honba_to_this_winner:
            lines.append(Payment(honba_payer, winner, honba_total, "honba"))
    if sticks and sticks_to_this_winner:
        lines.append(Payment(None, winner, 1000 * sticks, "sticks"))
    return tuple(lines)
