"""A preset's key rules in a few lines, for the new-game list and the rules reference.

Words come from the ruleset schema's own metadata (``rulesets.describe``); this
module picks which options are worth a glance.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from hanchan.rulesets.describe import is_relevant, value_text, value_words
from hanchan.rulesets.loader import RulesetError, list_presets, load_ruleset_info
from hanchan.rulesets.schema import Ruleset, option_fields

KEY_OPTIONS = (
    "length", "start_points", "return_points", "uma_scheme", "uma", "red_fives", "open_tanyao",
    "kuikae",
    "double_ron", "triple_ron", "bust", "agariyame", "renchan_at_draw", "kiriage_mangan",
    "kazoe_yakuman", "double_yakuman", "nagashi_mangan", "ippatsu", "ura_dora", "kan_ura",
)

_FIRST_CLAUSE = re.compile(r" \(|[:;]")
"""Where a schema meaning's first clause ends: at a parenthesis, a colon or a semicolon."""


@dataclass(frozen=True)
class PresetInfo:
    """A preset's name, title, source and rules."""

    name: str
    title: str
    source: str
    rules: Ruleset


def presets() -> list[PresetInfo]:
    """Every preset the loader knows, readable ones only (a broken one is skipped)."""
    out: list[PresetInfo] = []
    for name in list_presets():
        try:
            info = load_ruleset_info(name)
        except Exception:  # noqa: BLE001 - the list shows what loads
            continue
        out.append(PresetInfo(name, info.title, info.source, info.ruleset))
    return out


def key_rules(rules: Ruleset, options: tuple[str, ...] = KEY_OPTIONS) -> list[tuple[str, str]]:
    """(meaning, value) of the key options, in words: the Japanese term with the first clause
    of the schema's meaning, and the value as the schema explains it (never cut: the
    screens wrap them).

    >>> key_rules(Ruleset(), ("agariyame",))
    [("アガリやめ Whether the last dealer's win at the last hand ends the game", \
'the game ends by itself when the dealer is top after the win')]
    """
    meta = {f.name: f.metadata for f in option_fields()}
    out: list[tuple[str, str]] = []
    for name in options:
        if name not in meta or not is_relevant(name, rules):
            continue
        en = _FIRST_CLAUSE.split(str(meta[name]["en"]), maxsplit=1)[0].rstrip(".")
        out.append((f"{meta[name]['ja']} {en}", value_words(name, getattr(rules, name))))
    return out


def preset_notes(rules: Ruleset) -> dict[str, str]:
    """The bundled preset's citation of each option (the comment after its value in the
    file, e.g. ``ako 2-01-07: ...``) when ``rules`` are that preset's; else none."""
    if rules.name not in list_presets():
        return {}
    try:
        info = load_ruleset_info(rules.name)
    except RulesetError:
        return {}
    return dict(info.notes) if info.ruleset == rules else {}


def rule_words(rules: Ruleset, options: Sequence[str]) -> str:
    """The options of ``rules`` named as a player looks them up: the Japanese term, the
    option and its value, and the club's rule where the preset cites it.

    >>> rule_words(Ruleset().replace(open_pinfu_ron_fu=20), ("open_pinfu_ron_fu",))
    '喰いピンフ形の符 (open_pinfu_ron_fu = 20)'
    """
    meta = {f.name: f.metadata for f in option_fields()}
    notes = preset_notes(rules)
    parts = []
    for name in options:
        text = f"{meta[name]['ja']} ({name} = {value_text(name, getattr(rules, name))})"
        if name in notes:
            text += f" — {notes[name]}"
        parts.append(text)
    return "; ".join(parts)
