"""Hostile input, in one place: what others send is read without running code or opening files.

The library's policy for outside files (README, "What the library does with files"):
a JSON document, a picture, a figure or a notebook never runs code and never names
another file to open; only regular files are read or written (no named pipe, no
device), within the memory budget; a bad one gets the library's own error.

Sections: symbolic weights (no evaluation), paths inside documents, sizes and
budgets, malformed documents (builtin errors never escape), pictures (bombs,
transparency, depths), FIFOs and devices (nothing blocks), file writers.
Each test runs code that blocked, ran or raised a builtin error before this file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from fractions import Fraction

import numpy as np
import pytest
import sympy

import dominotiling as dt
from dominotiling import Region, Tiling, Weights
from dominotiling.errors import (
    DominoTilingError,
    DominoTypeError,
    FileError,
    RegionFormatError,
    TooLargeError,
)


def _weights_doc(values, kind="symbolic", shape=(1, 2), **extra):
    return json.dumps(
        {
            "format": "dominotiling.weights",
            "version": 1,
            "kind": kind,
            "shape": list(shape),
            "horizontal": [values],
            "vertical": [],
            **extra,
        }
    )


def _in_time(fn, seconds=10.0):
    """``fn()``'s exception (or None) -- failing the test if it has not returned in `seconds`."""
    box = {}

    def run():
        try:
            fn()
            box["error"] = None
        except BaseException as err:  # noqa: BLE001 - handed back to the test
            box["error"] = err

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"blocked for more than {seconds} s"
    return box["error"]


# ---------------------------------------------------------------- symbolic weights: no evaluation
EVIL = [
    "__import__('os').system('touch {marker}')",
    '__import__("os").system("touch {marker}")',
    "x.__class__",
    "(lambda: open('{marker}', 'w'))()",
    "open('{marker}', 'w')",
    'exec(\'open("{marker}", "w")\')',
    "x[0]",
    "Symbol('x')",
    "x if x else x",
    "[x for x in (1,)]",
    "x; y",
    "`x`",
    "x @ y",
    "{{}}",
]


@pytest.mark.parametrize("template", EVIL)
def test_symbolic_weights_are_never_evaluated(tmp_path, template):
    marker = tmp_path / "ran"
    text = template.format(marker=marker)
    with pytest.raises(RegionFormatError, match="cannot read the symbolic weight"):
        Weights.from_json(_weights_doc([text]))
    assert not marker.exists()


def test_a_weights_file_that_ran_code_no_longer_does(tmp_path):
    # the review's case: a weight that creates a file, read in a fresh interpreter
    marker = tmp_path / "x"
    doc = tmp_path / "w.json"
    doc.write_text(_weights_doc([f"__import__('os').system('touch {marker}')"]))
    code = (
        "import dominotiling as dt, sys\n"
        "try:\n"
        f"    dt.Weights.from_json({str(doc)!r})\n"
        "except dt.errors.RegionFormatError:\n"
        "    sys.exit(3)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    assert subprocess.run([sys.executable, "-c", code], env=env).returncode == 3
    assert not marker.exists()


def test_old_srepr_weights_get_a_reason_not_evaluation():
    with pytest.raises(RegionFormatError, match="srepr"):
        Weights.from_json(_weights_doc(["Mul(Integer(2), Symbol('x'))"]))


def test_symbolic_weights_round_trip_by_the_grammar():
    a = sympy.Symbol("a", positive=True)
    x, y = sympy.symbols("x y")
    exprs = [
        x,
        2 * x**2 + 1,
        sympy.sqrt(2) * a + sympy.Rational(-3, 7),
        (x + y) ** 3 / (a + 1),
        sympy.Float(0.1) * x - sympy.Float(1e-300),
        x ** (-2) * y ** sympy.Rational(1, 3),
        sympy.Integer(10) ** 5000 * x,
    ]
    w = Weights.from_arrays(np.array([exprs], dtype=object), np.empty((0, len(exprs) + 1)))
    text = w.to_json()
    assert "Symbol(" not in text and '"symbols":{"a":{"positive":true}}' in text
    back = Weights.from_json(text)
    assert back == w
    assert back.value(0, 2, "h").free_symbols == {a}  # the assumption came back


@pytest.mark.parametrize(
    "text, value",
    [
        ("2^3^2", 2**9),
        ("-2^2", -4),
        ("(-2)^2", 4),
        ("2**-1", sympy.Rational(1, 2)),
        ("1/2/2", sympy.Rational(1, 4)),
        ("3 - 2 - 1", 0),
        ("1e2", sympy.Float(100.0)),
        ("  7 ", 7),
    ],
)
def test_the_grammar_reads_arithmetic_as_written(text, value):
    from dominotiling.model.weight_text import parse_weight

    assert parse_weight(text) == value


@pytest.mark.parametrize(
    "text, why",
    [
        ("(" * 150 + "x" + ")" * 150, "nested more than"),
        ("-" * 150 + "x", "nested more than"),
        ("9" * 100_001, "digits"),
        ("2^100000000", "exponent"),
        ("(10^1000)^1000", "bits"),
        ("x^(10^10)", "exponent"),
        ("1/0", "division by zero"),
        ("0^(-1)", "zero raised"),
        ("x +", "ends where"),
        ("(x", "not closed"),
        ("", "empty"),
        ("x" * 200_001, "characters"),
        ("1e99999999", "digits"),
    ],
)
def test_the_grammar_has_limits(text, why):
    from dominotiling.model.weight_text import parse_weight

    with pytest.raises(RegionFormatError, match=why):
        parse_weight(text)


def test_weights_that_have_no_text_are_refused_when_written():
    x = sympy.Symbol("x")
    w = Weights.by_orientation((1, 2), sympy.exp(x), 1)
    with pytest.raises(DominoTypeError, match="cannot be written in a weights document"):
        w.to_json()


# ---------------------------------------------------------------- no paths inside documents
def test_a_tiling_document_cannot_name_its_region_file(tmp_path):
    region_file = tmp_path / "r.json"
    region_file.write_text(Region.rectangle(1, 2).to_json())
    for target in (str(region_file), "/dev/zero", "/etc/passwd"):
        doc = json.dumps(
            {"format": "dominotiling.tiling", "version": 1, "region": target, "labels": [[0, 0]]}
        )
        err = _in_time(lambda doc=doc: Tiling.from_json(doc))
        assert isinstance(err, RegionFormatError) and "never names a file" in str(err)


# ---------------------------------------------------------------- sizes against the budget
def test_a_claimed_shape_is_refused_before_allocation():
    doc = _weights_doc([], kind="int", shape=(2**21, 2**21))  # 2**42 placements: 64 TiB
    with pytest.raises(TooLargeError, match="weights of shape"):
        Weights.from_json(doc)
    with dt.set_options(memory_limit="1MiB"):  # inside the budget of a small machine
        with pytest.raises(TooLargeError):
            Weights.from_json(_weights_doc([], kind="int", shape=(300, 300)))


def test_a_document_over_the_budget_is_refused_before_parsing(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(Tiling.from_json(dt.find_tiling(Region.rectangle(20, 20)).to_json()).to_json())
    with dt.set_options(memory_limit=1000):
        with pytest.raises(TooLargeError, match="parsing the tiling document"):
            Tiling.from_json(path)
        with pytest.raises(TooLargeError, match="parsing the tiling document"):
            Tiling.from_json(path.read_text())


# ---------------------------------------------------------------- malformed documents
def _region_doc(**fields):
    doc = {"format": "dominotiling.region", "version": 1, "shape": [1, 2], "rows": [".."]}
    doc.update(fields)
    return json.dumps(doc)


MALFORMED = [
    "[" * 100_000 + "]" * 100_000,
    '{"format": "dominotiling.region", "version": 1, "rows": ' + "[" * 5000 + "]" * 5000 + "}",
    _region_doc(shape=[12345, 2]).replace("12345", "9" * 5000),
    _region_doc(rows=["..", "..."], shape=[2, 2]),
    _region_doc(rows=["..", "..."], shape=[2, 3]),
    _region_doc(shape="1x2"),
    _region_doc(shape=[1]),
    _region_doc(shape=[True, 2]),
    _region_doc(shape=[1.0, 2]),
    _region_doc(shape={"rows": 1}),
    _region_doc(rows=[[".", "."]]),
    _region_doc(rows=".."),
    _region_doc(rows=[".x"]),
    _region_doc(periodic=[1, 0]),
    _region_doc(periodic="yes"),
    _region_doc(version=True),
    _region_doc(version=12345).replace("12345", "9" * 5000),
    '{"format": "dominotiling.region", "version": 1, "shape": [1, 2], "rows": [".."]',
    "null",
    "[]",
    '"text"',
    "{}",
]


@pytest.mark.parametrize("text", MALFORMED, ids=range(len(MALFORMED)))
def test_malformed_region_documents_get_the_librarys_error(text):
    with pytest.raises(RegionFormatError):
        Region.from_json(text)


def _tiling_doc(labels, rows=None):
    region = json.loads(Region.rectangle(1, 2).to_json()) if rows is None else rows
    return json.dumps(
        {"format": "dominotiling.tiling", "version": 1, "region": region, "labels": labels}
    )


BAD_TILINGS = [
    _tiling_doc([[0, 0], [1]]),
    _tiling_doc([[0]]),
    _tiling_doc([0, 0]),
    _tiling_doc([[0, "0"]]),
    _tiling_doc([[0, 0.0]]),
    _tiling_doc([[True, True]]),
    _tiling_doc([[0, 2**70]]),
    _tiling_doc([[0, 0]])
    .replace("[[0,0]]", "[[0," + "9" * 5000 + "]]")
    .replace("[[0, 0]]", "[[0, " + "9" * 5000 + "]]"),
    _tiling_doc([[0, 0]], rows="a region"),
    _tiling_doc([[0, 0]], rows=["..", "#"]),
    _tiling_doc(None),
]


@pytest.mark.parametrize("text", BAD_TILINGS, ids=range(len(BAD_TILINGS)))
def test_malformed_tiling_documents_get_the_librarys_error(text):
    with pytest.raises(DominoTilingError) as info:
        Tiling.from_json(text)
    assert type(info.value) is not DominoTilingError or "labels" in str(info.value)


BAD_WEIGHTS = [
    _weights_doc([1], kind="int", shape=[1, 2, 3]),
    _weights_doc([1], kind="int", shape=[0, 2]),
    _weights_doc([1], kind=["int"]),
    _weights_doc([1], kind="complex"),
    _weights_doc(["1"], kind="int"),
    _weights_doc([1.5], kind="int"),
    _weights_doc([True], kind="int"),
    _weights_doc(["1/0"], kind="fraction"),
    _weights_doc(["1/" + "9" * 100_001], kind="fraction"),
    _weights_doc(["one half"], kind="fraction"),
    _weights_doc([0.5], kind="fraction"),
    _weights_doc(["0.5"], kind="float"),
    _weights_doc([-1.0], kind="float"),
    _weights_doc([1], kind="symbolic"),
    _weights_doc(["x"], kind="symbolic", symbols={"x": {"positive": "yes"}}),
    _weights_doc(["x"], kind="symbolic", symbols={"x": {"__class__": True}}),
    _weights_doc(["x"], kind="symbolic", symbols={"x y": {}}),
    _weights_doc(["x"], kind="symbolic", symbols=["x"]),
    _weights_doc([1, 2], kind="int"),
]


@pytest.mark.parametrize("text", BAD_WEIGHTS, ids=range(len(BAD_WEIGHTS)))
def test_malformed_weights_documents_get_the_librarys_error(text):
    with pytest.raises(DominoTilingError):
        Weights.from_json(text)


def test_non_utf8_documents(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b'{"format": "dominotiling.region", "rows": ["\xff\xfe"]}')
    for source in (path, path.read_bytes(), open(path, "rb")):  # noqa: SIM115
        with pytest.raises(RegionFormatError, match="not UTF-8"):
            Region.from_json(source)


def test_ints_of_any_size_round_trip_exactly():
    big = 7**20000  # 16,902 digits: past Python's 4300
    w = Weights.by_orientation((2, 2), big, Fraction(1, big))
    assert w.kind == "fraction" and Weights.from_json(w.to_json()) == w
    w = Weights.by_orientation((2, 2), big, 3)
    text = w.to_json()
    assert Weights.from_json(text) == w
    assert "(16902 digits)" in repr(w) and "(16902 digits)" in w._repr_html_()


def test_counts_format_past_4300_digits():
    count = dt.count_tilings(Region.rectangle(2, 40_000))  # a Fibonacci number of 8,360 digits
    grouped = format(count, ",")
    assert grouped.replace(",", "") == str(count)
    assert all(len(g) == 3 for g in grouped.split(",")[1:])
    assert format(count, "_").replace("_", "") == str(count)


# ---------------------------------------------------------------- FIFOs and devices: nothing blocks
@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize(
    "read",
    [Region.from_json, Tiling.from_json, Weights.from_json, Region.from_image],
    ids=["region", "tiling", "weights", "image"],
)
def test_readers_refuse_fifos_and_devices_at_once(fifo, read):
    for path in (fifo, "/dev/zero", os.fspath(fifo)):
        err = _in_time(lambda path=path: read(path))
        assert isinstance(err, RegionFormatError), err
        assert "not a regular file" in str(err)


def test_export_html_refuses_a_fifo_notebook(fifo, tmp_path):
    from dominotiling.docs import export_html

    err = _in_time(lambda: export_html(fifo, tmp_path / "out"))
    assert isinstance(err, RegionFormatError) and "not a regular file" in str(err)


WRITERS = {
    "to_svg": lambda t, p: t.to_svg(p),
    "to_pdf": lambda t, p: t.to_pdf(p),
    "to_tikz": lambda t, p: t.to_tikz(p),
    "to_csv": lambda t, p: t.to_csv(p),
    "to_json": lambda t, p: t.to_json(p),
    "height_mesh": lambda t, p: dt.viz.export.height_mesh(t, p, format="obj"),
    "region.to_json": lambda t, p: t.region.to_json(p),
    "weights.to_json": lambda t, p: Weights.uniform(t.region.shape).to_json(p),
}


@pytest.mark.parametrize("name", WRITERS)
def test_writers_give_the_librarys_error_for_paths_they_cannot_write(name, fifo, tmp_path):
    write = WRITERS[name]
    tiling = dt.find_tiling(Region.rectangle(2, 2))
    (tmp_path / "file").write_text("x")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    paths = {
        os.fspath(fifo): "named pipe",
        "/dev/full": "device",
        "/dev/null": "device",
        os.fspath(tmp_path / "no" / "such" / "dir" / "t.out"): "No such file",
        os.fspath(tmp_path / "newdir") + "/": "names a folder",
        os.fspath(tmp_path): "folder",
        os.fspath(tmp_path / "file" / "t.out"): "Not a directory",
        "": "not a file name",
    }
    if os.geteuid() != 0:  # root writes anywhere
        paths[os.fspath(locked / "t.out")] = "Permission denied"
    for path, why in paths.items():
        err = _in_time(lambda path=path: write(tiling, path))
        assert isinstance(err, FileError), (path, err)
        assert why in str(err), (path, str(err))
    assert not (tmp_path / "newdir").exists()
    with pytest.raises(DominoTypeError, match="must be a str or a path"):
        write(tiling, 3)
    write(tiling, tmp_path / "ok.out")  # and a good path still works
    assert (tmp_path / "ok.out").stat().st_size > 0


def test_a_writer_refuses_an_unknown_option():
    tiling = dt.find_tiling(Region.rectangle(2, 2))
    for call in (lambda: tiling.to_svg(bogus=1), lambda: dt.viz.export.tiling_svg(tiling, x=2)):
        with pytest.raises(DominoTypeError, match="unknown option"):
            call()


# ---------------------------------------------------------------- pictures
def _save(tmp_path, image, name="p.png", **kw):
    path = tmp_path / name
    image.save(path, **kw)
    return path


def test_a_decompression_bomb_is_refused_by_the_librarys_error(tmp_path):
    from PIL import Image

    path = _save(tmp_path, Image.new("1", (30_000, 30_000), 1))  # 9e8 pixels in a few kB
    assert path.stat().st_size < 200_000
    with pytest.raises(TooLargeError, match="30000 x 30000|decompression bomb"):
        Region.from_image(path)


def test_a_transparent_background_is_not_cells(tmp_path):
    from PIL import Image

    # 20 x 20 transparent black (the default RGBA of many editors), a 10 x 12 opaque black block
    image = Image.new("RGBA", (20, 20), (0, 0, 0, 0))
    image.paste((0, 0, 0, 255), (0, 0, 12, 10))
    assert Region.from_image(_save(tmp_path, image)).n_cells == 120
    # the same with a palette picture whose transparent colour is black
    pal = Image.new("P", (20, 20), 0)
    pal.putpalette([0, 0, 0, 0, 0, 0])
    pal.paste(1, (0, 0, 12, 10))
    assert Region.from_image(_save(tmp_path, pal, "p2.png", transparency=0)).n_cells == 120
    # light cells on a transparent background, with invert
    light = Image.new("LA", (20, 20), (255, 0))
    light.paste((255, 255), (0, 0, 12, 10))
    assert Region.from_image(_save(tmp_path, light, "p3.png"), invert=True).n_cells == 120


def test_float_and_16_bit_pictures_are_read_at_their_depth(tmp_path):
    from PIL import Image

    grey = np.ones((20, 20), dtype=np.float32)
    grey[:10, :12] = 0.2  # dark grey cells on white, floats in [0, 1]
    path = _save(tmp_path, Image.fromarray(grey, mode="F"), "f.tiff")
    assert Region.from_image(path).n_cells == 120
    deep = np.full((20, 20), 65535, dtype=np.uint16)
    deep[:10, :12] = 30000  # 16-bit mid-grey cells (below half of 65535) on white
    path = _save(tmp_path, Image.fromarray(deep), "g16.png")
    assert Image.open(path).mode.startswith("I")
    assert Region.from_image(path).n_cells == 120
    with pytest.raises(RegionFormatError, match="no cell"):  # 30000 / 65535 = 0.46 > 0.4
        Region.from_image(path, threshold=0.4)


# ---------------------------------------------------------------- the command line's files
def _cli(args, capsys):
    from dominotiling.cli import main

    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "flag, name, why",
    [
        ("--svg", "", "not a file name"),
        ("--tikz", "", "not a file name"),
        ("--json", "", "not a file name"),
        ("--svg", "/dev/full", "/dev/full': it is a device"),
        ("--json", "/dev/null", "/dev/null': it is a device"),
        ("--svg", "newdir/", "not a file name"),
        ("--png", "newdir/", "not a file name"),
        ("--png", "/dev/full", "/dev/full': it is a device"),
        ("--tikz", "{fifo}", "named pipe"),
        ("--png", "{fifo}", "named pipe"),
    ],
)
def test_the_commands_file_options_refuse_what_they_cannot_write(
    flag, name, why, fifo, tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    name = name.format(fifo=fifo)
    code, out, err = _cli(["tile", "2x2", flag, name], capsys)
    assert code == 2 and why in err and len(err.strip().splitlines()) == 1, err
    assert out == ""  # refused before the work
    assert not (tmp_path / "newdir").exists() and not os.path.exists("/dev/full.png")


def test_the_command_reads_a_fifo_figure_without_blocking_for_ever(fifo, capsys, monkeypatch):
    import dominotiling.cli as cli

    monkeypatch.setattr(cli, "FIFO_WAIT", 0.5)
    err = _in_time(lambda: cli.main(["count", "--file", os.fspath(fifo)]), seconds=10)
    assert err is None
    assert "nothing came through the named pipe" in capsys.readouterr().err


# ---------------------------------------------------------------- the documentation's command
@pytest.mark.parametrize(
    "args, why",
    [
        (["--out"], "expected one argument"),
        (["a.ipynb", "--out"], "expected one argument"),
        (["--out", "x"], "--out is the folder of exported notebooks"),
        (["missing.ipynb"], "cannot read the notebook 'missing.ipynb'"),
        (["{fifo}.ipynb"], "named pipe"),
        (["{bad}"], "is not a Jupyter notebook"),
        (["{deep}"], "nested too deep"),
        (["{binary}"], "not UTF-8"),
        (["a", "b"], "into one folder"),
        (["a.ipynb", "notes.txt"], "not notebooks"),
        (["--bogus"], "unrecognized arguments"),
        ([""], "the site's folder name is empty"),
        (["  "], "the site's folder name is empty"),
    ],
)
def test_the_docs_command_answers_bad_input_in_one_line(args, why, tmp_path, capsys, monkeypatch):
    from dominotiling import docs

    monkeypatch.chdir(tmp_path)
    os.mkfifo(tmp_path / "p.ipynb")
    (tmp_path / "bad.ipynb").write_text("{not json")
    (tmp_path / "deep.ipynb").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "binary.ipynb").write_bytes(b"\xff\xfe\x00")
    names = {"fifo": "p", "bad": "bad.ipynb", "deep": "deep.ipynb", "binary": "binary.ipynb"}
    args = [a.format(**names) for a in args]
    built = []
    monkeypatch.setattr(docs, "build", lambda *a: built.append(a) or 0)
    code = _in_time(lambda: built.append(("code", docs._main(args))))
    assert code is None and ("code", 2) in built, built
    err = capsys.readouterr().err
    assert why in err and len(err.strip().splitlines()) == 1, err
    assert err.startswith("python -m dominotiling.docs: error:")


# ---------------------------------------------------------------- the theory's arguments and budgets
def test_theory_functions_check_their_arguments():
    from dominotiling.theory import gibbs_measure, real_points, ronkin, spectral_curve

    curve = spectral_curve(None)
    for call in (
        lambda: ronkin(curve, "a", 0),
        lambda: ronkin(curve, None, 0),
        lambda: dt.theory.surface_tension(None, "0.1", 0.0),
        lambda: real_points(curve, num="x"),
        lambda: gibbs_measure(None, slope=(0, 0)).pattern_probability(None),
        lambda: gibbs_measure(None, slope=(0, 0)).pattern_probability(3),
    ):
        with pytest.raises(DominoTypeError):
            call()
    with pytest.raises(DominoTilingError, match="do not broadcast"):
        ronkin(curve, [1.0, 2.0], [1.0, 2.0, 3.0])


def test_theory_sizes_are_checked_against_the_budget_first():
    from dominotiling.theory import gibbs_measure, real_points, spectral_curve, surface_tension

    with dt.set_options(memory_limit="64MiB"):
        with pytest.raises(TooLargeError, match="surface tension at 10000000 points"):
            surface_tension(None, np.broadcast_to(0.0, (10**7,)), 0.0)
        with pytest.raises(TooLargeError, match="num=1000000"):
            real_points(spectral_curve(None), num=10**6)
    mu = gibbs_measure(None, slope=(0.0, 0.0))
    with pytest.raises(TooLargeError, match="400 dominoes"):
        mu.pattern_probability([((0, 2 * i), (0, 2 * i + 1)) for i in range(400)])


def test_the_play_help_example_runs(capsys):
    from dominotiling.cli import _parser, main

    helps = [
        a.help
        for sub in _parser()._subparsers._group_actions
        for p in sub.choices.values()
        for a in p._actions
        if a.help and "rotten_eggs" in a.help
    ]
    assert helps and "--rules sea_kozel" in helps[0]
    assert (
        main(["play", "--rules", "sea_kozel", "--option", "rotten_eggs=replays", "--games", "3"])
        == 0
    )
    capsys.readouterr()
