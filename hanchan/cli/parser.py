"""Every sub-command's arguments, declared here and nowhere else (docs/cli.md lists them).

Declaring them needs nothing but argparse, so ``hanchan --help`` and the parse of
any command cost no import of the engine.  Each parser's ``run`` default names the
function that runs the command as ``"module:function"`` in ``cli``; ``cli.main``
imports that one module.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn, TypeAlias

DOCS = "docs/cli.md"
SEATS = "ESWN"
BOT_LEVELS = "random, greedy, easy, normal, strong"  # ai.base.LEVELS, checked by a test
LOG_FORMATS = ("tenhou6", "mjai", "mjlog")  # saves.open.LOG_FORMATS, checked by a test
FACES = ("letters", "kanji", "glyphs")
LENGTHS = {"east": "east", "south": "east_south"}
"""``--length`` words and the ruleset's ``length`` value each picks (cli.inputs.load_rules)."""
MJAI_STYLES = ("wire", "classic")  # ai.mjai.options.STYLES
MAX_BOT_DELAY = 2.0  # tui.settings.MAX_BOT_DELAY, checked by a test

# argparse has no public name for what add_subparsers returns (nor a runtime generic)
SubParsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

INT64 = (-(2**63), 2**63 - 1)
SEED_RANGE = INT64
"""A seed is a 64-bit number: a saved game's header holds it (saves.codec bounds it).
Counts the command checks itself (``--games``, ``--count``) are read as 64-bit numbers
first, so that no number of thousands of digits reaches it."""
MAX_HONBA = 100
"""Honba counters a hand can be scored with (no real game comes near 20; hanchan.words.hands
bounds a batch request the same, checked by a test)."""
MAX_STICKS = 400
"""Riichi sticks on the table: all the points of four players at 100,000 each."""
MAX_TOP = 10_000
MAX_JOBS = 256


def whole(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``; anything else is a usage
    error naming the flag (status 2), never a number no game can hold.

    >>> whole(0, 100)("7")
    7
    >>> whole(0, 100)("99999999999999999999")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be a whole number from 0 to 100, not 99999999999999999999
    """
    def parse(text: str) -> int:
        shown = text if len(text) <= 24 else text[:20] + "..."
        try:
            value = int(text) if len(text) <= 24 else None
        except ValueError:
            value = None
        if value is None or not lo <= value <= hi:
            raise argparse.ArgumentTypeError(
                f"must be a whole number from {lo:,} to {hi:,}, not {shown}")
        return value
    return parse


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage errors are one sentence (docs/cli.md): what is wrong,
    naming the flag as argparse does, and where the help is; status 2.  Sub-commands'
    parsers are of this class too (``add_subparsers`` makes its parsers of the parent's
    class)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("hanchan").strip()
        helps = f"hanchan {command} --help" if command else "hanchan --help"
        self.exit(2, f"hanchan: {message.rstrip('.')}; see `{helps}` or {DOCS}\n")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The arguments of ``argv`` (default: the process's).

    ``--save-dir`` before the command is the menu's (bare ``hanchan --save-dir DIR``), and
    is the command's own when the command takes one (``hanchan --save-dir DIR play``).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    folder = args.menu_save_dir
    if folder is not None and args.command is not None:
        if not hasattr(args, "save_dir"):
            parser.error(f"argument --save-dir: 'hanchan {args.command}' takes no save folder")
        if args.save_dir is None:
            args.save_dir = folder
    return args


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser of the ``hanchan`` command."""
    parser: argparse.ArgumentParser = Parser(
        prog="hanchan",
        description="Japanese riichi mahjong in the terminal, against three bots. "
                    "Without a command: the main menu.",
        epilog=f"Every command, flag, JSON request and result and exit status: {DOCS} "
               "in the hanchan repository.",
    )
    parser.add_argument("--save-dir", dest="menu_save_dir", metavar="DIR", default=None,
                        help="the save folder of the menu (default: the user's data directory)")
    parser.set_defaults(run="play:run_menu")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _play(sub)
    _replay(sub)
    _score(sub)
    _rules(sub)
    _simulate(sub)
    _files(sub)
    _review(sub)
    _analyse(sub)
    _drill(sub)
    _mjai_bot(sub)
    _stats(sub)
    return parser


def _play(sub: SubParsers) -> None:
    p = sub.add_parser(
        "play",
        help="start a hanchan against three bots",
        description="Start a hanchan at once against three bots. Ctrl+Q quits, saving.",
    )
    p.add_argument("--rules", metavar="NAME|FILE", default="tenhou",
                   help="a preset name or a ruleset TOML file (default: tenhou)")
    _length(p)
    p.add_argument("--practice", action="store_true",
                   help="practice mode: you may make the mistakes the rules penalise (a false "
                        "tsumo or ron, riichi while noten, a false call) and pay the penalty")
    p.add_argument("--seed", type=whole(*SEED_RANGE), default=None,
                   help="seed of the walls and bots")
    p.add_argument("--bots", metavar="LEVEL", default="normal",
                   help=f"bot level: {BOT_LEVELS} (default normal); or three seats (right, "
                        "across, left of you) where mjai:CMD seats an outside mjai bot")
    _mjai_options(p)
    p.add_argument("--seat", choices=list(SEATS) + list(SEATS.lower()), default="E",
                   help="your seat at the start: E, S, W or N")
    p.add_argument("--save-dir", metavar="DIR", default=None,
                   help="where games are saved (default: the user's data directory)")
    p.add_argument("--bot-delay", metavar="SECONDS", type=_bot_delay, default=None,
                   help=f"pause between the bots' moves, 0 to {MAX_BOT_DELAY:g} (default 0.4, "
                        "or the saved setting)")
    p.add_argument("--faces", choices=FACES, default=None,
                   help="tile faces: letters (5m), kanji (五萬) or Unicode glyphs")
    p.add_argument("--hint-by", metavar="mjai:CMD", default=None,
                   help="also ask this mjai bot (the command, as for --bots) when you press "
                        "h, and show its choice under strong's hint; kept in memory only")
    p.set_defaults(run="play:run_play")


def _length(p: argparse.ArgumentParser) -> None:
    """``--length``, beside every ``--rules`` of a command that plays games."""
    p.add_argument("--length", choices=tuple(LENGTHS), default=None,
                   help="east: an East-only game (東風戦); south: East and South (半荘戦); "
                        "default: the ruleset's own. The ruleset's extension round and "
                        "agariyame stay ('rules show' states both)")


def _bot_delay(text: str) -> float:
    """``--bot-delay``: seconds from 0 to :data:`MAX_BOT_DELAY` (inf, nan and the rest refused).

    >>> _bot_delay("0.5"), _bot_delay("2")
    (0.5, 2.0)
    >>> _bot_delay("inf")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: inf is not a pause of 0 to 2 seconds
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of seconds") from None
    if not 0 <= value <= MAX_BOT_DELAY:  # false for nan too
        raise argparse.ArgumentTypeError(f"{text} is not a pause of 0 to {MAX_BOT_DELAY:g} "
                                         "seconds")
    return value


def _mjai_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mjai-style", choices=MJAI_STYLES, default="wire",
                   help="how mjai:CMD bots are spoken to: wire (a JSON array of events per "
                        "line, as mjai.app and Mortal) or classic (one event per line)")
    p.add_argument("--mjai-timeout", type=float, default=10.0, metavar="SECONDS",
                   help="seconds an mjai bot has for a reply before a safe default is "
                        "played for it (default 10, at most 3600)")


def _replay(sub: SubParsers) -> None:
    p = sub.add_parser(
        "replay",
        help="step through a saved game",
        description="Open a saved game file in the replay viewer: left/right step, up/down "
        "jump between hands, n/b between wins and draws, 1-4 choose the seat, a shows "
        "all hands, r reviews the seat's decisions, m/M jump between its marks.",
    )
    p.add_argument("file", metavar="FILE", help="a saved game (.jsonl)")
    p.add_argument("--seat", choices=list(SEATS) + list(SEATS.lower()), default="E",
                   help="whose view to start with (default E)")
    p.set_defaults(run="play:run_replay")


def _score(sub: SubParsers) -> None:
    p = sub.add_parser(
        "score", help="score a winning hand (or many with --batch)",
        description="Score one winning hand: han, fu, yaku, limit and points. "
                    "Tiles in mpsz notation (0 = red five).")
    p.add_argument("hand", nargs="?", metavar="HAND",
                   help="concealed tiles including the winning tile, e.g. 123m456p789s1122z")
    p.add_argument("--melds", nargs="+", action="extend", default=[], metavar="M",
                   help="one per meld: chi:345m pon:555z minkan:5555z ankan:1111p kakan:2222s")
    p.add_argument("--win", metavar="TILE", help="the winning tile, e.g. 2z")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--ron", action="store_true", help="won on a discard")
    how.add_argument("--tsumo", action="store_true", help="won by self-draw")
    p.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                   help="preset name or ruleset file (default: tenhou)")
    ri = p.add_mutually_exclusive_group()
    ri.add_argument("--riichi", action="store_true")
    ri.add_argument("--double-riichi", action="store_true")
    ri.add_argument("--open-riichi", action="store_true")
    p.add_argument("--ippatsu", action="store_true")
    last = p.add_mutually_exclusive_group()
    last.add_argument("--haitei", action="store_true", help="won on the last draw")
    last.add_argument("--houtei", action="store_true", help="won on the last discard")
    p.add_argument("--rinshan", action="store_true", help="won on a replacement draw")
    p.add_argument("--chankan", action="store_true", help="won by robbing a kan")
    luck = p.add_mutually_exclusive_group()
    luck.add_argument("--tenhou", action="store_true")
    luck.add_argument("--chiihou", action="store_true")
    luck.add_argument("--renhou", action="store_true")
    p.add_argument("--paarenchan", action="store_true",
                   help="the dealer's 8th consecutive win (if the rules have it)")
    p.add_argument("--first-draw", action="store_true",
                   help="on the deal or first draw with no call before (shiisanputaa)")
    p.add_argument("--round", default="E", metavar="E|S|W|N", help="round wind (default E)")
    p.add_argument("--seat", default="E", metavar="E|S|W|N",
                   help="the winner's seat wind (default E, the dealer)")
    p.add_argument("--from", dest="from_seat", default=None, metavar="E|S|W|N",
                   help="seat wind of the discarder on a ron (default: the winner's left)")
    p.add_argument("--dora", default="", metavar="TILES", help="dora indicators, e.g. 1z4m")
    p.add_argument("--ura", default="", metavar="TILES", help="ura dora indicators")
    p.add_argument("--honba", type=whole(0, MAX_HONBA), default=0, metavar="N")
    p.add_argument("--sticks", type=whole(0, MAX_STICKS), default=0, metavar="N",
                   help="riichi sticks on the table")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--batch", metavar="FILE|-",
                   help="read one JSON request per line, write one JSON result per line")
    p.set_defaults(run="score:run")


def _rules(sub: SubParsers) -> None:
    p = sub.add_parser("rules", help="list, show, compare and check rulesets; list yaku",
                       description="Rulesets: the bundled presets and your own files.")
    rules = p.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")
    p.set_defaults(run="rules:run_list", json=False)

    lp = rules.add_parser("list", help="list the presets")
    lp.add_argument("--json", action="store_true", help="print one JSON object")
    lp.set_defaults(run="rules:run_list")

    sp = rules.add_parser("show", help="explain a ruleset in words")
    sp.add_argument("name", metavar="NAME", help="preset name or ruleset file")
    sp.add_argument("--all", action="store_true",
                    help="also show options that do not matter under the other values")
    sp.add_argument("--json", action="store_true", help="print the options as JSON")
    sp.add_argument("--toml", action="store_true",
                    help="print the ruleset as a TOML file to start your own from")
    sp.set_defaults(run="rules:run_show")

    dp = rules.add_parser("diff", help="list the options on which two rulesets differ")
    dp.add_argument("a", metavar="A", help="preset name or ruleset file")
    dp.add_argument("b", metavar="B", help="preset name or ruleset file")
    dp.add_argument("--json", action="store_true", help="print {option: [A, B]} as JSON")
    dp.set_defaults(run="rules:run_diff")

    cp = rules.add_parser("check", help="validate a ruleset file (exit 1 if it has problems)")
    cp.add_argument("file", metavar="FILE", help="ruleset file (or preset name)")
    cp.set_defaults(run="rules:run_check")

    yp = rules.add_parser("yaku", help="list the yaku and their values under a ruleset")
    yp.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                    help="preset name or ruleset file (default: tenhou)")
    yp.add_argument("--json", action="store_true", help="print a JSON list")
    yp.add_argument("--examples", action="store_true",
                    help="an example hand under each yaku, scored under the rules")
    yp.set_defaults(run="rules:run_yaku")


def _simulate(sub: SubParsers) -> None:
    p = sub.add_parser(
        "simulate", help="play games between bots and print their statistics",
        description="Plays whole games between bots, without the TUI, and prints statistics "
                    "per bot level. A fixed seed gives the same games.")
    p.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                   help="a preset name or a ruleset file (default: tenhou)")
    _length(p)
    p.add_argument("--games", type=whole(*INT64), default=100, metavar="N",
                   help="number of games (default 100)")
    p.add_argument("--seed", type=whole(*SEED_RANGE), default=0, metavar="S",
                   help="seed (default 0)")
    p.add_argument("--bots", default="strong,strong,strong,strong", metavar="L1,L2,L3,L4",
                   help=f"bot levels by seat: {BOT_LEVELS}, or mjai:CMD for an outside "
                        "mjai bot started with CMD (one for all four, or four)")
    _mjai_options(p)
    p.add_argument("--jobs", type=whole(0, MAX_JOBS), default=1, metavar="J",
                   help="processes to play in parallel (default 1; 0 = one per CPU)")
    p.add_argument("--duplicate", action="store_true",
                   help="play every wall once per rotation of the bots over the seats "
                        "(4 games per wall)")
    p.add_argument("--save-dir", default=None, metavar="DIR",
                   help="save every game as a file in DIR")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run="simulate:run")


def _files(sub: SubParsers) -> None:
    p = sub.add_parser("verify", help="check every recorded result of saved games",
                       description="Refold saved games and recompute every recorded result.")
    p.add_argument("files", nargs="+", metavar="FILE", help="saved game files (.jsonl)")
    p.set_defaults(run="files:run_verify")

    p = sub.add_parser("import", help="turn a Tenhou or mjai log into a saved game",
                       description="Convert a tenhou.net/6 JSON, mjlog XML or mjai log "
                                   "into a saved game that verify and replay accept.")
    p.add_argument("log", metavar="LOG")
    p.add_argument("--from", dest="fmt", choices=LOG_FORMATS,
                   help="the log's format (default: from the file name)")
    p.add_argument("-o", "--output", metavar="SAVE", help="the game file to write "
                   "(default: the save folder, named after the log)")
    p.add_argument("--rules", metavar="NAME|FILE", default=None,
                   help="the ruleset the game was played under (default: the one the log "
                        "carries, else tenhou)")
    p.add_argument("--save-dir", metavar="DIR", help="folder for saved games")
    p.set_defaults(run="files:run_import")

    p = sub.add_parser("export", help="write a saved game as a tenhou.net/6, mjai or mjlog log",
                       description="Convert a saved game to a tenhou.net/6 JSON, mjai or "
                                   "Tenhou mjlog XML log.")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--format", dest="fmt", choices=LOG_FORMATS, required=True)
    p.add_argument("-o", "--output", metavar="OUT", help="where to write (default: stdout)")
    p.set_defaults(run="files:run_export")


def _review(sub: SubParsers) -> None:
    p = sub.add_parser(
        "review", help="review a game's decisions against the strong bot",
        description="Every decision of one seat (discard, riichi or dama, call or pass, "
                    "win, kan) against the strong bot: the largest mistakes, each hand, "
                    "and the agreement with strong.")
    p.add_argument("file", metavar="FILE",
                   help="a saved game (.jsonl) or a tenhou6, mjlog or mjai log")
    p.add_argument("--seat", choices=list(SEATS) + list(SEATS.lower()), default=None,
                   help="the seat to review (default: the human of a saved game, else E)")
    p.add_argument("--from", dest="fmt", choices=LOG_FORMATS,
                   help="read FILE as a log of this format (default: a saved game, or "
                        "from the name as import does)")
    p.add_argument("--top", type=whole(1, MAX_TOP), default=None, metavar="N",
                   help="how many mistakes to show (default 5; with --json all)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--by", metavar="mjai:CMD", default=None,
                   help="also ask this mjai bot (the command, as for play) at every "
                        "decision of the seat, and show its choice beside strong's")
    _mjai_options(p)
    p.set_defaults(run="review:run")


def _analyse(sub: SubParsers) -> None:
    p = sub.add_parser(
        "analyse", help="every discard of a typed hand as the strong bot measures it (何切る)",
        description="What to discard from a typed hand: every legal choice with the shanten "
                    "after it, the tiles that improve it, the chance to win, the value and "
                    "the danger, as the strong bot measures them, its choice first. Tiles "
                    "in mpsz notation (0 = red five).")
    p.add_argument("hand", metavar="HAND",
                   help="14 tiles, the last written the one drawn (123m456p789s11z2z), or 13")
    p.add_argument("drawn", nargs="?", metavar="DRAWN", help="the tile drawn, when HAND has 13")
    p.add_argument("--melds", nargs="+", action="extend", default=[], metavar="M",
                   help="chi and pon called on the left seat's discards, the called tile "
                        "first: pon:555z chi:435m (HAND then has 3 fewer tiles for each)")
    p.add_argument("--river", action="append", default=[], metavar="WIND:TILES",
                   help="a seat's discards in order, e.g. S:19m5z (repeat for each seat; '*' "
                        "after a tile marks its riichi: W:1z9m*); rivers fill in turn order "
                        "from East")
    p.add_argument("--dora", default=None, metavar="TILES",
                   help="the dora indicator (default: one whose dora is nowhere in sight)")
    p.add_argument("--seat-wind", default="E", metavar="E|S|W|N",
                   help="the hand's seat wind (default E, the dealer)")
    p.add_argument("--round-wind", default="E", metavar="E|S|W|N",
                   help="the round wind (default E)")
    p.add_argument("--turn", type=int, default=None, metavar="N",
                   help="the hand's own draw, from 1 (default: its river's length + 1)")
    p.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                   help="a preset name or a ruleset file (default: tenhou)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run="analyse:run")


def _drill(sub: SubParsers) -> None:
    p = sub.add_parser(
        "drill", help="practice: call scores, count fu, name yaku, choose discards",
        description="Practice drills in the terminal: questions one at a time, answers typed "
                    "(or piped on standard input), right or wrong with the engine's "
                    "breakdown, and a running score.")
    drills = p.add_subparsers(dest="drill", metavar="DRILL", required=True)
    about = {
        "scores": "call the score of a winning hand: han and fu (or the limit) and the payment",
        "fu": "count the fu of a winning hand",
        "yaku": "name the yaku of a winning hand",
    }
    for name, words in about.items():
        dp = drills.add_parser(name, help=words, description=words[0].upper() + words[1:] +
                               ", drawn to exercise what the ruleset does its own way.")
        dp.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                        help="a preset name or a ruleset file (default: tenhou)")
        dp.add_argument("--count", type=whole(*INT64), default=10, metavar="N",
                        help="number of questions (default 10)")
        dp.add_argument("--seed", type=whole(*SEED_RANGE), default=None, metavar="S",
                        help="seed of the hands (default: a new one, printed)")
        dp.set_defaults(run="drill:run")
    dd = drills.add_parser(
        "discards", help="what do you discard: moments of your saved games",
        description="What do you discard: moments of your own saved games where the strong "
                    "bot would have kept a better hand; answered against strong. With "
                    "--made-up, or when the games give none: made-up hands for tile "
                    "efficiency.")
    dd.add_argument("files", nargs="*", metavar="FILE",
                    help="saved games to draw from (default: the newest in the save folder)")
    dd.add_argument("--save-dir", metavar="DIR", default=None,
                    help="the save folder (default: the user's data directory)")
    dd.add_argument("--count", type=whole(*INT64), default=10, metavar="N",
                    help="number of problems (default 10)")
    dd.add_argument("--seed", type=whole(*SEED_RANGE), default=None, metavar="S",
                    help="seed of the choice of problems (default: a new one)")
    dd.add_argument("--made-up", action="store_true",
                    help="made-up hands for tile efficiency instead of your games (also "
                         "used when your games give no problem)")
    dd.set_defaults(run="drill:run_discards")


def _mjai_bot(sub: SubParsers) -> None:
    p = sub.add_parser(
        "mjai-bot", help="play as an mjai bot on stdin and stdout",
        description="One of hanchan's bots as an mjai bot: reads mjai events on stdin (a JSON "
                    "array of events per line, mjai.app style, or one event per line) and "
                    "writes one JSON reply per line. The seat is start_game's id.")
    p.add_argument("--level", default="strong", metavar="LEVEL",
                   help=f"bot level: {BOT_LEVELS} (default strong)")
    p.add_argument("--rules", default="tenhou", metavar="NAME|FILE",
                   help="the rules the bot plays by (default: tenhou)")
    _length(p)
    p.add_argument("--seed", type=whole(*SEED_RANGE), default=0, metavar="S",
                   help="seed of the bot's random choices (default 0)")
    p.set_defaults(run="mjai_bot:run")


def _stats(sub: SubParsers) -> None:
    p = sub.add_parser(
        "stats", help="your record over your saved games",
        description="Your record over the finished games of the save folder, in the figures "
                    "simulate gives the bots: placements, win, deal-in, riichi, call and "
                    "tenpai-at-draw rates, average win and deal-in, by span and ruleset; "
                    "agreement with strong and mistakes per game once reviewed (--review).")
    p.add_argument("--dir", metavar="DIR", default=None,
                   help="the save folder (default: the user's data directory)")
    p.add_argument("--last", type=whole(1, INT64[1]), default=None, metavar="N",
                   help="count only the newest N games")
    p.add_argument("--rules", metavar="NAME", default=None,
                   help="count only the games of this ruleset (its name, e.g. tenhou)")
    p.add_argument("--player", metavar="NAME", default=None,
                   help="count the seats of this name in every game, imported and "
                        "simulated ones too (default: your seat in the games you played)")
    p.add_argument("--review", action="store_true",
                   help="review the games not reviewed yet (a second or two each; kept)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(run="stats:run")
