"""Tilings that travel: JSON, CSV, pictures as regions, SVG/PDF, TikZ, height meshes, and their round trips."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from fractions import Fraction

import numpy as np
import pytest
import sympy

from dominotiling import (
    Region,
    Tiling,
    Weights,
    find_tiling,
    height_mesh,
    random_tiling,
    sample_aztec,
)
from dominotiling.errors import DominoTilingError, DominoTypeError, RegionFormatError
from dominotiling.viz.export import _loops, tiling_figure


@pytest.fixture(scope="module")
def aztec():
    return sample_aztec(6, seed=3)


# ------------------------------------------------------------------ JSON
@pytest.mark.parametrize(
    "region",
    [
        Region.rectangle(3, 5),
        Region.from_strings(["..#.", "....", "#..."]),
        Region.torus(4, 6),
        Region.cylinder(2, 4),
        Region.aztec_diamond(3),
    ],
)
def test_region_json_round_trip(region):
    text = region.to_json()
    back = Region.from_json(text)
    assert back == region and back.periodic == region.periodic
    assert json.loads(text)["format"] == "dominotiling.region"


def test_tiling_json_round_trip_complete_partial_and_periodic(aztec, tmp_path):
    partial = Tiling(Region.rectangle(1, 3), [[0, 0, -2]])
    torus = random_tiling(Region.torus(4, 4), seed=1)
    for t in (aztec, partial, torus, find_tiling(Region.rectangle(5, 4))):
        assert Tiling.from_json(t.to_json()) == t
    path = tmp_path / "t.json"
    aztec.to_json(path)
    assert Tiling.from_json(path) == aztec
    with open(path) as fh:
        assert Tiling.from_json(fh) == aztec
    assert Tiling.from_json(json.loads(path.read_text())) == aztec


def test_weights_json_keeps_exact_values():
    big = 3**80  # beyond int64: a Python int in JSON, read back exactly
    w_int = Weights([[1, big], [3, 4]], [[2, 0, 5]])
    w_frac = Weights([[Fraction(1, 3), Fraction(22, 7)], [2, 1]], [[Fraction(5, 2), 1, 0]])
    w_float = Weights.random((4, 5), "lognormal", seed=7)
    x, y = sympy.symbols("x y")
    w_sym = Weights([[x, 1], [y**2 + 1, 2]], [[x * y, 1, sympy.Rational(1, 2)]])
    for w in (w_int, w_frac, w_float, w_sym):
        back = Weights.from_json(w.to_json())
        assert back == w and back.kind == w.kind
    doc = json.loads(w_frac.to_json())
    assert doc["horizontal"][0] == ["1/3", "22/7"]
    assert json.loads(w_int.to_json())["horizontal"][0][1] == big
    # floats to the bit
    back = Weights.from_json(w_float.to_json())
    assert back.horizontal.tobytes() == w_float.horizontal.tobytes()


def test_json_errors_name_the_problem():
    with pytest.raises(RegionFormatError, match="dominotiling.region"):
        Region.from_json(Region.rectangle(2, 2).to_json().replace("region", "tiling"))
    with pytest.raises(RegionFormatError, match="not JSON"):
        Tiling.from_json("{not json")
    with pytest.raises(RegionFormatError, match="cannot read"):
        Weights.from_json("/no/such/file.json")
    with pytest.raises(DominoTypeError):
        Region.from_json(12)
    doc = json.loads(Tiling(Region.rectangle(1, 2), [[0, 0]]).to_json())
    doc["labels"] = [[0, 1]]  # two one-cell "dominoes"
    with pytest.raises(DominoTilingError):
        Tiling.from_json(doc)
    wdoc = json.loads(Weights.by_orientation((2, 2), Fraction(1, 2), 1).to_json())
    wdoc["horizontal"][0][0] = 0.5
    with pytest.raises(RegionFormatError, match="p/q"):
        Weights.from_json(wdoc)


# ------------------------------------------------------------------ CSV, images
def test_csv_one_domino_a_row(aztec, tmp_path):
    text = aztec.to_csv(tmp_path / "t.csv")
    lines = text.strip().split("\n")
    assert lines[0] == "domino,row1,col1,row2,col2,orientation"
    assert len(lines) == aztec.n_dominoes + 1
    rebuilt = []
    for ln in lines[1:]:
        k, r1, c1, r2, c2, o = ln.split(",")
        assert o == ("v" if r1 != r2 else "h")
        rebuilt.append(((int(r1), int(c1)), (int(r2), int(c2))))
    assert Tiling.from_dominoes(aztec.region, rebuilt) == aztec
    assert (tmp_path / "t.csv").read_text() == text


def test_region_from_image(tmp_path):
    from PIL import Image

    region = Region.from_strings(["..#..", ".....", "#...#"])
    pixels = np.where(region.mask, 0, 255).astype(np.uint8)
    big = np.kron(pixels, np.ones((3, 3), np.uint8))  # 3 pixels per cell
    Image.fromarray(big).convert("RGB").save(tmp_path / "r.png")
    assert Region.from_image(tmp_path / "r.png", cell_size=3) == region
    assert Region.from_image(tmp_path / "r.png", cell_size=3, invert=True) == Region(~region.mask)
    (tmp_path / "bad.png").write_text("not a picture")
    with pytest.raises(RegionFormatError, match="picture"):
        Region.from_image(tmp_path / "bad.png")
    Image.new("L", (4, 4), 255).save(tmp_path / "white.png")
    with pytest.raises(RegionFormatError, match="no cell"):
        Region.from_image(tmp_path / "white.png")


# ------------------------------------------------------------------ vector pictures
def _area(loop):
    x, y = loop[:, 0].astype(float), loop[:, 1].astype(float)
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))


def test_merged_loops_enclose_exactly_the_cells():
    rng = np.random.default_rng(5)
    for _ in range(20):
        mask = rng.random((9, 11)) < 0.5
        loops = _loops(mask)
        assert abs(sum(_area(lp) for lp in loops)) == mask.sum()  # holes wind the other way
        # every corner of a loop is a corner of a cell of the mask
        for lp in loops:
            assert all(0 <= x <= 11 and 0 <= y <= 9 for x, y in lp.tolist())
    ring = np.ones((5, 5), bool)
    ring[2, 2] = False
    assert sorted(len(lp) for lp in _loops(ring)) == [4, 4]  # the outer square and the hole


def test_svg_is_a_few_merged_paths_at_any_size(tmp_path):
    big = sample_aztec(60, seed=2)  # 3660 dominoes
    fig = tiling_figure(big, outlines=False)
    assert len(fig.axes[0].patches) == 4  # one compound path per domino type
    svg = big.to_svg(tmp_path / "a.svg", outlines=False)
    assert svg.count("<path") < 20
    assert (tmp_path / "a.svg").read_text() == svg
    assert big.to_svg(outlines=False) == svg  # deterministic
    pdf = big.to_pdf(tmp_path / "a.pdf", color_by="orientation")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_svg_colours_follow_the_palette():
    t = find_tiling(Region.rectangle(2, 4))
    svg = t.to_svg(color_by="orientation", palette=["#ff0000", "#0000ff"], outlines=False)
    found = set(re.findall(r"fill:\s*(#[0-9a-f]{6})", svg))
    orient = set(t.orientations().tolist())
    assert found >= {("#ff0000", "#0000ff")[o] for o in orient}
    with pytest.raises(DominoTilingError, match="needs 4 colours"):
        t.to_svg(palette=["red"])
    with pytest.raises(DominoTilingError):
        t.to_svg(color_by="rainbow")


# ------------------------------------------------------------------ TikZ
_RECT = re.compile(r"\\filldraw\[fill=c(\d+)\] \((-?\d+),(-?\d+)\) rectangle \((-?\d+),(-?\d+)\);")


def test_tikz_coordinates_are_the_dominoes_and_it_compiles(aztec, tmp_path):
    tex = aztec.to_tikz(tmp_path / "a.tex")
    rects = [tuple(map(int, m.groups())) for m in _RECT.finditer(tex)]
    assert len(rects) == aztec.n_dominoes
    want = set()
    for (r1, c1), (r2, c2) in aztec.dominoes.tolist():
        want.add((min(c1, c2), -min(r1, r2), max(c1, c2) + 1, -max(r1, r2) - 1))
    assert {r[1:] for r in rects} == want
    # colour by type: the four types, horizontal ones c0/c1, vertical c2/c3
    for col, x0, _y0, x1, _y1 in rects:
        assert (x1 - x0 == 2) == (col in (0, 1))
    assert (
        tex.startswith("%")
        and "\\begin{tikzpicture}" in tex
        and tex.rstrip().endswith("\\end{document}")
    )
    if _tex_with_tikz():  # the document compiles wherever a TeX with TikZ is installed
        run = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "a.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stdout[-2000:]
        assert (tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")


def _tex_with_tikz():
    """True where pdflatex runs and TeX finds ``tikz.sty`` (Debian's texlive-latex-base has none)."""
    if not (shutil.which("pdflatex") and shutil.which("kpsewhich")):
        return False
    found = subprocess.run(["kpsewhich", "tikz.sty"], capture_output=True, text=True, timeout=60)
    return found.returncode == 0 and bool(found.stdout.strip())


def test_tikz_palette_seams_and_uncovered_cells():
    t = Tiling(Region.rectangle(1, 3), [[0, 0, -2]])
    tex = t.to_tikz(color_by="domino", palette=["white", "black"])
    assert "\\definecolor{c0}{rgb}{1.0000,1.0000,1.0000}" in tex
    rects = [tuple(map(int, m.groups())) for m in _RECT.finditer(tex)]
    assert (2, 2, 0, 3, -1) in rects  # the uncovered cell in the last (pale) colour
    torus = Tiling.from_dominoes(Region.cylinder(1, 4), [((0, 3), (0, 0)), ((0, 1), (0, 2))])
    rects = [tuple(map(int, m.groups()))[1:] for m in _RECT.finditer(torus.to_tikz())]
    assert sorted(rects) == [(0, 0, 1, -1), (1, 0, 3, -1), (3, 0, 4, -1)]


# ------------------------------------------------------------------ meshes
def _parse_obj(text):
    verts, faces = [], []
    for ln in text.splitlines():
        if ln.startswith("v "):
            verts.append([float(x) for x in ln.split()[1:]])
        elif ln.startswith("f "):
            faces.append([int(x) - 1 for x in ln.split()[1:]])
    return np.array(verts), np.array(faces)


def test_mesh_vertex_heights_are_the_height_function(aztec, tmp_path):
    heights = aztec.height_function()
    rows = aztec.region.shape[0]
    for fmt in ("obj", "ply", "stl"):
        height_mesh(aztec, tmp_path / f"a.{fmt}", z_scale=0.5)
    verts, faces = _parse_obj((tmp_path / "a.obj").read_text())
    assert len(faces) == 2 * aztec.region.n_cells
    for x, y, z in verts.tolist():
        assert z == 0.5 * heights[rows - int(y), int(x)]
    # every cell's corners are vertices, and no other lattice point is
    corners = {(int(x), rows - int(y)) for x, y, _ in verts.tolist()}
    want = {(c + dc, r + dr) for r, c in aztec.region.cells for dr in (0, 1) for dc in (0, 1)}
    assert corners == want
    ply = (tmp_path / "a.ply").read_text().splitlines()
    n = int(next(ln for ln in ply if ln.startswith("element vertex")).split()[-1])
    body = ply[ply.index("end_header") + 1 :]
    assert np.allclose(np.array([[float(v) for v in ln.split()] for ln in body[:n]]), verts)
    stl = (tmp_path / "a.stl").read_text()
    assert stl.count("facet normal") == len(faces)
    zs = {float(ln.split()[-1]) for ln in stl.splitlines() if ln.strip().startswith("vertex")}
    assert zs == set(verts[:, 2].tolist())


def test_mesh_faces_point_up_on_a_flat_piece_and_errors():
    mesh = height_mesh(find_tiling(Region.rectangle(2, 2)))
    v = mesh.vertices[mesh.faces]
    normals = np.cross(v[:, 1] - v[:, 0], v[:, 2] - v[:, 0])
    assert (normals[:, 2] > 0).all()  # counter-clockwise seen from above
    with pytest.raises(DominoTilingError, match="uncovered"):
        height_mesh(Tiling(Region.rectangle(1, 3), [[0, 0, -2]]))
    with pytest.raises(DominoTilingError):
        mesh.save("x.mesh")


# ------------------------------------------------------------------ the command
def test_cli_tile_writes_svg_tikz_and_json(capsys, tmp_path):
    from dominotiling.cli import main

    fig = tmp_path / "fig.txt"
    fig.write_text("....\n.##.\n....\n")
    out = tmp_path / "out"
    code = main(
        [
            "tile",
            str(fig),
            "--svg",
            str(out / "t.svg"),
            "--tikz",
            str(out / "t.tex"),
            "--json",
            str(out / "t.json"),
        ]
    )
    printed = capsys.readouterr().out
    assert code == 0 and "json written to" in printed
    tiling = Tiling.from_json(out / "t.json")
    assert tiling.is_complete and tiling.region == Region.from_strings(["....", ".##.", "...."])
    assert (out / "t.svg").read_text().lstrip().startswith("<?xml")
    assert len(_RECT.findall((out / "t.tex").read_text())) == tiling.n_dominoes
    code = main(
        ["tile", str(fig), "--json", str(tmp_path)]
    )  # a folder, not a file: refused before the work
    assert code != 0 and "not a file name" in capsys.readouterr().err
