"""The ``dominotiling`` command: results, exit statuses (0 / 1 no tiling / 2 bad input /
130 interrupted) and one-line errors -- never a Python traceback."""

import io
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from helpers import brute_force_tilings

from dominotiling import cli, set_options
from dominotiling.cli import main

ARTICLE = "...####\n....###\n......#\n#.#....\n#......\n##.....\n###...#\n"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(capsys, *argv):
    """Exit code, stdout and stderr of one in-process run; the first-use compile notices
    (which appear only while numba's cache is empty, as on a fresh machine) are left out
    of stderr."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, _without_first_run_noise(err)


def _without_first_run_noise(err):
    """`err` without the compile notices and the elapsed-time line of a job that ran over
    2 s because its kernels compiled (both appear only while numba's cache is empty)."""
    import re

    keep = []
    for piece in re.split(r"(\r|\n)", err):
        if piece in ("\r", "\n"):
            if keep and keep[-1] not in ("\r", "\n"):
                keep.append(piece)
            continue
        if (
            not piece.strip()
            or piece.startswith("dominotiling: compil")
            or re.fullmatch(r".*: \d\d:\d\d\s*", piece)
        ):
            continue
        keep.append(piece)
    return "".join(p for p in keep if p != "\r")


def run_process(*argv, env=None, **kwargs):
    """The command in a fresh interpreter, as a user runs it.

    Quiet (``DOMINOTILING_QUIET=1``) unless `env` says otherwise: a kernel compiling
    for its first use (a cold numba cache) would add its notice to standard error.
    """
    env = {**os.environ, "DOMINOTILING_QUIET": "1", **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "dominotiling.cli", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        **kwargs,
    )


def assert_one_line_error(code, err, *words, status=2):
    assert code == status, err
    assert "Traceback" not in err
    assert err.startswith("dominotiling") and err.count("\n") == 1, err
    for w in words:
        assert w in err, (w, err)


def _mask(text):
    return [[ch == "." for ch in line] for line in text.splitlines()]


# --------------------------------------------------------------------- results
def test_count_board(capsys):
    assert run(capsys, "count", "8x8") == (0, "12988816\n", "")
    assert run(capsys, "count", "2X10")[1] == "89\n"  # Fibonacci F(11)


def test_count_file_and_stdin(capsys, tmp_path, monkeypatch):
    path = tmp_path / "fig.txt"
    path.write_text("..#\n...\n.#.\n")  # 7 cells: no tiling by parity
    code, out, err = run(capsys, "count", "--file", str(path))
    assert (code, out, err) == (1, "0\n", "")
    monkeypatch.setattr(sys, "stdin", io.StringIO("....\n....\n"))
    assert run(capsys, "count", "--file", "-") == (0, "5\n", "")  # 2x4: F(5)
    # a real standard input is read as bytes (its .buffer)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"...\n...\n")))
    assert run(capsys, "count", "--file", "-") == (0, "3\n", "")


def test_exit_status_1_when_the_region_has_no_tiling(capsys, tmp_path):
    assert brute_force_tilings(_mask(ARTICLE)) == []  # balanced, yet no tiling
    fig = tmp_path / "article.txt"
    fig.write_text(ARTICLE)
    assert run(capsys, "count", "--file", str(fig)) == (1, "0\n", "")
    assert run(capsys, "count", "3x3")[:2] == (1, "0\n")


def test_tile_draws_tiling_or_cover(capsys, tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text(ARTICLE)
    png = tmp_path / "out.png"
    code, out, err = run(capsys, "tile", str(fig), "--png", str(png))
    assert code == 1 and err == ""  # no tiling: the largest cover is drawn
    assert "no tiling" in out and "2 cells uncovered" in out
    assert png.read_bytes()[:8] == PNG_SIGNATURE
    fig.write_text("....\n....\n")
    code, out, _ = run(capsys, "tile", str(fig))
    assert code == 0 and "tiled with 4 dominoes" in out


def test_png_without_extension_reports_the_file_written(capsys, tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text("....\n....\n")
    code, out, _ = run(capsys, "tile", str(fig), "--png", str(tmp_path / "noext"))
    written = tmp_path / "noext.png"
    assert code == 0 and f"picture written to {written}\n" in out
    assert written.read_bytes()[:8] == PNG_SIGNATURE
    assert not (tmp_path / "noext").exists()


def test_tour_quick(capsys, tmp_path):
    import base64
    import re

    from PIL import Image

    code, out, err = run(capsys, "tour", "--out", str(tmp_path / "t"), "--quick")
    assert code == 0 and "index.html" in out
    page = (tmp_path / "t" / "index.html").read_text()
    assert "12,988,816" in page and page.count("<img") >= 5
    assert "Kozel" in page
    assert "[1/" in err and "sections" in err  # progress lines and the bar
    # every picture and every animation at least 480 pixels wide (issue 15)
    images = re.findall(r'src="data:image/(png|gif);base64,([^"]+)"', page)
    kinds = {kind for kind, _ in images}
    assert kinds == {"png", "gif"}
    for kind, data in images:
        with Image.open(io.BytesIO(base64.b64decode(data))) as im:
            assert im.size[0] >= 480, (kind, im.size)
    # the text says which method counted the 8x8 board, and it is the one auto picks
    from dominotiling import Region
    from dominotiling.counting import choose_method

    assert choose_method(Region.rectangle(8, 8)) == "transfer" and "broken-profile DP" in page


def test_console_script_entry_point():
    from importlib.metadata import entry_points

    (ep,) = [e for e in entry_points(group="console_scripts") if e.name == "dominotiling"]
    assert ep.load() is main


def test_play_prints_a_summary_reproducibly(capsys):
    code, out, _ = run(capsys, "play", "--games", "30", "--players", "greedy,random", "--seed", "4")
    assert code == 0 and "30 games, 2 players" in out
    assert "greedy_player" in out and "random_player" in out
    assert (
        run(capsys, "play", "--games", "30", "--players", "greedy,random", "--seed", "4")[1] == out
    )
    code, out, _ = run(
        capsys, "play", "--rules", "classic", "--games", "10", "--players", "random,random,random"
    )
    assert code == 0 and "10 games, 3 players" in out


# ---------------------------------------------------------------- bad input: 2
@pytest.mark.parametrize(
    "argv, words",
    [
        (["count", "8x"], "ROWSxCOLS"),
        (["count", "0x3"], "positive integer"),
        (["count"], "give the region: a board size"),
        (["count", "8x8", "--file", "x.txt"], "not both"),
        (["count", "30x30", "--method", "transfer"], "30 cells wide"),
        (["count", "--file", "/no/such/file.txt"], "cannot read"),
        (["count", "8x8", "--method", "magic"], "magic"),
        (["tile", "/no/such/file.txt"], "cannot read"),
        (["play", "--players", "greedy"], "2 to 4 players"),  # the seats the rules take (issue 32)
        (["play", "--players", "greedy,clever"], "takes names from"),
        (["play", "--games", "0"], "at least 1"),
    ],
)
def test_errors_are_one_line_on_stderr(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert out == ""
    assert_one_line_error(code, err, "dominotiling: error:", words)


def test_bad_characters_in_file(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("..\n.x\n")
    code, _, err = run(capsys, "count", "--file", str(path))
    assert_one_line_error(code, err, "line 2, column 2")


@pytest.mark.parametrize(
    "board", ["99999999999999999999x2", "2x99999999999999999999", "9" * 5000 + "x2"]
)
def test_absurd_board_is_refused(capsys, board):
    code, out, err = run(capsys, "count", board)
    assert out == ""
    assert_one_line_error(code, err, "dominotiling: error:")


def test_huge_board_is_refused_by_the_memory_budget_in_a_real_process():
    # 10**10 cells: its mask alone is 9.3 GiB, over the default budget of 4 GiB
    proc = run_process(
        "count", "100000x100000", env={**os.environ, "DOMINOTILING_MEMORY_LIMIT": "4GiB"}
    )
    assert proc.stdout == ""
    assert_one_line_error(proc.returncode, proc.stderr, "dominotiling: error:", "memory budget")
    proc = run_process("count", "99999999999999999999x2")
    assert_one_line_error(proc.returncode, proc.stderr, "dominotiling: error:")


@pytest.mark.parametrize(
    "content, words",
    [
        (PNG_SIGNATURE + b"\0\0\0\rIHDR", "binary file"),  # the start of a PNG
        (bytes(range(256)) * 4, "binary file"),
        (b"..\xff\xfe..\n....\n", "not a text file"),  # not UTF-8, no NUL byte
        (b"....\n...\xc3", "not a text file"),  # ends inside a UTF-8 character
    ],
)
@pytest.mark.parametrize("command", ["count --file", "tile"])
def test_binary_files_are_refused(capsys, tmp_path, content, words, command):
    path = tmp_path / "figure.bin"
    path.write_bytes(content)
    code, out, err = run(capsys, *command.split(), str(path))
    assert out == ""
    assert_one_line_error(code, err, "dominotiling: error:", words, str(path))


def test_binary_standard_input_is_refused(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe\0\0garbage")))
    code, out, err = run(capsys, "count", "--file", "-")
    assert_one_line_error(code, err, "standard input", "binary file")


def test_endless_binary_file_is_refused_at_once(capsys):
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    code, _, err = run(capsys, "count", "--file", "/dev/zero")  # would never end if read whole
    assert_one_line_error(code, err, "binary file")


@pytest.mark.parametrize("command", ["count --file", "tile"])
def test_missing_file_and_folder_given_as_file(capsys, tmp_path, command):
    code, _, err = run(capsys, *command.split(), str(tmp_path / "missing.txt"))
    assert_one_line_error(code, err, "cannot read", "missing.txt", "No such file")
    code, _, err = run(capsys, *command.split(), str(tmp_path))
    assert_one_line_error(code, err, "cannot read", str(tmp_path))


def _figure(tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text("....\n....\n")
    return fig


@pytest.mark.parametrize("name", ["out.xyz", "out.PNG.txt", "picture.jpeg"])
def test_png_with_another_extension_is_refused_before_the_work(capsys, tmp_path, name):
    code, out, err = run(capsys, "tile", str(_figure(tmp_path)), "--png", str(tmp_path / name))
    assert out == ""  # refused before the tiling is looked for
    assert_one_line_error(code, err, "dominotiling: error:", name, ".png")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fig.txt"]


def test_png_in_a_missing_folder_or_over_a_folder(capsys, tmp_path):
    (tmp_path / "pics.png").mkdir()
    code, out, err = run(
        capsys, "tile", str(_figure(tmp_path)), "--png", str(tmp_path / "pics.png")
    )
    assert out == ""
    assert_one_line_error(code, err, "is a folder")
    target = tmp_path / "file.txt" / "out.png"
    (tmp_path / "file.txt").write_text("")
    code, out, err = run(capsys, "tile", str(_figure(tmp_path)), "--png", str(target))
    assert_one_line_error(code, err, "dominotiling: error:", "file.txt")


@pytest.mark.parametrize("dpi", ["0", "-5", "abc", "2.5", "9" * 5000])
def test_dpi_must_be_a_positive_whole_number(capsys, tmp_path, dpi):
    code, out, err = run(
        capsys, "tile", str(_figure(tmp_path)), "--png", str(tmp_path / "o.png"), f"--dpi={dpi}"
    )
    assert out == "" and code == 2 and "Traceback" not in err
    assert "--dpi" in err and not (tmp_path / "o.png").exists()


@pytest.mark.parametrize("dpi", ["100000", "20000"])
def test_dpi_too_large_for_the_picture_is_refused(capsys, tmp_path, dpi):
    # 100000: more than 2**16 pixels a side; 20000: 36000x24000 pixels, tens of GB to draw
    with set_options(memory_limit="1GiB"):
        code, out, err = run(
            capsys, "tile", str(_figure(tmp_path)), "--png", str(tmp_path / "o.png"), "--dpi", dpi
        )
        assert_one_line_error(code, err, f"--dpi {dpi}", "use --dpi")
        assert not (tmp_path / "o.png").exists()
        most = int(err.split("use --dpi ")[1].split()[0])
        assert 300 < most < int(dpi)
        code, _, err = run(
            capsys, "tile", str(_figure(tmp_path)), "--png", str(tmp_path / "o.png"), "--dpi", "300"
        )
    assert code == 0 and (tmp_path / "o.png").read_bytes()[:8] == PNG_SIGNATURE


# ---------------------------------------------------------------- tour --out
@pytest.fixture
def no_tour(monkeypatch):
    """Make the tour itself fail the test: the checks must come before it runs."""
    import dominotiling.tour

    def run_tour(*args, **kwargs):
        raise AssertionError("the tour ran before --out was checked")

    monkeypatch.setattr(dominotiling.tour, "run_tour", run_tour)


def _unwritable_folder(tmp_path):
    """A folder this process cannot create files in (a read-only one; /sys for root)."""
    ro = tmp_path / "read-only"
    ro.mkdir()
    ro.chmod(0o555)
    for folder in (ro, Path("/sys"), Path("/proc")):
        try:
            tempfile.TemporaryFile(dir=folder).close()
        except OSError:
            return folder
    pytest.skip("every folder tried is writable here")


def test_tour_out_an_existing_file(capsys, tmp_path, no_tour):
    path = tmp_path / "index.html"
    path.write_text("keep me")
    code, out, err = run(capsys, "tour", "--out", str(path), "--quick")
    assert out == ""
    assert_one_line_error(code, err, "dominotiling: error:", str(path), "is a file")
    assert path.read_text() == "keep me"
    code, _, err = run(capsys, "tour", "--out", str(path / "sub"), "--quick")
    assert_one_line_error(code, err, "dominotiling: error:", "is a file")


def test_tour_out_an_unwritable_folder_is_refused_before_the_tour(capsys, tmp_path, no_tour):
    folder = _unwritable_folder(tmp_path)
    try:
        for out_dir in (folder, folder / "tour"):
            code, out, err = run(capsys, "tour", "--out", str(out_dir), "--quick")
            assert out == ""
            assert_one_line_error(code, err, "dominotiling: error:", "cannot write in", str(folder))
    finally:
        (tmp_path / "read-only").chmod(0o755)


# ----------------------------------------------- interruption and internal errors
def test_keyboard_interrupt_exits_130_with_one_line(capsys, monkeypatch):
    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_cmd_count", interrupted)
    code, out, err = run(capsys, "count", "8x8")
    assert (code, out, err) == (130, "", "dominotiling: interrupted\n")


def test_ctrl_c_in_a_real_process():
    code = (
        "import time, sys\nimport dominotiling.cli as c\n"
        "def slow(args):\n    print('ready', flush=True)\n    time.sleep(60)\n"
        "c._cmd_count = slow\nsys.exit(c.main(['count', '8x8']))\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline() == "ready\n"
        time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 130 and err == "dominotiling: interrupted\n"


def test_internal_error_is_one_line_and_says_it_is_a_bug(capsys, monkeypatch):
    def broken(args):
        return 1 // 0

    monkeypatch.setattr(cli, "_cmd_count", broken)
    monkeypatch.delenv("DOMINOTILING_TRACEBACK", raising=False)
    code, out, err = run(capsys, "count", "8x8")
    assert_one_line_error(code, err, "internal error", "ZeroDivisionError", "bug", status=70)
    monkeypatch.setenv("DOMINOTILING_TRACEBACK", "1")
    with pytest.raises(ZeroDivisionError):
        main(["count", "8x8"])


def test_closed_output_pipe_is_quiet():
    r, w = os.pipe()
    os.close(r)  # the reader has gone before anything is written
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "dominotiling.cli", "count", "2x3"],
            stdout=w,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
            env={**os.environ, "DOMINOTILING_QUIET": "1"},
        )  # no compile notice
    finally:
        os.close(w)
    assert proc.returncode == cli.EXIT_BROKEN_PIPE and proc.stderr == ""


def test_argparse_errors_and_help_return_their_status(capsys):
    code, out, err = run(capsys, "frobnicate")
    assert code == 2 and "invalid choice" in err and "Traceback" not in err
    code, out, err = run(capsys, "--help")
    assert code == 0 and "Exit status" in out


# ------------------------------------------------------------ issue 15
def test_version(capsys):
    from dominotiling import __version__

    code, out, err = run(capsys, "--version")
    assert code == 0 and out == f"dominotiling {__version__}\n"


def test_count_help_lists_the_methods(capsys):
    code, out, _ = run(capsys, "count", "--help")
    assert code == 0 and "{auto,transfer,kasteleyn}" in out
    for name in ("auto", "transfer", "kasteleyn"):
        assert f"{name}:" in out or f"{name} (default)" in out


def _cells_joined(text_lines, rows, cols):
    """Domino cell pairs read from the box-drawing text (no line between two cells)."""
    lines = [line.ljust(4 * cols + 1) for line in text_lines]
    pairs = set()
    for i in range(rows):
        for j in range(cols):
            if j + 1 < cols and lines[2 * i + 1][4 * (j + 1)] == " ":
                pairs.add(frozenset({(i, j), (i, j + 1)}))
            if i + 1 < rows and lines[2 * i + 2][4 * j + 1 : 4 * j + 4] == "   ":
                pairs.add(frozenset({(i, j), (i + 1, j)}))
    return pairs


def test_tile_prints_the_tiling_as_text(capsys, tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text("....\n....\n")
    code, out, _ = run(capsys, "tile", str(fig))
    lines = out.splitlines()
    assert code == 0 and lines[0] == "tiled with 4 dominoes:"
    text = lines[1:]
    assert len(text) == 5 and text[0].startswith("┌") and text[-1].startswith("└")
    pairs = _cells_joined(text, 2, 4)
    # a perfect matching of the 2x4 board's cells by neighbouring pairs
    covered = [c for p in pairs for c in p]
    assert len(pairs) == 4 and sorted(covered) == [(r, c) for r in range(2) for c in range(4)]
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in map(tuple, pairs))


def test_tile_explains_no_tiling_with_a_hall_certificate(capsys, tmp_path):
    fig = tmp_path / "article.txt"
    fig.write_text(ARTICLE)
    code, out, err = run(capsys, "tile", str(fig))
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("no tiling, by Hall's theorem")
    marks = [line[2:] for line in lines[1:8]]
    assert [m.replace("S", ".").replace("N", ".") for m in marks] == ARTICLE.split()
    S = {(r, c) for r, m in enumerate(marks) for c, ch in enumerate(m) if ch == "S"}
    N = {(r, c) for r, m in enumerate(marks) for c, ch in enumerate(m) if ch == "N"}
    # checked by hand: S is one colour, N is exactly its neighbourhood, and it is smaller
    assert len({(r + c) % 2 for r, c in S}) == 1
    cells = {(r, c) for r, m in enumerate(marks) for c, ch in enumerate(m) if ch != "#"}
    near = {(r + dr, c + dc) for r, c in S for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))} & cells
    assert near == N and len(N) < len(S)
    assert f"the {len(S)} " in lines[0] and f"only {len(N)} neighbours" in lines[0]
    assert "leaves 2 cells uncovered" in out and out.count("░░░") == 2


def test_tile_explains_no_tiling_by_colours(capsys, tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text("..#\n...\n")  # 2 black, 3 white cells
    code, out, _ = run(capsys, "tile", str(fig))
    assert code == 1
    assert out.splitlines()[0] == (
        "no tiling: the figure has 2 black and 3 white cells (as on a "
        "chessboard), and every domino covers one of each"
    )
    assert "leaves 1 cell uncovered" in out


def test_tile_of_a_large_figure_says_it_is_too_large_for_text(capsys, tmp_path):
    fig = tmp_path / "fig.txt"
    fig.write_text("\n".join(["." * 70] * 2))
    code, out, _ = run(capsys, "tile", str(fig))
    assert code == 0 and "too large to print as text" in out and "--png" in out


def test_progress_line_appears_for_a_long_job(capsys, monkeypatch):
    monkeypatch.setattr(cli, "PROGRESS_DELAY", 0.0)
    monkeypatch.setattr(cli._compile_notice, "_stderr_is_terminal", lambda: True)
    with cli._Progress("counting the tilings of 9x9 (test)"):
        time.sleep(2.5)  # the line is drawn within half a second; a loaded machine gets slack
    _, err = capsys.readouterr()
    assert "counting the tilings of 9x9 (test)" in err
    monkeypatch.setattr(cli, "PROGRESS_DELAY", 2.0)
    with cli._Progress("a short job"):  # the default delay: nothing for a quick job
        pass
    assert "short job" not in capsys.readouterr()[1]


def test_no_progress_line_where_stderr_is_a_log(capsys, monkeypatch):
    """A log gets no progress line: its carriage returns and cursor codes would litter it."""
    monkeypatch.setattr(cli, "PROGRESS_DELAY", 0.0)
    monkeypatch.setattr(cli._compile_notice, "_stderr_is_terminal", lambda: False)
    with cli._Progress("counting the tilings of 9x9 (test)"):
        time.sleep(1.0)
    assert capsys.readouterr()[1] == ""


def test_the_progress_line_names_the_kernel_compiling(capsys, monkeypatch):
    """In a terminal a compilation is folded into the progress line, not a line of its own."""
    from numba.core import event

    from dominotiling import _compile_notice

    _compile_notice.install()
    _compile_notice._register()
    monkeypatch.setattr(cli, "PROGRESS_DELAY", 0.0)
    monkeypatch.setattr(cli._compile_notice, "_stderr_is_terminal", lambda: True)
    monkeypatch.setattr(_compile_notice, "_stderr_is_terminal", lambda: True)
    f = lambda: None  # noqa: E731
    f.__module__, f.__qualname__ = "dominotiling._kernels.fake", "kernel"
    data = {"dispatcher": type("Dispatcher", (), {"py_func": f})()}
    with cli._Progress("counting the tilings of 9x9 (test)"):
        event.start_event("numba:compile", data=data)
        time.sleep(1.5)
        event.end_event("numba:compile", data=data)
    err = capsys.readouterr()[1]
    lines = [ln for ln in err.replace("\r", "\n").splitlines() if ln.strip()]
    assert any(
        "9x9 (test): 00:0" in ln and "compiling fake.kernel for its first use" in ln for ln in lines
    ), err
    assert not any(ln.startswith("dominotiling:") for ln in lines), err  # no line of its own


def test_first_compilation_is_announced_in_a_real_process(tmp_path):
    """A kernel compiling for the first time sat silent for seconds; now one line says so."""
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache"), "DOMINOTILING_QUIET": ""}
    # 12 x 12: the profile DP's kernels (smaller boards are counted in plain Python)
    proc = run_process("count", "12x12", "--method", "transfer", env=env)
    assert proc.returncode == 0 and proc.stdout == "53060477521960000\n"
    err = proc.stderr  # a pipe, not a terminal: whole lines, no cursor codes
    assert "\r" not in err and "\x1b" not in err, repr(err)
    lines = err.splitlines()
    names = [
        re.fullmatch(
            r"dominotiling: compiled (\S+) for its first use on this machine in \d+\.\d s "
            r"\(cached afterwards\)",
            ln,
        )
        for ln in lines
    ]
    assert lines and all(names), err  # every line is one whole notice
    again = run_process("count", "12x12", "--method", "transfer", env=env)  # cached now
    assert again.stdout == "53060477521960000\n" and again.stderr == ""
    quiet = run_process(
        "count", "2x4", env={"NUMBA_CACHE_DIR": str(tmp_path / "c2"), "DOMINOTILING_QUIET": "1"}
    )
    assert quiet.stdout == "5\n" and quiet.stderr == ""  # no notice, no progress line


def test_compile_notice_announces_only_the_librarys_kernels(capsys):
    from numba.core import event

    from dominotiling import _compile_notice

    _compile_notice.install()
    _compile_notice._register()

    def fake(module):
        f = lambda: None  # noqa: E731
        f.__module__, f.__qualname__ = module, "kernel"
        return type("Dispatcher", (), {"py_func": f})()

    for module in ("dominotiling._kernels.fake", "someone_elses_code"):
        data = {"dispatcher": fake(module)}
        event.start_event("numba:compile", data=data)
        event.start_event("numba:compile", data=data)  # a nested compilation: part of the first
        event.end_event("numba:compile", data=data)
        event.end_event("numba:compile", data=data)
    err = capsys.readouterr()[1]
    assert err.count("dominotiling: compil") == 1 and "fake.kernel" in err and "someone" not in err
