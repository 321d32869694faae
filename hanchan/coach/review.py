"""A game's review (:mod:`ai.review`) in words: the mistakes, the hands, the figures.

Shared by ``hanchan review`` and the TUI's review screen.  A mistake is shown as on the
table: the hand (with the tile drawn after ``+``), the melds, the river, the others'
riichi, then the seat's choice and ``strong``'s, each measured, strong's reason as a hint
gives it, and why strong's is worth more in one line.  Within a hand every seat is named
by its seat wind in that hand, as the table and the hint name it (the player's own too:
"you were South"); only the review's title names the player by the seat it started in.

>>> percent(0.314)
'31%'
>>> signed_points(-1234.4)
'-1,234'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanchan.ai.asking import SecondOpinion, rank_of
from hanchan.ai.review import KINDS, MISTAKE_POINTS, Choice, DecisionReview, GameReview, action_text
from hanchan.coach.advice import reason_words
from hanchan.engine.actions import Discard, EndGame, ShowHand
from hanchan.engine.tiles import dora_of, format_tiles, is_red, kind_name, kind_of
from hanchan.engine.view import PlayerView
from hanchan.words.names import WIND_NAMES, nth, shanten_words


def percent(p: float) -> str:
    """A chance as a whole percentage."""
    return f"{p * 100:.0f}%"


def signed_points(v: float) -> str:
    """Points with a sign and a thousands separator."""
    return f"{round(v):+,}" if round(v) else "0"


def _pts(v: float | None) -> str:
    return "-" if v is None else f"{round(v):,}"


def measured(c: Choice) -> str:
    """One choice measured: ``discard 6p: tenpai, 5 tiles, wins 31% for 2,600``.

    The deal-in risk is in expected points lost, the unit every other figure uses."""
    parts = []
    if c.detail:
        parts.append(c.detail)
    if c.win is not None and c.shanten is not None and c.shanten >= 0:
        parts.append(f"wins {percent(c.win)} for {_pts(c.value)}")
    if c.danger:
        parts.append(f"deal-in risk {_pts(c.danger)} points")
    return c.text + (": " + ", ".join(parts) if parts else "")


def why(d: DecisionReview) -> str:
    """Why ``strong``'s choice is worth more, from the two measures, in one sentence:
    each part names what it is about (shape, speed, value, safety, the club's rule)."""
    p, b = d.played, d.best
    if d.same:
        return "same as strong"
    if d.tie:
        return "as good as strong's: its measures cannot tell the two apart"
    parts: list[str] = []
    if p.rule:
        parts.append(f"the club's rule: no call when {p.rule}")
    if d.kind == "win":
        if b.shanten == -1:
            return f"a win of {_pts(b.value)} points was there to take"
        return f"strong keeps playing; the win of {_pts(p.value)} points is worth less here"
    if d.kind == "show/noten":
        if isinstance(b.action, ShowHand) and b.action.show:
            return (f"the noten payments: showing the hand is worth {_pts(d.cost)} more "
                    "(expected)")
        return (f"the final ranks: declaring noten ends the game as it stands, "
                f"{_pts(d.cost)} more than being paid and playing on")
    if d.kind == "stop/play on":
        if isinstance(b.action, EndGame) and b.action.stop:
            return (f"the final ranks: stopping now is worth {_pts(d.cost)} more than "
                    "one more dealer turn")
        return (f"the final ranks: one more dealer turn is worth {_pts(d.cost)} more "
                "than stopping here")
    if d.kind == "riichi/dama":
        said = b.text.startswith(("riichi", "open riichi"))
        r, dama = (b, p) if said else (p, b)
        odds = ""
        if r.win is not None and dama.win is not None:
            odds = (f": riichi wins {percent(r.win)} for {_pts(r.value)}, dama "
                    f"{percent(dama.win)} for {_pts(dama.value)}")
        return (f"value: {'riichi' if said else 'dama'} is worth more here{odds} "
                f"(by {_pts(d.cost)} expected)")
    lost = dora_lost(d)
    if lost:
        parts.append(lost)
    parts.extend(_measure_parts(p, b))
    if not parts:
        parts.append("strong's choice is worth more by the same measures")
    return "; ".join(parts)


def tile_dora(tile: int, v: PlayerView) -> int:
    """The dora a physical tile counts for in ``v``: one per indicator pointing at its
    kind, one more for a red five."""
    kind = kind_of(tile)
    return (sum(1 for i in v.dora_indicators if dora_of(kind_of(i)) == kind)
            + is_red(tile, v.ruleset.red_fives))


def dora_lost(d: DecisionReview) -> str:
    """The dora the seat's discard throws away and strong's keeps, in words ("" if none):
    ``value: yours throws away a dora (red 5s), strong's none``."""
    v, p, b = d.view, d.played.action, d.best.action
    if v is None or not isinstance(p, Discard) or not isinstance(b, Discard):
        return ""
    mine, its = tile_dora(p.tile, v), tile_dora(b.tile, v)
    if mine <= its:
        return ""
    red = "red " if is_red(p.tile, v.ruleset.red_fives) else ""
    count = "a dora" if mine == 1 else f"{mine} dora"
    return (f"value: yours throws away {count} ({red}{kind_name(kind_of(p.tile))}), "
            f"strong's {its or 'none'}")


def _measure_parts(p: Choice, b: Choice) -> list[str]:
    """Where the two measures differ: shape, speed, value, safety."""
    parts: list[str] = []
    if p.shanten is not None and b.shanten is not None:
        if p.shanten != b.shanten:
            parts.append(f"shape: {shanten_words(p.shanten)} against {shanten_words(b.shanten)}")
        elif p.ukeire is not None and b.ukeire is not None and p.ukeire != b.ukeire:
            diff = b.ukeire - p.ukeire
            parts.append(f"shape: {abs(diff)} {'fewer' if diff > 0 else 'more'} tiles "
                         "improve yours")
    if p.win is not None and b.win is not None and abs(p.win - b.win) >= 0.02:
        parts.append(f"speed: wins {percent(p.win)} against {percent(b.win)}")
    if (p.value is not None and b.value is not None and max(p.value, b.value) > 0
            and abs(p.value - b.value) >= 0.1 * max(p.value, b.value)):
        parts.append(f"value: worth {_pts(p.value)} against {_pts(b.value)}")
    pd, bd = p.danger or 0.0, b.danger or 0.0
    if abs(pd - bd) >= 200.0:
        parts.append(f"safety: deal-in risk {_pts(pd)} points against {_pts(bd)}")
    return parts


def hand_line(v: PlayerView) -> str:
    """The hand as on the table: ``123m456p 7s + 8s  [chi 234s]``."""
    red = v.ruleset.red_fives
    text = format_tiles(sorted(v.hand), red)
    if v.drawn is not None:
        text += " + " + format_tiles([v.drawn], red)
    elif v.last_discard is not None:
        seat, tile = v.last_discard
        text += f"  (on {format_tiles([tile], red)} from {WIND_NAMES[v.seats[seat].wind]})"
    melds = [format_tiles(sorted(m.tiles), red) for m in v.me.melds]
    if melds:
        text += "  [" + " ".join(melds) + "]"
    return text


def river_line(v: PlayerView) -> str:
    """The seat's river, riichi tile marked ``*``, called tiles in parentheses."""
    red = v.ruleset.red_fives
    out = []
    for r in v.me.river:
        t = format_tiles([r.tile], red)
        if r.riichi:
            t += "*"
        if r.called_by is not None:
            t = f"({t})"
        out.append(t)
    return " ".join(out) or "-"


def threat_line(v: PlayerView) -> str:
    """The others in riichi or with open melds, each by its seat wind in the hand."""
    out = []
    for s in v.seats:
        if s.seat == v.seat:
            continue
        who = WIND_NAMES[s.wind]
        if s.riichi:
            out.append(f"{who} in riichi")
        elif s.melds:
            out.append(f"{who} {len(s.melds)} open")
    return ", ".join(out)


def second_words(d: DecisionReview, by: SecondOpinion) -> str:
    """The other reviewer's answer at ``d``: its choice and, where it values each action,
    the rank it gives the seat's choice (``discard 3p; yours 3rd of 9, 0.12 below``)."""
    answer = by.answers.get(d.position)
    if answer is None:
        return "not asked"
    if answer.action is not None:
        red = d.view.ruleset.red_fives if d.view is not None else 0
        text = action_text(answer.action, red)
    else:
        text = "riichi" if answer.riichi else "no answer"
    if answer.values and d.view is not None:
        ranked = rank_of(answer.values, d.played.action, d.view)
        if ranked is not None:
            place, n, gap = ranked
            text += f"; yours {nth(place)} of {n}" + (
                f", {gap:.3g} below its best" if gap > 0 else "")
    return text



def mistake_lines(d: DecisionReview, number: int | None = None,
                  by: SecondOpinion | None = None) -> list[str]:
    """A mistake (or any reviewed decision) in a few lines, as ``hanchan review`` prints it;
    ``by``: another reviewer's answer beside strong's."""
    head = f"{number}. " if number is not None else ""
    v = d.view
    seat = f" (you were {WIND_NAMES[v.me.wind]})" if v is not None else ""
    lines = [f"{head}{d.hand} {d.kind}{seat}: {signed_points(-d.cost)} expected"
             + (f", {v.wall_remaining} tiles left" if v is not None else "")]
    if v is not None:
        lines.append(f"   hand    {hand_line(v)}")
        lines.append(f"   river   {river_line(v)}")
        threats = threat_line(v)
        if threats:
            lines.append(f"   table   {threats}")
    lines.append(f"   you     {measured(d.played)}")
    lines.append(f"   strong  {measured(d.best)}")
    if by is not None:
        lines.append(f"   {by.name[:7]:<7} {second_words(d, by)}")
    lines.append(f"   reason  {strong_reason(d)}")
    lines.append(f"   why     {why(d)}")
    if d.rule_note:
        lines.append(f"   rules   {rule_sentence(d.rule_note, d)}")
    return lines


def strong_reason(d: DecisionReview) -> str:
    """Why strong chose its action, as a hint says it (``advice.reason_words``)."""
    return reason_words(d.strong) if d.strong is not None else d.reason


def rule_sentence(note: str, d: DecisionReview) -> str:
    """The ruleset's part in one sentence."""
    return f"your choice is strong's under other rules; here {note} makes the difference"


def second_lines(r: GameReview, by: SecondOpinion) -> list[str]:
    """The other reviewer's figures in one line, and what went wrong with it in one."""
    played = [(d.position, d.played.action) for d in r.decisions]
    strong = [(d.position, d.best.action) for d in r.decisions]
    mine, its = by.agreement(played), by.agreement(strong)
    lines = []
    if mine is None or its is None:
        lines.append(f"{by.name} gave no answer; the review is strong's alone.")
    else:
        lines.append(f"{by.name} chose as you at {percent(mine)} of its answers, "
                     f"as strong at {percent(its)}.")
    if by.notes:
        more = len(by.notes) - 1
        lines.append(by.notes[0] + (f" ({more} more such note{'s' if more > 1 else ''}.)"
                                    if more else ""))
    return lines


def summary_lines(r: GameReview) -> list[str]:
    """The overall figures: agreement with strong and mistakes by kind."""
    ds = r.decisions
    agreed = sum(1 for d in ds if d.agrees)
    lines = [f"Review of {r.player} (started as {WIND_NAMES[r.seat]}) under {r.ruleset}: "
             f"{len(ds)} decisions, {agreed} as strong ({percent(r.agreement)}), "
             f"{len(r.mistakes())} mistakes ({signed_points(-r.cost)} expected; "
             f"a mistake gives up {MISTAKE_POINTS:,.0f} or more)"]
    by = r.by_kind()
    parts = [f"{k} {by[k][1]}/{by[k][0]}" for k in KINDS if k in by]
    if parts:
        lines.append("Mistakes by kind (mistakes/decisions): " + ", ".join(parts))
    return lines


def hand_lines(r: GameReview) -> list[str]:
    """One line per hand: decisions, agreement, mistakes, their cost, the seat's result."""
    lines = ["hand    decisions  as strong  mistakes  expected  result"]
    for h in r.hands:
        lines.append(f"{h.name:<7} {h.decisions:>9}  {h.agreed:>9}  {h.mistakes:>8}  "
                     f"{signed_points(-h.cost):>8}  {h.result:>+6,}")
    return lines


def review_text(r: GameReview, top: int = 5, by: SecondOpinion | None = None) -> str:
    """The whole review as ``hanchan review`` prints it; ``by``: another reviewer's
    answers beside strong's."""
    lines = summary_lines(r)
    if by is not None:
        lines.extend(second_lines(r, by))
    lines.append("")
    mistakes = r.mistakes(top)
    if mistakes:
        lines.append(f"Largest mistakes (top {len(mistakes)}):")
        for i, d in enumerate(mistakes, 1):
            lines.extend(mistake_lines(d, i, by))
    else:
        lines.append("No mistakes: every choice was strong's or within "
                     f"{MISTAKE_POINTS:,.0f} points of it.")
    lines.append("")
    lines.extend(hand_lines(r))
    return "\n".join(lines)


def choice_json(c: Choice) -> dict[str, Any]:
    """A measured choice as JSON."""
    return {"choice": c.text, "ev": _num(c.ev), "shanten": c.shanten, "ukeire": c.ukeire,
            "win": None if c.win is None else round(c.win, 4),
            "value": _num(c.value), "danger": _num(c.danger), "detail": c.detail}


def _num(v: float | None) -> float | None:
    if v is None or v != v or v in (float("inf"), float("-inf")):
        return None
    return round(v, 1)


def second_json(d: DecisionReview, by: SecondOpinion) -> dict[str, Any]:
    """The other reviewer's answer at ``d`` as JSON."""
    answer = by.answers.get(d.position)
    if answer is None:
        return {"choice": None, "riichi": False, "rank": None, "of": None, "below": None}
    ranked = rank_of(answer.values, d.played.action, d.view) \
        if answer.values and d.view is not None else None
    red = d.view.ruleset.red_fives if d.view is not None else 0
    return {"choice": None if answer.action is None else action_text(answer.action, red),
            "riichi": answer.riichi,
            "rank": None if ranked is None else ranked[0],
            "of": None if ranked is None else ranked[1],
            "below": None if ranked is None else round(ranked[2], 4)}


def decision_json(d: DecisionReview, by: SecondOpinion | None = None) -> dict[str, Any]:
    """One reviewed decision as JSON (docs/cli.md, ``hanchan review --json``)."""
    out: dict[str, Any] = {
        "position": d.position, "hand": d.hand, "kind": d.kind, "agrees": d.agrees,
        "mistake": d.mistake, "cost": round(d.cost, 1), "played": choice_json(d.played),
        "strong": choice_json(d.best), "reason": strong_reason(d), "why": why(d),
        "rule": d.rule_note or None,
    }
    v = d.view
    if v is not None:
        red = v.ruleset.red_fives
        out["tiles"] = format_tiles(sorted(v.concealed(), key=kind_of), red)
        out["river"] = river_line(v)
        out["tiles_left"] = v.wall_remaining
    if by is not None:
        out["by"] = second_json(d, by)
    return out


def review_json(r: GameReview, decisions: Sequence[DecisionReview] | None = None,
                second: SecondOpinion | None = None) -> dict[str, Any]:
    """The review as one JSON object (docs/cli.md, ``hanchan review --json``); ``second``:
    another reviewer's answers beside strong's."""
    by = r.by_kind()
    out: dict[str, Any] = {
        "seat": "ESWN"[r.seat], "player": r.player, "rules": r.ruleset,
        "decisions": len(r.decisions),
        "agreement": round(r.agreement, 4),
        "mistake_points": MISTAKE_POINTS,
        "cost": round(r.cost, 1),
        "by_kind": {k: {"decisions": n, "mistakes": m, "cost": round(c, 1)}
                    for k, (n, m, c) in by.items()},
        "hands": [{"hand": h.name, "decisions": h.decisions, "agreed": h.agreed,
                   "mistakes": h.mistakes, "cost": round(h.cost, 1), "result": h.result}
                  for h in r.hands],
        "mistakes": [decision_json(d, second) for d in
                     (r.mistakes() if decisions is None else decisions)],
    }
    if second is not None:
        played = [(d.position, d.played.action) for d in r.decisions]
        strong = [(d.position, d.best.action) for d in r.decisions]
        out["by"] = {"bot": second.name, "agrees_with_you": _share(second.agreement(played)),
                     "agrees_with_strong": _share(second.agreement(strong)),
                     "notes": list(second.notes)}
    return out


def _share(p: float | None) -> float | None:
    return None if p is None else round(p, 4)
