"""The ``dominotiling`` command: a thin layer over the library's functions.

::

    dominotiling count 8x8                 # 12988816
    dominotiling count --file FIGURE.txt   # the article's '.'/'#' format; '-' is stdin
    dominotiling tile FIGURE.txt --png out.png
    dominotiling tour --out DIR [--quick]
    dominotiling play --rules kozel --games 500 --players greedy,random,doubles_first

Errors are printed to stderr as one line, with a non-zero exit status.
"""

from __future__ import annotations

import argparse
import re
import sys

__all__ = ["main"]


class _UsageError(Exception):
    """A mistake in the command line, reported as one line."""


def _board(text):
    m = re.fullmatch(r"\s*(\d+)\s*[xX×*]\s*(\d+)\s*", text)
    if not m:
        raise _UsageError(f"cannot read the board size {text!r}: write it as ROWSxCOLS, e.g. 8x8")
    from .region import Region

    return Region.rectangle(int(m.group(1)), int(m.group(2)))


def _read_figure(path):
    from .region import Region

    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise _UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    return Region.from_strings(text)


def _cmd_count(args):
    from .counting import count_tilings

    if (args.board is None) == (args.file is None):
        raise _UsageError("give either a board size (e.g. 8x8) or --file FIGURE.txt, not both")
    region = _board(args.board) if args.board is not None else _read_figure(args.file)
    print(count_tilings(region, method=args.method))


def _cmd_tile(args):
    import matplotlib

    matplotlib.use("Agg")
    from .transfer import find_tiling, max_cover
    from .viz.draw import draw_tiling

    region = _read_figure(args.figure)
    tiling = find_tiling(region)
    if tiling is None:
        tiling = max_cover(region)
        print(f"no tiling: the largest cover has {tiling.n_dominoes} dominoes and leaves "
              f"{tiling.n_uncovered} cells uncovered")
    else:
        print(f"tiled with {tiling.n_dominoes} dominoes")
    if args.png:
        ax = draw_tiling(tiling)
        try:
            ax.figure.savefig(args.png, dpi=args.dpi, bbox_inches="tight")
        except OSError as exc:
            raise _UsageError(f"cannot write {args.png}: {exc.strerror or exc}") from None
        print(f"picture written to {args.png}")


_PLAYERS = ("random", "greedy", "doubles_first")


def _cmd_play(args):
    from . import games

    names = [n.strip() for n in args.players.split(",") if n.strip()]
    unknown = [n for n in names if n not in _PLAYERS]
    if unknown or not 2 <= len(names) <= 4:
        raise _UsageError(
            f"--players takes 2 to 4 names from {', '.join(_PLAYERS)} separated by commas, "
            f"got {args.players!r}"
        )
    if args.games < 1:
        raise _UsageError(f"--games must be at least 1, got {args.games}")
    presets = {"classic": games.Rules.classic, "muggins": games.Rules.muggins,
               "kozel": lambda: games.Rules.kozel(fish_mode=args.fish)}
    rules = presets[args.rules]()
    players = [getattr(games, f"{n}_player") for n in names]
    try:
        summary = games.simulate(rules, args.games, len(players), players, seed=args.seed,
                                 progress=True)
    except ValueError as exc:  # rules that do not allow this many players, ...
        raise _UsageError(str(exc)) from None
    print(summary)


def _cmd_tour(args):
    from .tour import run_tour

    path = run_tour(args.out, quick=args.quick, progress=not args.no_progress)
    print(f"tour written to {path}")


def _parser():
    p = argparse.ArgumentParser(
        prog="dominotiling",
        description="Domino tilings: exact counts, tilings, maximum covers, and a tour of results.",
    )
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    c = sub.add_parser("count", help="print the exact number of tilings")
    c.add_argument("board", nargs="?", help="a board size ROWSxCOLS, e.g. 8x8")
    c.add_argument("--file", help="a figure in the '.'/'#' format ('-' reads standard input)")
    c.add_argument("--method", default="auto", help="counting method (default: auto)")
    c.set_defaults(func=_cmd_count)

    t = sub.add_parser("tile", help="find a tiling (or the maximum cover) and draw it")
    t.add_argument("figure", help="a figure in the '.'/'#' format ('-' reads standard input)")
    t.add_argument("--png", help="write a picture to this PNG file")
    t.add_argument("--dpi", type=int, default=100, help="resolution of the picture")
    t.set_defaults(func=_cmd_tile)

    g = sub.add_parser("play", help="simulate the table game of dominoes and compare strategies")
    g.add_argument("--rules", choices=("kozel", "classic", "muggins"), default="kozel")
    g.add_argument("--fish", choices=("all", "one"), default="all", help="Kozel's fish scoring")
    g.add_argument("--games", type=int, default=500, help="number of games (default 500)")
    g.add_argument("--players", default="greedy,random",
                   help="comma-separated strategies, one per seat: random, greedy, doubles_first")
    g.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    g.set_defaults(func=_cmd_play)

    r = sub.add_parser("tour", help="reproduce the headline results as an HTML gallery")
    r.add_argument("--out", default="tour", help="output folder (default: tour)")
    r.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    r.add_argument("--no-progress", action="store_true", help="do not print progress lines")
    r.set_defaults(func=_cmd_tour)
    return p


def main(argv=None):
    """Entry point of the ``dominotiling`` command; returns the exit status."""
    from .errors import DominoTilingError

    args = _parser().parse_args(argv)
    try:
        args.func(args)
    except (_UsageError, DominoTilingError) as exc:
        print(f"dominotiling {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("dominotiling: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
