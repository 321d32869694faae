"""How a club level plays: every knob of the club bots, declared once.

A :class:`Style` holds one value per knob, all keyword-only; :data:`STYLES` gives the
three levels.  Each knob is declared with :func:`knob`, the way
:func:`rulesets.schema.opt` declares a rule: its default, the part of the bot that
reads it, what it means and the values it may take.  The declaration validates a
style (a value out of range is refused with a plain sentence) and generates the knob
table of ``docs/bot-tuning.md`` (``python -m hanchan.ai.club.docs``), which also keeps the
measurements behind each value.

>>> STYLES["strong"].call_margin, Style().call_margin
(0.4, 0.7)
>>> Style(noise=2.0)
Traceback (most recent call last):
...
ValueError: Style.noise is 2.0; it must be from 0 to 1
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from hanchan.ai.defence import READING, RIICHI_VALUE, TEXTBOOK, WaitWeights

PARTS = {
    "discard": "Discards (ai.club.discard)",
    "defence": "Defence (ai.defence, ai.club.reading)",
    "reading": "Reading the others (ai.club.reading)",
    "riichi": "Riichi or dama (ai.club.riichi)",
    "calls": "Calls (ai.club.calls)",
    "result": "The final result and the game's end (ai.standing, ai.club.endgame)",
}
"""The parts of the bot a knob belongs to, as the docs group them."""


def knob(default: Any, part: str, meaning: str, *, lo: float | None = None,
         hi: float | None = None, choices: tuple[str, ...] | None = None) -> Any:
    """Declare one knob: its default, the part that reads it, its meaning and its range.

    ``lo``/``hi`` bound a number (a ``None`` value, where the knob allows it, means
    "off"); ``choices`` lists the allowed words of a ``Literal`` knob.
    """
    assert part in PARTS, part
    return field(default=default,
                 metadata={"part": part, "meaning": meaning, "lo": lo, "hi": hi,
                           "choices": choices})


@dataclass(frozen=True, slots=True, kw_only=True)
class Style:
    """How a level plays: one value per knob (see :func:`knob` and ``docs/bot-tuning.md``)."""

    # ------------------------------------------------------------------ discards
    noise: float = knob(
        0.0, "discard", "Random spread on the score of each discard, as a fraction "
        "(a loose judgement of close choices).", lo=0, hi=1)
    use_value: bool = knob(
        True, "discard", "Weigh what a win is worth (yaku, dora, red fives), not only "
        "the speed of the hand.")
    flat_value: float = knob(
        4000.0, "discard", "The worth of every win before tenpai for a style that does "
        "not weigh hand value (use_value off).", lo=0, hi=48000)
    exact_tenpai: bool = knob(
        False, "discard", "Score each wait of a tenpai exactly with the engine's scorer.")
    beginner_bias: bool = knob(
        False, "discard", "Throw lone honours and terminals first and hold pairs and "
        "dora, as a beginner does.")
    backoff: float = knob(
        0.6, "discard", "Factor on the offence of a discard that raises the shanten: "
        "going back a step rarely pays, whatever the model says.", lo=0, hi=1)
    abort_below: int = knob(
        11, "discard", "Abort with nine terminals while holding fewer terminal and "
        "honour kinds than this (from it on, kokushi is chased).", lo=9, hi=14)
    any_kan: bool = knob(
        False, "discard", "Declare every kan offered on the own turn (else only a kan "
        "that keeps the shanten, and none against a riichi).")
    nagashi_bonus: float = knob(
        600.0, "discard", "Added to a terminal or honour discard while nagashi mangan is "
        "still alive (only by a style that weighs hand value).", lo=0, hi=10000)
    tenpai_share: float = knob(
        0.5, "discard", "Share of the noten payments a tenpai discard counts at the last "
        "draw (from draw_from live tiles on, growing as the wall runs out).", lo=0, hi=1)
    draw_from: int = knob(
        24, "discard", "Live tiles left from which a tenpai counts for the noten "
        "payments of an exhaustive draw (earlier the hand is more likely won than "
        "drawn).", lo=1, hi=136)
    end_base: float = knob(
        0.09, "discard", "Chance per go-around that another player ends the hand (a win "
        "or a draw) when no threat is seen.", lo=0, hi=1)
    end_per_threat: float = knob(
        0.12, "discard", "What each threat adds to that chance, times its chance of "
        "being tenpai.", lo=0, hi=1)
    end_max: float = knob(
        0.3, "discard", "The most the threats add to that chance.", lo=0, hi=1)
    ron_factor: float = knob(
        1.2, "discard", "The others' discards against the own draws, for the chance of "
        "a ron at tenpai.", lo=0, hi=10)
    discard_prefs: tuple[float, ...] | None = knob(
        None, "discard", "Weights of ai.club.prefs.FEATURES: the discard is the option of "
        "the highest weighted sum (its expected value among them), fitted on real "
        "players' choices; off when None (the highest expected value).")
    # ------------------------------------------------------------------ defence
    defence: float = knob(
        1.0, "defence", "Weight of a discard's expected loss against its offence "
        "(0: no defence).", lo=0, hi=10)
    beginner_defence: bool = knob(
        False, "defence", "Fold only against a riichi, only with a hopeless hand "
        "(2-shanten or worse), and only to genbutsu.")
    push_per_shanten: float = knob(
        0.6, "defence", "Each shanten still to go adds this share to a discard's danger "
        "(more dangerous discards are still to come).", lo=0, hi=10)
    reads_open_hands: bool = knob(
        True, "defence", "Defend against seats without riichi too (from threat_min), "
        "not only against riichi.")
    threat_min: float = knob(
        0.0, "defence", "A seat without riichi is a threat from this chance of being "
        "tenpai (open hands read by their melds and turn).", lo=0, hi=1)
    riichi_value: float = knob(
        RIICHI_VALUE, "defence", "Points a deal-in to a non-dealer riichi is taken to "
        "cost before its dora are read.", lo=0, hi=48000)
    waits: WaitWeights = knob(
        TEXTBOOK, "defence", "How often each wait shape is believed: a profile of "
        "hanchan.ai.defence (TEXTBOOK, READING).")
    pao_danger: float = knob(
        8000.0, "defence", "Danger added to the last dragon or wind of a big yakuman "
        "that would make its feeder pay (pao), while two copies are unseen; by a style "
        "that plays for the result.", lo=0, hi=100000)
    # ------------------------------------------------------------------ reading
    wait_reading: bool = knob(
        False, "reading", "Weigh each wait by how readily the others discard its tiles "
        "(honours, terminals, suji traps).")
    riichi_ease: bool = knob(
        False, "reading", "A seat in riichi discards every kind alike (it throws what it "
        "draws): the wait reading applies only to the seats not in riichi.")
    soba_ease: float = knob(
        0.0, "reading", "A kind beside what a seat not in riichi has thrown comes from it "
        "this much more readily (a third of it per such seat).", lo=0, hi=10)
    folders_below: float = knob(
        0.5, "reading", "The others count as folders when fewer than this share of "
        "their discards against a riichi were unsafe (ai.opponents.FoldWatch).",
        lo=0, hi=1)
    pusher_rate: float = knob(
        0.6, "reading", "The share of unsafe discards against a riichi of players who "
        "never fold; with fewer, a ron comes that much less often while a riichi is "
        "on.", lo=0.01, hi=1)
    # ------------------------------------------------------------------ riichi
    riichi: Literal["ev", "always"] = knob(
        "ev", "riichi", "How riichi is chosen against dama.", choices=("ev", "always"))
    riichi_ev: bool = knob(
        False, "riichi", "Riichi only when its expected gain beats dama's after the "
        "1,000 deposit, lost unless the hand wins.")
    dama_share: float = knob(
        0.65, "riichi", "Dama with a good wait from this share of a mangan.", lo=0, hi=10)
    dama_share_folders: float | None = knob(
        None, "riichi", "dama_share against a table that folds (a riichi would make "
        "them fold); off when None.", lo=0, hi=10)
    late_draws: int = knob(
        3, "riichi", "With fewer own draws left, dama (riichi only without a yaku on a "
        "good wait); a style with riichi_ev counts the time in the expected gain.",
        lo=0, hi=30)
    late_draws_folders: int | None = knob(
        None, "riichi", "late_draws against a table that folds; off when None.",
        lo=0, hi=30)
    riichi_reads_folds: bool = knob(
        False, "riichi", "The expected gain of a riichi counts fewer rons, and fewer "
        "wins of theirs, against players seen to fold.")
    dama_full_rons: bool = knob(
        False, "riichi", "With riichi_reads_folds: against folders a dama keeps its full "
        "ron chance (they answer a riichi, not a dama).")
    riichi_quiet: float = knob(
        0.5, "riichi", "Share of the others' wins a riichi stops when they all fold "
        "(they give up their hands).", lo=0, hi=1)
    open_riichi: bool = knob(
        False, "riichi", "Where the rules have open riichi, show a riichi when its extra "
        "han beats the rons of the players not in riichi.")
    # ------------------------------------------------------------------ calls
    calls: Literal["ev", "eager"] = knob(
        "ev", "calls", "How calls are chosen: by expected gain, or any call that keeps a "
        "yaku and speeds the hand up.", choices=("ev", "eager"))
    call_margin: float = knob(
        0.7, "calls", "A call is made when its expected gain beats this share of the "
        "closed hand's (a large margin refuses every call).", lo=0, hi=100)
    yakuhai_margin: float = knob(
        0.7, "calls", "call_margin for a pon that itself brings the yaku.", lo=0, hi=100)
    call_boost: float = knob(
        2.0, "calls", "An open hand with a yaku may call again: its useful tiles come "
        "this much faster.", lo=1, hi=10)
    calls_after_riichi: bool = knob(
        False, "calls", "Against a riichi, call when the call beats the closed hand "
        "after the danger of its discard (else only a call to tenpai).")
    route_shanten: int = knob(
        -1, "calls", "Call for tanyao or a flush that only a float still breaks "
        "(ai.value.route_yaku) when the call leaves at most this shanten (-1: never).",
        lo=-1, hi=8)
    route_sure: float = knob(
        0.9, "calls", "Chance that such a call ends with its yaku (the float goes next).",
        lo=0, hi=1)
    formal_calls: bool = knob(
        False, "calls", "Late in a hand, call for a tenpai without yaku where the rules "
        "pay it at an exhaustive draw (formal_tenpai).")
    formal_share: float = knob(
        0.8, "calls", "Share of the noten payments such a call counts at the last draw.",
        lo=0, hi=1)
    # ------------------------------------------------------------------ result
    situation: bool = knob(
        False, "result", "Play for the final result (ai.standing): every win and deal-in "
        "by the uma, oka and bust it makes likelier; agari-yame, the last dealer's noten "
        "declaration, pao.")
    renchan_value: float = knob(
        0.0, "result", "A dealer's win, or tenpai at a draw that keeps the deal, is worth "
        "this much more (one more hand as dealer); not in the game's last hand.",
        lo=0, hi=10000)
    draw_tenpai: float = knob(
        0.35, "result", "Chance that a player without riichi is tenpai at an exhaustive "
        "draw, at least (for the last dealer's noten declaration).", lo=0, hi=1)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            lo, hi, choices = f.metadata["lo"], f.metadata["hi"], f.metadata["choices"]
            if choices is not None and value not in choices:
                raise ValueError(f"Style.{f.name} is {value!r}; it must be one of "
                                 f"{', '.join(choices)}")
            if value is None or isinstance(value, bool) or not isinstance(value, int | float):
                continue
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                raise ValueError(f"Style.{f.name} is {value}; it must be from "
                                 f"{lo:g} to {hi:g}")

    @property
    def reads_folds(self) -> bool:
        """Whether any choice reads who folds (the bot then watches the rivers)."""
        return (self.dama_share_folders is not None or self.late_draws_folders is not None
                or self.riichi_reads_folds)

    @property
    def folds_cut_rons(self) -> bool:
        """Whether a ron is taken as rarer while a riichi makes folders fold."""
        return self.dama_share_folders is not None or self.late_draws_folders is not None


def knob_fields() -> list[dataclasses.Field[Any]]:
    """The knobs of :class:`Style` in declaration order."""
    return list(dataclasses.fields(Style))


STRONG_PREFS = (
    1.15, -0.536, 0.823, 0.482, -0.264, 0.00527, -0.299, -0.157, 0.297, 0.354, 0.715, -0.0245,
    -0.375, -0.513, -0.237, -0.158, 0.0294, 0.546, 0.628, 1.3, -0.387, 0.856, 0.791, -0.38,
    -0.176, -0.103, 0.122, -0.429, -0.228, 0.289, -0.393, 0.099, 0.026, -0.44, 0.0871, 0.385)
"""``strong``'s ``discard_prefs``: fitted on the 8,947 discards of the 19 real games of
tests/data/logs (``benchmarks/fit_discards.py``, L2 0.01; docs/bot-tuning.md)."""

STYLES: dict[str, Style] = {
    "easy": Style(noise=0.2, use_value=False, defence=0.0, beginner_defence=True,
                  calls="eager", riichi="always", beginner_bias=True, abort_below=10,
                  any_kan=True, calls_after_riichi=True),
    "normal": Style(noise=0.12, defence=0.8, exact_tenpai=True, reads_open_hands=False),
    "strong": Style(defence=1.0, situation=True, wait_reading=True, exact_tenpai=True,
                    threat_min=0.5, call_margin=0.4, yakuhai_margin=0.25, dama_share=1.0,
                    riichi_value=7000.0, ron_factor=3.0, route_shanten=1,
                    calls_after_riichi=True, riichi_reads_folds=True,
                    riichi_ease=True, dama_full_rons=True, renchan_value=1200.0,
                    waits=READING,
                    soba_ease=0.5, formal_calls=True, open_riichi=True,
                    discard_prefs=STRONG_PREFS),
}
"""The levels: ``easy`` (a beginner), ``normal`` (a sound player who judges loosely) and
``strong``; what each knob's value was measured against is in ``docs/bot-tuning.md``."""
