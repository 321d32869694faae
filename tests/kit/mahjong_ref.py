"""Reference scoring with the ``mahjong`` package (2.x), and a fast winning-hand generator.

Shared by the differential test (tests/engine/test_scoring_diff.py) and the
benchmark (benchmarks/bench_scoring.py): both score the *same* hands with
hanchan and with ``mahjong.HandCalculator`` under the same options.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as MjMeld

from hanchan.engine.events import Meld
from hanchan.engine.scoring import ScoreResult, WinContext
from hanchan.rulesets.schema import Ruleset

NAME_TO_ID = {
    "Riichi": "riichi", "Double Riichi": "double_riichi", "Open Riichi": "open_riichi",
    "Ippatsu": "ippatsu", "Menzen Tsumo": "menzen_tsumo", "Pinfu": "pinfu",
    "Tanyao": "tanyao", "Iipeiko": "iipeikou", "Yakuhai (haku)": "yakuhai_haku",
    "Yakuhai (hatsu)": "yakuhai_hatsu", "Yakuhai (chun)": "yakuhai_chun",
    "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Rinshan Kaihou": "rinshan",
    "Chankan": "chankan", "Chiitoitsu": "chiitoitsu", "Sanshoku Doujun": "sanshoku",
    "Ittsu": "ittsu", "Chantai": "chanta", "Toitoi": "toitoi", "San Ankou": "sanankou",
    "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku_doukou",
    "Honroutou": "honroutou", "Shou Sangen": "shousangen", "Ryanpeikou": "ryanpeikou",
    "Honitsu": "honitsu", "Junchan": "junchan", "Chinitsu": "chinitsu", "Dora": "dora",
    "Aka Dora": "aka_dora", "Ura Dora": "ura_dora", "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_13", "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou_tanki", "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren", "Daisangen": "daisangen",
    "Shousuushii": "shousuushii", "Dai Suushii": "daisuushii", "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou", "Ryuuiisou": "ryuuiisou", "Suu Kantsu": "suukantsu",
    "Tenhou": "tenhou", "Chiihou": "chiihou",
}


def optional_rules(rules: Ruleset) -> OptionalRules:
    """The ``mahjong`` options equal to a ruleset's (for the options both know)."""
    return OptionalRules(
        has_open_tanyao=rules.open_tanyao,
        has_aka_dora=rules.red_fives > 0,
        has_double_yakuman=bool(rules.double_yakuman),
        kazoe_limit=HandConfig.KAZOE_LIMITED if rules.kazoe_yakuman else HandConfig.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage_mangan,
        fu_for_open_pinfu=rules.open_pinfu_ron_fu == 30,
        fu_for_pinfu_tsumo=not rules.pinfu_tsumo_fu,
    )


_MJ_KIND = {"chi": MjMeld.CHI, "pon": MjMeld.PON, "minkan": MjMeld.KAN, "ankan": MjMeld.KAN,
            "kakan": MjMeld.SHOUMINKAN}


def mahjong_args(ctx: WinContext, rules: Ruleset) -> tuple[Any, ...]:
    """Positional and keyword arguments of ``HandCalculator.estimate_hand_value``."""
    tiles = list(ctx.concealed)
    melds = []
    for m in ctx.melds:
        tiles.extend(m.tiles)
        melds.append(MjMeld(meld_type=_MJ_KIND[m.kind], tiles=list(m.tiles),
                            opened=m.kind != "ankan"))
    config = HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=ctx.riichi or ctx.double_riichi,
        is_ippatsu=ctx.ippatsu, is_rinshan=ctx.rinshan, is_chankan=ctx.chankan,
        is_haitei=ctx.haitei, is_houtei=ctx.houtei, is_daburu_riichi=ctx.double_riichi,
        is_tenhou=ctx.tenhou, is_chiihou=ctx.chiihou,
        player_wind=27 + ctx.seat_wind, round_wind=27 + ctx.round_wind,
        options=optional_rules(rules),
    )
    return (tiles, ctx.win_tile, melds, list(ctx.dora_indicators), config,
            list(ctx.ura_indicators))


def reference(ctx: WinContext, rules: Ruleset,
              args: tuple[Any, ...] | None = None) -> dict[str, Any]:
    """The ``mahjong`` package's score of a win, in hanchan's terms."""
    tiles, win, melds, dora, config, ura = args or mahjong_args(ctx, rules)
    r = HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora,
                                           config=config, ura_dora_indicators=ura)
    if r.error:
        return {"valid": False, "error": r.error}
    assert r.yaku is not None and r.cost is not None
    yaku = []
    yakuman = any(y.is_yakuman for y in r.yaku)
    for y in r.yaku:
        name = y.name
        if name.startswith("Yakuhai (seat wind"):
            yid = "yakuhai_seat_wind"
        elif name.startswith("Yakuhai (round wind"):
            yid = "yakuhai_round_wind"
        else:
            yid = NAME_TO_ID[name]
        if yakuman and not y.is_yakuman:
            continue
        opened = any(m.kind != "ankan" for m in ctx.melds)
        yaku.append((yid, y.han_open if opened else y.han_closed))
    cost = r.cost
    dealer = ctx.seat_wind == 0
    if not ctx.tsumo:
        points = {"ron": cost["main"]}
    elif dealer:
        points = {"tsumo_all": cost["main"]}
    else:
        points = {"tsumo_dealer": cost["main"], "tsumo_other": cost["additional"]}
    return {"valid": True, "han": r.han, "fu": r.fu, "yaku": sorted(yaku), "points": points}


def ours(res: ScoreResult) -> dict[str, Any]:
    """hanchan's result in the same shape as :func:`reference`."""
    if not res.valid:
        return {"valid": False, "error": res.error}
    return {"valid": True, "han": res.han, "fu": res.fu, "yaku": sorted(res.yaku),
            "points": res.points.to_dict()}


# ------------------------------------------------------------------ hand generator
@dataclass(frozen=True)
class HandSpec:
    """Choices that make one winning hand (all drawn by hypothesis or a seeded RNG)."""

    sets: tuple[tuple[str, int, str], ...]  # (seq|trip, kind, closed|chi|pon|minkan|ankan|kakan)
    pair: int
    form: str  # regular | chiitoitsu | kokushi
    extra: tuple[int, ...]  # chiitoitsu: seven pair kinds; kokushi: the doubled kind
    copy_seed: int
    win_index: int
    tsumo: bool
    seat_wind: int
    round_wind: int
    riichi: int  # 0 none, 1 riichi, 2 double riichi
    ippatsu: bool
    last_tile: bool  # haitei (tsumo) / houtei (ron)
    rinshan: bool
    chankan: bool
    dora: tuple[int, ...]
    ura: tuple[int, ...]


KOKUSHI = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# hypothesis strategies for HandSpec (the differential and the fast-path tests)
kinds = st.integers(0, 33)
seq_start = st.tuples(st.integers(0, 2), st.integers(0, 6)).map(lambda t: t[0] * 9 + t[1])
a_set = st.one_of(
    st.tuples(st.just("seq"), seq_start, st.sampled_from(["closed", "closed", "chi"])),
    st.tuples(st.just("trip"), kinds,
              st.sampled_from(["closed", "closed", "pon", "minkan", "ankan", "kakan"])),
)


def hand_specs(sets: st.SearchStrategy[tuple[tuple[str, int, str], ...]]
               ) -> st.SearchStrategy[HandSpec]:
    """HandSpecs whose four sets come from ``sets``; every other choice drawn freely."""
    return st.builds(
        HandSpec,
        sets=sets,
        pair=kinds,
        form=st.sampled_from(["regular"] * 12 + ["chiitoitsu", "kokushi"]),
        extra=st.one_of(st.lists(kinds, min_size=7, max_size=7, unique=True).map(tuple),
                        st.sampled_from(KOKUSHI).map(lambda k: (k,))),
        copy_seed=st.integers(0, 2**30),
        win_index=st.integers(0, 13),
        tsumo=st.booleans(),
        seat_wind=st.integers(0, 3),
        round_wind=st.integers(0, 3),
        riichi=st.sampled_from([0, 0, 1, 1, 2]),
        ippatsu=st.booleans(),
        last_tile=st.booleans(),
        rinshan=st.booleans(),
        chankan=st.booleans(),
        dora=st.lists(st.integers(0, 135), min_size=1, max_size=5).map(tuple),
        ura=st.lists(st.integers(0, 135), min_size=1, max_size=5).map(tuple),
    )
_SEQ_STARTS = [s * 9 + i for s in range(3) for i in range(7)]


def build(spec: HandSpec) -> WinContext:
    """Turn a :class:`HandSpec` into a :class:`WinContext`.

    Never rejects: a set whose tiles have run out moves on to the next kind (or
    sequence) that still has them, so every spec gives a complete hand.
    """
    rng = random.Random(spec.copy_seed)
    copies: dict[int, list[int]] = {}
    used = [0] * 34

    def take(kind: int) -> int:
        free = copies.get(kind)
        if free is None:
            free = [0, 1, 2, 3]
            rng.shuffle(free)
            copies[kind] = free
        used[kind] += 1
        return kind * 4 + free.pop()

    def fit_seq(k: int) -> int:
        i = _SEQ_STARTS.index(k)
        for j in range(len(_SEQ_STARTS)):
            c = _SEQ_STARTS[(i + j) % len(_SEQ_STARTS)]
            if used[c] < 4 and used[c + 1] < 4 and used[c + 2] < 4:
                return c
        raise AssertionError("no sequence left")  # cannot happen with 14 tiles

    def fit_same(k: int, n: int) -> int:
        for j in range(34):
            c = (k + j) % 34
            if used[c] + n <= 4:
                return c
        raise AssertionError("no kind left")

    concealed: list[int] = []
    melds: list[Meld] = []
    if spec.form == "chiitoitsu":
        for k in spec.extra:
            concealed += [take(k), take(k)]
    elif spec.form == "kokushi":
        for k in KOKUSHI:
            concealed.append(take(k))
        concealed.append(take(spec.extra[0]))
    else:
        for shape, k, how in spec.sets:
            tiles: tuple[int, ...]
            if shape == "seq":
                k = fit_seq(k)
                tiles = (take(k), take(k + 1), take(k + 2))
            elif how in ("minkan", "ankan", "kakan"):
                k = fit_same(k, 4)
                tiles = (take(k), take(k), take(k), take(k))
            else:
                k = fit_same(k, 3)
                tiles = (take(k), take(k), take(k))
            if how == "closed":
                concealed.extend(tiles)
            elif how == "chi":
                melds.append(Meld("chi", tiles, tiles[0], 3))
            elif how == "pon":
                melds.append(Meld("pon", tiles, tiles[0], 2))
            elif how == "minkan":
                melds.append(Meld("minkan", tiles, tiles[0], 2))
            elif how == "kakan":
                melds.append(Meld("kakan", tiles, tiles[0], 2, tiles[-1]))
            else:
                melds.append(Meld("ankan", tiles))
        p = fit_same(spec.pair, 2)
        concealed += [take(p), take(p)]
    win = concealed[spec.win_index % len(concealed)]
    menzen = all(m.kind == "ankan" for m in melds)
    has_kan = any(m.is_kan for m in melds)
    riichi = spec.riichi if menzen else 0
    tsumo = spec.tsumo
    rinshan = spec.rinshan and tsumo and has_kan
    chankan = spec.chankan and not tsumo and sum(1 for t in concealed if t >> 2 == win >> 2) == 1
    return WinContext(
        concealed=tuple(concealed), melds=tuple(melds), win_tile=win, tsumo=tsumo,
        seat_wind=spec.seat_wind, round_wind=spec.round_wind,
        riichi=riichi == 1, double_riichi=riichi == 2, ippatsu=bool(riichi) and spec.ippatsu,
        haitei=spec.last_tile and tsumo and not rinshan,
        houtei=spec.last_tile and not tsumo and not chankan,
        rinshan=rinshan, chankan=chankan,
        dora_indicators=spec.dora, ura_indicators=spec.ura if riichi else (),
    )


def random_spec(rng: random.Random) -> HandSpec:
    """A random :class:`HandSpec` (used by the benchmark; the test draws with hypothesis)."""
    form = rng.choices(["regular", "chiitoitsu", "kokushi"], [40, 3, 1])[0]
    sets = []
    for _ in range(4):
        if rng.random() < 0.55:
            s = rng.randrange(3)
            how = rng.choice(["closed", "closed", "closed", "chi"])
            sets.append(("seq", s * 9 + rng.randrange(7), how))
        else:
            how = rng.choice(["closed", "closed", "closed", "pon", "minkan", "ankan", "kakan"])
            sets.append(("trip", rng.randrange(34), how))
    return HandSpec(
        sets=tuple(sets), pair=rng.randrange(34), form=form,
        extra=tuple(rng.sample(range(34), 7)) if form == "chiitoitsu" else (rng.choice(
            KOKUSHI),),
        copy_seed=rng.randrange(1 << 30), win_index=rng.randrange(14),
        tsumo=rng.random() < 0.5, seat_wind=rng.randrange(4), round_wind=rng.randrange(2),
        riichi=rng.choice([0, 0, 1, 1, 2]), ippatsu=rng.random() < 0.2,
        last_tile=rng.random() < 0.1, rinshan=rng.random() < 0.3, chankan=rng.random() < 0.1,
        dora=tuple(rng.randrange(136) for _ in range(rng.randrange(1, 4))),
        ura=tuple(rng.randrange(136) for _ in range(rng.randrange(1, 4))),
    )
