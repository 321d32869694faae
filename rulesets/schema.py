"""The ``Ruleset``: every rule difference the engine knows, as one frozen value.

Each option is a dataclass field whose metadata says what it means (English and
the Japanese term), which section of the rules it belongs to (the sections of the
club rules matrix the presets were made from), and what values are allowed.  The loader, ``hanchan
rules show/diff/check`` and ``docs/rules.md`` are all generated from this
metadata, so an option is documented exactly once: here.

The defaults are Tenhou's 4-player ranked rules (ari-ari, red fives), so
``Ruleset()`` is a complete, playable ruleset.

Units: points are game points (25,000 start); settlement values (oka, uma,
bonuses) are in thousands of points, as clubs write them (+20 = 20,000).

Engine code asks options, never a preset's name.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_type_hints

SECTIONS = {
    "points": "Points and settlement (点数と精算)",
    "length": "Length, dealer and ending (対局の長さ・連荘・終局)",
    "wall": "Wall and dora (山とドラ)",
    "calls": "Calls (鳴き)",
    "riichi": "Riichi (リーチ)",
    "yaku": "Yaku and hand values (役と点数)",
    "penalties": "Penalties (罰則)",
}

YAKUMAN_IDS_DOUBLE_CAPABLE = (
    "kokushi_13",
    "suuankou_tanki",
    "junsei_chuuren",
    "daisuushii",
    "suukantsu",
    "daisharin",
    "tenhou",
    "chiihou",
    "renhou",
)


def opt(
    default: Any,
    section: str,
    ja: str,
    en: str,
    *,
    lo: int | None = None,
    hi: int | None = None,
    choices: tuple[str, ...] | None = None,
    values: dict[str, str] | None = None,
    before: Any = None,
    why: str | None = None,
    also: tuple[str, ...] = (),
) -> Any:
    """Declare one option: its default, section, Japanese term, meaning and limits.

    ``lo``/``hi`` bound ints to what a real club could use (``hi`` bounds the length
    of a text option), and ``why`` says why the bounds are there (``rules check`` and
    ``rules show`` print it).  ``also`` lists other names players write for the option
    (romanised Japanese, English): ``rules check`` suggests the option for them and
    docs/rules.md lists them.  What no single range can say (values that together
    make no game) is :func:`rulesets.combinations.combination_problems`.  ``choices``
    bound the items of a tuple of strings;
    ``values`` explains each allowed value of a ``Literal`` option (or names each
    choice in words); screens show these words rather than the values.  ``before`` is
    the value that reproduces what hanchan did before the option existed, where
    the default differs from it: a save written then, which lacks the option,
    is read with it (see :func:`saved_before`).
    """
    assert section in SECTIONS, section
    meta = {"section": section, "ja": ja, "en": en, "lo": lo, "hi": hi,
            "choices": choices, "values": values or {}, "why": why, "also": also}
    if before is not None:
        meta["before"] = before
    if isinstance(default, (tuple, list)):
        value = tuple(tuple(x) if isinstance(x, list) else x for x in default)
        return field(default=value, metadata=meta)
    return field(default=default, metadata=meta)


Uma = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """All options of a game's rules.  Immutable; build variants with :meth:`replace`."""

    name: str = opt("tenhou", "points", "名前",
                    "Name of the ruleset (a preset id or the user's own).", hi=255,
                    why="the name is written into every saved game's header, whose line is "
                        "bounded; a file name is at most as long")

    # ------------------------------------------------------------------ points
    start_points: int = opt(25000, "points", "配給原点", "Points each player starts with.",
                            lo=1000, hi=100_000,
                            why="a player starts with at least one riichi stick, and no club "
                                "deals more than 100,000",
                                also=("haikyuu_genten", "mochiten", "starting_points",
                                      "initial_points"))
    return_points: int = opt(30000, "points", "返し (原点)",
                             "Points a player must return in the settlement; "
                             "the difference of all four goes to the top as oka.",
                             lo=1000, hi=100_000,
                             why="as the starting points: from one riichi stick to 100,000",
                             also=("kaeshi", "genten"))
    oka: int = opt(20, "points", "オカ",
                   "Oka to the top player, in thousands. Usually 4 x (return - start); "
                   "0 when start equals return.", lo=0, hi=1000)
    uma_scheme: Literal["fixed", "by_floaters", "float_sink"] = opt(
        "fixed", "points", "ウマ方式", "How the placement bonus (uma) is decided.",
        values={"fixed": "one table by rank (uma)",
                "by_floaters": "a table chosen by how many players end at or above "
                               "the return points (uma_by_floaters)",
                "float_sink": "浮き沈み: sunk and floating players get fixed amounts, "
                              "the top takes the rest (uma_sink, uma_float)"})
    uma: Uma = opt((20, 10, -10, -20), "points", "順位ウマ",
                   "Uma by rank 1-4, in thousands (fixed scheme).", lo=-100, hi=100,
        why="more than 100,000 points for a place would outweigh the game itself",
        also=("juni_uma", "placement_bonus", "rank_bonus"))
    uma_by_floaters: tuple[Uma, Uma, Uma, Uma] = opt(
        ((20, 10, -10, -20), (60, -10, -20, -30), (30, 10, -10, -30), (20, 10, 0, -30)),
        "points", "浮き人数によるウマ",
        "Uma tables by the number of players at or above the return points: "
        "entry n is used when n players float (n = 0..3).", lo=-100, hi=100,
        why="more than 100,000 points for a place would outweigh the game itself")
    uma_sink: tuple[int, int, int] = opt(
        (-5, -10, -15), "points", "沈みウマ",
        "float_sink scheme: uma of a sunk 2nd, sunk 3rd and the 4th, in thousands.",
        lo=-100, hi=100,
        why="more than 100,000 points for a place would outweigh the game itself")
    uma_float: tuple[int, int] = opt(
        (5, 0), "points", "浮きウマ",
        "float_sink scheme: uma of a floating 2nd and floating 3rd, in thousands.",
        lo=-100, hi=100,
        why="more than 100,000 points for a place would outweigh the game itself")
    tie_break: Literal["seat_order", "split"] = opt(
        "seat_order", "points", "同点時の順位",
        "How equal final points are ranked.",
        values={"seat_order": "上家優先: the player nearer the first dealer ranks higher",
                "split": "tied players share their ranks' uma and oka equally"},
                also=("douten", "same_points"))
    rounding: Literal["none", "toward_zero", "half_up", "five_down_six_up", "floor_100"] = opt(
        "none", "points", "端数処理",
        "How final points are rounded to thousands before uma.",
        values={"none": "keep exact (one decimal place in thousands)",
                "toward_zero": "plus players round down, minus players round up",
                "half_up": "四捨五入: 500 and more rounds up",
                "five_down_six_up": "五捨六入: 500 rounds down, 600 and more rounds up",
                "floor_100": "no rounding beyond the 100 (Tenhou shows one decimal)"})
    rounding_top_absorbs: bool = opt(
        True, "points", "端数をトップが調整",
        "After rounding, the top's result is set so that all results sum to zero.")
    honba_points: int = opt(300, "points", "積み棒",
                            "Value of one honba counter on a win (a third from each on tsumo).",
                            lo=0, hi=3000,
                            why="clubs pay 300 (some 1,500) a counter; 3,000 is ten times "
                                "the usual",
                                also=("tsumibou", "honba", "counter_points", "repeat_counter"))
    multi_ron_honba: Literal["each", "nearest"] = opt(
        "nearest", "points", "ダブロン時の積み棒",
        "Who receives the honba in a multiple ron.",
        values={"each": "every winner receives it from the discarder",
                "nearest": "only the winner nearest the discarder's right (上家取り)"})
    multi_ron_sticks: Literal["nearest", "each_own"] = opt(
        "nearest", "points", "ダブロン時の供託",
        "Who takes the riichi sticks on the table in a multiple ron.",
        values={"nearest": "the winner nearest the discarder's right (上家取り)",
                "each_own": "sticks on the table go to the nearest winner, but a winner "
                            "always takes back a stick it put down this hand"})
    leftover_sticks: Literal["top", "table"] = opt(
        "top", "points", "終局時の供託", "Riichi sticks still on the table when the game ends.",
        values={"top": "go to the top player", "table": "stay on the table (given to nobody)"},
        also=("kyoutaku", "riichi_sticks_at_end"))
    bust: Literal["below_zero", "none"] = opt(
        "below_zero", "points", "飛び",
        "Whether a player's points going below zero ends the game (exactly 0 continues).",
        values={"below_zero": "a player below 0 at the end of a hand ends the game",
                "none": "no bust ending; negative scores play on"},
                also=("tobi", "hakoshita", "busting"))
    noten_payment_can_bust: bool = opt(
        True, "points", "ノーテン罰符での飛び",
        "Whether noten payments can bust a player; off: they never do, and a player they "
        "leave below zero busts at the end of a later hand it pays for (a win, a nagashi, a "
        "chombo), not of a hand it takes no part in.")
    bust_bonus: int = opt(0, "points", "飛び賞",
                          "Settlement bonus per busted player, in thousands: paid by each busted "
                          "player to the player who busted them.", lo=0, hi=1000,
                          also=("tobishou", "tobi_bonus"))
    bust_bonus_by_noten_or_chombo: bool = opt(
        False, "points", "罰符・チョンボによる飛び賞",
        "Whether the bust bonus is paid when the bust came from noten payments or a chombo.")
    yakuman_bonus_tsumo: int = opt(0, "points", "役満御祝儀 (ツモ)",
                                   "Settlement bonus for a yakuman tsumo, from each other "
                                   "player, in thousands.", lo=0, hi=1000)
    yakuman_bonus_ron: int = opt(0, "points", "役満御祝儀 (ロン)",
                                 "Settlement bonus for a yakuman ron, from the discarder, "
                                 "in thousands.", lo=0, hi=1000)
    yakuman_bonus_kazoe: bool = opt(
        False, "points", "数え役満の御祝儀",
        "Whether a counted yakuman (13+ han, kazoe_yakuman) earns the yakuman bonus like a "
        "yakuman; chip_yakuman is paid for real yakuman only.")
    chips: bool = opt(False, "points", "チップ",
                      "Whether chips (祝儀) are counted; they are settled apart from points.",
                      also=("shuugi", "goshuugi"))
    chip_ippatsu: int = opt(1, "points", "一発祝儀", "Chips for ippatsu (from each on tsumo, "
                            "from the discarder on ron), a yakuman's too.", lo=0, hi=100)
    chip_ura: int = opt(1, "points", "裏ドラ祝儀", "Chips per ura or kan-ura dora in a riichi "
                        "winner's hand, a yakuman's too.", lo=0, hi=100)
    chip_red: int = opt(1, "points", "赤祝儀", "Chips per red five in a winning hand, a "
                        "yakuman's too.", lo=0, hi=100)
    chip_yakuman: int = opt(24, "points", "役満祝儀",
                            "Chips for a yakuman in total from the payers (double: twice).",
                            lo=0, hi=1000)
    chip_bust: int = opt(3, "points", "飛び祝儀", "Chips the buster gets from each busted player.",
                         lo=0, hi=100)
    chip_points: int = opt(0, "points", "チップの換算",
                           "Points one chip is worth in the final settlement: the final table "
                           "adds each player's chips at this rate to their result "
                           "(0: chips are settled apart, not converted).", lo=0, hi=100_000)
    yakitori: bool = opt(False, "points", "焼き鳥",
                         "A player who never won in the game pays yakitori chips to the "
                         "players who did, as yakitori_payment says (to each, or into one "
                         "pool they share).",
                         also=("yakitori_ari",))
    yakitori_chips: int = opt(3, "points", "焼き鳥チップ", "Chips per yakitori payment.",
                              lo=0, hi=100)
    wareme: bool = opt(False, "points", "割れ目",
                       "The player in front of whom the wall is broken pays and receives "
                       "double: a win's points (not its honba), nagashi, noten payments and "
                       "a chombo's payments; riichi sticks and chips are not doubled.",
                       also=("wareme_ari",))
    yakitori_payment: Literal["each", "split"] = opt(
        "each", "points", "焼き鳥の支払い", "How a yakitori player pays.",
        values={"each": "yakitori_chips to each player who won",
                "split": "yakitori_chips in all, shared equally by the players who won"})
    negative_scores_count: bool = opt(
        True, "points", "箱下精算",
        "Points below zero count in the settlement; off: a player below 0 settles as 0.",
        also=("hakoshita_seisan",))

    # ------------------------------------------------------------------ length
    length: Literal["east", "east_south"] = opt(
        "east_south", "length", "対局の長さ", "Length of a game.",
        values={"east": "東風戦: the East round only", "east_south": "半荘戦: East and South"},
        also=("tonpuusen", "hanchan", "game_length"))
    extension: Literal["none", "sudden_death", "full_rounds"] = opt(
        "sudden_death", "length", "延長 (西入)",
        "What happens when nobody has reached extension_target after the last hand.",
        values={"none": "the game ends anyway",
                "sudden_death": "play on into the next round; the game ends at the end of "
                                "the first hand after which somebody has the target",
                "full_rounds": "play a whole further round each time; no early stop inside it"},
                also=("nishi_iri", "west_round", "sudden_death", "enchou"))
    extension_target: int = opt(30000, "length", "延長の条件点",
                                "Points the top must reach for the game to end without "
                                "extension.", lo=0, hi=1_000_000)
    extension_last_round: Literal["west", "north", "unlimited"] = opt(
        "west", "length", "延長の上限", "The last round an extension may reach.",
        values={"west": "one extension round at most: West after South (South in an "
                        "East-only game)",
                "north": "two extension rounds at most: to North (to West in an East-only "
                         "game)",
                "unlimited": "round after round (West, North, East ...) until somebody "
                             "reaches the target"})
    renchan_at_draw: Literal["tenpai", "always", "tenpai_or_after_east", "never"] = opt(
        "tenpai", "length", "流局時の連荘",
        "Whether the dealer keeps the deal at an exhaustive draw.",
        values={"tenpai": "聴牌連荘: only if the dealer is tenpai",
                "always": "always",
                "tenpai_or_after_east": "tenpai keeps; noten passes in the East round only",
                "never": "the deal always passes"},
                also=("renchan", "tenpai_renchan", "oyanagare"))
    renchan_at_abort: bool = opt(True, "length", "途中流局の連荘",
                                 "Whether the dealer keeps the deal after an abortive draw.")
    renchan_at_abort_tenpai: bool = opt(
        False, "length", "途中流局の聴牌連荘",
        "With renchan_at_abort, the dealer keeps the deal after an abortive draw only when "
        "tenpai, judged as at an exhaustive draw on the dealer's 13 tiles at the moment of "
        "the abort (a dealer holding 14 tiles, as after its own nine terminals, is noten); "
        "a noten dealer passes the deal, one honba added.")
    extension_dealer_keeps: Literal["target_ends", "as_last_hand"] = opt(
        "as_last_hand", "length", "延長戦の連荘",
        "Sudden-death extension: what a hand after which the dealer keeps the deal does.",
        before="target_ends",
        values={"target_ends": "the game ends as soon as somebody has the target, even "
                               "when the dealer keeps the deal",
                "as_last_hand": "it ends only as the last hand does: by agariyame or "
                                "tenpaiyame when the dealer is first with the target; "
                                "otherwise the dealer plays on (the game ends when the "
                                "deal passes and somebody has the target)"})
    agariyame: Literal["none", "auto_if_top", "if_top", "always"] = opt(
        "auto_if_top", "length", "アガリやめ",
        "Whether the last dealer's win at the last hand ends the game.",
        values={"none": "no stop: the game goes on",
                "auto_if_top": "the game ends by itself when the dealer is top after the win",
                "if_top": "the dealer may choose to stop when top after the win",
                "always": "the dealer may choose to stop regardless of standing"},
                also=("agari_yame",))
    tenpaiyame: Literal["none", "auto_if_top", "if_top", "always"] = opt(
        "auto_if_top", "length", "テンパイやめ",
        "Whether the last dealer, tenpai at the last hand's exhaustive draw, ends the game.",
        values={"none": "no stop", "auto_if_top": "ends by itself when the dealer is top",
                "if_top": "the dealer may choose to stop when top",
                "always": "the dealer may choose to stop regardless"},
                also=("tenpai_yame",))
    abort_nine_terminals: bool = opt(True, "length", "九種九牌",
                                     "A player with 9 different terminals/honours on the first "
                                     "draw (the dealer on the deal) may abort the hand; "
                                     "whether a call before it stops this is "
                                     "nine_terminals_after_calls.",
                                     also=("kyuushu_kyuuhai", "kyuushu", "nine_terminals"))
    nine_terminals_after_calls: bool = opt(
        False, "length", "鳴き後の九種九牌",
        "With abort_nine_terminals, a player may abort on its first draw even when another "
        "player called before it; off: only on a first draw with no call in the hand before.")
    abort_four_winds: bool = opt(True, "length", "四風子連打",
                                 "The same wind discarded by all four on the first go-round "
                                 "with no call aborts the hand.",
                                 also=("suufon_renda", "suufuu_renda", "four_winds"))
    abort_four_riichi: bool = opt(True, "length", "四家立直",
                                  "All four players in riichi aborts the hand.",
                                  also=("suucha_riichi", "four_riichi"))
    abort_four_kans: bool = opt(True, "length", "四開槓",
                                "Four kans by more than one player abort the hand once the "
                                "fourth kan's discard is not won on.",
                                also=("suukaikan", "suukan_sanra", "four_kans"))
    double_ron: Literal["allowed", "head_bump"] = opt(
        "allowed", "length", "ダブロン", "Two players ronning the same discard.",
        values={"allowed": "both win", "head_bump": "頭ハネ: only the nearest to the "
                                                    "discarder's right wins"},
                                                    also=("daburon", "head_bump", "atamahane",
                                                          "multiple_ron"))
    triple_ron: Literal["allowed", "abort", "head_bump"] = opt(
        "abort", "length", "トリプルロン", "Three players ronning the same discard.",
        values={"allowed": "all three win", "abort": "三家和: abortive draw",
                "head_bump": "only the nearest wins"},
                also=("sanchahou", "toripuru_ron"))
    min_han: int = opt(1, "length", "翻縛り", "Minimum han (without dora) to win.", lo=1, hi=4,
                       why="clubs play 1 or 2 han; above 4 han almost no "
                           "hand could win, and 13 would leave only yakuman",
                           also=("han_shibari", "shibari", "minimum_han", "iihan_shibari"))
    two_han_from_honba: int = opt(0, "length", "二翻縛り",
                                  "From this many honba on, the minimum is 2 han (0 = never).",
                                  lo=0, hi=100,
                                  also=("ryanhan_shibari", "ryanshiba"))
    ippatsu_counts_for_min_han: bool = opt(
        True, "length", "一発と二翻縛り",
        "Ippatsu counts toward the minimum han; off: riichi and ippatsu alone do not "
        "meet a 2-han minimum.")
    noten_payment: int = opt(3000, "length", "ノーテン罰符",
                             "Total paid by the noten players to the tenpai players at an "
                             "exhaustive draw.", lo=0, hi=30000,
                             also=("noten_bappu", "bappu", "noten_penalty"))
    tenpai_own_four_copies: bool = opt(
        False, "length", "空聴牌",
        "Whether a wait on a tile whose four copies are all in the own hand counts as tenpai.")
    formal_tenpai: bool = opt(
        True, "length", "形式聴牌",
        "A hand with no yaku (or only a wait no one can win on) counts as tenpai at an "
        "exhaustive draw when its shape is tenpai.",
        also=("keishiki_tenpai",))
    noten_declaration: Literal["allowed", "allowed_except_bare_tanki", "not_allowed"] = opt(
        "not_allowed", "length", "ノーテン宣言",
        "Whether a tenpai player (not in riichi) may declare noten at an exhaustive draw.",
        values={"allowed": "yes", "allowed_except_bare_tanki":
                "yes, except with a bare single wait (裸単騎)", "not_allowed": "no"},
                also=("noten_sengen",))

    # ------------------------------------------------------------------ wall and dora
    red_fives: int = opt(1, "wall", "赤ドラ", "Red fives per suit (0, 1 or 2).", lo=0, hi=2,
                         also=("aka", "akadora", "aka_dora", "red_dora", "aka_ari"))
    initial_dora: int = opt(1, "wall", "開局時のドラ表示牌", "Dora indicators at the start.",
                            lo=1, hi=2)
    ura_dora: bool = opt(True, "wall", "裏ドラ", "Ura dora for riichi winners.",
                         also=("uradora",))
    kan_dora: bool = opt(True, "wall", "カンドラ", "A new dora indicator for each kan.",
                         also=("kandora",))
    kan_ura: bool = opt(True, "wall", "カン裏", "Ura dora under each kan dora.",
                        also=("kanura", "kan_uradora"))
    kan_dora_closed: Literal["immediate", "after_discard"] = opt(
        "immediate", "wall", "暗槓のカンドラ", "When a closed kan's new dora is revealed.",
        values={"immediate": "at once, before the replacement draw",
                "after_discard": "after the replacement draw's discard"})
    kan_dora_open: Literal["immediate", "after_discard"] = opt(
        "after_discard", "wall", "明槓・加槓のカンドラ",
        "When an open or added kan's new dora is revealed.",
        values={"immediate": "at once", "after_discard":
                "after the replacement draw's discard (or before a further kan)"})
    kan_dora_on_rinshan_win: bool = opt(
        False, "wall", "嶺上開花時のカンドラ",
        "Whether a pending kan dora is revealed when the replacement draw wins.")
    kan_dora_on_discard_ron: bool = opt(
        True, "wall", "槓後の打牌ロン時のカンドラ",
        "Whether a pending kan dora counts when the discard after the kan is won on.")
    dead_wall: int = opt(14, "wall", "王牌", "Tiles in the dead wall at the start (14 or 16).",
                         lo=14, hi=16,
                         also=("wanpai", "oupai"))
    dead_wall_replenish: bool = opt(
        True, "wall", "王牌の補充",
        "After each kan the last live tile joins the dead wall so it stays at its size; "
        "off: the dead wall shrinks and the last live tile stays the same.")
    max_kans: int = opt(4, "wall", "槓の上限", "Kans allowed in one hand in all.", lo=0, hi=4)

    # ------------------------------------------------------------------ calls
    kuikae: Literal["forbidden", "same_tile_forbidden", "allowed"] = opt(
        "forbidden", "calls", "喰い替え", "Swap calling: discarding what was just called for.",
        values={"forbidden": "neither the called tile nor its suji partner across the chi",
                "same_tile_forbidden": "only the called tile itself is forbidden",
                "allowed": "no restriction"},
                also=("swap_calling", "kuikae_nashi"))
    kan_after_call: bool = opt(False, "calls", "ポンカン",
                               "Whether a player may declare a kan right after a pon or chi, "
                               "before discarding.",
                               also=("ponkan",))
    kan_on_last_tile: bool = opt(False, "calls", "海底でのカン",
                                 "Whether a kan may be declared on the last drawn tile.")
    call_on_last_discard: bool = opt(False, "calls", "河底牌の鳴き",
                                     "Whether the last discard may be called (it may always be "
                                     "won on).")
    call_without_draws_left: bool = opt(
        True, "calls", "残りツモなしの鳴き",
        "Whether a player who has no draw left may still call (and discard).")

    # ------------------------------------------------------------------ riichi
    riichi_needs_points: bool = opt(True, "riichi", "リーチの供託点",
                                    "Riichi needs 1,000 points to put down.")
    riichi_min_wall: int = opt(4, "riichi", "リーチの残り枚数",
                               "Tiles that must be left in the live wall to declare riichi "
                               "(0 = none).", lo=0, hi=70)
    open_riichi: bool = opt(False, "riichi", "オープンリーチ",
                            "Open riichi: 2 han (3 with double riichi); a player not in riichi "
                            "who deals in only because every safe choice was gone pays "
                            "yakuman; a careless discard of a tile it can win on is refused "
                            "(none while it is furiten).",
                            also=("puuriichi", "open_reach"))
    open_riichi_shows: Literal["hand", "wait"] = opt(
        "hand", "riichi", "オープンリーチのさらし方",
        "What an open riichi shows the table from its declaration to the end of the hand "
        "(at an exhaustive draw the tenpai hands are shown whole either way).",
        values={"hand": "the whole concealed hand, a tile just drawn included",
                "wait": "部分さらし: from the riichi discard on, only the part that makes "
                        "the wait: the fewest tiles whose waits, the rest taken as complete "
                        "sets, are exactly the hand's (of two such parts the one of lower "
                        "tiles; the whole hand for a seven-pairs or thirteen-orphans wait); "
                        "the rest and a tile just drawn stay face down, and a red five is "
                        "shown only where no plain five of the hand can stand for it"},
        also=("bubun_sarashi", "partial_open_riichi"))
    double_riichi: bool = opt(True, "riichi", "ダブル立直", "Double riichi (2 han).",
                              also=("daburii", "daburu_riichi"))
    ippatsu: bool = opt(True, "riichi", "一発", "Ippatsu.")
    ippatsu_on_chankan: bool = opt(True, "riichi", "一発の槍槓",
                                   "Robbing a kan within the riichi player's first go-round "
                                   "scores ippatsu.")
    riichi_ankan: Literal["never", "waits_unchanged", "composition_unchanged"] = opt(
        "waits_unchanged", "riichi", "リーチ後の暗槓",
        "Closed kan after riichi.",
        values={"never": "not allowed",
                "waits_unchanged": "with the drawn tile, when the waits stay the same",
                "composition_unchanged": "with the drawn tile, when every decomposition keeps "
                                         "the four as a triplet (no meld moves)"},
                                         also=("ankan_after_riichi",))
    riichi_own_four_copies: bool = opt(
        False, "riichi", "和り目なしの立直",
        "Riichi may be declared on a hand whose only wait is a fifth copy of a tile it holds "
        "all four of: it can never win, and at the exhaustive draw it is no chombo "
        "(whether it is tenpai there is tenpai_own_four_copies).")
    riichi_furiten_tsumo_only: bool = opt(
        True, "riichi", "リーチ後のフリテン",
        "After passing a winning tile in riichi the player may only win by tsumo.")
    riichi_stick_on_deal_in: bool = opt(
        False, "riichi", "宣言牌での放銃時の供託",
        "Whether the 1,000 stick is still paid when the riichi declaration tile is won on.")

    # ------------------------------------------------------------------ yaku
    open_tanyao: bool = opt(True, "yaku", "喰いタン", "Tanyao with calls.",
                            also=("kuitan", "kuitan_ari", "kuitan_nashi", "tanyao_open"))
    atozuke: bool = opt(True, "yaku", "後付け",
                        "A hand may win on a tile that is its only source of yaku (or with a "
                        "yaku completed by the winning tile) after calls.",
                        also=("atoduke", "atozuke_ari"))
    kiriage_mangan: bool = opt(False, "yaku", "切り上げ満貫",
                               "4 han 30 fu counts as mangan (and 3 han 60 fu, unless "
                               "kiriage_3han_60fu is off).",
                               also=("kiriage",))
    kiriage_3han_60fu: bool = opt(True, "yaku", "3翻60符の切り上げ",
                             "With kiriage_mangan, 3 han 60 fu (the same 1,920 base points) "
                             "counts as mangan too; off: only 4 han 30 fu is rounded up.")
    kazoe_yakuman: bool = opt(True, "yaku", "数え役満", "13+ han count as yakuman.",
                              also=("kazoe",))
    kazoe_cap: Literal["sanbaiman", "yakuman"] = opt(
        "yakuman", "yaku", "数え役満の上限", "Value of 13+ han without a real yakuman.",
        values={"sanbaiman": "sanbaiman (no counted yakuman)", "yakuman": "yakuman"})
    double_yakuman: tuple[str, ...] = opt(
        (), "yaku",
        "ダブル役満", "Yakuman that count double.", choices=YAKUMAN_IDS_DOUBLE_CAPABLE,
        values={"kokushi_13": "kokushi on a 13-sided wait", "suuankou_tanki":
                "suuankou on a pair wait", "junsei_chuuren": "chuuren on a 9-sided wait",
                "daisuushii": "daisuushii", "suukantsu": "suukantsu", "daisharin": "daisharin",
                "tenhou": "tenhou", "chiihou": "chiihou", "renhou": "renhou"})
    double_yakuman_when_furiten: bool = opt(
        True, "yaku", "振聴時のダブル役満",
        "A 13-wait kokushi or 9-wait chuuren counts double even when the hand is furiten "
        "(won by tsumo); off: then it is a single yakuman.")
    yakuman_stacking: bool = opt(True, "yaku", "役満の複合",
                                 "Several yakuman in one hand add up.")
    yakuman_cap: int = opt(6, "yaku", "役満の上限",
                           "At most this many yakuman in one hand (counted double as 2).",
                           lo=1, hi=20)
    renhou: Literal["none", "yakuman", "mangan", "baiman"] = opt(
        "none", "yaku", "人和",
        "Ron before the own first draw with no call before.",
        values={"none": "not a yaku", "yakuman": "yakuman (never combined with other yaku)",
                "mangan": "mangan", "baiman": "baiman"},
                also=("renho",))
    first_turn_yakuman_stack: bool = opt(
        True, "yaku", "天和・地和・人和の複合",
        "Tenhou, chiihou, renhou and shiisanputaa add up with other yakuman; off: "
        "the hand counts either them or its other yakuman, whichever is worth more.")
    kokushi_chankan_ankan_double: bool = opt(
        False, "yaku", "暗槓搶槓の国士無双",
        "Kokushi won by robbing a closed kan counts one yakuman more.")
    tenhou_best_waits: bool = opt(
        False, "yaku", "天和の待ち",
        "A tenhou counts suuankou as tanki, kokushi as 13-wait and chuuren as 9-wait.")
    sankantsu_yakuman: bool = opt(False, "yaku", "三槓子役満", "Sankantsu is a yakuman "
                                  "(instead of 2 han).")
    ryuuiisou_without_hatsu: bool = opt(True, "yaku", "發なし緑一色",
                                        "Ryuuiisou without Green dragons counts.")
    chuuren_any_suit: bool = opt(True, "yaku", "九蓮宝燈の色",
                                 "Chuuren in pinzu and souzu counts (not only manzu).")
    chiitoitsu_fu: int = opt(25, "yaku", "七対子の符", "Fu of chiitoitsu.", lo=20, hi=50)
    pinfu_tsumo_fu: bool = opt(True, "yaku", "ピンフツモ",
                               "Pinfu tsumo is 20 fu (no tsumo fu); off: 30 fu.")
    open_pinfu_ron_fu: int = opt(30, "yaku", "喰いピンフ形の符",
                                 "Fu of an open hand with no fu won by ron.", lo=20, hi=30)
    double_wind_fu: int = opt(4, "yaku", "連風牌の符", "Fu of a pair of a double wind "
                              "(seat and round).", lo=2, hi=4)
    nagashi_mangan: Literal["none", "mangan", "yakuman"] = opt(
        "mangan", "yaku", "流し満貫",
        "Nagashi mangan: all the player's discards terminals/honours, none called; complete "
        "at the exhaustive draw, or at the player's last discard with "
        "nagashi_at_last_discard.",
        values={"none": "not recognised", "mangan": "paid as a mangan tsumo",
                "yakuman": "paid as a yakuman tsumo"},
                also=("nagashi",))
    nagashi_with_own_calls: bool = opt(True, "yaku", "流し満貫と自分の鳴き",
                                       "Nagashi mangan stays valid when the player called.")
    nagashi_as_win: bool = opt(
        False, "yaku", "流し満貫を和了とする",
        "Nagashi mangan is a tsumo win: the player takes the riichi sticks and the honba "
        "(paid as on a tsumo), the deal stays only if the dealer made it (a honba added) "
        "and otherwise passes (honba back to 0); it counts as a win for yakitori, a "
        "yakuman-valued nagashi earns the yakuman chips and bonuses; off: the hand is an "
        "exhaustive draw (deal by tenpai, a honba added, the sticks stay on the table).")
    nagashi_at_last_discard: bool = opt(
        False, "yaku", "流し満貫の成立時期",
        "With nagashi_as_win: nagashi is complete, and the hand ends, when the player's "
        "last discard (3 tiles or fewer left in the live wall) is neither called nor won "
        "on; off: at the exhaustive draw.")
    paarenchan: bool = opt(False, "yaku", "八連荘",
                           "Yakuman for a dealer's 8th consecutive win.",
                           also=("parenchan", "eight_renchan"))
    daisharin: Literal["none", "pinzu", "any_suit", "any_pairs"] = opt(
        "none", "yaku", "大車輪", "Seven pairs 2-8 of one suit (daisharin) as a yakuman.",
        values={"none": "not a yaku", "pinzu": "22334455667788p only",
                "any_suit": "2-8 seven pairs in any one suit",
                "any_pairs": "any seven pairs of one suit (清一色七対子)"})
    sanrenkou_han: int = opt(0, "yaku", "三連刻", "Han of three consecutive triplets "
                             "(0 = not a yaku).", lo=0, hi=13)
    suurenkou: bool = opt(False, "yaku", "四連刻", "Four consecutive triplets as a yakuman.")
    shiisanputaa: bool = opt(False, "yaku", "十三不搭",
                             "Yakuman: on the deal or first draw with no call, 14 tiles with "
                             "no meld, no partial and exactly one pair.")
    chankan_on_ankan: Literal["none", "kokushi"] = opt(
        "none", "yaku", "暗槓の槍槓", "Robbing a closed kan.",
        values={"none": "never", "kokushi": "only to complete kokushi musou"})
    haitei_with_rinshan: bool = opt(False, "yaku", "海底と嶺上",
                                    "A replacement draw that is also the last tile scores "
                                    "haitei as well as rinshan.")
    pao_yaku: tuple[str, ...] = opt(("daisangen", "daisuushii"), "yaku", "責任払い (包)",
                                    "Yaku for which the player who fed the last set pays.",
                                    choices=("daisangen", "daisuushii", "suukantsu", "sankantsu",
                                             "suurenkou"),
                                             also=("pao", "sekinin_barai", "sekinin"))
    pao_by_open_kan: bool = opt(
        True, "yaku", "大明槓での包",
        "An open kan that completes the daisangen/daisuushii set makes its feeder pao, as a "
        "pon does (suukantsu/sankantsu pao is always by open kan).")
    pao_first_discarder: bool = opt(
        False, "yaku", "同巡内の包者",
        "When the tile that makes a player pao was discarded more than once since the "
        "caller's own last discard and a later copy was called, the first to discard it "
        "is pao; off: the discarder of the called tile.")
    pao_ron: Literal["half", "all"] = opt(
        "half", "yaku", "包のロン", "Who pays a ron on a pao hand.",
        values={"half": "the pao player and the discarder pay half each",
                "all": "the pao player pays all"})
    pao_scope: Literal["whole_hand", "pao_yaku"] = opt(
        "whole_hand", "yaku", "包の範囲",
        "What the pao player is responsible for when the hand has other yakuman too.",
        values={"whole_hand": "the whole value of the hand (Tenhou)",
                "pao_yaku": "only the pao yakuman's share; the rest is paid as usual"})
    pao_honba: Literal["discarder", "pao"] = opt(
        "pao", "yaku", "包の積み棒", "Who pays the honba on a pao ron.",
        values={"discarder": "the discarder", "pao": "the pao player"})

    # ------------------------------------------------------------------ penalties
    practice_mode: bool = opt(False, "penalties", "練習モード",
                              "Let the human make the mistakes the club penalises (false win, "
                              "noten riichi, false call) and apply the penalty; a riichi the "
                              "rules forbid outright (too few points or tiles left, a dead "
                              "hand) is still refused.",
                              also=("practice",))
    chombo: Literal["each_fixed", "mangan_each", "to_table", "to_nobody"] = opt(
        "mangan_each", "penalties", "チョンボ", "How a chombo is paid.",
        values={"each_fixed": "chombo_points to each other player",
                "mangan_each": "a mangan payment as if the others had won by tsumo (錯和料)",
                "to_table": "chombo_points to the table (供託)",
                "to_nobody": "chombo_points lost to nobody"},
                also=("chonbo", "chombo_payment"))
    chombo_points: int = opt(4000, "penalties", "チョンボの点数",
                             "Points of a chombo (per player for each_fixed).", lo=0, hi=48_000,
                             why="no chombo costs more than a dealer's yakuman (48,000)")
    chombo_replay: bool = opt(True, "penalties", "チョンボ後の再開",
                              "The hand is replayed after a chombo (same dealer, no honba "
                              "added); what happens to its sticks is chombo_sticks_returned "
                              "and chombo_own_stick_stays.")
    chombo_sticks_returned: bool = opt(
        True, "penalties", "チョンボ時の供託",
        "Riichi sticks put down in a chombo hand go back to their owners; off: they stay on "
        "the table for the next winner.")
    chombo_tenpai_best: bool = opt(
        False, "penalties", "チョンボ時の聴牌者への支払い",
        "A tenpai player receives from the chombo player the highest value the hand could "
        "have won (chance yaku excluded) when that is more than its mangan share; never "
        "less than the share a noten player gets.")
    chombo_own_stick_stays: bool = opt(
        False, "penalties", "リーチ者のチョンボの供託",
        "With chombo_sticks_returned: the chombo player's own riichi stick stays on the "
        "table for the next winner; the others' sticks go back.")
    chombo_penalty_sticks_returned: bool = opt(
        False, "penalties", "チョンボ時の罰符棒",
        "With chombo_sticks_returned: the 1,000-point false-call sticks put down in the "
        "chombo hand also go back to whoever paid them.")
    chombo_dealer_passes: bool = opt(False, "penalties", "親チョンボで親流れ",
                                     "A dealer's chombo passes the deal.")
    chombo_last_dealer_keeps: bool = opt(
        False, "penalties", "最終局の親チョンボ",
        "With chombo_dealer_passes: a dealer's chombo in the last hand of a round that may "
        "end the game (South 4, and each extension round's 4th hand) does not pass the deal.")
    chombo_adds_honba: bool = opt(
        False, "penalties", "錯和による流局の積み棒",
        "A chombo hand that is not replayed counts as a draw (錯和による流局): one honba "
        "is added; off: the honba stay as they were.")
    chombo_excused_by_win: bool = opt(
        True, "penalties", "和了と同時のチョンボ",
        "A chombo found at the same moment as another player's legal win is excused and the "
        "win stands: a false ron on a discard (or kan) that another player rightly wins on, "
        "whichever called first, and a noten riichi at a draw that a nagashi win "
        "(nagashi_as_win) ends; off: the chombo is recorded at once and voids the hand.",
        before=False)
    false_call: Literal["none", "table_1000", "dead_hand"] = opt(
        "none", "penalties", "誤ポン・空ポン", "Penalty for a false call.",
        values={"none": "no penalty (the call is taken back)",
                "table_1000": "1,000 to the table",
                "dead_hand": "アガリ放棄: the hand may not win"},
                also=("gopon", "karapon", "false_pon"))

    false_meld: Literal["taken_back", "dead_hand", "dead_hand_ankan_chombo"] = opt(
        "taken_back", "penalties", "誤フーロ・錯カン",
        "A call or kan whose tiles make no set with it (a chi that is no run, a pon or kan "
        "of unlike tiles; practice mode) by a seat that could otherwise call or kan now.",
        values={"taken_back": "the meld is taken back and is a false call (false_call's "
                              "penalty); a false kan turns no kan dora",
                "dead_hand": "the meld stands as made and the hand is dead (アガリ放棄): it "
                             "plays on but may not win or call; a kan turns its kan dora",
                "dead_hand_ankan_chombo": "as dead_hand, but a closed kan with unlike hidden "
                                          "tiles is a chombo at once"},
        also=("gofuro", "sakukan"))
    false_win_withdrawn: Literal["chombo", "none", "dead_hand", "table_1000_dead_hand"] = opt(
        "chombo", "penalties", "倒牌前に取り消した誤ロン・誤ツモ",
        "A false tsumo or ron taken back before the hand is shown (practice mode's "
        "'take back'); a false win whose hand is shown is always a chombo.",
        values={"chombo": "a chombo, as if the hand had been shown",
                "none": "no penalty: the declaration is taken back and play goes on",
                "dead_hand": "アガリ放棄: the hand may no longer win or call (noten at a "
                             "draw; a riichi hand is then no noten-riichi chombo)",
                "table_1000_dead_hand": "1,000 to the table and アガリ放棄"},
        also=("agari_houki", "false_ron_withdrawn"))
    riichi_withdrawn: Literal["none", "table_1000", "dead_hand"] = opt(
        "none", "penalties", "リーチ取り消し",
        "A riichi declared and taken back before its discard (practice mode's 'take back').",
        values={"none": "no penalty: as if riichi had not been declared",
                "table_1000": "1,000 to the table",
                "dead_hand": "アガリ放棄: the hand may no longer win, call or riichi"},
        also=("riichi_torikeshi",))
    riichi_withdrawn_silent: bool = opt(
        False, "penalties", "リーチ取り消し後の発声",
        "After a riichi taken back the player may declare nothing (no ron, call, kan, tsumo "
        "or riichi) until its own next draw; off: only riichi_withdrawn's penalty.")
    call_meant_ron: bool = opt(
        False, "penalties", "ポン→ロン",
        "A pon or chi called on a discard the caller could win on, without the tiles for the "
        "call, is taken as its ron when no other seat claims the discard; beside another "
        "claim it is a false call. Off: it is a false call.",
        also=("pon_ron", "chi_ron"))
    false_call_blocks_ron: bool = opt(
        False, "penalties", "空行為後のロン",
        "After a penalised false call the player may not call ron until its own next draw "
        "(as in same-turn furiten); off: it may ron the very next discard.")

    # ------------------------------------------------------------------ methods
    def replace(self, **changes: Any) -> Ruleset:
        """A copy with some options changed (no validation; use the loader for user input)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (tuples as lists), as written to a save file header."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            out[f.name] = _plain(v)
        return out


def _plain(v: Any) -> Any:
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v


def option_fields() -> list[dataclasses.Field[Any]]:
    """The option fields of :class:`Ruleset` in declaration order."""
    return list(dataclasses.fields(Ruleset))


def saved_before() -> dict[str, Any]:
    """The options a save written before they existed means by leaving them out.

    Only options whose default changed what the engine did are listed; every other
    missing option takes its default, which is the old behaviour.

    >>> saved_before()["extension_dealer_keeps"]
    'target_ends'
    """
    return {f.name: f.metadata["before"] for f in option_fields() if "before" in f.metadata}


def option_types() -> dict[str, Any]:
    """Resolved type of each option."""
    return get_type_hints(Ruleset)


def allowed_literals(name: str) -> tuple[str, ...] | None:
    """Allowed values of a Literal option, or None when the option is not a Literal."""
    tp = option_types()[name]
    if getattr(tp, "__origin__", None) is Literal:
        return tuple(get_args(tp))
    return None


def regular_rounds(rules: Ruleset) -> int:
    """How many rounds a game has without an extension (1 East only, 2 East and South)."""
    return 1 if rules.length == "east" else 2


def last_round_index(rules: Ruleset) -> int:
    """Round index of the last round the game may reach, an extension included: the
    extension rounds follow the regular ones, so an East-only game's extension is South.

    >>> last_round_index(Ruleset(length="east")), last_round_index(Ruleset())
    (1, 2)
    """
    reg = regular_rounds(rules)
    if rules.extension == "none":
        return reg - 1
    return {"west": reg, "north": reg + 1}.get(rules.extension_last_round, 1 << 30)
