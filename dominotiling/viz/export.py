"""Tilings for papers and 3-D viewers: SVG and PDF, TikZ, and height surfaces as meshes.

- :func:`tiling_figure`, :func:`tiling_svg`, :func:`tiling_pdf` -- vector pictures
  through matplotlib's SVG and PDF backends. Dominoes of one colour are merged into
  polygons (the outline of their union, holes included), so that a tiling of a
  million cells is a handful of paths, not a million rectangles; domino outlines,
  when drawn, are merged into maximal straight segments.
- :func:`tiling_tikz` -- a standalone LaTeX document, one ``\\filldraw`` per domino.
- :func:`height_mesh` -- Thurston's height function as a triangulated surface
  (:class:`HeightMesh`), written as OBJ, STL (ASCII) or PLY (ASCII).

The methods :meth:`Tiling.to_svg`, :meth:`Tiling.to_pdf` and :meth:`Tiling.to_tikz`
call these functions.

Examples
--------
>>> from dominotiling import Region, find_tiling
>>> mesh = height_mesh(find_tiling(Region.rectangle(2, 2)))
>>> mesh.vertices.shape, mesh.faces.shape
((9, 3), (8, 3))
"""

from __future__ import annotations

import dataclasses
import io

import numpy as np

from .. import _files, _validate
from .._util import keyword_only
from ..errors import DominoTilingError, DominoTypeError
from .draw import PALETTE, TYPE_COLORS, _cell_codes, _greedy_colors, _seam_codes, _type_parity

__all__ = ["tiling_figure", "tiling_svg", "tiling_pdf", "tiling_tikz", "height_mesh", "HeightMesh"]

_ORIENTATION_COLORS = np.array([(0.984, 0.690, 0.361), (0.420, 0.624, 0.812)])
_UNCOVERED_COLOR = (0.93, 0.92, 0.90)
#: Tilings with at most this many dominoes get outlines by default (``outlines="auto"``).
OUTLINE_MAX = 20_000
_COLOR_BY = ("types", "orientation", "domino", "none")


# ------------------------------------------------------------------ colours
def _classes(tiling, color_by, palette):
    """``(cls, colours)``: per cell the index of its colour (-1 outside, len(colours)-1 uncovered)."""
    color_by = _validate.choice(color_by, "color_by", _COLOR_BY)
    labels = tiling.labels
    if color_by in ("types", "orientation"):
        parity = _type_parity(tiling.region)
        codes = _cell_codes(labels, parity)
        if tiling.region.is_periodic:
            _seam_codes(codes, labels, tiling.region, parity)
        types = codes.astype(np.int64) - 3  # 0..3 covered, negative otherwise
        if color_by == "orientation":
            types = np.where(types >= 0, types // 2, types)
        default = TYPE_COLORS if color_by == "types" else _ORIENTATION_COLORS
        cls = types
    elif color_by == "domino":
        default = PALETTE
        per_domino = _greedy_colors(
            labels, tiling.n_dominoes, len(PALETTE) if palette is None else len(palette)
        )
        cls = np.where(
            labels >= 0, per_domino[np.maximum(labels, 0)] if tiling.n_dominoes else 0, -1
        )
    else:
        default = np.ones((1, 3))
        cls = np.where(labels >= 0, 0, -1)
    colours = _palette(palette, default, color_by)
    k = len(colours)
    cls = np.where(labels == -2, k, np.where(labels >= 0, cls, -1))
    return cls, [*colours, _UNCOVERED_COLOR]


def _palette(palette, default, color_by):
    if palette is None:
        return [tuple(float(x) for x in c) for c in default]
    from matplotlib.colors import to_rgb

    try:
        colours = [to_rgb(c) for c in palette]
    except (TypeError, ValueError) as err:
        raise DominoTypeError(f"palette must be a sequence of matplotlib colours: {err}") from None
    need = {"types": 4, "orientation": 2}.get(color_by, 1)
    if len(colours) < need:
        raise DominoTilingError(
            f"color_by={color_by!r} needs {need} colours in the palette, got {len(colours)}"
        )
    return colours


# ------------------------------------------------------------------ merged polygons
def _loops(mask):
    """The boundary of the union of the cells of `mask` as closed loops of corner points ``(x, y)``.

    Every boundary edge is directed with the cells on one side (outer boundaries
    and holes wind oppositely, so a nonzero fill draws the union exactly); at a
    corner where two cells touch diagonally the loop turns the same way each time,
    which pairs the edges one to one. Straight runs are merged (only corners kept).
    """
    rows, cols = mask.shape
    pad = np.pad(mask, 1)
    inner = pad[1:-1, 1:-1]
    w = cols + 1
    starts, dirs = [], []
    # direction 0: +x, 1: +y, 2: -x, 3: -y (x the column, y the row, pointing down)
    r, c = np.nonzero(inner & ~pad[:-2, 1:-1])  # top edges: (c+1, r) -> (c, r)
    starts.append(r * w + c + 1), dirs.append(np.full(r.size, 2))
    r, c = np.nonzero(inner & ~pad[2:, 1:-1])  # bottom: (c, r+1) -> (c+1, r+1)
    starts.append((r + 1) * w + c), dirs.append(np.full(r.size, 0))
    r, c = np.nonzero(inner & ~pad[1:-1, :-2])  # left: (c, r) -> (c, r+1)
    starts.append(r * w + c), dirs.append(np.full(r.size, 1))
    r, c = np.nonzero(inner & ~pad[1:-1, 2:])  # right: (c+1, r+1) -> (c+1, r)
    starts.append((r + 1) * w + c + 1), dirs.append(np.full(r.size, 3))
    start = np.concatenate(starts)
    d = np.concatenate(dirs)
    if start.size == 0:
        return []
    step = np.array([1, w, -1, -w])
    end = start + step[d]
    out = np.full(((rows + 1) * w, 4), -1, dtype=np.int64)
    out[start, d] = np.arange(start.size)
    nxt = np.full(start.size, -1, dtype=np.int64)
    for turn in (
        3,
        0,
        1,
    ):  # preference: the same turn at every pinch, then straight, then the other
        cand = out[end, (d + turn) % 4]
        take = (nxt < 0) & (cand >= 0)
        nxt[take] = cand[take]
    nxt_list, d_list, start_list = nxt.tolist(), d.tolist(), start.tolist()
    seen = bytearray(start.size)
    loops = []
    for e0 in range(start.size):
        if seen[e0]:
            continue
        pts = []
        e = e0
        while not seen[e]:
            seen[e] = 1
            n = nxt_list[e]
            if d_list[n] != d_list[e]:  # a corner at the end of e
                pts.append(start_list[n])
            e = n
        v = np.array(pts, dtype=np.int64)
        loops.append(np.stack([v % w, v // w], axis=1))
    return loops


def _merged_path(mask):
    """One matplotlib Path (compound, nonzero fill) for the union of the cells of `mask`."""
    from matplotlib.path import Path

    loops = _loops(mask)
    if not loops:
        return None
    verts, codes = [], []
    for pts in loops:
        verts.append(np.vstack([pts, pts[:1]]))
        c = np.full(len(pts) + 1, Path.LINETO, dtype=np.uint8)
        c[0], c[-1] = Path.MOVETO, Path.CLOSEPOLY
        codes.append(c)
    return Path(np.concatenate(verts).astype(float), np.concatenate(codes))


def _outline_segments(labels):
    """Domino outlines (between cells of different dominoes, or a domino and no domino) as maximal segments."""
    rows, cols = labels.shape
    pad = np.pad(labels, 1, constant_values=-1)
    segs = []
    # horizontal lines y = r (between pad rows r and r+1), columns c
    a, b = pad[:-1, 1:-1], pad[1:, 1:-1]
    edge = (a != b) & ((a >= 0) | (b >= 0))  # (rows + 1, cols)
    for y, x0, x1 in _runs(edge):
        segs.append(((x0, y), (x1, y)))
    a, b = pad[1:-1, :-1], pad[1:-1, 1:]
    edge = (a != b) & ((a >= 0) | (b >= 0))  # (rows, cols + 1)
    for x, y0, y1 in _runs(edge.T):
        segs.append(((x, y0), (x, y1)))
    return np.array(segs, dtype=float).reshape(-1, 2, 2)


def _runs(edge):
    """``(line, start, stop)`` of the runs of True along each row of `edge`."""
    p = np.pad(edge.astype(np.int8), ((0, 0), (1, 1)))
    diff = np.diff(p, axis=1)
    r0, s = np.nonzero(diff == 1)
    r1, e = np.nonzero(diff == -1)
    return zip(r0.tolist(), s.tolist(), e.tolist())


@keyword_only("color_by", "palette", "outlines", "width")
def tiling_figure(tiling, *, color_by="types", palette=None, outlines="auto", width=None):
    """A matplotlib Figure of the tiling for the vector backends: one merged path per colour.

    Parameters
    ----------
    tiling : Tiling
    color_by : {"types", "orientation", "domino", "none"}, default "types"
        The four domino types (:data:`~dominotiling.viz.draw.TYPE_COLORS`), the two
        orientations, a palette cycled so that neighbours differ, or white.
    palette : sequence of colours, optional
        Replaces the default colours; any matplotlib colour.
    outlines : bool or "auto", default "auto"
        Draw the dominoes' outlines; ``"auto"`` draws them up to
        :data:`OUTLINE_MAX` dominoes.
    width : float, optional
        The figure's width in inches (default: 0.3 per column, between 2 and 10).

    Returns
    -------
    matplotlib.figure.Figure
        Not registered with pyplot (no ``plt.show()`` needed, nothing to close).

    See Also
    --------
    tiling_svg, tiling_pdf, tiling_tikz, dominotiling.viz.draw.draw_tiling

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> fig = tiling_figure(find_tiling(Region.rectangle(8, 8)))
    >>> len(fig.axes[0].patches) <= 4       # one path per colour, not 32 rectangles
    True
    """
    _validate.tiling(tiling, periodic_ok=True)
    from matplotlib.collections import LineCollection
    from matplotlib.figure import Figure
    from matplotlib.patches import PathPatch

    rows, cols = tiling.region.shape
    if width is None:
        width = min(10.0, max(2.0, 0.3 * cols))
    width = _validate.real(width, "width", minimum=0.1, strict_minimum=True)
    if outlines == "auto":
        outlines = tiling.n_dominoes <= OUTLINE_MAX
    outlines = _validate.boolean(outlines, "outlines")
    cls, colours = _classes(tiling, color_by, palette)
    fig = Figure(figsize=(width, max(0.1, width * rows / max(cols, 1))))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, cols)
    ax.set_ylim(rows, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for k, colour in enumerate(colours):
        path = _merged_path(cls == k)
        if path is not None:  # a thin stroke of the same colour hides antialiasing seams
            # add_artist, not add_patch: the limits are set above, and add_patch would walk
            # every segment of the path to update them (seconds for a large tiling)
            ax.add_artist(PathPatch(path, facecolor=colour, edgecolor=colour, linewidth=0.2))
    if outlines:
        lw = max(0.2, min(1.0, 72.0 * width / max(cols, 1) / 25))
        ax.add_collection(
            LineCollection(
                _outline_segments(tiling.labels),
                colors="black",
                linewidths=lw,
                capstyle="projecting",
            )
        )
    return fig


def _save(fig, target, fmt):
    fig.savefig(
        target, format=fmt, metadata={"Date": None} if fmt == "svg" else {"CreationDate": None}
    )


_FIGURE_OPTIONS = ("color_by", "palette", "outlines", "width")


def _figure_options(options, name):
    """`options` if each is one of :func:`tiling_figure`'s; a clear type error otherwise."""
    unknown = sorted(set(options) - set(_FIGURE_OPTIONS))
    if unknown:
        raise DominoTypeError(
            f"{name} got unknown option(s) {', '.join(map(repr, unknown))}; its options are "
            f"{', '.join(_FIGURE_OPTIONS)} (as for tiling_figure)"
        )
    return options


def tiling_svg(tiling, path=None, **options):
    """The tiling as SVG text (and a file when `path` is given); options as for :func:`tiling_figure`.

    Parameters
    ----------
    tiling : Tiling
    path : str or os.PathLike, optional
    **options
        ``color_by``, ``palette``, ``outlines``, ``width``.

    Returns
    -------
    str
        The SVG document; the same tiling gives the same text.

    Raises
    ------
    FileError
        If `path` cannot be written (no such folder, no permission, a full disk) or is
        not a regular file (a folder, a named pipe, a device); checked before the work.
    DominoTypeError
        If an option is not one of :func:`tiling_figure`'s.

    See Also
    --------
    tiling_figure, tiling_pdf, tiling_tikz

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> svg = tiling_svg(find_tiling(Region.rectangle(4, 4)), outlines=False)
    >>> svg.count("<path") <= 4
    True
    """
    import matplotlib as mpl

    options = _figure_options(options, "tiling_svg")
    if path is not None:
        _files.output_path(path, "the SVG picture")  # before the work: a bad path fails at once
    fig = tiling_figure(tiling, **options)
    buf = io.StringIO()
    with mpl.rc_context({"svg.hashsalt": "dominotiling", "svg.fonttype": "none"}):
        _save(fig, buf, "svg")
    text = buf.getvalue()
    if path is not None:
        _files.write_text(path, text, "the SVG picture")
    return text


def tiling_pdf(tiling, path, **options):
    """Write the tiling as a PDF file; options as for :func:`tiling_figure`.

    Parameters
    ----------
    tiling : Tiling
    path : str or os.PathLike
    **options
        ``color_by``, ``palette``, ``outlines``, ``width``.

    Returns
    -------
    pathlib.Path
        The file written.

    Raises
    ------
    FileError
        If `path` cannot be written (no such folder, no permission, a full disk) or is
        not a regular file (a folder, a named pipe, a device); checked before the work.
    DominoTypeError
        If an option is not one of :func:`tiling_figure`'s.

    See Also
    --------
    tiling_figure, tiling_svg, tiling_tikz

    Examples
    --------
    >>> import os, tempfile
    >>> from dominotiling import Region, find_tiling
    >>> out = tiling_pdf(find_tiling(Region.rectangle(2, 2)), os.path.join(tempfile.mkdtemp(), "t.pdf"))
    >>> out.stat().st_size > 0
    True
    """
    options = _figure_options(options, "tiling_pdf")
    path = _files.output_path(path, "the PDF picture")
    buf = io.BytesIO()
    _save(tiling_figure(tiling, **options), buf, "pdf")
    _files.write_bytes(path, buf.getvalue(), "the PDF picture")
    return path


# ------------------------------------------------------------------ TikZ
@keyword_only("color_by", "palette")
def tiling_tikz(tiling, path=None, *, color_by="types", palette=None):
    """The tiling as a standalone LaTeX document (TikZ), one ``\\filldraw`` per domino.

    Parameters
    ----------
    tiling : Tiling
    path : str or os.PathLike, optional
        Also write the document to this file.
    color_by : {"types", "orientation", "domino", "none"}, default "types"
    palette : sequence of colours, optional
        Replaces the default colours; any matplotlib colour.

    Returns
    -------
    str
        The document. One TikZ unit is one cell side, scaled so that the picture is
        at most 16 cm wide; cell ``(r, c)`` is the square ``(c, -r)`` to
        ``(c + 1, -r - 1)``. A domino across a seam of a torus or cylinder is drawn
        as its two cells; uncovered cells are pale grey.

    Raises
    ------
    FileError
        If `path` cannot be written (no such folder, no permission, a full disk) or is
        not a regular file (a folder, a named pipe, a device); checked before the work.

    See Also
    --------
    tiling_svg, tiling_pdf, Tiling.to_tikz

    Examples
    --------
    >>> from dominotiling import Region, Tiling
    >>> t = Tiling.from_dominoes(Region.rectangle(2, 1), [((0, 0), (1, 0))])
    >>> [ln for ln in tiling_tikz(t).splitlines() if ln.startswith("\\\\filldraw")]
    ['\\\\filldraw[fill=c3] (0,0) rectangle (1,-2);']
    """
    _validate.tiling(tiling, periodic_ok=True)
    if path is not None:
        _files.output_path(path, "the TikZ document")
    cls, colours = _classes(tiling, color_by, palette)
    rows, cols = tiling.region.shape
    unit = min(1.0, 16.0 / max(cols, 1))
    lw = max(0.05, min(0.6, 12 * unit))
    lines = [
        "% A domino tiling drawn by dominotiling (compile with pdflatex).",
        "\\documentclass{article}",
        "\\usepackage{tikz}",
        f"\\usepackage[paperwidth={cols * unit + 0.4:.4f}cm,paperheight={rows * unit + 0.4:.4f}cm,"
        "margin=0.2cm]{geometry}",
        "\\pagestyle{empty}",
    ]
    for k, (r, g, b) in enumerate(colours):
        lines.append(f"\\definecolor{{c{k}}}{{rgb}}{{{r:.4f},{g:.4f},{b:.4f}}}")
    lines += [
        "\\begin{document}",
        "\\noindent",
        f"\\begin{{tikzpicture}}[x={unit:.5g}cm,y={unit:.5g}cm,line width={lw:.3g}pt]",
    ]
    seam = tiling.seam_dominoes()
    for k, ((r1, c1), (r2, c2)) in enumerate(tiling.dominoes.tolist()):
        col = cls[r1, c1]
        if seam[k]:
            for r, c in ((r1, c1), (r2, c2)):
                lines.append(f"\\filldraw[fill=c{col}] ({c},{-r}) rectangle ({c + 1},{-r - 1});")
        else:
            lines.append(
                f"\\filldraw[fill=c{col}] ({min(c1, c2)},{-min(r1, r2)}) "
                f"rectangle ({max(c1, c2) + 1},{-max(r1, r2) - 1});"
            )
    for r, c in np.argwhere(tiling.labels == -2).tolist():
        lines.append(
            f"\\filldraw[fill=c{len(colours) - 1}] ({c},{-r}) rectangle ({c + 1},{-r - 1});"
        )
    lines += ["\\end{tikzpicture}", "\\end{document}", ""]
    text = "\n".join(lines)
    if path is not None:
        _files.write_text(path, text, "the TikZ document")
    return text


# ------------------------------------------------------------------ meshes
@dataclasses.dataclass(frozen=True, eq=False)
class HeightMesh:
    """A triangulated height surface: the lattice points of a tiling lifted to their heights.

    Parameters
    ----------
    vertices : numpy.ndarray of float, shape ``(v, 3)``
        ``(x, y, z)``: ``x`` the column of the lattice point, ``y = rows - row`` (so
        that row 0 is on top when ``y`` points up) and ``z`` the height times the scale.
    faces : numpy.ndarray of int, shape ``(f, 3)``
        Vertex indices (from 0), two triangles per cell, counter-clockwise seen from above.
    comment : str, optional
        The comment line of the OBJ and PLY files (other surfaces, such as the
        t-surfaces of :func:`dominotiling.viz.t_embedding.t_surface_mesh`, say what they are).

    See Also
    --------
    height_mesh, dominotiling.statistics.height_field

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> mesh = height_mesh(find_tiling(Region.rectangle(1, 2)))
    >>> print(mesh.to_obj().splitlines()[1])
    v 0 1 0
    """

    vertices: np.ndarray
    faces: np.ndarray
    comment: str = "height surface of a domino tiling (dominotiling)"

    def to_obj(self):
        """Wavefront OBJ text (``v x y z`` lines, then ``f i j k`` counted from 1)."""
        out = io.StringIO()
        out.write(f"# {self.comment}\n")
        for x, y, z in self.vertices.tolist():
            out.write(f"v {_num(x)} {_num(y)} {_num(z)}\n")
        for a, b, c in (self.faces + 1).tolist():
            out.write(f"f {a} {b} {c}\n")
        return out.getvalue()

    def to_ply(self):
        """ASCII PLY text: a vertex element ``x y z`` and a face element of vertex index lists."""
        out = io.StringIO()
        out.write(f"ply\nformat ascii 1.0\ncomment {self.comment}\n")
        out.write(
            f"element vertex {len(self.vertices)}\nproperty float x\nproperty float y\nproperty float z\n"
        )
        out.write(
            f"element face {len(self.faces)}\nproperty list uchar int vertex_indices\nend_header\n"
        )
        for x, y, z in self.vertices.tolist():
            out.write(f"{_num(x)} {_num(y)} {_num(z)}\n")
        for a, b, c in self.faces.tolist():
            out.write(f"3 {a} {b} {c}\n")
        return out.getvalue()

    def to_stl(self):
        """ASCII STL text: one facet with its unit normal per triangle."""
        v = self.vertices[self.faces]  # (f, 3, 3)
        n = np.cross(v[:, 1] - v[:, 0], v[:, 2] - v[:, 0])
        n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-300)
        out = io.StringIO()
        out.write("solid dominotiling\n")
        for normal, tri in zip(n.tolist(), v.tolist()):
            out.write(
                f"facet normal {_num(normal[0])} {_num(normal[1])} {_num(normal[2])}\n outer loop\n"
            )
            for x, y, z in tri:
                out.write(f"  vertex {_num(x)} {_num(y)} {_num(z)}\n")
            out.write(" endloop\nendfacet\n")
        out.write("endsolid dominotiling\n")
        return out.getvalue()

    def save(self, path, format=None):
        """Write the mesh to `path` as ``"obj"``, ``"stl"`` or ``"ply"`` (default: from the suffix); return the path."""
        path = _files.output_path(path, "the mesh")
        fmt = format if format is not None else path.suffix.lstrip(".").lower()
        fmt = _validate.choice(fmt, "format", ("obj", "stl", "ply"))
        text = {"obj": self.to_obj, "stl": self.to_stl, "ply": self.to_ply}[fmt]()
        _files.write_text(path, text, f"the {fmt.upper()} mesh")
        return path

    def __repr__(self):
        # one line: a notebook cell ending in height_mesh(...) does not print every vertex
        v, f = self.vertices, self.faces
        return (
            f"HeightMesh(vertices=<array {'x'.join(map(str, v.shape))} {v.dtype}>, "
            f"faces=<array {'x'.join(map(str, f.shape))} {f.dtype}>)"
        )


def _num(x):
    return str(int(x)) if float(x).is_integer() and abs(x) < 2**53 else repr(float(x))


def height_mesh(tiling, path=None, *, z_scale=1.0, format=None):
    """Thurston's height function of a tiling as a triangulated surface, written as OBJ, STL or PLY.

    Parameters
    ----------
    tiling : Tiling
        A complete tiling of a region without holes (the height function's domain).
    path : str or os.PathLike, optional
        Also write the mesh to this file, in the format of its suffix
        (``.obj``, ``.stl``, ``.ply``) unless `format` is given.
    z_scale : float, default 1.0
        Multiplies the heights (they change by 1 or 3 along an edge; 0.25 looks
        natural next to cells of side 1).
    format : {"obj", "stl", "ply"}, optional

    Returns
    -------
    HeightMesh
        One vertex per corner of a region cell, its ``z`` the height there times
        `z_scale`; two triangles per cell.

    Raises
    ------
    DominoTilingError
        If the tiling is incomplete or the region has holes.
    FileError
        If `path` cannot be written or is not a regular file (checked before the work).

    See Also
    --------
    HeightMesh, Tiling.height_function, dominotiling.viz.views.draw_height_surface

    Examples
    --------
    >>> from dominotiling import Region, find_tiling
    >>> t = find_tiling(Region.rectangle(2, 2))
    >>> mesh = height_mesh(t)
    >>> sorted(set(mesh.vertices[:, 2].tolist())) == sorted(set(t.height_function().ravel().tolist()))
    True
    """
    _validate.tiling(tiling)
    z_scale = _validate.real(z_scale, "z_scale")
    if path is not None:
        _files.output_path(path, "the mesh")
    heights = tiling.height_function()
    mask = tiling.region.mask
    rows, cols = mask.shape
    pad = np.pad(mask, 1)
    corner = pad[:-1, :-1] | pad[:-1, 1:] | pad[1:, :-1] | pad[1:, 1:]  # (rows + 1, cols + 1)
    index = np.full(corner.shape, -1, dtype=np.int64)
    rr, cc = np.nonzero(corner)
    index[rr, cc] = np.arange(rr.size)
    vertices = np.stack([cc, rows - rr, heights[rr, cc] * z_scale], axis=1).astype(np.float64)
    r, c = np.nonzero(mask)
    a, b, cc2, d = index[r, c], index[r + 1, c], index[r + 1, c + 1], index[r, c + 1]
    faces = np.concatenate([np.stack([a, b, cc2], 1), np.stack([a, cc2, d], 1)]).astype(np.int64)
    mesh = HeightMesh(vertices, faces)
    if path is not None:
        mesh.save(path, format)
    return mesh
