"""The command line: ``desk [CAMPAIGN]`` opens the window; subcommands work headless.

Each group of subcommands lives in its own module of this package, named for the
group, with a ``register(subparsers)`` function that adds that group's commands
and no other's; the modules are listed in :data:`COMMAND_MODULES`. The arguments
several groups share are declared once, in :mod:`desk.cli.arguments` (the campaign,
``--battle``, a mail address) and :mod:`desk.cli.numbers` (stored whole numbers).
This module only builds the parser, dispatches, and turns every error
into one line on stderr and a non-zero exit (never a traceback). Heavy imports
(Qt, SQLModel, reportlab) happen inside the handlers, so ``desk --version`` is
instant.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import traceback
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

from desk import __version__, i18n
from desk.i18n import _

# The registry of subcommand modules. A module listed here that cannot be
# imported is a broken install: the command line fails loudly rather than
# quietly offering fewer commands. Their order is the order of `desk --help`.
COMMAND_MODULES = (
    "desk.cli.campaign",
    "desk.cli.oob",
    "desk.cli.sheets",
    "desk.cli.backups",
    "desk.cli.desktop",
    "desk.cli.settings",
    "desk.cli.couriers",
    "desk.cli.knowledge",
    "desk.cli.lim",
    "desk.cli.maps",
    "desk.cli.condition",
    "desk.cli.battles",
    "desk.cli.bounds",
    "desk.cli.rolls",
    "desk.cli.packets",
    "desk.cli.players",
    "desk.cli.notes",
    "desk.cli.umpires",
    "desk.cli.claims",
    "desk.cli.deadlines",
    "desk.cli.serve",
)

EXIT_USAGE = 2
EXIT_ERROR = 1


class CliError(Exception):
    """An error the command line reports as one plain line."""


def build_parser() -> tuple[argparse.ArgumentParser, set[str]]:
    """The ``desk`` parser and the names of its subcommands."""
    parser = argparse.ArgumentParser(
        prog="desk",
        description=_("Umpire's Desk: orders, bounds and sheets for Napoleonic wargames."),
        epilog=_("Run 'desk CAMPAIGN' (or just 'desk') to open the window."),
    )
    parser.add_argument("--version", action="version", version=f"Umpire's Desk {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        module = importlib.import_module(name)
        register = getattr(module, "register", None)
        if register is None:
            raise RuntimeError(f"{name} is listed as a command module but has no register()")
        register(subparsers)
    return parser, set(subparsers.choices)


def _window_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="desk", description=_("Open the desk window."))
    parser.add_argument("--version", action="version", version=f"Umpire's Desk {__version__}")
    parser.add_argument(
        "campaign", nargs="?", help=_("campaign file or database URL (default: your default "
                                      "campaign)")
    )
    parser.add_argument("--read-only", action="store_true", help=_("open without writing anything"))
    return parser


def _known_errors() -> tuple[type[BaseException], ...]:
    """Exception types whose message is already a plain sentence for the user."""
    kinds: list[type[BaseException]] = [CliError, OSError, ValueError]
    for module_name, class_name in (
        ("desk.store", "StoreError"),
        ("desk.services.errors", "ServiceError"),
        ("desk.services.printing.errors", "SheetError"),
    ):
        module = sys.modules.get(module_name)
        kind = getattr(module, class_name, None) if module else None
        if isinstance(kind, type) and issubclass(kind, BaseException):
            kinds.append(kind)
    return tuple(kinds)


def _sentence(exc: BaseException) -> str:
    """The one line for a known error. A file the system refused is named in the desk's
    words rather than as ``[Errno 2] No such file or directory: '…'``."""
    if isinstance(exc, OSError) and exc.filename is not None:
        path = exc.filename
        if isinstance(exc, FileNotFoundError):
            return _("there is no file {path}").format(path=path)
        if isinstance(exc, IsADirectoryError):
            return _("{path} is a folder, not a file").format(path=path)
        if isinstance(exc, PermissionError):
            return _("{path} cannot be opened: permission denied").format(path=path)
        return _("{path}: {reason}").format(path=path, reason=exc.strerror or exc)
    return str(exc)


def _one_line(text: str) -> str:
    """A refusal is one line: control characters the user typed (a CR in a backup name, a
    line break in a name) are shown escaped, as ``\\r``, instead of breaking the line."""
    return "".join(ch.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(ch) == "Cc" else ch for ch in text.strip())


def _report_crash(exc: BaseException) -> str:
    """Keep the traceback in a log file for a bug report; return where it went."""
    try:
        from desk.resources import user_data_dir

        log_dir = user_data_dir() / "logs"
        log_dir.mkdir(parents=True, exist_ok=True)
        path = log_dir / f"crash-{datetime.now():%Y%m%d-%H%M%S}.log"
        path.write_text("".join(traceback.format_exception(exc)), encoding="utf-8")
        return str(path)
    except OSError:
        return "(the log could not be written)"


_GLOBAL_OPTIONS = ("--language", "--umpire")


def _take_globals(args_list: list[str]) -> dict[str, str]:
    """Remove the leading global options (``--language LANG``, ``--umpire NAME``, in any
    order, each also as ``--option=VALUE``) from the arguments and return their values:
    they come before the subcommand and apply to all of them."""
    chosen: dict[str, str] = {}
    while args_list and args_list[0].split("=", 1)[0] in _GLOBAL_OPTIONS:
        head = args_list.pop(0)
        option, sep, value = head.partition("=")
        if not sep:
            if not args_list:
                raise CliError(_("--language needs a language, e.g. --language fr")
                               if option == "--language" else
                               _("--umpire needs an umpire's name, e.g. --umpire Anne"))
            value = args_list.pop(0)
        chosen[option] = value
    return chosen


@contextmanager
def _umpire(name: str | None) -> Iterator[None]:
    """``--umpire NAME`` for this call: every campaign it opens writes as NAME (issue 33).

    Through ``DESK_UMPIRE``, which :func:`desk.store.open_campaign` reads, so every command
    and the window get it without an option of their own; put back after the call, so a
    test (or a script) calling main() twice gets what each call asked for."""
    if name is None:
        yield
        return
    before = os.environ.get("DESK_UMPIRE")
    os.environ["DESK_UMPIRE"] = name
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("DESK_UMPIRE", None)
        else:
            os.environ["DESK_UMPIRE"] = before


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``desk`` command."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        options = _take_globals(args_list)
        chosen = options.get("--language")
        # The language holds for this call only: a test (or a script) calling main()
        # twice gets what each call asked for, and English after.
        with i18n.language(chosen), _umpire(options.get("--umpire")):
            return _dispatch(args_list, language=chosen)
    except SystemExit as exc:  # argparse's own usage errors and --version
        return int(exc.code) if isinstance(exc.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        print(_("desk: interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # `desk … | head`: the reader has gone. End quietly, as the shell's own tools do
        # (128 + SIGPIPE); stdout goes to the null device so the exit's flush cannot fail.
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        return 141
    except _known_errors() as exc:
        print(f"desk: {_one_line(_sentence(exc))}", file=sys.stderr)
        return EXIT_ERROR
    except Exception as exc:  # the last line of defence: still one line, details logged
        where = _report_crash(exc)
        print(_("desk: internal error: {kind}: {error} (details: {where})").format(
            kind=exc.__class__.__name__, error=_one_line(str(exc)), where=where), file=sys.stderr)
        return EXIT_ERROR


def _dispatch(args_list: list[str], *, language: str | None = None) -> int:
    """Run the subcommand, or open the window; errors go up to :func:`main`."""
    if args_list and not args_list[0].startswith("-"):
        parser, commands = build_parser()
        if args_list[0] in commands:
            args = parser.parse_args(args_list)
            return int(args.handler(args))
    elif any(a in ("-h", "--help") for a in args_list[:1]):
        parser, _commands = build_parser()
        parser.print_help()
        return 0
    window_args = _window_parser().parse_args(args_list)
    from desk.ui.launch import launch_window

    return launch_window(campaign=window_args.campaign, read_only=window_args.read_only,
                         language=language)

if __name__ == "__main__":
    raise SystemExit(main())
