"""Rulesets whose values are each in range but impossible together.

Each option's own range is checked where it is declared (``rulesets.schema.opt``); what
is left are the ties between options: the oka must return exactly what the players
paid in, an uma table must add up to zero and not pay a lower place more, points move
in 100-point sticks, and an extension needs a target the points can reach.  The loader
refuses a ruleset with any problem, naming the option and the reason.

>>> from hanchan.rulesets.schema import Ruleset
>>> combination_problems(Ruleset(honba_points=250))  # doctest: +ELLIPSIS
['honba_points: 250 cannot be paid a third by each player on a tsumo in 100-point sticks: ...']
"""

from __future__ import annotations

from hanchan.rulesets.schema import Ruleset

__all__ = ["combination_problems"]


def combination_problems(rules: Ruleset) -> list[str]:
    """What makes a ruleset impossible although each value is in its range: one sentence
    each, naming the option and the reason.  The loader refuses a ruleset with any.

    >>> combination_problems(Ruleset())
    []
    >>> combination_problems(Ruleset(uma=(30, 10, -10, -20)))
    ['uma: [+30, +10, -10, -20] adds up to +10, not 0: the final results would not add up to zero']
    """
    out: list[str] = []
    diff = 4 * (rules.return_points - rules.start_points)
    if diff < 0:
        out.append(f"return_points: {rules.return_points:,} is below start_points "
                   f"{rules.start_points:,}: the oka would be negative (the top paying the "
                   "others); return at least the starting points")
    elif rules.oka * 1000 != diff:
        want = f"{diff // 1000}" if diff % 1000 == 0 else "a whole number of thousands"
        out.append(f"oka: {rules.oka} does not match the points returned: the four players "
                   f"return 4 x ({rules.return_points:,} - {rules.start_points:,}) = "
                   f"{diff:,} more than they started with, so the oka must be {want} for "
                   "the final results to add up to zero")
    for name in ("start_points", "return_points"):
        value = getattr(rules, name)
        if value % 100:
            out.append(f"{name}: {value:,} is not a multiple of 100: points change hands in "
                       "100-point sticks")
    if rules.honba_points % 300:
        out.append(f"honba_points: {rules.honba_points:,} cannot be paid a third by each "
                   "player on a tsumo in 100-point sticks: use a multiple of 300")
    if rules.uma_scheme == "fixed":
        out.extend(_table_problems("uma", rules.uma, True))
    elif rules.uma_scheme == "by_floaters":
        for n, table in enumerate(rules.uma_by_floaters):
            out.extend(_table_problems(f"uma_by_floaters[{n}]", table, True))
    else:
        out.extend(_table_problems("uma_sink", rules.uma_sink, False))
        out.extend(_table_problems("uma_float", rules.uma_float, False))
        out.extend(_float_sink_problems(rules))
    if rules.extension != "none" and rules.extension_last_round == "unlimited":
        dealt = 4 * rules.start_points
        if rules.extension_target > dealt:
            out.append(f"extension_target: {rules.extension_target:,} is more than the "
                       f"{dealt:,} points dealt (4 x start_points): with "
                       'extension_last_round = "unlimited" the game could never end; use a '
                       f'target of at most {dealt:,}, or a last round of "west" or "north"')
    return out


def _float_sink_problems(rules: Ruleset) -> list[str]:
    """The float_sink tables the game can reach (a floating 3rd means a floating 2nd):
    the top takes what the others do not, so it must not get less than the 2nd.

    >>> sunk_pay = Ruleset(uma_scheme="float_sink", uma_sink=(100, 100, 100))
    >>> print(*_float_sink_problems(sunk_pay))  # doctest: +ELLIPSIS
    uma_sink, uma_float: with the 2nd and 3rd sunk the uma by place is [-300, +100, ...
    """
    (s2, s3, s4), (f2, f3) = rules.uma_sink, rules.uma_float
    for words, second, third in (("the 2nd and 3rd sunk", s2, s3),
                                 ("the 2nd floating and the 3rd sunk", f2, s3),
                                 ("the 2nd and 3rd floating", f2, f3)):
        table = (-(second + third + s4), second, third, s4)
        if table[0] < table[1]:
            return [f"uma_sink, uma_float: with {words} the uma by place is {_shown(table)}: "
                    "the top would take less than the 2nd (it takes what the others do not: "
                    "-(2nd + 3rd + 4th))"]
    return []


def _table_problems(name: str, table: tuple[int, ...], zero_sum: bool) -> list[str]:
    out = []
    shown = _shown(table)
    if zero_sum and sum(table) != 0:
        out.append(f"{name}: {shown} adds up to {sum(table):+d}, not 0: the final results "
                   "would not add up to zero")
    if any(a < b for a, b in zip(table, table[1:], strict=False)):
        out.append(f"{name}: {shown} gives a lower place more uma than a higher one")
    return out


def _shown(table: tuple[int, ...]) -> str:
    """An uma table as the problems name it: ``[+30, +10, -10, -30]``, a zero as 0."""
    return "[" + ", ".join(f"{v:+d}" if v else "0" for v in table) + "]"
