"""The 19 real Tenhou games in ``tests/data/logs`` (provenance and licences in its README).

Each game is there twice, as a tenhou.net/6 JSON log and as Tenhou's mjlog XML, under the
same game id.  The lists are complete or the import fails: a missing log is a failing
test, never a skipped one.

>>> len(TENHOU6), len(MJLOG)
(19, 19)
>>> [p.stem for p in TENHOU6] == IDS == [p.stem for p in MJLOG]
True
"""

from __future__ import annotations

from pathlib import Path

LOGS = Path(__file__).resolve().parents[1] / "data" / "logs"
TENHOU6 = sorted((LOGS / "tenhou6").glob("*.json"))
MJLOG = sorted((LOGS / "mjlog").glob("*.xml"))
IDS = [p.stem for p in TENHOU6]

if len(TENHOU6) != 19 or [p.stem for p in MJLOG] != IDS:
    raise FileNotFoundError(f"{LOGS} must hold the 19 games as tenhou6/*.json and mjlog/*.xml")
