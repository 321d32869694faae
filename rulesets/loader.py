"""Loading and validating ruleset files.

A ruleset file is TOML.  Its keys are the options of :class:`rulesets.schema.Ruleset`,
either at the top level or inside a table named for the option's section
(``[points]``, ``[length]``, ``[wall]``, ``[calls]``, ``[riichi]``, ``[yaku]``,
``[penalties]``).  Besides the options a file may hold:

- ``base = "makura"``: start from a preset (or from another file, relative to this one)
  and override only the options given;
- ``title`` and ``source``: free text shown by ``hanchan rules list/show``.

Every problem in a file is collected, never just the first: an unknown key (with the
option it most likely means: one of the other names the option is known by, else the
nearest spelling), a value of the wrong type, a number out of the range a club could
use (with why), a word that is not one of the allowed values, a bad ``base``, or a
TOML syntax error (with its line).  They are raised together as one
:class:`RulesetError`; then values that together make no game (``oka`` that does
not match the points returned, uma that does not add up to zero, ...:
``rulesets.combinations.combination_problems``) are refused the same way.

>>> load_ruleset("tenhou").red_fives
1
>>> "makura" in list_presets()
True
"""

from __future__ import annotations

import dataclasses
import difflib
import errno
import functools
import json
import os
import re
import stat
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from hanchan.errors import HanchanError
from hanchan.rulesets.combinations import combination_problems
from hanchan.rulesets.schema import (
    SECTIONS,
    Ruleset,
    option_fields,
    option_types,
)

PRESET_DIR = Path(__file__).resolve().parent / "presets"
META_KEYS = ("base", "title", "source")


class RulesetError(HanchanError):
    """A ruleset could not be loaded; ``problems`` lists every reason, one sentence each."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__(self._message())

    def _message(self) -> str:
        if len(self.problems) == 1:
            return f"{self.source}: {self.problems[0]}"
        lines = [f"{self.source}: {len(self.problems)} problems:"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """A loaded ruleset with the free-text fields of its file."""

    ruleset: Ruleset
    title: str
    source: str
    path: Path | None
    base: str | None
    notes: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The comment after each option's value in the file (a preset's citation of its rule)."""


# ---------------------------------------------------------------------- presets

def list_presets() -> list[str]:
    """Names of the bundled presets, sorted."""
    return sorted(p.stem for p in PRESET_DIR.glob("*.toml"))


def preset_path(name: str) -> Path:
    """The file of a bundled preset (it need not exist)."""
    return PRESET_DIR / f"{name}.toml"


MAX_RULESET_BYTES = 256 * 1024
"""A ruleset file is at most this long (the longest preset is under 8 KB)."""
MAX_BASE_CHAIN = 16
"""At most this many files may start from each other through ``base``."""


def _read_regular(path: Path) -> bytes:
    """The bytes of a regular file of at most :data:`MAX_RULESET_BYTES`; a FIFO or a
    device (``/dev/zero``) is refused without reading it (``OSError`` with the reason)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "not a regular file (a device, pipe or socket)")
        data = os.read(fd, MAX_RULESET_BYTES + 1)
        if len(data) > MAX_RULESET_BYTES:
            raise OSError(errno.EFBIG, f"longer than {MAX_RULESET_BYTES:,} bytes, the most a "
                                       "ruleset file can be")
        return data
    finally:
        os.close(fd)


def _looks_like_path(name: str) -> bool:
    if name.endswith(".toml") or "/" in name or "\\" in name:
        return True
    return not _is_file(preset_path(name)) and _is_file(Path(name))


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name no file can have (too long for the
    system, or holding a NUL)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


# ---------------------------------------------------------------------- public API

def load_ruleset(name_or_path: str | Path) -> Ruleset:
    """Load a preset by name (``"makura"``) or a ruleset file by path; raise RulesetError."""
    return load_ruleset_info(name_or_path).ruleset


def load_ruleset_info(name_or_path: str | Path) -> RulesetInfo:
    """Like :func:`load_ruleset`, also returning the file's title and source text."""
    return _load(name_or_path, relative_to=None, seen=())


def ruleset_from_dict(data: Mapping[str, Any], source: str = "ruleset") -> Ruleset:
    """Build a validated Ruleset from plain data (e.g. ``Ruleset.to_dict()`` in a save header).

    Options missing from ``data`` take their defaults; unknown keys are problems.
    """
    values, problems = validate_options(data, allow_meta=False)
    if problems:
        raise RulesetError(source, problems)
    rules = Ruleset(**values)
    problems = combination_problems(rules)
    if problems:
        raise RulesetError(source, problems)
    return rules


def validate_options(data: Mapping[str, Any], *, allow_meta: bool = True
                     ) -> tuple[dict[str, Any], list[str]]:
    """Check a parsed ruleset mapping; return (option values, problems).

    Section tables are flattened.  Meta keys (``base``, ``title``, ``source``) are skipped
    when ``allow_meta`` (their own checks are the loader's).
    """
    fields, types = _schema()
    values: dict[str, Any] = {}
    problems: list[str] = []
    for key, value, section in _flatten(data, problems):
        if allow_meta and section is None and key in META_KEYS:
            continue
        if key not in fields:
            problems.append(_unknown_key(key, section, fields, allow_meta))
            continue
        f = fields[key]
        if section is not None and f.metadata["section"] != section:
            problems.append(f"{key}: belongs in [{f.metadata['section']}], not [{section}]")
            problems.extend(_check(value, types[key], dict(f.metadata), key)[1])
            continue
        if key in values:
            problems.append(f"{key}: set twice")
            continue
        converted, errs = _check(value, types[key], dict(f.metadata), key)
        if errs:
            problems.extend(errs)
        else:
            values[key] = converted
    return values, problems


@functools.cache
def _schema() -> tuple[dict[str, dataclasses.Field[Any]], dict[str, Any]]:
    """The option fields by name and their resolved types (computed once)."""
    return {f.name: f for f in option_fields()}, option_types()


# ---------------------------------------------------------------------- loading

_PRESET_CACHE: dict[tuple[str, int], RulesetInfo] = {}


def _load(name_or_path: str | Path, relative_to: Path | None,
          seen: tuple[Path, ...]) -> RulesetInfo:
    name = str(name_or_path)
    if any(ord(c) < 32 for c in name):
        raise RulesetError(repr(name)[1:-1], ["a preset name or file path cannot hold control "
                                              "characters (such as NUL or a line break)"])
    if not isinstance(name_or_path, Path) and not _looks_like_path(name):
        path = preset_path(name)
        try:
            key = (name, path.stat().st_mtime_ns)
        except OSError:
            key = None
        if key is not None:
            cached = _PRESET_CACHE.get(key)
            if cached is None:
                cached = _load_uncached(name_or_path, relative_to, seen)
                _PRESET_CACHE[key] = cached
            return cached
    return _load_uncached(name_or_path, relative_to, seen)


def _load_uncached(name_or_path: str | Path, relative_to: Path | None,
                   seen: tuple[Path, ...]) -> RulesetInfo:
    path, source, is_preset = _locate(name_or_path, relative_to)
    _check_chain(path, seen, source)
    text, data = _read_toml(path, source)
    problems: list[str] = []
    base = data.get("base")
    base_info = _load_base(base, path, seen, problems)
    for key in ("title", "source"):
        if key in data and not isinstance(data[key], str):
            problems.append(f"{key}: must be text in quotes, not {_show(data[key])}")
    values, errs = validate_options(data)
    problems.extend(errs)
    if problems:
        raise RulesetError(source, problems)

    start = base_info.ruleset if base_info is not None else Ruleset()
    if "name" not in values:
        values["name"] = str(name_or_path) if is_preset else path.stem
    ruleset = dataclasses.replace(start, **values)
    problems = combination_problems(ruleset)
    if problems:
        raise RulesetError(source, problems)
    title = data.get("title")
    src = data.get("source")
    notes: dict[str, str] = {}
    if base_info is not None:
        title = title if title is not None else f"{base_info.title} (modified)"
        src = src if src is not None else base_info.source
        notes.update(base_info.notes)
    notes.update(option_notes(text))
    return RulesetInfo(ruleset=ruleset, title=title or ruleset.name, source=src or "",
                       path=path, base=base if isinstance(base, str) else None, notes=notes)


def _locate(name_or_path: str | Path, relative_to: Path | None) -> tuple[Path, str, bool]:
    """(the file, its name in messages, whether it is a preset) of a name or path."""
    name = str(name_or_path)
    if isinstance(name_or_path, Path) or _looks_like_path(name):
        path = Path(name)
        if relative_to is not None and not path.is_absolute():
            path = relative_to / path
        return path.resolve(), name, False
    path = preset_path(name)
    if not _is_file(path):
        raise RulesetError(name, [_unknown_preset(name)])
    return path.resolve(), name, True


def _check_chain(path: Path, seen: tuple[Path, ...], source: str) -> None:
    """Refuse a file that its own ``base`` chain leads back to, or a chain too long."""
    if path in seen:
        chain = " -> ".join(p.name for p in (*seen, path))
        raise RulesetError(source, [f"base: the files start from each other in a loop ({chain})"])
    if len(seen) >= MAX_BASE_CHAIN:
        raise RulesetError(source, [f"base: more than {MAX_BASE_CHAIN} files start from each "
                                    "other; start from a preset sooner"])


def _read_toml(path: Path, source: str) -> tuple[str, dict[str, Any]]:
    """(the text, the parsed TOML) of a ruleset file; every failure as a RulesetError."""
    try:
        text = _read_regular(path).decode("utf-8")
    except FileNotFoundError:
        raise RulesetError(source, ["no such file"]) from None
    except IsADirectoryError:
        raise RulesetError(source, ["is a folder, not a ruleset file"]) from None
    except UnicodeDecodeError:
        raise RulesetError(source, ["is not a text file in UTF-8"]) from None
    except OSError as exc:
        raise RulesetError(source, [f"cannot be read ({exc.strerror})"]) from None
    try:
        return text, tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(source, [f"not valid TOML: {exc}"]) from None
    except RecursionError:
        raise RulesetError(source, ["not a ruleset: its tables or arrays are nested too "
                                    "deeply"]) from None
    except ValueError:  # int() of thousands of digits
        raise RulesetError(source, ["holds a number far too long for any rule"]) from None


def _load_base(base: Any, path: Path, seen: tuple[Path, ...], problems: list[str]
               ) -> RulesetInfo | None:
    """The ruleset a file's ``base`` names (None without one); its problems go to
    ``problems``, each prefixed with the base."""
    if base is None:
        return None
    if not isinstance(base, str) or not base:
        problems.append(f"base: must be a preset name or a file path in quotes, "
                        f"not {_show(base)}")
        return None
    try:
        return _load(base, path.parent, (*seen, path))
    except RulesetError as exc:
        problems.extend(f"base {_clipped(base)!r}: {p}" for p in exc.problems)
        return None


_NOTE = re.compile(r"^\s*([a-z_0-9]+)\s*=[^#]*#\s*(.+?)\s*$")


def option_notes(text: str) -> dict[str, str]:
    """The comment after each option's value, by option (``key = value  # note``).

    >>> option_notes('red_fives = 1  # makura 9): 赤牌は各1枚\\nbase = "x"')
    {'red_fives': 'makura 9): 赤牌は各1枚'}
    """
    names = {f.name for f in option_fields()}
    out: dict[str, str] = {}
    for line in text.splitlines():
        m = _NOTE.match(line)
        if m and m.group(1) in names:
            out[m.group(1)] = m.group(2)
    return out


# ---------------------------------------------------------------------- validation helpers

def _flatten(data: Mapping[str, Any], problems: list[str]
             ) -> list[tuple[str, Any, str | None]]:
    out: list[tuple[str, Any, str | None]] = []
    for key, value in data.items():
        if key in SECTIONS and isinstance(value, dict):
            for k, v in value.items():
                out.append((k, v, key))
        else:
            out.append((key, value, None))
    return out


def _normal(key: str) -> str:
    """A key spelled as options are: lower case, words joined by ``_`` (``Kui-Tan``:
    ``kui_tan``)."""
    return re.sub(r"[^a-z0-9]+", "_", key.lower()).strip("_")


def _unknown_key(key: str, section: str | None, fields: Mapping[str, Any],
                 allow_meta: bool) -> str:
    """An unknown key, with the option it most likely means: one an option is also
    called (``also``: ``kuitan`` is ``open_tanyao``, not ``kuikae``), else the nearest
    spelling of a name."""
    where = f"[{section}] " if section else ""
    known = list(fields) + (list(META_KEYS) + list(SECTIONS) if allow_meta else [])
    other = {alias: name for name, f in fields.items() for alias in f.metadata.get("also", ())}
    word = _normal(key)
    close = difflib.get_close_matches(word, known + list(other), n=1, cutoff=0.6)
    if word in other or word in fields:
        close = [word]
    if not close:
        close = [k for k in known if word in k or k in word][:1]
    if not close:
        return (f"{where}{key}: unknown option (see `hanchan rules show tenhou` or "
                "docs/rules.md for the options)")
    meant = other.get(close[0], close[0])
    if close[0] in other:  # known by another name: say what the name means
        meta = fields[meant].metadata
        return (f"{where}{key}: unknown option; did you mean '{meant}'? ({close[0]} is "
                f"{meta['ja']}: {meta['en'].rstrip('.')})")
    return f"{where}{key}: unknown option; did you mean '{meant}'?"


def _clipped(text: str, most: int = 40) -> str:
    """``text`` as a message shows it: a long name cut to its first ``most`` characters."""
    return text if len(text) <= most else text[:most] + "..."


def _unknown_preset(name: str) -> str:
    presets = list_presets()
    close = difflib.get_close_matches(name, presets, n=1, cutoff=0.5)
    hint = f" Did you mean '{close[0]}'?" if close else ""
    return (f"no preset called '{_clipped(name)}' and no such file.{hint} "
            f"Presets: {', '.join(presets)}.")


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def _type_word(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _range_text(meta: Mapping[str, Any]) -> str:
    lo, hi = meta.get("lo"), meta.get("hi")
    if lo is not None and hi is not None:
        return f"from {lo} to {hi}"
    if lo is not None:
        return f"at least {lo}"
    if hi is not None:
        return f"at most {hi}"
    return "any whole number"


Checked = tuple[Any, list[str]]
"""(the converted value, or None; the problems, none when it is good)."""


def _check(value: Any, tp: Any, meta: Mapping[str, Any], where: str) -> Checked:
    """Validate one value against its declared type; return (converted value, problems)."""
    checker = _CHECKERS.get(tp) or _CHECKERS.get(get_origin(tp))
    if checker is None:
        return None, [f"{where}: this option's type ({tp}) cannot be read from a file"]
    return checker(value, tp, meta, where)


def _check_bool(value: Any, tp: Any, meta: Mapping[str, Any], where: str) -> Checked:
    if isinstance(value, bool):
        return value, []
    return None, [f"{where}: must be true or false, not {_show(value)} ({_type_word(value)})"]


def _check_int(value: Any, tp: Any, meta: Mapping[str, Any], where: str) -> Checked:
    if isinstance(value, bool) or not isinstance(value, int):
        return None, [f"{where}: must be a whole number {_range_text(meta)}, "
                      f"not {_show(value)} ({_type_word(value)})"]
    lo, hi = meta.get("lo"), meta.get("hi")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        return None, [f"{where}: {value:,} is out of range; allowed: "
                      f"{_range_text(meta)}{_why(meta)}"]
    return value, []


def _why(meta: Mapping[str, Any]) -> str:
    """The option's reason for its bounds, in parentheses after a space (or nothing)."""
    return f" ({meta['why']})" if meta.get("why") else ""


def _check_str(value: Any, tp: Any, meta: Mapping[str, Any], where: str) -> Checked:
    if not isinstance(value, str):
        return None, [f"{where}: must be text in quotes, not {_show(value)}"]
    hi = meta.get("hi")
    if hi is not None and len(value) > hi:
        return None, [f"{where}: the text is {len(value):,} characters long; allowed: "
                      f"at most {hi:,}{_why(meta)}"]
    if any(ord(c) < 32 or c == "\x7f" for c in value):
        return None, [f"{where}: the text holds a control character (such as NUL or a "
                      "line break)"]
    return value, []


def _check_literal(value: Any, tp: Any, meta: Mapping[str, Any], where: str) -> Checked:
    allowed = [str(a) for a in get_args(tp)]
    listing = ", ".join(f'"{a}"' for a in allowed)
    if not isinstance(value, str):
        return None, [f"{where}: must be one of {listing}, not {_show(value)} "
                      f"({_type_word(value)})"]
    if value not in allowed:
        return None, [f"{where}: \"{value}\" is not allowed{_hint(value, allowed)}; "
                      f"allowed: {listing}"]
    return value, []


def _hint(word: str, allowed: Sequence[str]) -> str:
    """`` (did you mean "x"?)`` for the allowed word closest to ``word``, or nothing."""
    close = difflib.get_close_matches(word, list(allowed), n=1, cutoff=0.5)
    return f" (did you mean \"{close[0]}\"?)" if close else ""


def _check_tuple(value: Any, tp: Any, meta: Mapping[str, Any], where: str) -> Checked:
    args = get_args(tp)
    if not isinstance(value, list):
        return None, [f"{where}: must be a list [...], not {_show(value)} "
                      f"({_type_word(value)})"]
    if len(args) == 2 and args[1] is Ellipsis:
        if args[0] is str and meta.get("choices") is not None:
            return _check_choices(value, meta["choices"], where)
        return _check_items(value, [args[0]] * len(value), meta, where)
    if len(value) != len(args):
        return None, [f"{where}: must list exactly {len(args)} values, "
                      f"not {len(value)}: {_show(value)}"]
    return _check_items(value, list(args), meta, where)


def _check_items(value: list[Any], types: list[Any], meta: Mapping[str, Any], where: str
                 ) -> Checked:
    """A list whose item ``i`` has type ``types[i]``, as a tuple."""
    out: list[Any] = []
    problems: list[str] = []
    for i, (item, item_tp) in enumerate(zip(value, types, strict=True)):
        conv, errs = _check(item, item_tp, meta, f"{where}[{i}]")
        problems.extend(errs)
        out.append(conv)
    return (tuple(out), problems) if not problems else (None, problems)


def _check_choices(value: list[Any], choices: Sequence[str], where: str) -> Checked:
    """A list of words each one of ``choices``, none twice, as a tuple."""
    out: list[Any] = []
    problems: list[str] = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or item not in choices:
            hint = _hint(item, choices) if isinstance(item, str) else ""
            problems.append(f"{where}[{i}]: {_show(item)} is not allowed{hint}; "
                            f"allowed: {', '.join(choices)}")
            continue
        if item in out:
            problems.append(f"{where}: \"{item}\" is listed twice")
            continue
        out.append(item)
    return (tuple(out), problems) if not problems else (None, problems)


_CHECKERS: dict[Any, Callable[[Any, Any, Mapping[str, Any], str], Checked]] = {
    bool: _check_bool,
    int: _check_int,
    str: _check_str,
    Literal: _check_literal,
    tuple: _check_tuple,
}
"""The check of each option type: by the type itself, else by its origin
(``Literal[...]``, ``tuple[...]``)."""


# ---------------------------------------------------------------------- writing

def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):  # a JSON string is a valid TOML basic string, but for DEL
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (tuple, list)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def dumps_ruleset(rules: Ruleset, *, base: str | None = None, title: str | None = None) -> str:
    """A ruleset as TOML text that :func:`load_ruleset` reads back to an equal value.

    With ``base`` only the options that differ from that preset are written.
    """
    start = load_ruleset(base) if base is not None else None
    lines: list[str] = []
    if base is not None:
        lines.append(f"base = {_toml_value(base)}")
    if title is not None:
        lines.append(f"title = {_toml_value(title)}")
    by_section: dict[str, list[str]] = {s: [] for s in SECTIONS}
    for f in option_fields():
        value = getattr(rules, f.name)
        if start is not None and f.name != "name" and getattr(start, f.name) == value:
            continue
        by_section[f.metadata["section"]].append(f"{f.name} = {_toml_value(value)}")
    for section, rows in by_section.items():
        if rows:
            lines.append("")
            lines.append(f"[{section}]")
            lines.extend(rows)
    return "\n".join(lines) + "\n"
