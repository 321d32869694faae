"""The yaku registry: ids (docs/cli.md), names and base values, and :func:`yaku_table`.

Values here are the standard ones; :func:`yaku_table` applies a ruleset (local yaku
switched on or off, yakuman that count double, sankantsu as yakuman, ...).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from hanchan.engine.scoring.types import YakuInfo
from hanchan.rulesets.schema import Ruleset

# YakuInfo(id, Japanese, English, closed han, open han or None, yakuman multiplier, gloss)
_STANDARD: tuple[YakuInfo, ...] = (
    YakuInfo("riichi", "立直", "Riichi", 1, None, 0),
    YakuInfo("double_riichi", "ダブル立直", "Double riichi", 2, None, 0),
    YakuInfo("open_riichi", "オープン立直", "Open riichi", 2, None, 0, "3 han with double riichi"),
    YakuInfo("ippatsu", "一発", "Ippatsu", 1, None, 0, "one-shot"),
    YakuInfo("menzen_tsumo", "門前清自摸和", "Fully concealed self-draw", 1, None, 0),
    YakuInfo("pinfu", "平和", "Pinfu", 1, None, 0, "all sequences, no fu"),
    YakuInfo("tanyao", "断幺九", "All simples", 1, 1, 0),
    YakuInfo("iipeikou", "一盃口", "Pure double sequence", 1, None, 0),
    YakuInfo("yakuhai_haku", "役牌 白", "Dragon: White", 1, 1, 0),
    YakuInfo("yakuhai_hatsu", "役牌 發", "Dragon: Green", 1, 1, 0),
    YakuInfo("yakuhai_chun", "役牌 中", "Dragon: Red", 1, 1, 0),
    YakuInfo("yakuhai_seat_wind", "自風牌", "Seat wind", 1, 1, 0),
    YakuInfo("yakuhai_round_wind", "場風牌", "Round wind", 1, 1, 0),
    YakuInfo("haitei", "海底摸月", "Win on the last draw", 1, 1, 0),
    YakuInfo("houtei", "河底撈魚", "Win on the last discard", 1, 1, 0),
    YakuInfo("rinshan", "嶺上開花", "Win on a replacement draw", 1, 1, 0),
    YakuInfo("chankan", "槍槓", "Robbing a kan", 1, 1, 0),
    YakuInfo("chiitoitsu", "七対子", "Seven pairs", 2, None, 0),
    YakuInfo("sanshoku", "三色同順", "Mixed triple sequence", 2, 1, 0),
    YakuInfo("ittsu", "一気通貫", "Pure straight", 2, 1, 0),
    YakuInfo("chanta", "混全帯幺九", "Outside hand", 2, 1, 0),
    YakuInfo("toitoi", "対々和", "All triplets", 2, 2, 0),
    YakuInfo("sanankou", "三暗刻", "Three concealed triplets", 2, 2, 0),
    YakuInfo("sankantsu", "三槓子", "Three kans", 2, 2, 0),
    YakuInfo("sanshoku_doukou", "三色同刻", "Triple triplets", 2, 2, 0),
    YakuInfo("honroutou", "混老頭", "All terminals and honours", 2, 2, 0),
    YakuInfo("shousangen", "小三元", "Little three dragons", 2, 2, 0),
    YakuInfo("ryanpeikou", "二盃口", "Twice pure double sequence", 3, None, 0),
    YakuInfo("honitsu", "混一色", "Half flush", 3, 2, 0),
    YakuInfo("junchan", "純全帯幺九", "Terminals in every set", 3, 2, 0),
    YakuInfo("chinitsu", "清一色", "Full flush", 6, 5, 0),
    YakuInfo("sanrenkou", "三連刻", "Three consecutive triplets", 0, 0, 0),
    YakuInfo("dora", "ドラ", "Dora", 1, 1, 0),
    YakuInfo("aka_dora", "赤ドラ", "Red five", 1, 1, 0),
    YakuInfo("ura_dora", "裏ドラ", "Ura dora", 1, None, 0),
    YakuInfo("kokushi", "国士無双", "Thirteen orphans", 13, None, 1),
    YakuInfo("kokushi_13", "国士無双十三面", "Thirteen orphans, 13-sided wait", 13, None, 1),
    YakuInfo("suuankou", "四暗刻", "Four concealed triplets", 13, None, 1),
    YakuInfo("suuankou_tanki", "四暗刻単騎", "Four concealed triplets, single wait", 13, None, 1),
    YakuInfo("chuuren", "九蓮宝燈", "Nine gates", 13, None, 1),
    YakuInfo("junsei_chuuren", "純正九蓮宝燈", "Nine gates, 9-sided wait", 13, None, 1),
    YakuInfo("daisangen", "大三元", "Big three dragons", 13, 13, 1),
    YakuInfo("shousuushii", "小四喜", "Little four winds", 13, 13, 1),
    YakuInfo("daisuushii", "大四喜", "Big four winds", 13, 13, 1),
    YakuInfo("tsuuiisou", "字一色", "All honours", 13, 13, 1),
    YakuInfo("chinroutou", "清老頭", "All terminals", 13, 13, 1),
    YakuInfo("ryuuiisou", "緑一色", "All green", 13, 13, 1),
    YakuInfo("suukantsu", "四槓子", "Four kans", 13, 13, 1),
    YakuInfo("tenhou", "天和", "Blessing of heaven", 13, None, 1),
    YakuInfo("chiihou", "地和", "Blessing of earth", 13, None, 1),
    YakuInfo("renhou", "人和", "Blessing of man", 13, None, 1),
    YakuInfo("paarenchan", "八連荘", "Eight consecutive dealer wins", 13, 13, 1),
    YakuInfo("daisharin", "大車輪", "Big wheels", 13, None, 1, "one-suit seven pairs"),
    YakuInfo("suurenkou", "四連刻", "Four consecutive triplets", 13, 13, 1),
    YakuInfo("shiisanputaa", "十三不搭", "Thirteen unconnected tiles", 13, None, 1),
    YakuInfo("nagashi_mangan", "流し満貫", "Nagashi mangan", 5, None, 0, "at an exhaustive draw"),
)
"""Every yaku id with its names and standard values, in the canonical listing order."""

NAMES: dict[str, tuple[str, str]] = {y.id: (y.ja, y.en) for y in _STANDARD}
"""Japanese and English name (with its gloss) of every yaku id."""

EN_NAMES: dict[str, str] = {y.id: y.name for y in _STANDARD}
"""The English name of every yaku id, without its gloss: 'Ippatsu'."""

ORDER: dict[str, int] = {y.id: i for i, y in enumerate(_STANDARD)}
"""Position of each yaku id in the canonical listing order."""

YAKUMAN_IDS = frozenset(y.id for y in _STANDARD if y.yakuman)
"""Ids of the yaku that are yakuman in the standard rules."""

_LIMIT_HAN = {"mangan": 5, "baiman": 8}


def yakuman_multiplier(yaku_id: str, rules: Ruleset) -> int:
    """How many yakuman ``yaku_id`` is worth under ``rules`` (1 or 2)."""
    return 2 if yaku_id in rules.double_yakuman else 1


_OFF: dict[str, Callable[[Ruleset], bool]] = {
    "open_riichi": lambda r: not r.open_riichi,
    "double_riichi": lambda r: not r.double_riichi,
    "ippatsu": lambda r: not r.ippatsu,
    "ura_dora": lambda r: not r.ura_dora,
    "aka_dora": lambda r: r.red_fives == 0,
    "renhou": lambda r: r.renhou == "none",
    "paarenchan": lambda r: not r.paarenchan,
    "daisharin": lambda r: r.daisharin == "none",
    "suurenkou": lambda r: not r.suurenkou,
    "shiisanputaa": lambda r: not r.shiisanputaa,
    "sanrenkou": lambda r: r.sanrenkou_han == 0,
    "nagashi_mangan": lambda r: r.nagashi_mangan == "none",
}
"""The local yaku (and the options' yaku) a ruleset may leave out: when each is out."""


def _renhou(row: YakuInfo, r: Ruleset) -> YakuInfo:
    if r.renhou == "yakuman":
        return row
    return dataclasses.replace(row, closed_han=_LIMIT_HAN[r.renhou], open_han=None, yakuman=0)


def _sankantsu(row: YakuInfo, r: Ruleset) -> YakuInfo:
    return dataclasses.replace(row, closed_han=13, open_han=13, yakuman=1) \
        if r.sankantsu_yakuman else row


def _nagashi(row: YakuInfo, r: Ruleset) -> YakuInfo:
    return dataclasses.replace(row, closed_han=13, yakuman=1) \
        if r.nagashi_mangan == "yakuman" else row


_VALUE: dict[str, Callable[[YakuInfo, Ruleset], YakuInfo]] = {
    "renhou": _renhou,
    "sanrenkou": lambda row, r: dataclasses.replace(row, closed_han=r.sanrenkou_han,
                                                    open_han=r.sanrenkou_han),
    "tanyao": lambda row, r: row if r.open_tanyao else dataclasses.replace(row, open_han=None),
    "sankantsu": _sankantsu,
    "nagashi_mangan": _nagashi,
}
"""The yaku whose value a ruleset changes: the row under the rules."""


def yaku_table(rules: Ruleset) -> list[YakuInfo]:
    """Every yaku available under ``rules``, with its value there.

    Local yaku the ruleset does not use are left out; yakuman rows carry their
    multiplier (2 for the ruleset's double yakuman).
    """
    rows: list[YakuInfo] = []
    for row in _STANDARD:
        off = _OFF.get(row.id)
        if off is not None and off(rules):
            continue
        value = _VALUE.get(row.id)
        if value is not None:
            row = value(row, rules)
        if row.yakuman:
            mult = yakuman_multiplier(row.id, rules)
            row = dataclasses.replace(
                row, closed_han=13 * mult, yakuman=mult,
                open_han=None if row.open_han is None else 13 * mult)
        rows.append(row)
    return rows
