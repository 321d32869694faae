"""The club bots: ``easy``, ``normal`` and ``strong``.

One decision procedure with a :class:`Style` per level.  Every choice reads the
seat's :class:`~engine.view.PlayerView` only and picks one of the legal actions the
engine offers.

* Hand building: for each possible discard the bot estimates the chance to win
  (:mod:`ai.winprob`, from shanten and ukeire with the visible tiles subtracted) and
  the value of the win (:mod:`ai.value`: yaku it has or can still make, dora, red
  fives), and at tenpai weighs each wait by how likely others are to discard it.
* Defence (:mod:`ai.defence`): the expected loss of each discard against the other
  seats, weighed against the offence, and scaled by the score situation.
* Calls only when the hand keeps a yaku under the ruleset and the call raises the
  expected gain; riichi or dama by comparing both.

Levels (:data:`STYLES`):

* ``easy`` plays like a beginner: efficient but noisy, throws lone honours first, calls
  whenever the call keeps a yaku and speeds the hand, always riichi, and folds only
  against a riichi, only with a hopeless hand, and only to genbutsu.
* ``normal``: the full hand-building and value model, but loose in close choices;
  defends against riichi only; no score-situation play.
* ``strong``: exact choices; calls more readily (for speed, a yakuhai pon almost
  always, and for tanyao or a flush that only a float still breaks when the call
  leaves the hand 1-shanten or tenpai; against a riichi too, when the call beats the
  closed hand after the danger of its discard); plays for the final result
  (:mod:`ai.standing`: every win and deal-in valued by the uma, oka and bust it makes
  likelier, not only its points, and a dealer's win or tenpai at a draw by the extra
  hand as dealer it brings, :attr:`Style.renchan_value`; agari-yame, the last dealer's
  noten declaration, pao), wait choice by how often a
  tile is discarded (honour tanki, suji traps, tiles beside the others' discards:
  :attr:`Style.soba_ease`) and exact wait values.  It defends against riichi and
  against open hands likely tenpai (:attr:`Style.threat_min`), not against every open
  hand (measured worse, see :data:`STYLES`), and reads their rivers: a wait shape that
  needs a kind the player chose to discard is rarer (:data:`ai.defence.READING`).  It
  reads who folds against a riichi (:class:`ai.opponents.FoldWatch`): against players
  who keep pushing it declares for the rons they will pay; against a table that folds
  it takes dama more often (good-valued hands, the last draws), since folders answer a
  riichi but cannot see a dama.  Late in a hand it calls for a tenpai without yaku
  where the rules pay it at a draw (:attr:`Style.formal_calls`).  Where the rules
  have open riichi it shows a riichi whose extra han is worth more than the rons of
  players not in riichi (:attr:`Style.open_riichi`), and reads another's open riichi
  from the hand it shows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ai import defence
from ai.defence import READING, RIICHI_VALUE, TEXTBOOK, WaitWeights
from ai.hand import discard_options, hand_counts, ukeire, unseen_counts, winning_kinds
from ai.opponents import FoldWatch
from ai.standing import (
    RENCHAN,
    SPREAD_PER_HAND,
    Standing,
    declare_noten_gain,
    equity,
    last_round,
)
from ai.tenpai_value import average_value, wait_values
from ai.value import ValueContext, context, estimate, red_count, route_yaku, sure_yaku
from ai.winprob import win_chance, win_chance_one_shanten
from engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    EndGame,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    ShowHand,
    Tsumo,
)
from engine.events import Meld
from engine.shanten import shanten, shanten_chiitoi, shanten_kokushi, shanten_regular
from engine.tiles import is_honour, is_red, is_yaochuu, kind_name, number_of
from engine.view import PlayerView

TYPICAL_TENPAI = 5.0
"""Weighted winning tiles of an ordinary tenpai (the yardstick of the look-ahead)."""

LOOKAHEAD = 3
"""How many 1-shanten discards the strong bot judges by the tenpai they lead to."""

PUSH_PER_SHANTEN = 0.6
"""Each shanten still to go adds this share to a discard's danger (more pushes to come)."""

CALL_MARGIN = 0.7
"""A call is made when its expected gain beats this share of the closed hand's."""

BACKOFF = 0.6
"""Factor on the offence of a discard that raises the shanten."""

OPEN_CALL_BOOST = 2.0
"""An open hand with a yaku may call again: its useful tiles come this much faster."""

END_BASE = 0.09
"""Chance per go-around that another player ends the hand (no threat seen).

About one hand in eleven go-arounds ends by a win or call-driven draw; 0.05 before.
Against three greedy bots (2,000 duplicate games, tenhou, seed 101) 0.09 ranked
2.096 against 2.109.
"""

END_PER_THREAT = 0.12
"""What each tenpai threat (a riichi) adds to that chance."""


DRAW_FROM = 24
"""Live tiles left from which a tenpai counts for the noten payments of an exhaustive
draw (its worth grows from nothing there to its share at the last draw)."""

TENPAI_SHARE = 0.5
"""Share of the noten payments a tenpai discard counts at the last draw."""

FORMAL_SHARE = 0.8
"""Share of the noten payments a call to a tenpai without yaku counts at the last draw."""

DRAW_TENPAI = 0.35
"""Chance that a player without riichi is tenpai at an exhaustive draw, at least (a
last dealer's noten declaration, :meth:`ClubBot._show_hand`)."""

FOLDERS = 0.5
"""The others count as folders when fewer than this share of their discards against a
riichi were unsafe (:meth:`ai.opponents.FoldWatch.pushers`)."""

PUSHERS = 0.6
"""The share of unsafe discards against a riichi of players who never fold (greedy bots
measured 0.61 over 6 games); with fewer, an own ron comes that much less often while a
riichi is on."""

ROUTE_SURE = 0.9
"""Chance that a call kept by :func:`ai.value.route_yaku` ends with its yaku."""

RIICHI_STICK = 1000.0
"""What a riichi deposits, lost unless the hand wins (:attr:`Style.riichi_ev`)."""

RIICHI_QUIET = 0.5
"""Share of the others' wins a riichi stops when they all fold (they give up their hands)."""

OPEN_LATER = 0.0
"""Share of a player's discards still to come that it makes in riichi, for a player not in
riichi yet (an open riichi's rons come only from players in riichi).  0: only the players
in riichi now count; at 0.2 strong opened far too often (see :data:`STYLES`)."""


@dataclass(frozen=True, slots=True)
class Style:
    """How a level plays."""

    name: str
    noise: float  # random spread on the score of each discard (fraction)
    use_value: bool  # weigh hand value, not only speed
    defence: float  # weight of the expected loss (0: none)
    beginner_defence: bool  # only genbutsu against riichi, only with a hopeless hand
    calls: str  # "ev": by expected gain; "eager": any call that keeps a yaku and speeds up
    riichi: str  # "ev" or "always"
    situation: bool  # play for the final result (ai.standing), agari-yame, pao
    wait_reading: bool  # weigh waits by how often they are discarded
    beginner_bias: bool = False  # throw lone honours first, hold pairs and dora
    lookahead: bool = False  # judge a 1-shanten hand by the waits its tenpai will have
    exact_tenpai: bool = False  # score each wait of a tenpai exactly
    reads_open_hands: bool = True  # defend against open hands too, not only riichi
    call_margin: float = CALL_MARGIN  # a call must beat this share of the closed hand's gain
    call_boost: float = OPEN_CALL_BOOST  # how much faster an open hand's useful tiles come
    dama_share: float = 0.65  # dama with a good wait from this share of a mangan
    push_per_shanten: float = PUSH_PER_SHANTEN  # danger share added per shanten to go
    threat_min: float = 0.0  # a seat without riichi is a threat from this tenpai chance
    yakuhai_margin: float = CALL_MARGIN  # call_margin for a pon that itself brings the yaku
    riichi_value: float = RIICHI_VALUE  # deal-in loss to a non-dealer riichi
    ron_factor: float = 1.2  # others' discards against own draws, for the chance of a ron
    abort_below: int = 11  # abort with nine terminals holding fewer terminal/honour kinds
    any_kan: bool = False  # declare every kan offered on the own turn
    calls_after_riichi: bool = False  # call against a riichi even when not reaching tenpai
    waits: WaitWeights = TEXTBOOK  # how often each wait shape is believed
    route_shanten: int = -1  # call when only a float breaks tanyao or a flush (route_yaku)
    # and the call leaves at most this shanten (-1: never)
    dama_share_folders: float | None = None  # dama_share when the others fold (FoldWatch)
    late_draws: int = 3  # with fewer own draws left, dama (riichi only without yaku, good wait)
    late_draws_folders: int | None = None  # late_draws when the others fold (FoldWatch)
    riichi_ev: bool = False  # riichi when its expected gain beats dama's after the deposit
    renchan_value: float = 0.0  # a dealer's win (or tenpai at a draw) keeps the deal
    riichi_reads_folds: bool = False  # riichi_ev counts the rons folders will not give
    riichi_ease: bool = False  # a seat in riichi discards every kind alike (_ron_ease)
    dama_full_rons: bool = False  # riichi_reads_folds: a dama hand keeps its full ron chance
    soba_ease: float = 0.0  # a kind beside another seat's own discards comes this much easier
    formal_calls: bool = False  # late in a hand, call for a tenpai without yaku (noten payments)
    open_riichi: bool = False  # open riichi where the rules have it, when it beats a closed one


STYLES = {
    "easy": Style("easy", 0.2, False, 0.0, True, "eager", "always", False, False, True,
                  abort_below=10, any_kan=True, calls_after_riichi=True),
    # A sound club player who judges less precisely: a spread of 12 % in close choices,
    # defends against riichi only, ignores the score situation and reading of waits.
    # (With a 4 % spread it was nearly as good as strong: strong ranked 2.48 against
    # three of it.  A 16 % spread measured no clearer: strong ranked 2.331 against it
    # where it ranked 2.413 against the 12 % one on the walls of seed 101, but 2.410
    # against 2.355 on those of seed 2026 (duplicate games, tenhou, 1,000 each), and the
    # 16 % one ranked 2.300 against three greedy bots (seed 2026), at the bound of a
    # normal player; so it stays at 12 %.)
    # With calls on a route that only a float still breaks (route_shanten 8) strong ranked
    # 2.444 against three of it, 2.418 without (1,000 duplicate games, tenhou, seed 3030).
    "normal": Style("normal", 0.12, True, 0.8, False, "ev", "ev", False, False, False, False,
                    True, False),
    # Calls on a route that only a float still breaks (ai.value.route_yaku) only when the
    # call leaves the hand 1-shanten or tenpai (route_shanten 1).  With every such call
    # strong made 14 +- 7 points a first hand less against three greedy bots
    # (benchmarks/hand_ev.py, five sets of 6,000 hands: +22, +19, -4, +33, +3 without
    # them) and 15 +- 11 less against three normal bots, and ranked 2.121 against 2.080
    # without them (greedy, 2,000 duplicate games, tenhou, seed 101); limited to calls
    # that leave at most 1-shanten they measured -0.1 +- 8 and +2.5 +- 5.  Early calls
    # give up the riichi of hands that were not slow.  The self-play call rate was 28.7 %
    # with every route call, 25.7 % with none, 26.1 % with the limited ones.
    # Against a riichi it calls when the call's gain, less the danger of the discard after
    # it, beats the closed hand's (calls_after_riichi), not only for tenpai: first hands
    # +0.7 +- 12 against greedy bots, +16 +- 10 against normal ones; self-play call rate
    # 29.3 % (26.1 % without), riichi rate 22.6 % (23.0 %), win rate 21.3 % (20.7 %).
    # Riichi or dama by expected gain, the 1,000 deposit counted as lost unless the hand
    # wins (riichi_ev; before, a hand riichi'd unless it was a mangan dama, a bad wait
    # against a riichi or in the last three own draws): first hands +5.0 +- 4.4 and
    # +15.8 +- 7.3 points against greedy bots, -3.5 +- 5.8 against normal ones; whole
    # games against greedy bots 2.0905 (2.094 without) on seed 101 and 2.118 (2.124) on
    # seed 5050 (2,000 duplicate games each, tenhou).  Self-play riichi rate 22.7 %
    # either way: few riichi are this close.  A further cost for the lock of a riichi
    # declared while another is on (a share of the danger of the draws to come, which dama
    # may fold) changed nothing: +0.1 / -2.8 at 0.3, +0.6 / -7.6 at 0.6; riichi 21.9 %.
    # It reads who folds for that choice (riichi_reads_folds, ai.opponents.FoldWatch):
    # against players whose discards against a riichi are mostly safe, its own riichi
    # counts rons in proportion (strong and normal bots throw 40 % unsafe tiles there,
    # greedy ones 57 %) and a quieter table.  Self-play riichi rate 21.9 % (22.7 %);
    # 2.402 (2.398) against three normal bots (1,000 games, seed 3030), 2.090 (2.0905)
    # against greedy ones (2,000, seed 101).  Reading them more steeply (no rons at all
    # below 30 % unsafe) brought the riichi rate to 19.3 % and 19.7 % (seeds 2026, 3030)
    # but ranked 2.452 against normal bots; counting dama's rons in full as well, 19.4 %
    # riichi, deal-in 13.8 %, 2.459.  A riichi makes folders give up their own hands, a
    # worth that this choice does not see, so the steeper readings stay out.
    # Its waits count a player in riichi as throwing every kind alike (riichi_ease: the
    # honour and suji-trap ease of a wait applies only to the seats not in riichi):
    # first hands +6.7 +- 6.3 and +16.4 +- 6.1 points against greedy bots (two sets of
    # 6,000), +11.4 +- 5.0 against normal bots (4,000).
    # A dealer's win worth 1,200 more (renchan_value, one more hand as dealer): first
    # hands against greedy bots +20.9 +- 13.6, +14.2 +- 14.2, +4.5 +- 11.9 (600: -1.5,
    # +0.6), whole games 2.096 (2.0905) on seed 101 and 2.1065 (2.118) on seed 5050, but
    # 2.388 against 2.371 without it among three normal bots (1,000 games, seed 2026), so
    # it was off.  On the corrected reading with the folders' dama (below) it gains
    # everywhere measured: against greedy bots 2.1292 (2.1425, 4,000 games, seed 2026)
    # and 2.102 (2.1135, 2,000, seed 5050), makura 2.1365 (2.152, 4,000); among normal
    # bots 2.337 (2.350, seed 2026), 2.357 (2.353, seed 3030), makura 2.352 (2.348);
    # self-play riichi 18.7 %, deal-in 12.7 %, win 20.9 %; so it is on.  At 1,800:
    # 2.128 and 2.096 against greedy bots, within the noise of 1,200, so it stays 1,200.
    # The 1-shanten look-ahead is built and tested but off: in 2,000 duplicate games
    # against greedy bots it gained nothing (2.186 against 2.178 without it; 2.1325
    # against 2.1285 on seed 5050), and on first hands (benchmarks/hand_ev.py, three
    # sets of 6,000) about +22 +- 21 points, for a slower decision.
    # Defending against every seat without riichi (open hands read by melds and turn,
    # dama) is built but off: in duplicate games against three normal bots (400 games per seed,
    # tenhou rules) strong ranked 2.52 / 2.64 / 2.49 with it and 2.38 / 2.40 / 2.50
    # without it (seeds 11 / 22 / 33; 2.55 against 2.42 over the 1,200 games): the folds
    # it caused cost more wins than the deal-ins they saved.  Against greedy bots no
    # difference (2.23 both, seed 11).  Reading only likely-tenpai open hands
    # (threat_min 0.3: three melds from about the 7th discard, late two-meld flushes)
    # brought the self-play deal-in rate from 13.1 % to 11.7 % (win rate 21.4 % to
    # 20.1 %, 400 games, seed 2026) but ranked 2.391 and 2.448 among three normal bots
    # against 2.371 and 2.402 without (1,000 games, seeds 2026 and 3030); threat_min 0.5:
    # deal-in 12.5 %, 2.384 (seed 2026); only such hands worth 5,500 or more: 12.0 %,
    # 2.411 and 2.464; at half their value and without shortening the own hand's
    # horizon: 12.2 %, 2.356 and 2.457.  Greedy bots never call, so none of this
    # changes a game against them.
    # Tuned in duplicate games against three greedy bots (2,000 games, tenhou, seed 101;
    # the average rank each change gave, from 2.178): calls from half the closed hand's
    # gain (2.161) and a yakuhai pon from a quarter (2.164 with it); riichi unless the
    # hand is a mangan dama (2.169); a riichi taken to cost 7,000 (2.174); all four
    # together 2.143.  Counting the others' discards three times the own draws for a ron
    # (``ron_factor`` 3, as when the others do not fold; 1.2 before) took the four to
    # 2.107 (2.126 with 2, 2.107 with 4); alone it gave 2.151.  Calls from 0.4 of the
    # closed gain then gave 2.099; a riichi taken to cost 9,000 gave 2.111 (kept 7,000).
    # Valuing every win and deal-in by the final result (:class:`ai.standing.Standing`)
    # in place of a last-hand-only placement bonus and a bust factor: 2.077 against
    # 2.096 (greedy, 2,000 games) and 2.413 against 2.447 (three normal bots, 1,000
    # games, seed 101).  A score spread of 2,800 per hand gave 2.075, 5,500 gave 2.089.
    # Tiles passed by a riichi are read from the order of the discards (ai.rivers): the
    # river index alone counted the seats before the riichi seat, and every seat after a
    # call, as having thrown after the declaration, and strong dealt in on tiles it held
    # for safe in about 1.2 % of its hands against greedy bots.  With the order: 2.1387
    # (was 2.1488) tenhou, 2.1498 (2.1545) makura against greedy bots (4,000 duplicate
    # games, seed 2026), 2.1105 on seed 5050 (2,000); self-play deal-in 12.91 % (13.05 %).
    # On the corrected reading the knobs stay where they were (first hands against
    # greedy bots, two sets of 6,000): defence 0.8 -19 / -28, 1.2 +6 / -27; END_BASE 0.06
    # -13 / -10; END_PER_THREAT 0.2 -9 / -39; wait rates fitted to bot riichi (fit_waits:
    # against greedy bots -26 +- 19, against every level -14 +- 19; with defence 0.75
    # -8 / -1 and -9 / -17); a logistic reading of riichi waits from
    # the river (declaration tile, early discards, suit share, dora, turn; held-out AUC
    # 0.62 against the shapes' 0.575) -5.5 / -16.3, -0.8 with defence 0.75, so none of
    # them is in; nor a riichi valued by the dora still unseen (x1.3 per hidden dora above
    # the average: +0.9 / -8.8; x1.6: -4.2 / -2.0), nor a call boost of its own while a
    # riichi stands (1.0: -4.1 / +0.8, -12.7 against normal bots; 3.0: -6.6 / -24.2).
    # A bot told which tiles deal in (a cheat, for scale) made +269 +- 26.
    # Before the river-order fix the folders' dama was measured and left off.  Against
    # folders, dama from 3,600 (dealer 5,400) with a good wait (dama_share_folders 0.45),
    # dama in the last five own draws (late_draws_folders 6) and a ron taken as rarer
    # while a riichi is on brought the self-play riichi rate from 22.9 % to 18.8 %
    # (Phoenix players 17.0 %; 400 games, tenhou, seeds 2026 and 3030), but strong ranked
    # 2.472 against three normal bots with all three, 2.466 without the dama from 3,600,
    # 2.436 with the ron alone, and 2.418 with none (1,000 duplicate games, tenhou, seed
    # 3030; on seed 2026 2.408 with all three and normal also taking route calls, against
    # 2.355 before either).  A riichi makes folders give up their own hands; dama lets
    # them play on.
    # On the corrected reading, against a table that folds (FoldWatch: fewer than half
    # of their discards against a riichi unsafe), four things together: dama keeps its
    # rons in full (dama_full_rons: folders answer a riichi but read no dama); dama from
    # 3,600 (dealer 5,400) with a good wait, and fewer rons while a riichi is on
    # (dama_share_folders 0.45); dama in the last four own draws with a yaku, or without
    # one on a bad wait (late_draws_folders 5); and open hands likely tenpai read as
    # threats (threat_min 0.5: two melds late, three from mid-hand, flushes).  Self-play
    # (1,000 games, tenhou, seed 2026): riichi 18.6 % (21.8 % before), deal-in 12.6 %
    # (12.9 %), win 20.8 % (21.1 %), call 29.8 %, average win 5,649 (5,881); without the
    # late dama the riichi rate was 19.97 % and 19.95 % (seeds 2026 and 3030), too close
    # to the Phoenix bound of 20 %.  Among three normal bots it ranked 2.350 and 2.353
    # against 2.356 and 2.369 before (seeds 2026 and 3030, 1,000 duplicate games each).
    # Against three greedy bots 2.1425 against 2.1387 (4,000 games, seed 2026): they
    # never call and never fold, but their discards sometimes read as folds: 7.6 % of
    # strong's riichi choices against them (728 in 200 games) saw a table that folds
    # (with FoldWatch's prior of one safe discard in two; with four in ten, 0.85 %, 6 of 705).
    # (Measured first, without the late dama, with the fewer rons and the full dama rons
    # also on against players only partly folding: the same figures within 0.005,
    # greedy 2.1433.)
    # Its danger model reads what a threat chose to throw (waits=defence.READING): a
    # shape that needs a kind the player discarded before its riichi (the whole river
    # of an open hand) is taken 0.3 times as likely, so the tiles beside its own
    # discards are safer.  First hands against greedy bots (two sets of 6,000): 0.3
    # +13.8 / +31.7, 0.2 +9.8 / +28.7, 0.4 +12.0 / +16.8, 0 -2.7 (first set), 0.7 -2.9.
    # Whole games against greedy bots: 2.1027 (2.1292, 4,000, seed 2026), 2.1145 (2.102,
    # 2,000, seed 5050), makura 2.1117 (2.1365, 4,000); among normal bots 2.345 (2.337,
    # 1,000, seed 2026); self-play win 21.0 %, deal-in 12.7 %, riichi 19.1 %, call 29.7 %,
    # average win 5,614.  The riichi tile's own neighbours taken as likelier (matagi-suji,
    # x1.5: -5.9 / +1.2; x2.5: -9.7 / -8.2) stay out.  A win valued more for the others'
    # wins it ends (600 at the start of a hand, less as the wall runs out: -8.2; 1,200:
    # -14.3), noten payments counted from 36 tiles left at full weight (-5.0) and the
    # 1-shanten look-ahead again (+85.8 / -3.4 on first hands, 2.129 on whole games, seed
    # 2026) gained nothing.
    # Its waits read the others' rivers too (soba_ease 0.5): a kind beside what a seat
    # (not in riichi) has thrown comes from it more readily, since that seat holds no
    # shape wanting it; one seat in three adds a third of 0.5 to the ease.  First hands
    # against greedy bots (three sets of 6,000): +10.8 / +8.1 / +29.1 (0.3: +12.8 /
    # +4.8; 0.8: +12.9 / +5.4).  Whole games with READING: against greedy bots 2.096
    # (2.1027, 4,000, seed 2026), 2.118 (2.1145, 2,000, seed 5050), makura 2.1058
    # (2.1117); among normal bots 2.352 (2.345, 1,000, seed 2026).
    # Late in a hand it calls for a tenpai without yaku where the rules pay any tenpai
    # shape at a draw (formal_calls, Ruleset.formal_tenpai): the call is worth
    # FORMAL_SHARE of the noten payments, rising to it as the wall runs out from
    # DRAW_FROM tiles, against the closed hand's expected win and its own chance of
    # tenpai.  First hands against greedy bots (three sets of 6,000): share 0.8 +12.0 /
    # +1.9 / +10.8, 0.5 +8.6 / -0.1 / +9.9; 0.8 from 36 tiles +11.0 / -1.6.  Whole games
    # against greedy bots: 2.0903 (2.096, 4,000, seed 2026), makura 2.1012 (2.1058);
    # seed 5050 (2,000) 2.1055 (2.118), makura 2.107; among normal bots 2.334 (2.352,
    # 1,000, seed 2026); self-play win 21.2 %, deal-in 12.8 %, riichi 19.3 %, call 31.0 %,
    # average win 5,577 (1,000 games, seed 2026).
    # A dealer's tenpai at an exhaustive draw keeps the deal: it counts renchan_value on
    # top of the noten payments, on the same ramp (_draw_tenpai_worth).  On the first
    # dealer's whole turn (hand_ev.py --turn) against greedy bots +4.2 / +3.4 / +4.6
    # (renchan_value at half weight, like the payments: +3.7 / -0.1 / +2.0), against
    # normal bots +13.9 +- 7.7 (half: +10.4).  Whole games with it and the last dealer's
    # noten declaration (ClubBot._show_hand): against greedy bots 2.0888 (2.0903, 4,000,
    # seed 2026) and 2.1045 (2.1055, 2,000, seed 5050); makura 2.0997 (2.1012) and
    # 2.1065 (2.107).
    # Left out, on first hands against greedy bots (two sets of 6,000): keeping a safe
    # honour (two copies seen) while no riichi is on, +100 for it: +11.7 / -31.8, +250:
    # +1.1 / -46.5; kans only up to 1-shanten: -0.6 / -16.9, only at tenpai: -22.8 /
    # -21.5 (every kan that keeps the shanten stays); kans against a riichi at tenpai:
    # -7.6 / +9.4, at any shanten: -12.8 / +3.3; the noten payments counted in a call to
    # a tenpai with yaku (and the closed hand's own chance of tenpai against it): +4.6 /
    # -2.6 / -0.8, against normal bots -3.1 +- 8.1.
    # Where the rules have open riichi (makura 18), strong declares it when its expected
    # gain beats a closed riichi's (open_riichi, _open_riichi_pays): a han more, but the
    # rons come only from players in riichi (the rules forbid a player not in riichi to
    # throw a shown wait, and a forced deal-in pays a yakuman); a furiten riichi, which
    # wins by tsumo only, is always shown.  Counting a share of the others' later
    # discards as made in riichi (OPEN_LATER 0.2) opened far too often against greedy
    # bots: 2.1143 (makura, 4,000 duplicate games, seed 2026; every riichi open: 2.274 on
    # the first 2,000); with only the players in riichi now (OPEN_LATER 0) 2.1005
    # (2.0997 without open riichi) and 2.095 on seed 5050 (2.1065, 2,000 games).  Tenhou
    # games are unchanged.  Its defence reads an open riichi from the hand it shows
    # (ai.defence.Threat.waits).  Strong shows 9.7 % of its riichi against greedy bots
    # (41 of 422, 200 games, seed 9) and 11.9 % in self-play (101 of 851, 100 games): 34
    # and 65 of them with one or two players in riichi, 7 and 15 furiten, and (self-play
    # only) 21 where nobody is in riichi and the closed riichi expects few rons (a table
    # read as folding).
    # Final code on walls not used for tuning (seed 9090, 4,000 duplicate games, decided
    # before the run): against greedy bots 2.100 makura, 2.1018 tenhou; over the 10,000
    # games of seeds 2026, 5050 and 9090, 2.0992 makura and 2.0971 tenhou.  With the
    # extension counted (ai.standing.extension_follows; makura has none) tenhou gave
    # 2.0863 (4,000, seed 2026), 2.102 (2,000, seed 5050) and 2.104 (4,000, seed 9090):
    # 2.0965 over the 10,000.  Makura:
    # among normal bots 2.340 (1,000, seed 2026), normal against greedy bots 2.237,
    # self-play (400 games) win 21.4 %, deal-in 12.8 %, riichi 19.3 %, call 31.2 %,
    # average win 5,666.
    # Left out, makura, 4,000 games against greedy bots, seed 2026 (2.0997 without):
    # a 1-shanten hand's later tenpai counted with the rons of the own tenpai (ron_factor
    # and the threats' end, where the win chance took one ron per draw) calibrates the
    # win chance of 1-shanten hands with no riichi on from 0.212 predicted to 0.318
    # (0.318 happened; 2-shanten 0.151 to 0.225, 0.231 happened), but ranked 2.1153, and
    # 2.1115 in the discard choice alone (the calls kept as they were): the knobs were
    # tuned on the old reading.  Strong's deal-in chances against greedy riichi read
    # low on number tiles and a little high on honours (predicted / happened: middle
    # tiles not suji 5.0 / 9.4 %, suji 1.9 / 4.3 %, 2 and 8 not suji 3.4 / 7.1 %,
    # honours with two unseen 1.5 / 1.1 %), but honour waits halved ranked 2.1147 and the
    # number-tile waits at 1.5 times 2.118 (folding more: deal-in 6.3 %, win 24.2 %).
    # Counting the draws still to push (a share of the mean danger of an unseen tile for
    # each of the next three own draws, on every discard that keeps the shanten while a
    # riichi is on) folded far too much: first hands against greedy bots -157 +- 27 at
    # half the mean danger, -326 +- 35 at the whole.
    # Weighing the uma and oka above the points (the ranks over the result) gained
    # nothing against greedy bots: x4 2.1317 (2.1387, 4,000 games, seed 2026) and 2.1135
    # (2.1105, 2,000, seed 5050); x8 2.075 (2.101) on the first 2,000 games of seed
    # 2026 but 2.1175 on seed 5050.  A call margin of 0.3 (yakuhai 0.15) left the
    # self-play call rate at 30.1 % and the riichi rate at 21.7 % (before the folders'
    # dama); on first hands against greedy bots it made +2.6 +- 4.8 / -1.8 +- 3.3, and
    # 0.6 (yakuhai 0.35) +7.4 +- 6.6 / -0.7 +- 8.6: the margin is flat there.
    "strong": Style("strong", 0.0, True, 1.0, False, "ev", "ev", True, True, False, False, True,
                    threat_min=0.5, call_margin=0.4, yakuhai_margin=0.25,
                    dama_share=1.0, riichi_value=7000.0, ron_factor=3.0, route_shanten=1,
                    calls_after_riichi=True, riichi_ev=True, riichi_reads_folds=True,
                    riichi_ease=True, dama_full_rons=True, dama_share_folders=0.45,
                    late_draws_folders=5, renchan_value=1200.0, waits=READING,
                    soba_ease=0.5, formal_calls=True, open_riichi=True),
}


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and the facts behind it (for hints)."""

    action: Action
    reason: str


@dataclass(slots=True)
class _Option:
    kind: int
    shanten: int
    ukeire: int
    kinds: tuple[int, ...]
    win: float = 0.0
    value: float = 0.0
    danger: float = 0.0
    score: float = 0.0
    useful: float = 0.0  # tenpai: the waits' unseen tiles, each by how readily it comes out
    exact: float | None = None  # closed tenpai: the waits' exact average value with riichi
    furiten: bool = False  # tenpai: a wait is in the own river (tsumo only)


class ClubBot:
    """A bot of level ``easy``, ``normal`` or ``strong`` (see :data:`STYLES`)."""

    def __init__(self, level: str = "strong", seed: int = 0) -> None:
        self.level = level
        self.style = STYLES[level]
        self._rng = random.Random(seed)
        self.last_reason = ""
        self._standing: tuple[PlayerView, Standing] | None = None
        self._ease: tuple[PlayerView, frozenset[int], float, list[int]] | None = None
        self._watch = FoldWatch()

    # ------------------------------------------------------------------ entry
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` for the seat of ``view``."""
        d = self.decide(view, legal)
        self.last_reason = d.reason
        return d.action

    def observe(self, view: PlayerView) -> None:
        """Learn from ``view`` without deciding (who folds: :class:`ai.opponents.FoldWatch`).

        :meth:`decide` observes every view it is given; a bot that gives hints for another
        seat is shown that seat's views as the game goes on.
        """
        if self._reads_folds:
            self._watch.observe(view)

    def decide(self, view: PlayerView, legal: Sequence[Action]) -> Decision:
        """The chosen action with a short reason."""
        if not legal:
            raise ValueError("no legal action to choose from")
        self.observe(view)
        if len(legal) == 1:
            return Decision(legal[0], "only choice")
        for a in legal:
            if isinstance(a, (Tsumo, Ron)):
                return Decision(a, "win")
        ends = [a for a in legal if isinstance(a, EndGame)]
        if ends:
            return self._end_game(view, ends)
        shows = [a for a in legal if isinstance(a, ShowHand)]
        if shows:
            return self._show_hand(view, shows)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._turn(view, legal, discards)
        calls = [a for a in legal if isinstance(a, (Chi, Pon, OpenKan))]
        passes = [a for a in legal if isinstance(a, Pass)]
        if calls and passes:
            return self._claim(view, calls, passes[0])
        return Decision(passes[0] if passes else legal[0], "pass")

    # ------------------------------------------------------------------ game end
    def _end_game(self, view: PlayerView, ends: list[EndGame]) -> Decision:
        """Agari-yame (or tenpai-yame): stop when the final result now beats playing on.

        Styles that play for the result compare the expected result of the ranks as
        they stand with that of one more dealer turn (every score spread by
        :data:`ai.standing.SPREAD_PER_HAND` over :data:`ai.standing.RENCHAN` hands, its
        mean unchanged, so the dealer's edge is not counted): a top stops, and so does
        a second place whose lead over third is worth more than its chance at first.
        The other styles always stop.
        """
        scores = [s.score for s in view.seats]
        if self.style.situation:
            now = equity(view.ruleset, scores, view.seat, 0.0)
            on = equity(view.ruleset, scores, view.seat, SPREAD_PER_HAND * math.sqrt(RENCHAN))
            want = now >= on
        else:
            want = True
        top = all(view.me.score >= s for s in scores)
        reason = ("stop as top" if top else "stop: keep the rank") if want else "play on"
        for a in ends:
            if a.stop == want:
                return Decision(a, reason)
        return Decision(ends[0], "end")

    def _show_hand(self, view: PlayerView, shows: list[ShowHand]) -> Decision:
        """Show a tenpai hand at an exhaustive draw, or declare noten (where allowed).

        A dealer in the game's last hand ends the game by declaring noten (the deal
        passes): styles that play for the result do so when the final result now, after
        paying as noten, beats being paid as tenpai and playing on
        (:func:`ai.standing.declare_noten_gain`).  Every other tenpai is shown: it is
        paid and, for a dealer, keeps the deal.
        """
        show = next((a for a in shows if a.show), None)
        hide = next((a for a in shows if not a.show), None)
        if show is None or hide is None:
            return Decision(shows[0], "show the hand" if shows[0].show else "noten")
        if self.style.situation and view.dealer == view.seat and _is_last_hand(view):
            chances = [0.0] * 4
            for t in defence.threats(view):
                chances[t.seat] = 1.0 if t.riichi else max(t.tenpai, DRAW_TENPAI)
            if declare_noten_gain(view, chances) > 0.0:
                return Decision(hide, "declare noten: the game ends")
        return Decision(show, "show the hand")

    # ------------------------------------------------------------------ helpers
    def _stand(self, view: PlayerView) -> Standing | None:
        """The score situation of ``view`` when the style plays for the final result."""
        if not self.style.situation:
            return None
        if self._standing is None or self._standing[0] is not view:
            self._standing = (view, Standing(view))
        return self._standing[1]

    def _threats(self, view: PlayerView) -> list[defence.Threat]:
        found = defence.threats(view, self.style.riichi_value)
        if self.style.reads_open_hands:
            found = [t for t in found if t.riichi or t.tenpai >= self.style.threat_min]
        else:
            found = [t for t in found if t.riichi]
        stand = self._stand(view)
        if stand is not None:
            found = [replace(t, value=stand.loss(t.seat, t.value)) for t in found]
        return found

    @property
    def _reads_folds(self) -> bool:
        st = self.style
        return (st.dama_share_folders is not None or st.late_draws_folders is not None
                or st.riichi_reads_folds)

    def _folders(self, view: PlayerView) -> bool:
        """Whether the others fold against a riichi (:class:`ai.opponents.FoldWatch`)."""
        return self._reads_folds and self._watch.pushers(view) < FOLDERS

    def _push_share(self, view: PlayerView) -> float:
        """The others' unsafe discards against a riichi as a share of non-folders' (max 1)."""
        return _push_share_of(self._watch.pushers(view))

    def _ron_share(self, view: PlayerView, threats: Sequence[defence.Threat]) -> float:
        """Share of the usual ron chance left while a riichi makes folders fold."""
        st = self.style
        if (st.dama_share_folders is None and st.late_draws_folders is None) \
                or not any(t.riichi for t in threats):
            return 1.0
        pushers = self._watch.pushers(view)
        return 1.0 if pushers >= FOLDERS else _push_share_of(pushers)

    def _draws_left(self, view: PlayerView) -> int:
        return max(0, view.wall_remaining // 4)

    def _win_value_scale(self, view: PlayerView, value: float) -> float:
        """A win of ``value`` points as worth to the final result (:mod:`ai.standing`).

        Styles without score-situation play take the points at face value.
        """
        if value > 0 and view.dealer == view.seat and not _is_last_hand(view):
            value += self.style.renchan_value  # the deal stays: one more hand as dealer
        stand = self._stand(view)
        return value if stand is None else stand.win(value)

    def _ron_ease(self, view: PlayerView, kind: int) -> float:
        """How readily other players discard ``kind`` (honours and suji traps are easier)."""
        if not self.style.wait_reading:
            return 1.0
        if self._ease is None or self._ease[0] is not view:
            # read once per view: called for every wait of every discard considered
            own = frozenset(r.tile >> 2 for r in view.me.river)
            # a player in riichi throws whatever it draws: every kind comes as easily
            locked = (sum(1 for s in view.seats if s.seat != view.seat and s.riichi) / 3.0
                      if self.style.riichi_ease else 0.0)
            soba = _beside_discards(view) if self.style.soba_ease else [0] * 34
            self._ease = (view, own, locked, soba)
        _, own, locked, soba = self._ease
        if kind >= 27:
            ease = 1.35
        else:
            n = kind % 9
            ease = 1.2 if n in (0, 8) else (1.05 if n in (1, 7) else 0.85)
            base = kind - n
            if (n >= 3 and base + n - 3 in own) or (n <= 5 and base + n + 3 in own):
                ease *= 1.3  # suji trap: the suji of an own discard looks safe
            if soba[kind]:
                # beside what a seat threw: it holds no shape that wants this kind
                ease *= 1.0 + self.style.soba_ease * soba[kind] / 3.0
        return ease * (1.0 - locked) + locked

    # ------------------------------------------------------------------ own turn
    def _turn(self, view: PlayerView, legal: Sequence[Action],
              discards: list[Discard]) -> Decision:
        st = self.style
        counts = hand_counts(view)
        melds = view.me.melds
        nmeld = len(melds)
        unseen = unseen_counts(view)
        total_unseen = float(sum(unseen)) or 1.0
        draws = self._draws_left(view)

        nine = [a for a in legal if isinstance(a, NineTerminals)]
        if nine:
            kinds = sum(1 for k in range(34) if counts[k] and is_yaochuu(k))
            if kinds < st.abort_below:
                return Decision(nine[0], f"abort: {kinds} terminal and honour kinds")

        if view.me.riichi:
            kans = [a for a in legal if isinstance(a, ClosedKan)]
            if kans:
                return Decision(kans[0], "closed kan in riichi")
            drawn = view.drawn
            for a in discards:
                if a.tile == drawn:
                    return Decision(a, "riichi: discard the drawn tile")
            return Decision(discards[0], "riichi")

        threats = self._threats(view)
        held = [k for k in range(34) if counts[k]]
        danger = defence.danger_table(view, unseen, threats, held, st.waits)
        self._add_pao_danger(view, danger, unseen)
        ctx = context(view)
        plain = [a for a in discards if not a.riichi]
        allowed = {a.tile >> 2 for a in plain}
        opts = self._evaluate(view, counts, melds, unseen, total_unseen, draws, ctx, danger,
                              threats, exclude=[k for k in range(34) if k not in allowed])
        if not opts:
            return Decision(discards[0], "discard")
        best = max(opts, key=lambda o: o.score)

        # kans on the own turn
        kan = self._kan_choice(view, legal, counts, nmeld, best, threats)
        if kan is not None:
            return kan

        tile = _pick_tile(view, best.kind, plain)
        reason = _describe(best)
        riichi_acts = [a for a in discards if a.riichi and a.tile >> 2 == best.kind]
        if riichi_acts and best.shanten == 0:
            rest = _tiles_after(view, best.kind)
            if self._want_riichi(view, rest, best, ctx, unseen, total_unseen, draws, threats):
                act = next((a for a in riichi_acts if a.tile == tile and not a.open),
                           riichi_acts[0])
                shown = [a for a in riichi_acts if a.open and a.tile == act.tile]
                if shown and st.open_riichi and self._open_riichi_pays(
                        view, rest, best, ctx, unseen, total_unseen, draws, threats):
                    return Decision(shown[0], "open riichi " + reason)
                return Decision(act, "riichi " + reason)
        found = next((a for a in plain if a.tile == tile), None)
        act = found if found is not None else next(a for a in plain if a.tile >> 2 == best.kind)
        return Decision(act, reason)

    def _evaluate(self, view: PlayerView, counts: list[int], melds: Sequence[Meld],
                  unseen: list[int], total_unseen: float, draws: int, ctx: ValueContext,
                  danger: list[float], threats: list[defence.Threat],
                  exclude: Sequence[int] = ()) -> list[_Option]:
        st = self.style
        nmeld = len(melds)
        raw = discard_options(counts, nmeld, unseen, exclude=exclude)
        if not raw:
            return []
        best_sh = raw[0].shanten
        tiles = view.concealed()
        reds = red_count(tiles, ctx.red_fives)
        furiten_kinds = {r.tile >> 2 for r in view.me.river}
        end = _end_chance(threats)
        loss_scale = st.defence
        # Beginners fold only against riichi, only with a hopeless hand, and only to genbutsu.
        beginner_fold = (st.beginner_defence and best_sh >= 2
                         and any(t.riichi for t in threats))
        riichi_safe = set.intersection(*[set(t.safe) for t in threats if t.riichi]) \
            if beginner_fold else set()
        nagashi = self._nagashi_alive(view)
        open_yaku = any(m.is_open for m in melds) and sure_yaku(counts, melds, ctx) > 0
        ron_share = self._ron_share(view, threats)
        at_draw = _draw_tenpai_worth(view, TENPAI_SHARE, self.style.renchan_value)
        out: list[_Option] = []
        for o in raw:
            if o.shanten > best_sh + 1 and loss_scale == 0 and not beginner_fold:
                continue
            opt = _Option(o.kind, o.shanten, o.ukeire, o.kinds)
            if o.shanten > best_sh + 1:
                opt.danger = danger[o.kind]
                opt.score = -opt.danger * max(loss_scale, 0.01) * 3.0 - 1000.0 * o.shanten
                if beginner_fold and o.kind in riichi_safe:
                    opt.score += 1e6
                out.append(opt)
                continue
            c = counts
            c[o.kind] -= 1
            lost_red = _red_lost(tiles, o.kind, ctx.red_fives)
            if st.use_value or o.shanten == 0:
                hv = estimate(c, melds, ctx, unseen, reds - lost_red)
                value = hv.points
                if nmeld == 0 and o.shanten <= 3:
                    value = _special_routes(c, value, ctx, o.shanten)
            else:
                value = 4000.0
            c[o.kind] += 1
            if o.shanten == 0 and st.exact_tenpai and o.kinds:
                rest = _tiles_after(view, o.kind)
                closed = not any(m.is_open for m in melds)
                exact, _ = average_value(
                    wait_values(view, rest, o.kinds, riichi=closed), unseen)
                value = exact * _tenpai_bonus(exact, closed, ctx.dealer)
                if closed:
                    opt.exact = exact  # the riichi choice reads it (_riichi_pays)
            if o.shanten == 0:
                useful = 0.0
                furiten = opt.furiten = any(k in furiten_kinds for k in o.kinds)
                for k in o.kinds:
                    useful += unseen[k] * self._ron_ease(view, k)
                opt.useful = useful
                ron = 0.0 if furiten else st.ron_factor * ron_share
                opt.win = win_chance(0, useful, total_unseen, draws, ron_factor=ron, end=end)
            else:
                useful = o.ukeire * (st.call_boost if open_yaku else 1.0)
                opt.win = win_chance(o.shanten, useful, total_unseen, draws, end=end)
            opt.value = self._win_value_scale(view, value)
            opt.danger = danger[o.kind]
            score = opt.win * opt.value
            if o.shanten > best_sh:
                score *= BACKOFF  # going back a step rarely pays, whatever the model says
            if loss_scale:
                push = 1.0 + st.push_per_shanten * o.shanten
                score -= opt.danger * loss_scale * push
            if beginner_fold:
                score = (1e6 if o.kind in riichi_safe else 0.0) + score
            if o.shanten == 0:
                score += at_draw  # tenpai at an exhaustive draw is paid (noten payments)
            if nagashi and is_yaochuu(o.kind):
                score += 600.0
            if st.beginner_bias:
                score += 40.0 * _beginner_bias(counts, o.kind, ctx)
            if st.noise:
                score *= 1.0 + self._rng.uniform(-st.noise, st.noise)
            opt.score = score
            out.append(opt)
        if st.lookahead and best_sh == 1:
            # The best few 1-shanten discards, judged by the tenpai each draw will give.
            ones = sorted((x for x in out if x.shanten == 1), key=lambda x: -x.score)[:LOOKAHEAD]
            for x in ones:
                counts[x.kind] -= 1
                quality = self._tenpai_quality(view, counts, nmeld, x.kinds, unseen,
                                               furiten_kinds)
                counts[x.kind] += 1
                useful = x.ukeire * (st.call_boost if open_yaku else 1.0)
                # relative to a typical tenpai, so that options judged and not judged compare
                win_q = win_chance_one_shanten(useful, total_unseen, draws, quality, end=end)
                win_t = win_chance_one_shanten(useful, total_unseen, draws, TYPICAL_TENPAI,
                                               end=end)
                win = x.win * (win_q / win_t) if win_t > 0 else x.win
                x.score += (win - x.win) * x.value
                x.win = win
        return out

    def _tenpai_quality(self, view: PlayerView, counts13: list[int], nmeld: int,
                        kinds: Sequence[int], unseen: list[int], furiten: set[int]) -> float:
        """Average weighted wait of the best tenpai each useful draw of a 1-shanten hand gives."""
        acc = 0.0
        weight = 0
        for k in kinds:
            u = unseen[k]
            if not u:
                continue
            counts13[k] += 1
            unseen[k] -= 1
            best = 0.0
            for d in range(34):
                if not counts13[d]:
                    continue
                counts13[d] -= 1
                if shanten(counts13, nmeld) == 0:
                    ws = winning_kinds(counts13, nmeld)
                    w = 0.0
                    for x in ws:
                        w += unseen[x] * self._ron_ease(view, x)
                    if d in ws or any(x in furiten for x in ws):
                        w *= 0.45  # furiten: tsumo only
                    if w > best:
                        best = w
                counts13[d] += 1
            unseen[k] += 1
            counts13[k] -= 1
            acc += u * best
            weight += u
        return acc / weight if weight else 0.0

    def _nagashi_alive(self, view: PlayerView) -> bool:
        rules = view.ruleset
        if rules.nagashi_mangan == "none" or not self.style.use_value:
            return False
        me = view.me
        if me.melds and not rules.nagashi_with_own_calls:
            return False
        if len(me.river) < 6:
            return False
        return all(is_yaochuu(r.tile >> 2) and r.called_by is None for r in me.river)

    def _add_pao_danger(self, view: PlayerView, danger: list[float], unseen: list[int]) -> None:
        """Feeding the last dragon or wind set makes the feeder pay (pao)."""
        if not self.style.situation:
            return
        pao = view.ruleset.pao_yaku
        for s in view.seats:
            if s.seat == view.seat:
                continue
            pons = {m.tiles[0] >> 2 for m in s.melds if m.kind != "chi"}
            if "daisangen" in pao and len(pons & {31, 32, 33}) == 2:
                for k in {31, 32, 33} - pons:
                    if unseen[k] >= 2:
                        danger[k] += 8000.0
            if "daisuushii" in pao and len(pons & {27, 28, 29, 30}) == 3:
                for k in {27, 28, 29, 30} - pons:
                    if unseen[k] >= 2:
                        danger[k] += 8000.0

    # ------------------------------------------------------------------ riichi
    def _want_riichi(self, view: PlayerView, tiles: list[int], best: _Option,
                     ctx: ValueContext, unseen: list[int], total: float, draws: int,
                     threats: list[defence.Threat]) -> bool:
        """Riichi or dama, by the exact dama value of the waits, the wait and the turn.

        ``tiles`` is the concealed hand after ``best``'s discard.
        """
        if self.style.riichi == "always":
            return True
        waits = best.kinds
        dama, share = average_value(wait_values(view, tiles, waits, riichi=False), unseen)
        live = sum(unseen[k] for k in waits)
        folders = self._folders(view)
        st = self.style
        furiten = best.furiten
        ev = st.riichi_ev and not furiten
        if ev and not self._riichi_pays(view, tiles, best, ctx, dama, share, unseen, total,
                                        draws, threats, folders):
            return False
        late_draws = 0 if ev else st.late_draws  # the expected gain has counted the time
        if folders and st.late_draws_folders is not None:
            late_draws = st.late_draws_folders
        late = draws < late_draws
        if share < 0.6:
            # no yaku on most waits: riichi is the way to win by ron, but late in the hand
            # a bad wait stays dama for the tenpai payment (a tsumo still wins)
            return not (late and live < 5)
        if furiten:
            return draws >= 4
        if late:
            return False  # little time left: keep the yaku and the freedom to fold
        mangan = 12000.0 if ctx.dealer else 8000.0
        if dama >= mangan:
            return False  # a mangan already: dama takes the ron
        if st.situation and _is_last_hand(view):
            me = view.me.score
            others = [s.score for s in view.seats if s.seat != view.seat]
            if me > max(others):
                return False  # the top needs any win, not a bigger one
        if live <= 2 and any(t.riichi for t in threats):
            return False  # a bad wait against a riichi: keep the way out
        dama_from = st.dama_share
        if folders and st.dama_share_folders is not None:
            dama_from = st.dama_share_folders  # a riichi would make them fold
        if dama >= mangan * dama_from and live >= 5:
            return False  # enough points with a good wait: the ron comes easier dama
        return True

    def _riichi_pays(self, view: PlayerView, tiles: list[int], best: _Option,
                     ctx: ValueContext, dama: float, share: float, unseen: list[int],
                     total: float, draws: int, threats: list[defence.Threat],
                     folders: bool) -> bool:
        """Whether a riichi's expected gain beats dama's after the deposit it risks.

        Dama wins as often as riichi with a yaku on the waits, and only by tsumo without
        one; riichi adds its han, ura, ippatsu and tsumo, and loses the deposit unless the
        hand wins.  Against players seen to fold (:attr:`Style.riichi_reads_folds`) the
        riichi counts fewer rons and fewer wins of theirs, and with
        :attr:`Style.dama_full_rons` dama keeps the rons of players who cannot see it.
        (A mangan dama, the top at the last hand and a bad wait against a riichi stay
        dama by the rules of thumb that follow.)
        """
        p_r, v_r, exact_r = self._riichi_odds(view, tiles, best, ctx, unseen, total, draws,
                                              threats)
        useful = best.useful
        end = _end_chance(threats)
        if share < 0.6:
            p_d = win_chance(0, useful, total, draws, ron_factor=0.0, end=end)
            v_d = exact_r  # menzen tsumo in place of the riichi han
        else:
            mangan = 12000.0 if ctx.dealer else 8000.0
            if dama >= mangan:
                return True  # left to the rule of thumb
            # folders answer only a riichi they see: dama keeps its rons (best.win,
            # dama_full_rons), or both are taken at the riichi's chance
            p_d = best.win if self.style.dama_full_rons and folders else p_r
            v_d = dama * _tenpai_bonus(dama, False, ctx.dealer)
        gain = p_r * self._win_value_scale(view, v_r) - p_d * self._win_value_scale(view, v_d)
        return gain > RIICHI_STICK * (1.0 - p_r)

    def _riichi_odds(self, view: PlayerView, tiles: list[int], best: _Option,
                     ctx: ValueContext, unseen: list[int], total: float, draws: int,
                     threats: list[defence.Threat]) -> tuple[float, float, float]:
        """(win chance, value with ura, ippatsu and tsumo, exact ron value) of a riichi.

        Against players seen to fold (:attr:`Style.riichi_reads_folds`) the riichi
        counts fewer rons and fewer wins of theirs.
        """
        exact_r = best.exact
        if exact_r is None:  # a style that does not score tenpai waits exactly
            exact_r, _ = average_value(wait_values(view, tiles, best.kinds, riichi=True),
                                       unseen)
        v_r = exact_r * _tenpai_bonus(exact_r, True, ctx.dealer)
        p_r = best.win
        if self.style.riichi_reads_folds and not best.furiten:
            pushers = self._push_share(view)
            if pushers < 1.0:
                # folders answer a riichi with safe tiles: fewer rons, and fewer own wins
                # (_ron_share, when a style uses it, is this same share or 1)
                ron = self.style.ron_factor * pushers
                p_r = win_chance(0, best.useful, total, draws, ron_factor=ron,
                                 end=_riichi_end(threats, pushers))
        return p_r, v_r, exact_r

    def _riichi_gain(self, view: PlayerView, win: float, value: float) -> float:
        """A riichi's expected gain: ``win`` chance of ``value``, the deposit lost otherwise."""
        return win * self._win_value_scale(view, value) - RIICHI_STICK * (1.0 - win)

    def _open_riichi_pays(self, view: PlayerView, tiles: list[int], best: _Option,
                          ctx: ValueContext, unseen: list[int], total: float, draws: int,
                          threats: list[defence.Threat]) -> bool:
        """Whether an open riichi (where the rules have it) beats a closed one.

        An open riichi adds a han (:attr:`Style.open_riichi`), but the others see its
        waits: a player not in riichi will not throw them (the rules forbid it, or a
        forced deal-in pays a yakuman), so its rons come only from players in riichi,
        who throw whatever they draw, now and (:data:`OPEN_LATER` of the others) later.
        A furiten riichi wins by tsumo only, so showing it costs nothing.
        """
        p_r, v_r, _ = self._riichi_odds(view, tiles, best, ctx, unseen, total, draws, threats)
        exact_o, _ = average_value(
            wait_values(view, tiles, best.kinds, riichi=True, open_riichi=True), unseen)
        v_o = exact_o * _tenpai_bonus(exact_o, True, ctx.dealer)
        locked = sum(1 for s in view.seats if s.seat != view.seat and s.riichi)
        ron = 0.0 if best.furiten else locked + OPEN_LATER * (3 - locked)
        live = float(sum(unseen[k] for k in best.kinds))
        pushers = self._push_share(view) if self.style.riichi_reads_folds else 1.0
        p_o = win_chance(0, live, total, draws, ron_factor=ron, end=_riichi_end(threats, pushers))
        return self._riichi_gain(view, p_o, v_o) > self._riichi_gain(view, p_r, v_r)

    # ------------------------------------------------------------------ kans
    def _kan_choice(self, view: PlayerView, legal: Sequence[Action], counts: list[int],
                    nmeld: int, best: _Option, threats: list[defence.Threat]) -> Decision | None:
        if self.style.any_kan:
            kans = [a for a in legal if isinstance(a, (ClosedKan, AddedKan))]
            return Decision(kans[0], "kan") if kans else None
        if any(t.riichi for t in threats):
            return None
        for a in legal:
            if isinstance(a, ClosedKan):
                k = a.tiles[0] >> 2
                c = list(counts)
                c[k] -= 4
                if shanten(c, nmeld + 1) <= best.shanten:
                    return Decision(a, f"closed kan {kind_name(k)}")
            elif isinstance(a, AddedKan):
                k = a.tile >> 2
                c = list(counts)
                c[k] -= 1
                if shanten(c, nmeld) <= best.shanten:
                    return Decision(a, f"added kan {kind_name(k)}")
        return None

    # ------------------------------------------------------------------ claims
    def _formal_tenpai(self, view: PlayerView, base_sh: int, useful: float, total: float,
                       draws: int, ev0: float) -> tuple[float, float]:
        """(worth of a call to a tenpai without yaku, what the closed hand keeps).

        Late in a hand, under rules where any tenpai shape is paid at an exhaustive draw
        (``formal_tenpai``), a call that reaches tenpai without a yaku is worth
        :data:`FORMAL_SHARE` of the noten payments (:func:`_draw_tenpai_worth`); the
        closed hand keeps its expected win and the chance that one of its own ``draws``
        (``useful`` of ``total`` unseen tiles) makes it tenpai.  A call advances the
        hand one step, so only a 1-shanten hand reaches tenpai by one.  (0, 0) when the
        style does not make such calls (they are weighed against ``ev0``, the expected
        gain of the ``"ev"`` call style), the hand is not 1-shanten or it is too early.
        """
        st = self.style
        if not st.formal_calls or st.calls != "ev" or not view.ruleset.formal_tenpai \
                or base_sh != 1:
            return 0.0, 0.0
        worth = _draw_tenpai_worth(view, FORMAL_SHARE, self.style.renchan_value)
        if worth <= 0.0:
            return 0.0, 0.0
        alone = 1.0 - (1.0 - min(0.95, useful / total)) ** draws
        return worth, ev0 + alone * worth

    def _claim(self, view: PlayerView, calls: Sequence[Action], pass_: Pass) -> Decision:
        st = self.style
        counts = hand_counts(view)
        melds = view.me.melds
        nmeld = len(melds)
        unseen = unseen_counts(view)
        total = float(sum(unseen)) or 1.0
        draws = self._draws_left(view)
        ctx = context(view)
        if view.last_discard is None:
            return Decision(pass_, "pass")
        from_seat, called = view.last_discard
        threats = self._threats(view)
        # Against a riichi, styles without calls_after_riichi call only for tenpai.
        need_tenpai = not st.calls_after_riichi and any(t.riichi for t in threats)
        danger = defence.danger_table(view, unseen, threats,
                                      [k for k in range(34) if counts[k]], st.waits)
        base_sh = shanten(counts, nmeld)
        tiles = view.concealed()
        reds = red_count(tiles, ctx.red_fives)
        end = _end_chance(threats)
        if st.calls == "ev":
            u0, _ = ukeire(counts, nmeld, unseen)
            hv0 = estimate(counts, melds, ctx, unseen, reds)
            v0 = hv0.points
            if nmeld == 0:
                v0 = _special_routes(counts, v0, ctx, base_sh)
            ev0 = win_chance(base_sh, u0, total, draws, end=end) \
                * self._win_value_scale(view, v0)
        else:
            u0, ev0 = 0, 0.0
        river_kinds = {r.tile >> 2 for r in view.me.river}
        call_ron = st.ron_factor * self._ron_share(view, threats)
        formal, formal_floor = self._formal_tenpai(view, base_sh, u0, total, draws, ev0)
        best: tuple[float, Action, str] | None = None
        for a in calls:
            if isinstance(a, OpenKan):
                continue  # an open kan adds no speed; the pon is always offered beside it
            used = a.tiles  # type: ignore[union-attr]
            kind_called = called >> 2
            c = list(counts)
            for t in used:
                c[t >> 2] -= 1
            mkind: Literal["chi", "pon"] = "chi" if isinstance(a, Chi) else "pon"
            new_meld = Meld(mkind, tuple(sorted((*used, called))), called, from_seat)
            new_melds = (*melds, new_meld)
            excl = _kuikae_exclude(view, mkind, used, kind_called)
            opts = discard_options(c, nmeld + 1, unseen, exclude=excl)
            if not opts:
                continue
            brings_yaku = mkind == "pon" and ctx.yakuhai[kind_called] > 0
            if opts[0].shanten > base_sh or (opts[0].shanten == base_sh and not brings_yaku):
                continue  # the call does not advance the hand
            if need_tenpai and opts[0].shanten > 0:
                continue
            reds_after = reds - sum(1 for t in used if is_red(t, ctx.red_fives)) \
                + (1 if is_red(called, ctx.red_fives) else 0)
            for o in opts[:4]:
                if o.shanten > opts[0].shanten:
                    break
                c[o.kind] -= 1
                han = sure_yaku(c, new_melds, ctx)
                route = han < ctx.min_han
                if route and o.shanten <= st.route_shanten:
                    # tanyao or a flush that only a float still breaks
                    han = max(han, route_yaku(c, new_melds, ctx))
                if han < ctx.min_han:
                    c[o.kind] += 1
                    if formal and o.shanten == 0:
                        # no yaku, but tenpai at the draw is paid (formal tenpai)
                        score = formal - danger[o.kind] * st.defence
                        if score > formal_floor and (best is None or score > best[0]):
                            best = (score, a, f"{mkind} {kind_name(kind_called)}: "
                                    "tenpai for the draw, no yaku")
                    continue  # never a call that leaves the hand without a yaku
                hv = estimate(c, new_melds, ctx, unseen,
                              reds_after - _red_lost(tiles, o.kind, ctx.red_fives))
                c[o.kind] += 1
                points = hv.points
                if route and hv.yaku_chance > 0:
                    points = points / hv.yaku_chance * ROUTE_SURE  # the float goes next
                if st.calls == "eager":
                    score = 1.0 + float(o.ukeire)
                else:
                    useful: float = o.ukeire
                    ron = call_ron
                    if o.shanten == 0:
                        useful = sum(unseen[k] * self._ron_ease(view, k) for k in o.kinds)
                        if any(k in river_kinds or k == o.kind for k in o.kinds):
                            ron = 0.0  # furiten on the waits: tsumo only
                    else:
                        useful *= st.call_boost  # further calls speed an open hand
                    p = win_chance(o.shanten, useful, total, draws, end=end, ron_factor=ron)
                    score = p * self._win_value_scale(view, points) \
                        - danger[o.kind] * st.defence
                    margin = st.yakuhai_margin if brings_yaku else st.call_margin
                    if score <= ev0 * margin:
                        continue
                if best is None or score > best[0]:
                    best = (score, a, f"{mkind} {kind_name(kind_called)}: "
                            f"{_sh_text(o.shanten)}, {o.ukeire} tiles, {han} han sure")
        if best is None:
            return Decision(pass_, "pass: no call keeps a yaku and speeds the hand up")
        return Decision(best[1], best[2])


# ---------------------------------------------------------------------- helpers


def _draw_tenpai_worth(view: PlayerView, share: float, renchan: float = 0.0) -> float:
    """What a tenpai is worth now for the noten payments of an exhaustive draw.

    ``share`` of the payments at the last draw, from nothing at :data:`DRAW_FROM` live
    tiles left (earlier the hand is more likely won than drawn, and tenpai comes later).
    A dealer whose tenpai keeps the deal (``renchan_at_draw``) counts ``renchan`` more
    at the last draw, on the same ramp: one more hand as dealer
    (:attr:`Style.renchan_value`), but not in the game's last hand.
    """
    left = 1.0 - view.wall_remaining / DRAW_FROM
    if left <= 0.0:
        return 0.0
    worth = view.ruleset.noten_payment * share
    if renchan and view.dealer == view.seat and _tenpai_keeps_deal(view) \
            and not _is_last_hand(view):
        worth += renchan
    return worth * left


def _tenpai_keeps_deal(view: PlayerView) -> bool:
    """Whether the dealer keeps the deal by a tenpai that noten would pass."""
    rule = view.ruleset.renchan_at_draw
    return rule == "tenpai" or (rule == "tenpai_or_after_east" and view.round_wind == 0)


def _push_share_of(pushers: float) -> float:
    """``pushers`` (:meth:`ai.opponents.FoldWatch.pushers`) against non-folders' (max 1)."""
    return min(1.0, pushers / PUSHERS)


def _beside_discards(view: PlayerView) -> list[int]:
    """Per kind, how many other seats not in riichi threw a tile next to it in its suit."""
    out = [0] * 34
    for info in view.seats:
        if info.seat == view.seat or info.riichi:
            continue
        near: set[int] = set()
        for r in info.river:
            k = r.tile >> 2
            if not is_honour(k):
                n = number_of(k)
                if n > 1:
                    near.add(k - 1)
                if n < 9:
                    near.add(k + 1)
        for k in near:
            out[k] += 1
    return out


def _tiles_after(view: PlayerView, kind: int) -> list[int]:
    """The concealed tiles after discarding ``kind`` (the copy :func:`_pick_tile` throws)."""
    tiles = list(view.concealed())
    tiles.remove(_pick_tile(view, kind, [Discard(t) for t in tiles]))
    return tiles


def _riichi_end(threats: Sequence[defence.Threat], pushers: float) -> float:
    """:func:`_end_chance` after a riichi: folders (``pushers`` below 1) win less often."""
    return _end_chance(threats) * (1.0 - RIICHI_QUIET * (1.0 - pushers))


def _end_chance(threats: Sequence[defence.Threat]) -> float:
    """Chance per go-around that another player ends the hand, from the threats seen."""
    return END_BASE + min(0.3, sum(END_PER_THREAT * t.tenpai for t in threats))


def _is_last_hand(view: PlayerView) -> bool:
    return view.round_wind >= last_round(view.ruleset) and view.hand_number == 3


def _tenpai_bonus(exact: float, closed: bool, dealer: bool) -> float:
    """What ura, ippatsu and tsumo add on average to a wait's exact ron value.

    About 0.9 han for a riichi (ura 0.4, tsumo 0.35, ippatsu 0.15): nearly doubling a
    cheap hand, little on a mangan; tsumo alone for dama.
    """
    mangan = 12000.0 if dealer else 8000.0
    if not closed:
        return 1.1
    if exact >= mangan:
        return 1.15
    if exact >= mangan * 0.6:
        return 1.35
    return 1.7


def _sh_text(s: int) -> str:
    return "tenpai" if s == 0 else ("complete" if s < 0 else f"{s}-shanten")


def _describe(o: _Option) -> str:
    text = f"discard {kind_name(o.kind)}: {_sh_text(o.shanten)}, {o.ukeire} tiles"
    if o.danger > 300 and o.shanten > 0:
        text += f", danger {o.danger:.0f}"
    return text


def _red_lost(tiles: Sequence[int], kind: int, red_fives: int) -> int:
    """1 when discarding ``kind`` must give up a red five (every copy held is red)."""
    if not red_fives:
        return 0
    same = [t for t in tiles if t >> 2 == kind]
    return 1 if same and all(is_red(t, red_fives) for t in same) else 0


def _pick_tile(view: PlayerView, kind: int, plain: Sequence[Discard]) -> int:
    """The physical tile of ``kind`` to discard: keep red fives, prefer the drawn tile."""
    red = view.ruleset.red_fives
    cands = [a.tile for a in plain if a.tile >> 2 == kind]
    cands.sort(key=lambda t: (is_red(t, red), t != view.drawn))
    return cands[0]


def _kuikae_exclude(view: PlayerView, mkind: str, used: Sequence[int], called_kind: int
                    ) -> list[int]:
    rule = view.ruleset.kuikae
    if rule == "allowed":
        return []
    out = [called_kind]
    if rule == "forbidden" and mkind == "chi":
        ks = sorted(t >> 2 for t in used)
        if ks[0] == called_kind + 1 and called_kind % 9 + 3 <= 8:  # called the low end
            out.append(called_kind + 3)
        if ks[1] == called_kind - 1 and called_kind % 9 >= 3:  # called the high end
            out.append(called_kind - 3)
    return out


def _special_routes(counts: list[int], value: float, ctx: ValueContext, sh: int) -> float:
    """Chiitoitsu and kokushi add their own value when they are the fastest route."""
    reg = shanten_regular(counts)
    if shanten_kokushi(counts) < reg and shanten_kokushi(counts) <= sh:
        return 32000.0 * (1.5 if ctx.dealer else 1.0)
    if shanten_chiitoi(counts) < reg:
        return value * 1.6
    return value


def _beginner_bias(counts: list[int], kind: int, ctx: ValueContext) -> float:
    """What a beginner likes to throw: lone honours and terminals first, never dora."""
    bias = 0.0
    if counts[kind] == 1:
        if kind >= 27 and not ctx.yakuhai[kind]:
            bias += 3.0
        elif kind >= 27:
            bias += 1.5
        elif is_yaochuu(kind):
            bias += 1.0
    if counts[kind] >= 2:
        bias -= 2.0
    if ctx.dora[kind]:
        bias -= 3.0
    return bias
