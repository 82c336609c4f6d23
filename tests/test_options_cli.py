"""Options, big counts on screen and the command line's one-line errors (issue 27)."""

import contextlib
import io
import os
import subprocess
import sys
import threading

import pytest

import dominotiling as dt
from dominotiling import Region, count_tilings
from dominotiling.cli import main
from dominotiling.errors import DominoTilingError, DominoTypeError, TooLargeError


def _fibonacci(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize(
    "value", [10**400, "1e-3", 1e-3, 0.5, "1e400", float("inf"), -1, "x" * 10**6]
)
def test_bad_memory_limits_are_refused_and_change_nothing(value):
    before = dt.get_options()
    with pytest.raises(DominoTilingError):
        dt.set_options(memory_limit=value)
    assert dt.get_options() == before


def test_options_by_position_are_refused():
    before = dt.get_options()
    with pytest.raises(DominoTypeError, match="by name"):
        dt.set_options("1e-3")
    assert dt.get_options() == before


def test_with_blocks_in_two_threads_do_not_disturb_each_other():
    before = dt.get_options()["memory_limit"]
    entered, left_a = threading.Barrier(2), threading.Event()
    seen, errors = {}, []

    def a():
        try:
            with dt.set_options(memory_limit="1GiB"):
                entered.wait(10)
                seen["a_inside"] = dt.get_options()["memory_limit"]
            left_a.set()  # A leaves while B is still inside its block
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def b():
        try:
            with dt.set_options(memory_limit="2GiB"):
                entered.wait(10)
                left_a.wait(10)
                seen["b_after_a_left"] = dt.get_options()["memory_limit"]
                with pytest.raises(TooLargeError):
                    dt._options.check_memory(3 * 2**30, "a table")
            seen["b_after"] = dt.get_options()["memory_limit"]
        except Exception as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=a), threading.Thread(target=b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors
    assert seen == {"a_inside": 2**30, "b_after_a_left": 2 * 2**30, "b_after": before}
    assert dt.get_options()["memory_limit"] == before


def test_set_options_without_with_is_for_the_session():
    before = dt.get_options()["memory_limit"]
    try:
        dt.set_options(memory_limit="3GiB")
        got = []
        t = threading.Thread(target=lambda: got.append(dt.get_options()["memory_limit"]))
        t.start()
        t.join()
        assert got == [3 * 2**30] and dt.get_options()["memory_limit"] == 3 * 2**30
    finally:
        dt.set_options(memory_limit=before)


def _cli(args, env=None):
    return subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from dominotiling.cli import main; sys.exit(main())",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), **(env or {})},
    )


def test_a_bad_memory_limit_variable_is_one_line_not_a_traceback():
    out = _cli(["count", "4x4"], {"DOMINOTILING_MEMORY_LIMIT": "lots"})
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "DOMINOTILING_MEMORY_LIMIT" in out.stderr
    code = (
        "import dominotiling as dt\n"
        "from dominotiling.errors import DominoTilingError\n"
        "try:\n    dt.count_tilings(dt.Region.rectangle(4, 4))\n"
        "except DominoTilingError as e:\n    print('refused', 'DOMINOTILING_MEMORY_LIMIT' in str(e))\n"
        "with dt.set_options(memory_limit='1GiB'):\n    print(dt.count_tilings(dt.Region.rectangle(4, 4)))\n"
    )
    lib = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=600,
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join(sys.path),
            "DOMINOTILING_MEMORY_LIMIT": "lots",
        },
    )
    assert lib.returncode == 0, lib.stderr
    assert lib.stdout.split() == ["refused", "True", "36"]


@pytest.mark.parametrize(
    "args", [["count", "--bogus"], ["frobnicate"], [], ["count", "8x8", "--method", "dp"], ["tile"]]
)
def test_usage_errors_are_one_line(args):
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        status = main(args)
    assert status == 2
    assert err.getvalue().count("\n") == 1 and err.getvalue().startswith("dominotiling: error: ")


def test_counts_beyond_4300_digits_print_and_display():
    limit = sys.get_int_max_str_digits()
    want = _fibonacci(30001)  # tilings of the 2 x n strip: F(n + 1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["count", "2x30000"]) == 0
    assert sys.get_int_max_str_digits() == limit  # the user's setting is left alone
    c = count_tilings(Region.rectangle(2, 30000))
    assert c == want and isinstance(c, int)
    text = repr(c)
    assert str(c) == text == out.getvalue().strip() and len(text) == 6270
    sys.set_int_max_str_digits(0)  # the test's own check of the digits
    try:
        assert int(text) == want
    finally:
        sys.set_int_max_str_digits(limit)
    from IPython.core.formatters import PlainTextFormatter

    assert PlainTextFormatter()(c) == text  # what a notebook shows


def test_a_50_million_character_line_is_refused_while_read():
    t0 = __import__("time").perf_counter()
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from dominotiling.cli import main; sys.exit(main())",
            "count",
            "--file",
            "-",
        ],
        input="." * 50_000_000,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr[-500:]
    assert "larger than 16 MiB" in out.stderr
    assert __import__("time").perf_counter() - t0 < 120  # was > 120 s with no refusal


def test_five_million_lines_are_parsed_and_the_count_refused_on_its_estimate(tmp_path):
    figure = tmp_path / "tall.txt"
    figure.write_text(
        "..\n" * 5_000_000
    )  # 15 MB: read, parsed in a second, then the count's estimate
    out = _cli(["count", "--file", str(figure)])
    assert out.returncode == 2 and out.stderr.count("\n") == 1, out.stderr[-500:]
    assert "would take about" in out.stderr and "log_count" in out.stderr
    small = tmp_path / "small.txt"
    small.write_text("..\n" * 30)  # 2 x 30 upright: F(31)
    ok = _cli(["count", "--file", str(small)])
    assert ok.returncode == 0 and ok.stdout.strip() == str(_fibonacci(31))


def test_a_fifo_with_no_writer_is_refused_and_one_with_a_writer_is_read(tmp_path):
    import time

    fifo = tmp_path / "figure.fifo"
    os.mkfifo(fifo)
    t0 = time.perf_counter()
    out = _cli(["count", "--file", str(fifo)])
    assert out.returncode == 2 and "no writer" in out.stderr and out.stderr.count("\n") == 1
    assert time.perf_counter() - t0 < 120

    def write():
        time.sleep(1.0)
        with open(fifo, "w") as fh:
            fh.write("....\n....\n")

    writer = threading.Thread(target=write)
    writer.start()
    got = _cli(["count", "--file", str(fifo)])
    writer.join(30)
    assert got.returncode == 0 and got.stdout.strip() == "5", got.stderr  # the 2 x 4 board: F(5)


def test_ctrl_c_while_the_command_starts_is_one_line(tmp_path):
    """SIGINT while the package is still importing: no traceback (it printed one before)."""
    import signal
    import time

    script = tmp_path / "dominotiling"
    script.write_text("import sys\nfrom dominotiling.cli import main\nsys.exit(main())\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    # the signals land at fractions of the command's own start-up time on this machine (fixed
    # delays missed it where the whole command ends within the first one: a quiet machine)
    begun = time.perf_counter()
    plain = subprocess.run(
        [sys.executable, str(script), "count", "8x8"], capture_output=True, env=env, timeout=300
    )
    assert plain.returncode == 0, plain.stderr
    whole = time.perf_counter() - begun
    seen = []
    for delay in (0.3 * whole, 0.5 * whole, 0.7 * whole, 0.85 * whole, 0.3, 0.6, 1.0, 1.5):
        proc = subprocess.Popen(
            [sys.executable, str(script), "count", "8x8"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=300)
        if "init_import_site" in err:  # the interpreter's own start, before any code of the package
            continue
        seen.append((proc.returncode, err))
        assert "Traceback" not in err, err[-1500:]
        assert err.strip() == "" or err.strip().splitlines()[-1] == "dominotiling: interrupted", err
    assert any(
        "interrupted" in err for _, err in seen
    )  # at least one signal landed during start-up

    assert sys.excepthook is sys.__excepthook__ or sys.excepthook.__module__ != "dominotiling"


_INTERRUPTING_FINDER = """
import os, signal, sys


class Interrupting:
    # Ctrl-C as {target} is imported; the import then fails with an ImportError, as numpy's C
    # extension does when a SIGINT lands in it ('PyCapsule_Import could not import module')
    def find_spec(self, name, path=None, target=None):
        if name != {target!r}:
            return None
        sys.meta_path.remove(self)
        hit = False
        try:
            os.kill(os.getpid(), signal.SIGINT)
            for _ in range(10**7):
                pass
        except KeyboardInterrupt:
            hit = True
        if hit:
            raise ImportError("PyCapsule_Import could not import module 'datetime'")
        return None


sys.meta_path.insert(0, Interrupting())
"""


@pytest.mark.parametrize(
    "where",
    [
        # the package's import turns the KeyboardInterrupt into an ImportError (exit 1 before)
        _INTERRUPTING_FINDER.format(target="dominotiling.aztec")
        + "from dominotiling.cli import main\n",
        # after the package's import, while the cli module imports (a traceback before)
        _INTERRUPTING_FINDER.format(target="dominotiling.cli")
        + "from dominotiling.cli import main\n",
        # between the import and main's first line
        "import os, signal\nimport dominotiling.cli\nos.kill(os.getpid(), signal.SIGINT)\n"
        "for _ in range(10**7):\n    pass\nfrom dominotiling.cli import main\n",
    ],
    ids=["importerror-in-an-import", "cli-module", "before-main"],
)
def test_ctrl_c_anywhere_before_main_is_one_line_and_130(tmp_path, where):
    script = tmp_path / "dominotiling"
    script.write_text(where + "import sys\nsys.exit(main())\n")
    got = subprocess.run(
        [sys.executable, str(script), "count", "8x8"],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert (got.returncode, got.stderr, got.stdout) == (130, "dominotiling: interrupted\n", "")


def test_the_start_up_hook_leaves_other_programs_alone(tmp_path):
    # the same interrupted import in a program of another name: Python's own traceback
    script = tmp_path / "analysis.py"
    script.write_text(
        _INTERRUPTING_FINDER.format(target="dominotiling.aztec") + "import dominotiling\n"
    )
    got = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    assert got.returncode == 1 and "ImportError" in got.stderr and "interrupted" not in got.stderr


def test_a_plain_set_options_inside_a_block_is_undone_with_it():
    before = dt.get_options()["memory_limit"]
    with dt.set_options(memory_limit="1GiB"):
        dt.set_options(memory_limit="2GiB")
        assert dt.get_options()["memory_limit"] == 2 * 2**30
        with dt.set_options(memory_limit="3GiB"):
            assert dt.get_options()["memory_limit"] == 3 * 2**30
        assert dt.get_options()["memory_limit"] == 2 * 2**30
    assert dt.get_options()["memory_limit"] == before
