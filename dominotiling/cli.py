"""The ``dominotiling`` command: a thin layer over the library's functions.

::

    dominotiling count 8x8                 # 12988816
    dominotiling count --file FIGURE.txt   # the article's '.'/'#' format; '-' is stdin
    dominotiling tile FIGURE.txt --png out.png   # the tiling as text, and as a picture
    dominotiling tile FIGURE.txt --svg t.svg --tikz t.tex --json t.json   # and for other programs
    dominotiling tile 8x8                  # a board size works too
    dominotiling tour --out DIR [--quick]
    dominotiling --version
    dominotiling play --rules kozel --games 500 --players greedy,random,doubles_first

Exit status, as with ``grep``:

- 0: done; the region has a tiling (``count``, ``tile``), or the command succeeded.
- 1: the region has no tiling (``count`` printed 0; ``tile`` said why -- the two
  colours' counts or a Hall certificate -- and showed the largest cover).
- 2: bad input: a mistake on the command line, a file that cannot be read or
  written, a figure in the wrong format, or a job over the memory budget
  (``DOMINOTILING_MEMORY_LIMIT``). The reason is printed on standard error as one
  line, ``dominotiling: error: ...``.
- 130: interrupted (Ctrl-C); 141: the reader of the output went away
  (``dominotiling ... | head``), silently, as with other commands.
- 70: an internal error -- a bug in dominotiling (``sysexits``' ``EX_SOFTWARE``);
  one line again, the traceback only when ``DOMINOTILING_TRACEBACK=1`` is set.

No Python traceback reaches the user otherwise. A job that lasts more than two
seconds shows a progress line on standard error (tqdm), gone when it is done, and
a numba kernel compiling for its first use on the machine says so in one line;
``DOMINOTILING_QUIET=1`` silences both.

Examples
--------
>>> main(["count", "2x3"])
3
0
>>> main(["count", "3x3"])
0
1
"""

from __future__ import annotations

import argparse
import codecs
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from . import _compile_notice

__all__ = ["main"]

#: Exit statuses (see the module docstring).
EXIT_OK, EXIT_NO_TILING, EXIT_BAD_INPUT, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 70, 130
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a writer whose reader left

_CHUNK = 1 << 20  # figures are read in pieces of this many bytes
# Memory of reading and parsing a figure: the decoded pieces and the joined text (2 per
# character), then the mask (1) and a block of rows (Region.from_strings), measured with
# tracemalloc: 2.2-2.4 bytes a character for square figures of 3000 x 3000 and 4000 x
# 4000, 3.0 for a million lines of one cell, 5.0 for 2 million characters as one line
# (whose block is the whole line); lines no longer cost a Python string each.
_PARSE_BYTES_PER_CHAR, _PARSE_BYTES_PER_LINE = 5, 8
#: The largest figure the command line reads, in bytes (a 4096 x 4096 board).
MAX_FIGURE_BYTES = 1 << 24
#: Seconds a FIFO (named pipe) is waited for before the figure is refused as never written.
FIFO_WAIT = 10.0
_MAX_DIGITS = (
    100  # longer numbers on the command line are refused before int() (which stops at 4300)
)
_MAX_PIXELS_PER_SIDE = 2**16 - 1  # matplotlib's Agg draws less than 2**16 pixels per side
# Memory a picture takes while it is drawn and saved, per pixel of the figure: Agg's
# RGBA buffer and matplotlib's float64 RGBA resampling of the image; about 42 was
# measured (peak RSS growth of `tile --png` from 100 to 3000 dpi), 48 leaves a margin.
_BYTES_PER_PIXEL = 48


class _UsageError(Exception):
    """A mistake in the command line or its files, reported as one line (exit status 2)."""


class _NoTiling(Exception):
    """The region has no tiling; what to print has been printed (exit status 1)."""


#: Seconds a job runs before its progress line appears.
PROGRESS_DELAY = 2.0


class _Progress(_compile_notice.ProgressLine):
    """A progress line on stderr (tqdm) once a job has run :data:`PROGRESS_DELAY` seconds
    (:class:`dominotiling._compile_notice.ProgressLine`)."""

    def __init__(self, description, enabled=True):
        super().__init__(description, enabled, delay=PROGRESS_DELAY)


# ------------------------------------------------------------------------ inputs
def _is_board(text):
    """True if `text` reads as a board size ROWSxCOLS and is not the name of an existing file."""
    import os

    return bool(re.fullmatch(r"\s*\d+\s*[xX×*]\s*\d+\s*", text)) and not os.path.exists(text)


def _board(text):
    m = re.fullmatch(r"\s*(\d+)\s*[xX×*]\s*(\d+)\s*", text)
    if not m:
        raise _UsageError(f"cannot read the board size {text!r}: write it as ROWSxCOLS, e.g. 8x8")
    if max(len(m.group(1)), len(m.group(2))) > _MAX_DIGITS:
        raise _UsageError(
            f"the board size {text.strip()[:30]}... has a side of more than {_MAX_DIGITS} digits, "
            "far beyond any memory: give a smaller board"
        )
    from .model.region import Region

    return Region.rectangle(int(m.group(1)), int(m.group(2)))


def _read_bytes(stream, name):
    """The text of a figure from a binary stream, refused early if it is binary or too large."""
    from ._options import check_memory

    decoder = codecs.getincrementaldecoder("utf-8")()
    parts, total, lines = [], 0, 0
    while True:
        chunk = stream.read(_CHUNK)
        if not chunk:
            break
        total += len(chunk)
        lines += chunk.count(b"\n")
        if total > MAX_FIGURE_BYTES:
            raise _UsageError(
                f"{name} is larger than {MAX_FIGURE_BYTES >> 20} MiB ({MAX_FIGURE_BYTES} characters): the "
                "command line reads figures up to that size (an exact count of a region that large "
                "would not finish anyway); use Region.from_strings and log_count in Python for it"
            )
        # the text, its lines as strings (about 64 bytes each) and the mask: budgeted as it
        # comes, so that a huge figure is refused while it is read, not after
        check_memory(
            _PARSE_BYTES_PER_CHAR * total + _PARSE_BYTES_PER_LINE * lines,
            f"reading and parsing the figure {name} ({total} bytes so far, {lines} lines)",
            "a smaller figure",
        )
        if b"\0" in chunk:
            raise _UsageError(
                f"{name} is a binary file, not a figure: write the figure as lines of "
                "'.' (a cell) and '#' (a blocked cell)"
            )
        try:
            parts.append(decoder.decode(chunk))
        except UnicodeDecodeError as exc:
            raise _UsageError(
                f"{name} is not a text file (byte {total - len(chunk) + exc.start} is not UTF-8): "
                "write the figure as lines of '.' (a cell) and '#' (a blocked cell)"
            ) from None
    try:
        parts.append(decoder.decode(b"", final=True))
    except UnicodeDecodeError:
        raise _UsageError(f"{name} is not a text file (it ends inside a UTF-8 character)") from None
    return "".join(parts)


def _read_figure(path):
    from .model.region import Region

    if path == "-":
        stream = getattr(sys.stdin, "buffer", None)
        text = _read_bytes(stream, "standard input") if stream is not None else sys.stdin.read()
    else:
        try:
            if _is_fifo(path):
                text = _read_fifo(path)
            else:
                with open(path, "rb") as fh:
                    text = _read_bytes(fh, path)
        except OSError as exc:
            raise _UsageError(f"cannot read {path}: {exc.strerror or exc}") from None
    return Region.from_strings(text)


def _is_fifo(path):
    import stat

    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        return False


def _read_fifo(path):
    """A figure from a named pipe, without blocking for ever on one that has no writer.

    ``open`` of a FIFO waits for a writer (for ever, if none comes): it is opened
    non-blocking instead, and read as data comes; if nothing at all arrives in
    :data:`FIFO_WAIT` seconds it is refused.
    """
    import io
    import select

    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        deadline = time.monotonic() + FIFO_WAIT
        got, chunks = False, []
        while True:
            left = deadline - time.monotonic()
            if not got and left <= 0:
                raise _UsageError(
                    f"nothing came through the named pipe {path} in {FIFO_WAIT:.0f} s "
                    "(no writer?): write the figure into it, or give a file"
                )
            ready, _, _ = select.select([fd], [], [], max(0.05, min(left, 0.5)) if not got else 0.5)
            if not ready:
                continue
            try:
                data = os.read(fd, _CHUNK)
            except BlockingIOError:
                continue
            if data:
                got = True
                chunks.append(data)
                if len(chunks) > 64:  # keep the list short; _read_bytes budgets the whole
                    chunks = [b"".join(chunks)]
            elif got:
                break  # the writer closed the pipe: the end of the figure
            else:
                time.sleep(0.05)  # no writer yet: EOF at once, until one opens the pipe
        return _read_bytes(io.BytesIO(b"".join(chunks)), path)
    finally:
        os.close(fd)


def _positive_dpi(text):
    """``--dpi``: a positive whole number (argparse turns the error into exit status 2)."""
    if not re.fullmatch(r"\s*[+-]?\d+\s*", text):
        raise argparse.ArgumentTypeError(f"the resolution must be a whole number, got {text!r}")
    if len(text.strip().lstrip("+-")) > _MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"the resolution {text.strip()[:30]}... is far too large")
    dpi = int(text)
    if dpi < 1:
        raise argparse.ArgumentTypeError(
            f"the resolution must be at least 1 dot per inch, got {dpi}"
        )
    return dpi


# ---------------------------------------------------------------------- outputs
def _check_folder_writable(folder, what):
    """Raise _UsageError unless files can be created in `folder` (or in the folder that would hold it)."""
    folder = existing = Path(folder)
    try:
        if folder.exists() and not folder.is_dir():
            raise _UsageError(f"{what} {folder} is a file, not a folder: choose a folder")
        while not existing.exists() and existing.parent != existing:
            existing = existing.parent  # the nearest folder that exists; the rest will be made
        if not existing.is_dir():
            raise _UsageError(f"cannot create {what} {folder}: {existing} is a file, not a folder")
        with tempfile.TemporaryFile(
            dir=existing
        ):  # a real try: permissions are not the whole story
            pass
    except OSError as exc:
        raise _UsageError(
            f"cannot write in {existing}: {exc.strerror or exc}; choose another {what}"
        ) from None


def _png_path(name):
    """The file that ``--png NAME`` writes: NAME itself if it ends in .png, NAME.png if it has no suffix."""
    from ._files import output_path

    path = Path(name)
    if path.name in ("", ".", "..") or name.endswith(("/", os.sep)):
        raise _UsageError(f"--png {name!r} is not a file name: give one such as out.png")
    output_path(name, "the picture", "--png")  # a device or a FIFO as given: not NAME.png beside it
    if path.suffix == "":
        path = path.with_name(path.name + ".png")
    elif path.suffix.lower() != ".png":
        raise _UsageError(
            f"--png writes PNG pictures, but {name} ends in {path.suffix!r}: "
            f"name it {path.with_suffix('.png')} (or give no extension)"
        )
    if path.is_dir():
        raise _UsageError(f"--png {path} is a folder: give a file name such as {path / 'out.png'}")
    output_path(path, "the picture", "--png")
    _check_folder_writable(path.parent, "the folder of --png")
    return path


def _save_png(fig, path, dpi):
    import math

    from ._options import format_bytes, memory_limit

    w_in, h_in = fig.get_size_inches()
    width, height = int(round(w_in * dpi)), int(round(h_in * dpi))
    # the most dots per inch that matplotlib can draw and the memory budget allows
    budget = memory_limit()
    most = int(
        min(
            _MAX_PIXELS_PER_SIDE / max(w_in, h_in),
            math.sqrt(budget / (_BYTES_PER_PIXEL * w_in * h_in)),
        )
    )
    if dpi > most:
        raise _UsageError(
            f"at --dpi {dpi} the picture would be {width}x{height} pixels, which takes about "
            f"{format_bytes(_BYTES_PER_PIXEL * width * height)} to draw; at most "
            f"{_MAX_PIXELS_PER_SIDE} pixels a side can be drawn, within the memory budget of "
            f"{format_bytes(budget)} (DOMINOTILING_MEMORY_LIMIT): use --dpi {max(most, 1)} or less"
        )
    import io

    from ._files import write_bytes

    buf = io.BytesIO()
    fig.savefig(buf, dpi=dpi, bbox_inches="tight", format="png")
    write_bytes(path, buf.getvalue(), "the picture")  # a regular file only; FileError otherwise


# --------------------------------------------------------------------- commands
def _cmd_count(args):
    from .counting import choose_method
    from .tasks import count_tilings

    if args.board is None and args.file is None:
        raise _UsageError(
            "give the region: a board size (e.g. count 8x8) or a figure (count --file FIGURE.txt)"
        )
    if args.board is not None and args.file is not None:
        raise _UsageError("give either a board size (e.g. 8x8) or --file FIGURE.txt, not both")
    region = _board(args.board) if args.board is not None else _read_figure(args.file)
    method = args.method
    if method == "auto" and region.is_balanced and region.n_cells:
        method = choose_method(
            region
        )  # named in the progress line; the same as count_tilings' choice
    rows, cols = region.shape
    with _Progress(f"counting the tilings of {rows}x{cols} ({method})"):
        count = count_tilings(region, method=method)
    from ._exact import decimal_string

    print(decimal_string(count))  # every digit, however many (str stops at 4300)
    if count == 0:
        raise _NoTiling


def _cmd_tile(args):
    import matplotlib

    matplotlib.use("Agg")
    from . import find_tiling, max_cover
    from .errors import NoTilingError
    from .viz.draw import draw_tiling

    png = _png_path(args.png) if args.png else None  # before the work: a bad name fails at once
    exports = [
        (flag, _export_path(name, flag))
        for flag, name in (("--svg", args.svg), ("--tikz", args.tikz), ("--json", args.json))
        if name is not None  # an empty name is a mistake, not "no file"
    ]
    region = _board(args.figure) if _is_board(args.figure) else _read_figure(args.figure)
    rows, cols = region.shape
    with _Progress(f"tiling a {rows}x{cols} figure"):
        try:
            tiling = find_tiling(region)
        except NoTilingError:
            tiling = None
        if tiling is None:
            print(_why_no_tiling(region))
            tiling = max_cover(region)
    if tiling.is_complete:
        print(f"tiled with {tiling.n_dominoes} dominoes:")
    else:
        k = tiling.n_uncovered
        print(
            f"the largest cover has {tiling.n_dominoes} dominoes and leaves {k} "
            f"cell{'' if k == 1 else 's'} uncovered (░):"
        )
    print(_as_text(tiling, png))
    if png is not None:
        import matplotlib.pyplot as plt

        ax = draw_tiling(tiling)
        try:
            _save_png(ax.figure, png, args.dpi)
        finally:
            plt.close(ax.figure)
        print(f"picture written to {png}")
    for flag, path in exports:
        path.parent.mkdir(parents=True, exist_ok=True)
        {"--svg": tiling.to_svg, "--tikz": tiling.to_tikz, "--json": tiling.to_json}[flag](path)
        print(f"{flag[2:]} written to {path}")
    if not tiling.is_complete:
        raise _NoTiling


def _export_path(name, flag):
    """The file that ``--svg/--tikz/--json NAME`` writes, its folder checked before the work."""
    from ._files import output_path

    path = Path(name)
    if path.name in ("", ".", "..") or path.is_dir() or name.endswith(("/", os.sep)):
        raise _UsageError(f"{flag} {name!r} is not a file name: give one such as out.{flag[2:]}")
    output_path(name, f"the {flag[2:]} file", flag)  # a device or a FIFO: refused before the work
    _check_folder_writable(path.parent, f"the folder of {flag}")
    return path


def _as_text(tiling, png):
    """The tiling as box-drawing text, or a line saying it is too large for text."""
    from .model.tiling import TEXT_MAX_SIDE

    rows, cols = tiling.region.shape
    if max(rows, cols) <= TEXT_MAX_SIDE:
        return str(tiling)
    hint = "" if png is not None else " (--png FILE draws it)"
    return (
        f"({rows}x{cols} cells: too large to print as text, at most {TEXT_MAX_SIDE} a side{hint})"
    )


#: Figures at most this many cells a side show their Hall certificate as marked text.
_MARKS_MAX_SIDE = 120


def _why_no_tiling(region):
    """Why `region` has no tiling, in words: the two colours' counts, or a Hall certificate drawn as text."""
    from .matching.matchings import hall_neighbourhood, hall_violator

    black, white = region.color_counts()
    if black != white:
        return (
            f"no tiling: the figure has {black} black and {white} white cells (as on a chessboard), "
            "and every domino covers one of each"
        )
    cells = hall_violator(region)
    if cells is None:  # pragma: no cover - find_tiling found none, so a certificate exists
        return "no tiling"
    near = hall_neighbourhood(region, cells)
    (r0, c0) = next(iter(cells))
    colour = "black" if (r0 + c0) % 2 == 0 else "white"
    lines = [
        f"no tiling, by Hall's theorem: the {len(cells)} {colour} cells marked S have only "
        f"{len(near)} neighbours, marked N; a domino covering a cell of S covers a cell of N, so "
        f"at most {len(near)} of them can be covered"
    ]
    rows, cols = region.shape
    if max(rows, cols) <= _MARKS_MAX_SIDE:
        marks = [["." if ok else "#" for ok in row] for row in region.mask.tolist()]
        for r, c in near:
            marks[r][c] = "N"
        for r, c in cells:
            marks[r][c] = "S"
        lines += ["  " + "".join(row) for row in marks]
    return "\n".join(lines)


_PLAYERS = ("random", "greedy", "doubles_first")


def _option_value(text, default):
    """A --option value, read by the type of the preset's default."""
    low = text.strip().lower()
    words = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
    if low == "none":
        return None
    if isinstance(default, bool) or (default is None and low in words):
        if low not in words:
            raise _UsageError(f"--option expects true or false here, got {text!r}")
        return words[low]
    if isinstance(default, int) or default is None:
        try:
            return int(text)
        except ValueError:
            if isinstance(default, int):
                raise _UsageError(f"--option expects a whole number here, got {text!r}") from None
    if isinstance(default, str) and low in ("false", "no", "off"):
        return False  # e.g. seven's two_bones=false leaves a rule out
    return text.strip()


def _play_options(args, canonical, known):
    """The preset options from --option KEY=VALUE (and the older --fish, --teams)."""
    options = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise _UsageError(f"--option takes KEY=VALUE, got {item!r}")
        if key not in known:
            raise _UsageError(
                f"{canonical} has no option {key!r}; its options: {', '.join(known) or 'none'}"
            )
        options[key] = _option_value(value, known[key])
    if args.fish != "all":
        if "fish_mode" not in known:
            raise _UsageError(f"--fish is Kozel's fish scoring; {canonical} has none: drop --fish")
        options["fish_mode"] = args.fish
    if args.teams:
        if canonical in _PAIRED:
            for key, value in _PAIRED[canonical].items():
                options.setdefault(key, value)
        elif canonical not in _ALWAYS_PAIRED:
            raise _UsageError(
                f"{canonical} is not played in pairs here; drop --teams "
                f"(pairs: {', '.join(sorted(_PAIRED) + list(_ALWAYS_PAIRED))})"
            )
    return options


def _cmd_play(args):
    from . import games

    canonical = games.Rules.canonical_name(args.rules)  # unknown: the known ones, exit 2
    known = games.Rules.options(canonical)
    if args.list_options:
        names = ", ".join(n for n in games.Rules.aliases(canonical) if n != canonical)
        print(f"{canonical} (also: {names or '-'})")
        for key, default in known.items():
            print(f"  --option {key}={default}")
        return
    if args.games < 1:
        raise _UsageError(f"--games must be at least 1, got {args.games}")
    if args.games > games.MAX_GAMES:
        raise _UsageError(
            f"--games must be at most {games.MAX_GAMES:,}, got {args.games:.3g}; "
            "play larger studies in batches (different --seed each)"
        )
    rules = games.Rules.by_name(canonical, **_play_options(args, canonical, known))
    if args.target is not None:
        if args.target < 1:
            raise _UsageError(f"--target must be at least 1, got {args.target}")
        rules = rules.with_(target=args.target)
    seats = rules.min_players if rules.teams else max(2, rules.min_players)
    if args.players is None:
        names = ["greedy", "random"]
    else:
        names = [n.strip() for n in args.players.split(",")]
        unknown = [n for n in names if n not in _PLAYERS]  # an empty name too: no seat is dropped
        if unknown or not names:
            raise _UsageError(
                f"--players takes names from {', '.join(_PLAYERS)} separated "
                f"by commas, got {args.players!r}"
            )
    if rules.teams:
        # one name per pair is enough: partners (seats i and i + pairs) play alike
        pairs = seats // 2
        if len(names) == seats:
            pass
        elif len(names) <= pairs:
            names = [names[(s % pairs) % len(names)] for s in range(seats)]
        else:
            raise _UsageError(
                f"{rules.name} is played by {seats} players in pairs: give "
                f"--players one name per pair ({pairs}) or per seat ({seats}), "
                f"got {len(names)}"
            )
    elif args.players is None:
        names = [names[s % len(names)] for s in range(seats)]
    players = [getattr(games, f"{n}_player") for n in names]
    # rules that do not allow this many players raise DominoTilingError, reported by main
    summary = games.simulate(
        rules, args.games, len(players), players, seed=args.seed, progress=True
    )
    print(summary)


#: rule sets that are always played two against two
_ALWAYS_PAIRED = ("sport_kozel", "general", "kozel_traditional")

#: rule sets with a two-against-two form, and the preset options that give it
_PAIRED = {
    "kozel": {"players": 4, "teams": True},
    "sea_kozel": {"players": 4, "teams": True},
    "classic": {"teams": True},
    "fives": {"teams": True},
    "straight": {"teams": True},
    "telephone": {"teams": True},
    "block": {"teams": True},
    "draw_game": {"teams": True},
    "kramer_muggins": {"teams": True},
    "five_up": {"teams": True},
}


def _cmd_tour(args):
    from .tour import run_tour

    _check_folder_writable(args.out, "--out folder")  # before the tour's minutes of work
    path = run_tour(args.out, quick=args.quick, progress=not args.no_progress)
    print(f"tour written to {path}")


class _Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors (argparse prints the usage too: 2 to 4 lines)."""

    def error(self, message):
        self.exit(
            EXIT_BAD_INPUT,
            f"dominotiling: error: {' '.join(message.split())} (see {self.prog} --help)\n",
        )


def _parser(argv=None):
    """The command's parser; `argv` (when given) lets it leave out what those arguments never show."""
    from . import __version__

    p = _Parser(
        prog="dominotiling",
        description="Domino tilings: exact counts, tilings, maximum covers, and a tour of results.",
        epilog="Exit status: 0 done, 1 the region has no tiling, 2 bad input, 130 interrupted.",
    )
    p.add_argument("--version", action="version", version=f"dominotiling {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    c = sub.add_parser("count", help="print the exact number of tilings")
    c.add_argument("board", nargs="?", help="a board size ROWSxCOLS, e.g. 8x8")
    c.add_argument("--file", help="a figure in the '.'/'#' format ('-' reads standard input)")
    c.add_argument(
        "--method",
        default="auto",
        metavar="{auto,transfer,kasteleyn}",
        help="auto (default): the faster method for this shape; transfer: the profile "
        "DP (narrower side up to 22); kasteleyn: the exact determinant (any region)",
    )
    c.set_defaults(func=_cmd_count)

    t = sub.add_parser(
        "tile",
        help="find a tiling (or, if there is none, say why and show the "
        "largest cover), print it as text and optionally draw it",
    )
    t.add_argument(
        "figure",
        help="a board size ROWSxCOLS (e.g. 8x8), or a file with a figure in the "
        "'.'/'#' format ('-' reads standard input)",
    )
    t.add_argument(
        "--png", help="write a picture to this PNG file ('.png' is added if it has no extension)"
    )
    t.add_argument(
        "--dpi", type=_positive_dpi, default=100, help="resolution of the picture (default 100)"
    )
    t.add_argument(
        "--svg", help="write the tiling as an SVG picture (vector; dominoes merged by colour)"
    )
    t.add_argument("--tikz", help="write the tiling as a standalone LaTeX/TikZ document")
    t.add_argument(
        "--json", help="write the tiling (region and labels) as JSON, read back by Tiling.from_json"
    )
    t.set_defaults(func=_cmd_tile)

    g = sub.add_parser("play", help="simulate the table game of dominoes and compare strategies")
    names = "see dominotiling play --help"
    if argv is None or "play" in argv:  # lazy: the game package only where its help may be shown
        from .games.rules import Rules

        names = ", ".join(Rules.names())
    g.add_argument(
        "--rules",
        default="kozel",
        metavar="NAME",
        help=f"the rule set, by any of its names, Russian ones too (default kozel): {names}",
    )
    g.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a preset option, e.g. --rules sea_kozel --option rotten_eggs=replays "
        "(repeatable; --list-options shows a rule set's)",
    )
    g.add_argument(
        "--list-options",
        action="store_true",
        help="print the rule set's names and options, and stop",
    )
    g.add_argument("--fish", choices=("all", "one"), default="all", help="Kozel's fish scoring")
    g.add_argument(
        "--teams",
        action="store_true",
        help="two against two, partners opposite (four players; one --players "
        "name per pair is enough)",
    )
    g.add_argument(
        "--target",
        type=int,
        default=None,
        help="the score that ends a match (default: the rule set's)",
    )
    g.add_argument("--games", type=int, default=500, help="number of games (default 500)")
    g.add_argument(
        "--players",
        default=None,
        help="comma-separated strategies, one per seat: random, greedy, "
        "doubles_first (default: greedy and random in turn, as many seats "
        "as the rules need)",
    )
    g.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    g.set_defaults(func=_cmd_play)

    r = sub.add_parser("tour", help="reproduce the headline results as an HTML gallery")
    r.add_argument("--out", default="tour", help="output folder (default: tour)")
    r.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    r.add_argument("--no-progress", action="store_true", help="do not print progress lines")
    r.set_defaults(func=_cmd_tour)
    return p


# ------------------------------------------------------------------------- main
def _error(message):
    print(f"dominotiling: error: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _run(argv):
    from .errors import DominoTilingError, NoTilingError

    try:
        args = _parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
    except SystemExit as exc:  # argparse has printed its message (or the help)
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_INPUT
    try:
        args.func(args)
    except (_NoTiling, NoTilingError) as exc:
        if str(exc):
            print(f"dominotiling: {exc}", file=sys.stderr)
        return EXIT_NO_TILING
    except (_UsageError, DominoTilingError) as exc:
        return _error(" ".join(str(exc).split("\n")))
    except BrokenPipeError:
        raise  # handled by main: not the input's fault
    except UnicodeDecodeError as exc:
        return _error(f"cannot read the input: it is not UTF-8 text ({exc.reason})")
    except OSError as exc:
        names = [n for n in (getattr(exc, "filename", None), getattr(exc, "filename2", None)) if n]
        where = f" {' and '.join(map(str, names))}" if names else " a file"
        return _error(f"cannot use{where}: {exc.strerror or exc}")
    except MemoryError:
        from ._options import format_bytes, memory_limit

        return _error(
            "ran out of memory: try a smaller input, or lower the memory budget "
            f"(now {format_bytes(memory_limit())}; DOMINOTILING_MEMORY_LIMIT) so that "
            "such jobs are refused before they start"
        )
    return EXIT_OK


def main(argv=None):
    """Entry point of the ``dominotiling`` command; returns the exit status.

    Parameters
    ----------
    argv : list of str, optional
        The arguments (default: ``sys.argv[1:]``).

    Returns
    -------
    int
        0 done, 1 the region has no tiling, 2 bad input (the reason is printed on
        stderr as one line), 130 interrupted, 70 an internal error.

    Examples
    --------
    >>> main(["count", "4x4"])
    36
    0
    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     main(["count", "4x"])
    2
    >>> err.getvalue()
    "dominotiling: error: cannot read the board size '4x': write it as ROWSxCOLS, e.g. 8x8\\n"
    """
    try:
        _compile_notice.imported(command=True)  # from here on Ctrl-C is answered below
        _compile_notice.install()  # a line on stderr while a kernel compiles for its first use
        status = _run(argv)
        sys.stdout.flush()  # here, so that a closed pipe is met inside this handler
        return status
    except KeyboardInterrupt:
        print("dominotiling: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (`dominotiling ... | head`)
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return EXIT_BROKEN_PIPE
    except Exception as exc:  # a bug: still one line, unless asked for the traceback
        if os.environ.get("DOMINOTILING_TRACEBACK"):
            raise
        print(
            f"dominotiling: internal error: {type(exc).__name__}: {' '.join(str(exc).split())} "
            "-- this is a bug in dominotiling; please report it with the command line "
            "(DOMINOTILING_TRACEBACK=1 shows the traceback)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
