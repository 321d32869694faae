"""Fuzzing the app's own files: ``settings.json`` and the odd things a save folder holds.

Outcomes are sorted as in :mod:`tests.kit.fuzz` (tried / refused / accepted / crash /
hang / wrongly accepted), judged here by rules written apart from the code under test:

* settings: a file is **refused** when the defaults are used and each bad part is named
  in one sentence; **accepted** when every value of the file within its range is used as
  it is and nothing is said.  **Wrongly accepted**: a value out of range that is used, a
  good value dropped, or a bad one dropped without a word.  Writing over an odd file (a
  FIFO, a link, a folder) must not block, and never changes what a link points to.
* the save folder: every entry is listed; a link or anything not a regular file is
  **refused** (listed unreadable, never offered nor continued); a game is **accepted**
  with the state its own lines give, whatever the index says.  **Wrongly accepted**: a
  link or odd file listed as a game, offered, or continued; a state taken from a
  poisoned index; a file outside the folder changed.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import socket
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hanchan.saves.folder import INDEX, list_games
from hanchan.saves.reader import SaveError
from hanchan.saves.writer import POINTER, GameWriter, latest_unfinished
from hanchan.tui.savefiles import continue_problem
from hanchan.tui.settings import Settings, read_settings, save_settings
from hanchan.tui.tilefaces import FACE_MODES
from tests.kit.fuzz import _one_sentence

BOOLS = ("auto_win", "skip_calls", "tsumogiri", "show_help", "keep_toggles", "score_call")
TOGGLES = ("auto_win", "skip_calls", "tsumogiri")

# ------------------------------------------------------------------ settings.json


def _value(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any kind, good or bad for any key."""
    pick = rng.randrange(16)
    if pick == 0:
        return rng.choice([True, False])
    if pick == 1:
        return rng.choice(list(FACE_MODES) + ["", "LETTERS", "[b]x", "\u0000", "glyphs "])
    if pick == 2:
        return rng.choice([0, 0.0, -0.0, 0.2, 1, 2, 2.0, 1.9999, 2.0000001, -1e-9, 0.4])
    if pick == 3:
        return rng.choice([1e308, -1e308, 1e-308, 5e-324, 2**63, -(2**63), 10**30])
    if pick == 4:
        return None
    if pick == 5:
        return "x" * rng.choice([1, 100, 10_000])
    if pick == 6 and depth < 3:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(3))]
    if pick == 7 and depth < 3:
        return {str(rng.randrange(9)): _value(rng, depth + 1) for _ in range(rng.randrange(3))}
    if pick == 8:
        return rng.uniform(-5, 5)
    if pick == 9:
        return rng.choice(["true", "false", "0.4", "1"])
    return rng.choice([True, False, 0.4, rng.uniform(0, 2), "letters"])


def _json_text(data: dict[str, Any], rng: random.Random) -> bytes:
    text = json.dumps(data)
    special = rng.randrange(6)
    if special == 0 and "bot_delay" in data:  # JSON's own infinities, and a huge integer
        text = text.replace(json.dumps(data["bot_delay"]),
                            rng.choice(["Infinity", "-Infinity", "NaN", "1e400", "9" * 5000]), 1)
    return text.encode()


def settings_input(rng: random.Random) -> tuple[str, bytes | None, Any]:
    """(what, the file's bytes or None for a special file, the decoded dict if any)."""
    kind = rng.randrange(10)
    if kind <= 5:
        keys = list(BOOLS) + ["faces", "bot_delay", "other"]
        data = {k: _value(rng) for k in rng.sample(keys, rng.randrange(1, len(keys)))}
        raw = _json_text(data, rng)
        try:
            decoded = json.loads(raw)
        except ValueError:
            decoded = None
        return f"json {raw[:80]!r}", raw, decoded
    if kind == 6:
        n = rng.choice([100, 1_000, 20_000, 40_000])
        open_, close = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
        inner = b"1" if open_ == b'{"a":' else b""
        raw = open_ * n + inner + close * n
        try:
            decoded = json.loads(raw)
        except RecursionError:
            decoded = None
        return f"nested {n}", raw, decoded
    if kind == 7:
        raw = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
        return f"bytes {raw[:20]!r}", raw, None
    if kind == 8:
        good = json.dumps(_settings_dict(rng)).encode()
        cut = good[:rng.randrange(len(good))]
        return f"cut {cut[-20:]!r}", cut, None
    return "special", None, None


def _settings_dict(rng: random.Random) -> dict[str, Any]:
    return {"faces": rng.choice(FACE_MODES), "bot_delay": round(rng.uniform(0, 2), 1),
            **{k: rng.choice([True, False]) for k in BOOLS}}


def _acceptable(key: str, value: Any) -> bool:
    """The settings' own rule for each key, written apart from ``tui.settings``."""
    if key in BOOLS:
        return isinstance(value, bool)
    if key == "faces":
        return isinstance(value, str) and value in FACE_MODES
    if key == "bot_delay":
        return (isinstance(value, (int, float)) and not isinstance(value, bool)
                and math.isfinite(value) and 0 <= value <= 2)
    return True  # an unknown key is left alone


def judge_settings(path: Path, data: Any) -> str:
    """The outcome of reading ``path`` (whose decoded JSON is ``data``, None if not JSON)."""
    read = read_settings(path)
    st, notes = read.settings, read.notes
    if not all(_one_sentence(n) and n.startswith(path.name) for n in notes):
        return "crash: a note is not one sentence naming the file"
    if not (math.isfinite(st.bot_delay) and 0 <= st.bot_delay <= 2 and st.faces in FACE_MODES):
        return "wrongly accepted: a value out of range is used"
    if not isinstance(data, dict):
        if st != Settings():
            return "wrongly accepted: a file that is no object changed the settings"
        return "refused" if notes else "wrongly accepted: a bad file read without a word"
    default = Settings()
    keep = data.get("keep_toggles") is True
    bad = [k for k, v in data.items() if not _acceptable(k, v)]
    for key in (*BOOLS, "faces", "bot_delay"):
        expected = data[key] if key in data and key not in bad else getattr(default, key)
        if key in TOGGLES and not keep:
            expected = False
        if getattr(st, key) != expected:
            return f"wrongly accepted: {key} is {getattr(st, key)!r}, not {expected!r}"
        if key in bad and not any(f" {key} " in n for n in notes):
            return f"wrongly accepted: the bad {key} is dropped without a word"
    if len(notes) != len(bad):
        return "wrongly accepted: a note for a good value"
    return "refused" if bad else "accepted legal"


def special_settings(folder: Path, rng: random.Random) -> tuple[str, Callable[[], str]]:
    """An odd file where the settings are: read it, then write over it."""
    path = folder / "settings.json"
    outside = folder / "outside.txt"
    outside.write_bytes(b"precious\n")
    kind = rng.choice(["fifo", "link-file", "link-zero", "link-dir", "dangling", "folder",
                       "sparse", "socket", "link-fifo"])
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-file":
        path.symlink_to(outside)
    elif kind == "link-zero":
        path.symlink_to("/dev/zero")
    elif kind == "link-dir":
        path.symlink_to(folder)
    elif kind == "dangling":
        path.symlink_to(folder / "nothing")
    elif kind == "folder":
        path.mkdir()
    elif kind == "sparse":
        with open(path, "wb") as fh:
            fh.truncate(rng.choice([65_537, 10**9, 3 * 1024**3]))
    elif kind == "link-fifo":
        os.mkfifo(folder / "pipe")
        path.symlink_to(folder / "pipe")
    else:
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()

    def run() -> str:
        read = read_settings(path)
        if read.settings != Settings():
            return "wrongly accepted: an odd file gave settings"
        if kind != "dangling" and not (read.notes and _one_sentence(read.notes[0])):
            return "wrongly accepted: an odd file read without a word"
        mine = Settings(show_help=False, faces="kanji")
        save_settings(path, mine)
        if outside.read_bytes() != b"precious\n":
            return "wrongly accepted: written through a link"
        if kind != "folder" and read_settings(path).settings != mine:
            return "wrongly accepted: the settings were not kept"
        return "refused"

    return kind, run


# ------------------------------------------------------------------ the save folder


ODD = ("link-game", "link-zero", "link-dir", "dangling", "fifo", "folder", "empty", "sparse",
       "brackets", "link-fifo", "socket", "bad-name")


def odd_entry(folder: Path, outside: Path, kind: str, n: int) -> Path:
    """An odd entry named ``*.jsonl`` in the folder."""
    name = {"bad-name": f"odd[{n}=x]\n.jsonl", "brackets": f"b[a=b=c]{n}.jsonl"}.get(
        kind, f"{kind}{n}.jsonl")
    path = folder / name
    if kind == "link-game":
        path.symlink_to(outside)
    elif kind == "link-zero":
        path.symlink_to("/dev/zero")
    elif kind == "link-dir":
        path.symlink_to(folder)
    elif kind == "dangling":
        path.symlink_to(folder / f"nothing{n}")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link-fifo":
        os.mkfifo(folder / f"pipe{n}")
        path.symlink_to(folder / f"pipe{n}")
    elif kind == "folder":
        path.mkdir()
    elif kind == "sparse":
        with open(path, "wb") as fh:
            fh.truncate(3 * 1024**3)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()
    elif kind == "empty":
        path.write_bytes(b"")
    else:
        path.write_bytes(b"[" * 5000 + b"\n")
    return path


def poison_index(folder: Path, rng: random.Random) -> None:
    """Change the state of each entry of the index at random, keys (and signatures) kept."""
    try:
        index = json.loads((folder / INDEX).read_bytes())
    except (OSError, ValueError):
        return
    for entry in index.get("games", {}).values():
        entry["status"] = rng.choice(["finished", "unfinished", "empty", "unreadable"])
        entry["reason"] = rng.choice(["", "line 7: damaged", "[x='y]"])
    (folder / INDEX).write_text(json.dumps(index), encoding="utf-8")


def judge_folder(folder: Path, outside: Path, odd: dict[Path, str],
                 good: dict[Path, str]) -> list[tuple[str, str]]:
    """One outcome per entry of the folder: listed, offered, continued as it must be."""
    before = outside.read_bytes()
    games = {g.path: g for g in list_games(folder)}
    offered = latest_unfinished(folder)
    out: list[tuple[str, str]] = []
    for path, kind in odd.items():
        g = games.get(path)
        if g is None:
            out.append(("wrongly accepted", f"{kind}: not listed"))
        elif g.status != "unreadable" or not _one_sentence(g.reason):
            out.append(("wrongly accepted", f"{kind}: listed as {g.status}"))
        elif offered == path:
            out.append(("wrongly accepted", f"{kind}: offered to continue"))
        elif _continues(path):
            out.append(("wrongly accepted", f"{kind}: continued"))
        else:
            out.append(("refused", kind))
    for path, truth in good.items():
        g = games.get(path)
        if g is None or g.status != truth:
            out.append(("wrongly accepted", f"{path.name}: listed as "
                                            f"{g.status if g else 'nothing'}, not {truth}"))
        elif truth == "unfinished" and continue_problem(path) is not None:
            out.append(("wrongly accepted", f"{path.name}: cannot be continued"))
        else:
            out.append(("accepted legal", path.name))
    if offered is not None and (offered.is_symlink() or offered.parent != folder
                                or good.get(offered) != "unfinished"):
        out.append(("wrongly accepted", f"{offered.name} offered to continue"))
    if outside.read_bytes() != before:
        out.append(("wrongly accepted", "the file outside the folder changed"))
    return out


def _continues(path: Path) -> bool:
    try:
        writer, _ = GameWriter.resume(path, pointer=False)
    except SaveError:
        return False
    writer.close()
    return True


def folder_round(rng: random.Random, games: dict[str, bytes]) -> list[tuple[str, str]]:
    """A folder of good games, odd entries and perhaps a poisoned index or pointer."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        folder, elsewhere = root / "saves", root / "elsewhere"
        folder.mkdir()
        elsewhere.mkdir()
        outside = elsewhere / "theirs.jsonl"
        outside.write_bytes(games["unfinished"])
        good: dict[Path, str] = {}
        for i, truth in enumerate(rng.sample(sorted(games), rng.randrange(1, 3))):
            path = folder / f"g{i}.jsonl"
            path.write_bytes(games[truth])
            good[path] = truth
        odd = {odd_entry(folder, outside, kind, i): kind
               for i, kind in enumerate(rng.sample(ODD, rng.randrange(1, 5)))}
        list_games(folder)  # the index, as the app leaves it
        if rng.random() < 0.5:
            poison_index(folder, rng)
        if rng.random() < 0.5:
            target = rng.choice([*odd, outside])
            (folder / POINTER).write_text(json.dumps({"path": str(target)}), encoding="utf-8")
        try:
            return judge_folder(folder, outside, odd, good)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
