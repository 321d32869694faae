"""Rulesets in plain words: what ``hanchan rules show`` and ``hanchan rules diff`` print.

Everything here is generated from the schema's metadata (the Japanese term, the
meaning, the explanation of each allowed value), so a new option is described as
soon as it is declared.

>>> from hanchan.rulesets.schema import Ruleset
>>> value_text("bust", "none")
'none: no bust ending; negative scores play on'
>>> diff_rulesets(Ruleset(), Ruleset().replace(red_fives=0))[0].name
'red_fives'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any

from hanchan.rulesets.schema import (
    SECTIONS,
    Ruleset,
    last_round_index,
    option_fields,
    regular_rounds,
)

# Options that mean nothing under some other option's value; `show` leaves them out
# unless asked for everything.
_RELEVANT: dict[str, Callable[[Ruleset], bool]] = {
    "uma": lambda r: r.uma_scheme == "fixed",
    "uma_by_floaters": lambda r: r.uma_scheme == "by_floaters",
    "uma_sink": lambda r: r.uma_scheme == "float_sink",
    "uma_float": lambda r: r.uma_scheme == "float_sink",
    "rounding_top_absorbs": lambda r: r.rounding != "none",
    "noten_payment_can_bust": lambda r: r.bust != "none",
    "bust_bonus": lambda r: r.bust != "none",
    "bust_bonus_by_noten_or_chombo": lambda r: r.bust != "none" and r.bust_bonus > 0,
    "chip_ippatsu": lambda r: r.chips,
    "chip_ura": lambda r: r.chips,
    "chip_red": lambda r: r.chips and r.red_fives > 0,
    "chip_yakuman": lambda r: r.chips,
    "chip_bust": lambda r: r.chips and r.bust != "none",
    "chip_points": lambda r: r.chips,
    "yakuman_bonus_kazoe": lambda r: r.yakuman_bonus_tsumo > 0 or r.yakuman_bonus_ron > 0,
    "yakitori_chips": lambda r: r.yakitori,
    "yakitori_payment": lambda r: r.yakitori,
    "extension_target": lambda r: r.extension != "none",
    "extension_last_round": lambda r: r.extension != "none",
    "ippatsu_counts_for_min_han": lambda r: r.two_han_from_honba > 0 and r.ippatsu,
    "kan_ura": lambda r: r.kan_dora and r.ura_dora,
    "kan_dora_closed": lambda r: r.kan_dora,
    "kan_dora_open": lambda r: r.kan_dora,
    "kan_dora_on_rinshan_win": lambda r: r.kan_dora,
    "kan_dora_on_discard_ron": lambda r: r.kan_dora,
    "ippatsu_on_chankan": lambda r: r.ippatsu,
    "open_riichi_shows": lambda r: r.open_riichi,
    "kiriage_3han_60fu": lambda r: r.kiriage_mangan,
    "kazoe_cap": lambda r: r.kazoe_yakuman,
    "double_yakuman_when_furiten": lambda r: bool(r.double_yakuman),
    "yakuman_cap": lambda r: r.yakuman_stacking,
    "first_turn_yakuman_stack": lambda r: r.yakuman_stacking,
    "nagashi_with_own_calls": lambda r: r.nagashi_mangan != "none",
    "nagashi_as_win": lambda r: r.nagashi_mangan != "none",
    "nagashi_at_last_discard": lambda r: r.nagashi_mangan != "none" and r.nagashi_as_win,
    "renchan_at_abort_tenpai": lambda r: r.renchan_at_abort,
    "nine_terminals_after_calls": lambda r: r.abort_nine_terminals,
    "extension_dealer_keeps": lambda r: r.extension == "sudden_death",
    "chombo_own_stick_stays": lambda r: r.chombo_sticks_returned,
    "chombo_penalty_sticks_returned": lambda r: (r.chombo_sticks_returned
                                                 and r.false_call == "table_1000"),
    "chombo_last_dealer_keeps": lambda r: r.chombo_dealer_passes and not r.chombo_replay,
    "chombo_adds_honba": lambda r: not r.chombo_replay,
    "pao_by_open_kan": lambda r: bool(r.pao_yaku),
    "pao_ron": lambda r: bool(r.pao_yaku),
    "pao_first_discarder": lambda r: bool(r.pao_yaku),
    "pao_scope": lambda r: bool(r.pao_yaku),
    "pao_honba": lambda r: bool(r.pao_yaku),
    # the penalties are part of a club's rules even while practice mode is off
    "chombo_points": lambda r: r.chombo != "mangan_each",
    "chombo_tenpai_best": lambda r: r.chombo == "mangan_each",
    "false_call_blocks_ron": lambda r: r.false_call == "table_1000",  # a dead hand never wins
}

_POINT_OPTIONS = {"start_points", "return_points", "extension_target", "noten_payment",
                  "honba_points", "chombo_points", "chip_points"}
_THOUSANDS_OPTIONS = {"oka", "uma", "uma_by_floaters", "uma_sink", "uma_float", "bust_bonus",
                      "yakuman_bonus_tsumo", "yakuman_bonus_ron"}


@dataclass(frozen=True, slots=True)
class OptionDiff:
    """One option on which two rulesets differ."""

    name: str
    section: str
    ja: str
    a: Any
    b: Any


def is_relevant(name: str, rules: Ruleset) -> bool:
    """Whether an option matters under the other options of ``rules``."""
    check = _RELEVANT.get(name)
    return True if check is None else bool(check(rules))


def _meta(name: str) -> dict[str, Any]:
    for f in option_fields():
        if f.name == name:
            return dict(f.metadata)
    raise KeyError(name)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def plain_value(name: str, value: Any) -> str:
    """A value as a person would write it: 25,000; +20/+10/-10/-20; yes; kokushi_13, ..."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        if name in _POINT_OPTIONS:
            return f"{value:,}"
        if name in _THOUSANDS_OPTIONS:
            return f"{_signed(value)} (x1,000)" if value else "0"
        return str(value)
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(v, tuple) for v in value):
            return "; ".join(f"{i} float: " + "/".join(_signed(x) for x in v)
                             for i, v in enumerate(value))
        if all(isinstance(v, int) for v in value):
            return "/".join(_signed(v) for v in value)
        return ", ".join(str(v) for v in value)
    return str(value)


def value_words(name: str, value: Any) -> str:
    """A value in words only, for a reader who does not know the option names: the schema's
    explanation of a value (or of each chosen item), else :func:`plain_value`.

    >>> value_words("agariyame", "auto_if_top")
    'the game ends by itself when the dealer is top after the win'
    >>> value_words("double_yakuman", ("kokushi_13", "tenhou"))
    'kokushi on a 13-sided wait, tenhou'
    """
    explained = _meta(name)["values"]
    if isinstance(value, str) and value in explained:
        return str(explained[value])
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value):
        return ", ".join(str(explained.get(v, v)) for v in value)
    return plain_value(name, value)


def value_text(name: str, value: Any) -> str:
    """The value of one option with its meaning when the schema explains it."""
    explained = _meta(name)["values"].get(value) if isinstance(value, str) else None
    text = plain_value(name, value)
    return f"{text}: {explained}" if explained else text


def _allowed(meta: Mapping[str, Any]) -> str:
    """The range a whole-number option may take (what ``rules check`` and the save
    reader accept), or "" for other options."""
    lo, hi = meta.get("lo"), meta.get("hi")
    why = f" ({meta['why']})" if meta.get("why") else ""
    if lo is not None and hi is not None:
        return f"{lo:,} to {hi:,}{why}"
    if lo is not None:
        return f"at least {lo:,}{why}"
    if hi is not None:
        return f"at most {hi:,}{why}"
    return ""


ROUND_NAMES = ("East", "South", "West", "North")
LENGTH_NAMES = {"east_south": "半荘戦, East and South (--length south)",
                "east": "東風戦, East only (--length east)"}


def ending_text(rules: Ruleset) -> str:
    """How a game under ``rules`` ends: its last hand, the extension after it, and the
    last dealer's stop (agariyame, tenpaiyame), all read from the options.

    >>> print(ending_text(Ruleset(length="east")))  # doctest: +NORMALIZE_WHITESPACE
    ends after East 4; when nobody has 30,000 then, play goes on into the South round
    (sudden death), to South 4 at most; at the last hand, the last dealer's win: the game
    ends by itself when the dealer is top after the win; the last dealer tenpai at the
    draw: ends by itself when the dealer is top
    """
    reg = regular_rounds(rules)
    text = f"ends after {ROUND_NAMES[reg - 1]} 4"
    if rules.extension == "none":
        text += "; no extension round, whatever the scores"
    else:
        last = last_round_index(rules)
        upto = (f"to {ROUND_NAMES[last % 4]} 4 at most" if last <= 7
                else "with no last round")
        how = "sudden death" if rules.extension == "sudden_death" else "whole rounds"
        text += (f"; when nobody has {rules.extension_target:,} then, play goes on into the "
                 f"{ROUND_NAMES[reg % 4]} round ({how}), {upto}")
    return (text + "; at the last hand, the last dealer's win: "
            + value_words("agariyame", rules.agariyame)
            + "; the last dealer tenpai at the draw: "
            + value_words("tenpaiyame", rules.tenpaiyame))


def length_lines(rules: Ruleset) -> list[str]:
    """Both lengths of a game under ``rules``' other options (``--length`` picks one), the
    one ``rules`` sets marked: a preset's East-only version is itself with ``length``
    changed, so its extension and stops are the preset's own."""
    lines = ["  Game length and ending (--length east|south; the other options stay):"]
    for length, name in LENGTH_NAMES.items():
        mark = " [this ruleset]" if rules.length == length else ""
        lines.append(f"      {name}{mark}: "
                     + ending_text(rules.replace(length=length)))
    return lines


def describe_lines(rules: Ruleset, *, title: str | None = None, source: str | None = None,
                   everything: bool = False,
                   notes: Mapping[str, str] | None = None) -> list[str]:
    """``rules`` explained option by option, grouped by the matrix's sections.

    ``notes``: the file's comment on each option (a preset cites its club's rule there),
    shown under the option as ``Rule:``.
    """
    lines: list[str] = []
    head = f"{rules.name}" + (f" — {title}" if title and title != rules.name else "")
    lines.append(head)
    if source:
        lines.append(f"Source: {source}")
    by_section: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for f in option_fields():
        if f.name == "name":
            continue
        if not everything and not is_relevant(f.name, rules):
            continue
        meta = f.metadata
        value = getattr(rules, f.name)
        note = (notes or {}).get(f.name)
        allowed = _allowed(meta)
        by_section[meta["section"]].append(
            f"  {meta['ja']} ({f.name}): {value_text(f.name, value)}\n"
            f"      {meta['en']}" + (f"\n      Allowed: {allowed}" if allowed else "")
            + (f"\n      Rule: {note}" if note else ""))
    by_section["length"][:0] = length_lines(rules)
    for section, label in SECTIONS.items():
        if not by_section[section]:
            continue
        lines.append("")
        lines.append(label)
        lines.extend(by_section[section])
    if not everything:
        lines.append("")
        lines.append("(Options that do not matter under these values are left out; "
                     "--all shows every option.)")
    return lines


def diff_rulesets(a: Ruleset, b: Ruleset) -> list[OptionDiff]:
    """The options (not the name) on which ``a`` and ``b`` differ, in schema order."""
    out: list[OptionDiff] = []
    for f in fields(Ruleset):
        if f.name == "name":
            continue
        va, vb = getattr(a, f.name), getattr(b, f.name)
        if va != vb:
            out.append(OptionDiff(f.name, f.metadata["section"], f.metadata["ja"], va, vb))
    return out


def diff_lines(a: Ruleset, b: Ruleset, *, label_a: str | None = None,
               label_b: str | None = None) -> list[str]:
    """The differences between two rulesets in words, grouped by section."""
    la, lb = label_a or a.name, label_b or b.name
    diffs = diff_rulesets(a, b)
    if not diffs:
        return [f"{la} and {lb} set every option the same."]
    width = max(len(la), len(lb))
    verb = "option differs" if len(diffs) == 1 else "options differ"
    lines = [f"{len(diffs)} {verb} between {la} and {lb}:"]
    for section, label in SECTIONS.items():
        rows = [d for d in diffs if d.section == section]
        if not rows:
            continue
        lines.append("")
        lines.append(label)
        for d in rows:
            lines.append(f"  {d.ja} ({d.name})")
            lines.append(f"      {la:<{width}}  {value_text(d.name, d.a)}")
            lines.append(f"      {lb:<{width}}  {value_text(d.name, d.b)}")
    return lines
