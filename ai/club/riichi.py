"""Riichi or dama, and an open riichi where the rules have it.

:func:`want_riichi` decides for a tenpai discard.  A style with ``riichi_ev`` first
weighs the riichi's expected gain against dama's (:func:`riichi_pays`): riichi adds its
han, ura, ippatsu and tsumo and risks the 1,000 deposit; dama wins as often with a yaku
on the waits (more often against players who fold, who cannot see it) and only by
tsumo without one.  Rules of thumb follow for every style: a hand without a yaku
declares unless late on a bad wait, a mangan dama takes the ron, the top in the last
hand needs any win, a bad wait against a riichi keeps the way out, enough points on a
good wait stay dama.  :func:`open_riichi_pays` shows a riichi when its extra han beats
the rons of the players not in riichi, who may no longer throw its waits.
"""

from __future__ import annotations

from hanchan.ai.club.discard import Option, limit_ron, tenpai_bonus
from hanchan.ai.club.endgame import is_last_hand
from hanchan.ai.club.situation import Situation
from hanchan.ai.club.style import Style
from hanchan.ai.tenpai_value import average_value, wait_values
from hanchan.ai.winprob import win_chance

RIICHI_DEPOSIT = 1000.0
"""What a riichi puts on the table, lost unless the hand wins."""


def want_riichi(sit: Situation, tiles: list[int], best: Option) -> bool:
    """Riichi or dama for the tenpai ``best``, by the exact dama value of the waits,
    the wait and the turn.  ``tiles`` is the concealed hand after ``best``'s discard."""
    st = sit.style
    if st.riichi == "always":
        return True
    view = sit.view
    unseen = sit.unseen
    draws = sit.draws
    waits = best.kinds
    dama, share = average_value(wait_values(view, tiles, waits, riichi=False), unseen)
    live = sum(unseen[k] for k in waits)
    folders = sit.folders()
    furiten = best.furiten
    ev = st.riichi_ev and not furiten
    if ev and not riichi_pays(sit, tiles, best, dama, share, folders):
        return False
    late = draws < _late_draws(st, ev, folders)
    if share < 0.6:
        # no yaku on most waits: riichi is the way to win by ron, but late in the hand
        # a bad wait stays dama for the tenpai payment (a tsumo still wins)
        return not (late and live < 5)
    if furiten:
        return draws >= 4
    if late:
        return False  # little time left: keep the yaku and the freedom to fold
    return not _dama_by_thumb(sit, dama, live, folders)


def _late_draws(st: Style, ev: bool, folders: bool) -> int:
    """Below this many own draws left, :func:`want_riichi` calls the hand late."""
    late_draws = 0 if ev else st.late_draws  # the expected gain has counted the time
    if folders and st.late_draws_folders is not None:
        late_draws = st.late_draws_folders
    return late_draws


def _dama_by_thumb(sit: Situation, dama: float, live: int, folders: bool) -> bool:
    """The rules of thumb that keep a tenpai with a yaku dama (``dama``: its dama value,
    ``live``: the waits' unseen tiles)."""
    st = sit.style
    view = sit.view
    mangan = limit_ron("mangan", dealer=sit.ctx.dealer)
    if dama >= mangan:
        return True  # a mangan already: dama takes the ron
    if st.situation and is_last_hand(view):
        me = view.me.score
        others = [s.score for s in view.seats if s.seat != view.seat]
        if me > max(others):
            return True  # the top needs any win, not a bigger one
    if live <= 2 and sit.riichi_on:
        return True  # a bad wait against a riichi: keep the way out
    dama_from = st.dama_share
    if folders and st.dama_share_folders is not None:
        dama_from = st.dama_share_folders  # a riichi would make them fold
    # enough points with a good wait: the ron comes easier dama
    return dama >= mangan * dama_from and live >= 5


def riichi_pays(sit: Situation, tiles: list[int], best: Option, dama: float, share: float,
                folders: bool) -> bool:
    """Whether a riichi's expected gain beats dama's after the deposit it risks.

    ``dama`` is the dama value of the waits and ``share`` the share of them with a
    yaku.  Dama wins as often as riichi with a yaku on the waits, and only by tsumo
    without one; riichi adds its han, ura, ippatsu and tsumo, and loses the deposit
    unless the hand wins.  Against players seen to fold (``style.riichi_reads_folds``)
    the riichi counts fewer rons and fewer wins of theirs, and with
    ``style.dama_full_rons`` dama keeps the rons of players who cannot see it.  (A
    mangan dama, the top at the last hand and a bad wait against a riichi stay dama by
    the rules of thumb of :func:`want_riichi`.)
    """
    if share >= 0.6 and dama >= limit_ron("mangan", dealer=sit.ctx.dealer):
        return True  # left to the rule of thumb
    return _weighed(sit, tiles, best, dama, share, folders)[4] > 0.0


def dama_odds(sit: Situation, best: Option, dama: float, share: float,
              riichi: tuple[float, float], folders: bool) -> tuple[float, float]:
    """(win chance, value) of staying dama on the tenpai ``best``, as :func:`riichi_pays`
    weighs them: with a yaku on most waits (``share``) dama wins as often as riichi (or
    keeps the rons of folders who cannot see it, ``style.dama_full_rons``) for the dama
    ``dama`` value; without one it wins by tsumo only, menzen tsumo in place of the
    riichi han.  ``riichi`` is the riichi's win chance and exact ron value
    (:func:`riichi_odds`)."""
    p_r, exact_r = riichi
    if share < 0.6:
        return (win_chance(0, best.useful, sit.total, sit.draws, ron_factor=0.0, end=sit.end),
                exact_r)
    p_d = best.win if sit.style.dama_full_rons and folders else p_r
    return p_d, dama * tenpai_bonus(dama, False, sit.ctx.dealer)


def riichi_versus_dama(sit: Situation, tiles: list[int], best: Option
                       ) -> tuple[float, float, float, float, float]:
    """(riichi's win chance and value, dama's, what riichi adds) on the tenpai ``best``,
    as :func:`riichi_pays` weighs them; what riichi adds is after the deposit it risks.
    ``tiles`` is the concealed hand after ``best``'s discard."""
    dama, share = average_value(wait_values(sit.view, tiles, best.kinds, riichi=False),
                                sit.unseen)
    return _weighed(sit, tiles, best, dama, share, sit.folders())


def _weighed(sit: Situation, tiles: list[int], best: Option, dama: float, share: float,
             folders: bool) -> tuple[float, float, float, float, float]:
    """:func:`riichi_versus_dama` from the dama value and share of the waits."""
    p_r, v_r, exact_r = riichi_odds(sit, tiles, best)
    p_d, v_d = dama_odds(sit, best, dama, share, (p_r, exact_r), folders)
    gain = (p_r * sit.win_value(v_r) - p_d * sit.win_value(v_d)
            - RIICHI_DEPOSIT * (1.0 - p_r))
    return p_r, v_r, p_d, v_d, gain


def riichi_end(sit: Situation, pushers: float) -> float:
    """The end chance after a riichi: folders (``pushers`` below 1) win less often."""
    return sit.end * (1.0 - sit.style.riichi_quiet * (1.0 - pushers))


def riichi_odds(sit: Situation, tiles: list[int], best: Option) -> tuple[float, float, float]:
    """(win chance, value with ura, ippatsu and tsumo, exact ron value) of a riichi.

    Against players seen to fold (``style.riichi_reads_folds``) the riichi counts
    fewer rons and fewer wins of theirs.
    """
    st = sit.style
    exact_r = best.exact
    if exact_r is None:  # a style that does not score tenpai waits exactly
        exact_r, _ = average_value(wait_values(sit.view, tiles, best.kinds, riichi=True),
                                   sit.unseen)
    v_r = exact_r * tenpai_bonus(exact_r, True, sit.ctx.dealer)
    p_r = best.win
    if st.riichi_reads_folds and not best.furiten:
        pushers = sit.push_share()
        if pushers < 1.0:
            # folders answer a riichi with safe tiles: fewer rons, and fewer own wins
            # (Situation.ron_share, when a style uses it, is this same share or 1)
            ron = st.ron_factor * pushers
            p_r = win_chance(0, best.useful, sit.total, sit.draws, ron_factor=ron,
                             end=riichi_end(sit, pushers))
    return p_r, v_r, exact_r


def riichi_gain(sit: Situation, win: float, value: float) -> float:
    """A riichi's expected gain: ``win`` chance of ``value``, the deposit lost otherwise."""
    return win * sit.win_value(value) - RIICHI_DEPOSIT * (1.0 - win)


def open_riichi_pays(sit: Situation, tiles: list[int], best: Option) -> bool:
    """Whether an open riichi (where the rules have it) beats a closed one.

    An open riichi adds a han (``style.open_riichi``), but the others see its waits: a
    player not in riichi will not throw them (the rules forbid it, or a forced deal-in
    pays a yakuman), so its rons come only from the players in riichi now, who throw
    whatever they draw.  A furiten riichi wins by tsumo only, so showing it costs
    nothing.
    """
    view = sit.view
    p_r, v_r, _ = riichi_odds(sit, tiles, best)
    exact_o, _ = average_value(
        wait_values(view, tiles, best.kinds, riichi=True, open_riichi=True), sit.unseen)
    v_o = exact_o * tenpai_bonus(exact_o, True, sit.ctx.dealer)
    locked = sum(1 for s in view.seats if s.seat != view.seat and s.riichi)
    ron = 0.0 if best.furiten else float(locked)
    live = float(sum(sit.unseen[k] for k in best.kinds))
    pushers = sit.push_share() if sit.style.riichi_reads_folds else 1.0
    p_o = win_chance(0, live, sit.total, sit.draws, ron_factor=ron,
                     end=riichi_end(sit, pushers))
    return riichi_gain(sit, p_o, v_o) > riichi_gain(sit, p_r, v_r)
