"""A player's record in words: the figures of ``ai.career`` as labelled rows and columns.

``hanchan stats`` and the app's statistics screen show the same table: one row per
figure (simulate's, then the review's), one column per span of games (all, the last
10, 50, 100 when there are more) and per ruleset.  Every number comes from
:func:`ai.career.summary`; this module only names and formats them.

>>> cell("win_rate", 0.2125), cell("avg_rank", 2.3966), cell("agreement", None)
('21.2%', '2.40', '—')
>>> spark([1.0, 2.5, 4.0])
'▁▅█'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hanchan.ai.career import WINDOWS, Record, summary

ROWS: tuple[tuple[str, str], ...] = (
    ("seat_games", "games"),
    ("avg_rank", "average placement"),
    ("ranks", "1st / 2nd / 3rd / 4th"),
    ("avg_points", "average result"),
    ("win_rate", "win rate"),
    ("deal_in_rate", "deal-in rate"),
    ("riichi_rate", "riichi rate"),
    ("call_rate", "call rate"),
    ("draw_tenpai_rate", "tenpai at draws"),
    ("avg_win_value", "average win"),
    ("avg_deal_in_value", "average deal-in"),
    ("agreement", "agreement with strong"),
    ("mistakes_per_game", "mistakes per game"),
)
"""The figures shown, by their key in :func:`ai.career.summary`, and their labels."""
_RATES = frozenset({"win_rate", "deal_in_rate", "riichi_rate", "call_rate", "draw_tenpai_rate",
                    "agreement"})
_BARS = "▁▂▃▄▅▆▇█"
NOT_REVIEWED = "—"


def cell(key: str, value: Any) -> str:
    """One figure as the table shows it."""
    if value is None:
        return NOT_REVIEWED
    if key in _RATES:
        return f"{value:.1%}"
    if key == "avg_rank":
        return f"{value:.2f}"
    if key == "avg_points":
        return f"{value:+.1f}"
    if key == "mistakes_per_game":
        return f"{value:.1f}"
    if key == "ranks":
        return "/".join(str(n) for n in value)
    if key in ("avg_win_value", "avg_deal_in_value"):
        return f"{value:,}"
    return str(value)


def columns(rec: Record) -> list[tuple[str, dict[str, Any]]]:
    """The table's columns: (heading, figures) for all the games, the last 10, 50, 100
    where there are more, and each ruleset where there are several."""
    out = [("all", summary(rec.games))]
    out += [(f"last {n}", summary(rec.last(n))) for n in WINDOWS if len(rec.games) > n]
    by_rules = rec.by_rules()
    if len(by_rules) > 1:
        out += [(name, summary(games)) for name, games in by_rules.items()]
    return out


def rows(cols: Sequence[tuple[str, dict[str, Any]]]) -> list[list[str]]:
    """The table as text: a heading row, then a row per figure of :data:`ROWS`."""
    out = [["", *(head for head, _ in cols)]]
    for key, label in ROWS:
        out.append([label, *(cell(key, figures[key]) for _, figures in cols)])
    return out


def spark(values: Sequence[float], low: float = 1.0, high: float = 4.0) -> str:
    """Values from ``low`` to ``high`` as a line of bar characters (the trend in text)."""
    span = (high - low) or 1.0
    top = len(_BARS) - 1
    return "".join(_BARS[max(0, min(top, round((v - low) / span * top)))] for v in values)


def notes(rec: Record) -> list[str]:
    """What the table leaves out, in sentences: files not read, games not counted, reviews."""
    out = []
    if rec.unreadable:
        n = len(rec.unreadable)
        out.append(f"{n} file{'s' if n != 1 else ''} could not be read.")
    if rec.unfinished:
        n = rec.unfinished
        out.append(f"{n} unfinished game{'s are' if n != 1 else ' is'} not counted.")
    todo = len(rec.unreviewed())
    if rec.games and todo:
        out.append(f"Agreement and mistakes cover {len(rec.games) - todo} of "
                   f"{len(rec.games)} games; the review takes a second or two a game.")
    return out


def whose(player: str | None) -> str:
    """Whose record the table is."""
    return "your games" if player is None else f"the seats named {player}"
