"""``hanchan score``: score one winning hand, or many (``--batch``).

docs/cli.md is the contract: the flags, the JSON keys and the exit statuses (an
invalid win exits 1, or 0 in batch mode where every line gets its own result; a
bad tile or request is one sentence and exit 1; a bad ruleset exit 2).  Reading
the request and writing the result is ``hanchan.words.hands``; this module is the command.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from hanchan.cli.inputs import UserError, existing_file, load_rules
from hanchan.rulesets.schema import Ruleset
from hanchan.words.hands import FLAGS, RequestError, result_text, score_request


def _single_request(args: argparse.Namespace) -> dict[str, Any]:
    if not args.hand:
        raise UserError("give the hand (e.g. hanchan score 123m456p789s1122z --win 2z --ron) "
                        "or --batch FILE")
    if not args.win:
        raise UserError("give the winning tile with --win (e.g. --win 2z)")
    if not (args.ron or args.tsumo):
        raise UserError("say how the hand was won: --ron or --tsumo")
    req: dict[str, Any] = {
        "hand": args.hand, "melds": args.melds, "win": args.win, "tsumo": args.tsumo,
        "round": args.round, "seat": args.seat, "dora": args.dora, "ura": args.ura,
        "honba": args.honba, "sticks": args.sticks,
    }
    if args.from_seat is not None:
        req["from"] = args.from_seat
    for f in FLAGS:
        req[f] = bool(getattr(args, f))
    return req


def run(args: argparse.Namespace) -> int:
    """Entry point of ``hanchan score``."""
    if args.batch:
        return run_batch(args.batch, args.rules, sys.stdout)
    req = _single_request(args)
    rules = load_rules(args.rules)
    try:
        res, out = score_request(req, rules)
    except RequestError as exc:
        raise UserError(str(exc), status=1) from None
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(result_text(res, out))
    return 0 if res.valid else 1


MAX_REQUEST_BYTES = 64 * 1024
"""A scoring request is a few hundred bytes; a longer line is refused unread."""


def _lines(stream: BinaryIO) -> Iterator[tuple[bytes | None, int]]:
    """(line, length) of each line, reading at most :data:`MAX_REQUEST_BYTES` of a line
    into memory; a longer line comes as (None, its length) and is skipped to its end."""
    while True:
        line = stream.readline(MAX_REQUEST_BYTES + 1)
        if not line:
            return
        if len(line) <= MAX_REQUEST_BYTES or line.endswith(b"\n"):
            yield line, len(line)
            continue
        length = len(line)
        while line and not line.endswith(b"\n"):
            line = stream.readline(1 << 20)
            length += len(line)
        yield None, length


def _request(raw: bytes | None, length: int, n: int) -> Any:
    if raw is None:
        raise RequestError(f"line {n} is {length:,} bytes long; a request is at most "
                           f"{MAX_REQUEST_BYTES:,}")
    try:
        text = raw.decode("utf-8-sig" if n == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        raise RequestError(f"line {n} is not UTF-8 text (byte {exc.start + 1})") from None
    try:
        req = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RequestError(f"line {n} is not JSON: {exc.msg}") from None
    except RecursionError:
        raise RequestError(f"line {n} is nested too deeply to be a request") from None
    except ValueError:  # int() of thousands of digits
        raise RequestError(f"line {n} holds a number thousands of digits long, which no "
                           "request can have") from None
    if not isinstance(req, dict):
        raise RequestError(f"line {n} is not a JSON object")
    return req


def _encoded(result: dict[str, Any]) -> str:
    """The result line; a text the request carried that UTF-8 cannot hold (a lone
    surrogate) is written escaped."""
    text = json.dumps(result, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(result)
    return text + "\n"


def _stdin() -> BinaryIO:
    """Standard input as bytes (a text stream put in its place is read and encoded)."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is not None:
        return raw  # type: ignore[no-any-return]
    return io.BytesIO(sys.stdin.read().encode("utf-8", "surrogatepass"))


def run_batch(source: str, default_rules: str, out: TextIO) -> int:
    """Score one JSON request per line; one JSON result per line; never stops."""
    if source != "-":
        existing_file(Path(source))
    try:
        stream: BinaryIO = _stdin() if source == "-" else open(source, "rb")  # noqa: SIM115
    except OSError as exc:
        raise UserError(f"cannot read {source}: {exc.strerror}", status=1) from None
    cache: dict[str, Ruleset | str] = {}

    def rules_for(name: str) -> Ruleset:
        if name not in cache:
            try:
                cache[name] = load_rules(name)
            except UserError as exc:  # this line's result says so; the others go on
                cache[name] = str(exc)
        r = cache[name]
        if isinstance(r, str):
            raise RequestError(r)
        return r

    with stream:
        for n, (raw, length) in enumerate(_lines(stream), 1):
            if raw is not None and not raw.strip():
                continue
            try:
                req = _request(raw, length, n)
                name = req.get("rules", default_rules)
                if not isinstance(name, str):
                    raise RequestError("rules must be a preset name")
                _, result = score_request(req, rules_for(name))
            except RequestError as exc:
                result = {"valid": False, "error": str(exc)}
            except Exception:  # a bug must not lose the other lines
                result = {"valid": False, "error": "this request could not be scored: a "
                                                   "fault in hanchan (please report it)"}
            out.write(_encoded(result))
            out.flush()
    return 0
