"""Pictures and files of t-embeddings: the embedding with its origami map, the surface (T, O), meshes, SVG, TikZ.

The edges of a t-embedding of the Aztec diamond (see
:func:`dominotiling.aztec.t_embedding`) join the dual vertices ``(x, y)`` that are
lattice neighbours, and every corner to its neighbour on the diagonal; they are
drawn as the polylines along the lattice lines ``x = const`` and ``y = const``, one
line in ``stride`` for large orders (``stride`` 1 draws every edge). The origami
map is drawn the same way in blue, as in the figures of Berggren, Nicoletti and
Russkikh [1]_.

Examples
--------
>>> from dominotiling.aztec import t_embedding
>>> te = t_embedding(4)
>>> svg = t_embedding_svg(te)
>>> svg.startswith("<svg") and svg.count("<polyline") > 8
True

References
----------
.. [1] T. Berggren, M. Nicoletti, M. Russkikh, "Perfect t-embeddings of doubly
   periodic Aztec diamonds", arXiv:2508.04938 (Figure 1).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate
from ..aztec.t_properties import index_grid
from ..errors import DominoTilingError

__all__ = [
    "draw_t_embedding",
    "draw_t_surface",
    "t_surface_mesh",
    "t_embedding_svg",
    "t_embedding_tikz",
]

T_COLOR = "#1a1a1a"
O_COLOR = "#2f6db5"
#: Orders up to this draw every edge by default; larger ones one line in ``ceil(n / MAX_LINES)``.
MAX_LINES = 120


def _check(te):
    for name in ("T", "O", "coords", "faces", "n", "corners"):
        if not hasattr(te, name):
            raise DominoTilingError(
                "expected a TEmbedding (dominotiling.aztec.t_embedding(n)), got "
                f"{type(te).__name__}"
            )
    return te


def _stride(te, stride):
    if stride is None:
        return max(1, math.ceil(te.n / MAX_LINES))
    return _validate.positive_int(stride, "stride")


def polylines(te, values, stride=1):
    """The edges as polylines of `values` (one per vertex): lattice lines, corner edges and the outer sides.

    Returns a list of 1-D arrays of the values along each line (complex or real).
    """
    n = te.n
    g = index_grid(n)
    vals = np.asarray(values)
    lines = []
    for c in range(-(n - 1), n, stride):  # x = c (a column of the grid), and y = c (a row)
        span = n - 1 - abs(c)
        ys = np.arange(span, -span - 1, -1)
        col = g[n - ys, n + c]
        row = g[n - c, n + ys[::-1]]
        for idx in (col, row):
            if len(idx) > 1:
                lines.append(vals[idx])
    cE, cN, cW, cS = te.corners
    ends = [(n - 1, 0), (0, n - 1), (-(n - 1), 0), (0, -(n - 1))] if n > 1 else [(0, 0)] * 4
    for corner, (x, y) in zip((cE, cN, cW, cS), ends):
        lines.append(vals[[corner, g[n - y, n + x]]])
    lines.append(vals[[cE, cN, cW, cS, cE]])
    return lines


def draw_t_embedding(
    te, *, origami=True, ax=None, stride=None, fill=None, title=None, linewidth=None
):
    """Draw a t-embedding: its edges in black, the origami map's in blue, black faces shaded.

    Parameters
    ----------
    te : TEmbedding
    origami : bool, default True, keyword-only
        Also draw the origami map ``O`` (its edges in blue).
    ax : matplotlib.axes.Axes, optional, keyword-only
    stride : int, optional, keyword-only
        Draw one lattice line in `stride` (default: every line up to order
        :data:`MAX_LINES`, then about ``MAX_LINES`` of them).
    fill : bool, optional, keyword-only
        Shade the black faces (default: up to order 40).
    title : str, optional, keyword-only
        Default: the order, the weights and (when drawn) the origami map.
    linewidth : float, optional, keyword-only

    Returns
    -------
    matplotlib.axes.Axes

    See Also
    --------
    draw_t_surface, t_embedding_svg, dominotiling.aztec.t_embedding.t_embedding

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> ax = draw_t_embedding(t_embedding(6))
    >>> len(ax.collections) >= 2
    True
    """
    import matplotlib.pyplot as plt
    from matplotlib.collections import LineCollection, PolyCollection

    te = _check(te)
    stride = _stride(te, stride)
    origami = _validate.boolean(origami, "origami")
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 7))
    n = te.n
    lw = linewidth if linewidth is not None else max(0.25, min(1.2, 40 / (n / stride + 10)))
    if fill is None:
        fill = n <= 40
    if fill:
        f = te.faces
        polys = [
            np.column_stack([te.T[f.indices[a:b]].real, te.T[f.indices[a:b]].imag])
            for a, b, w in zip(f.indptr[:-1], f.indptr[1:], f.white)
            if not w
        ]
        ax.add_collection(PolyCollection(polys, facecolors="#d9d9d9", edgecolors="none"))
    segs = [np.column_stack([z.real, z.imag]) for z in polylines(te, te.T, stride)]
    ax.add_collection(LineCollection(segs, colors=T_COLOR, linewidths=lw, label="T"))
    if origami:
        segs = [np.column_stack([z.real, z.imag]) for z in polylines(te, te.O, stride)]
        ax.add_collection(
            LineCollection(segs, colors=O_COLOR, linewidths=lw * 0.8, alpha=0.8, label="O")
        )
    pts = np.concatenate([te.T, te.O]) if origami else te.T
    lo, hi = pts.real.min(), pts.real.max()
    blo, bhi = pts.imag.min(), pts.imag.max()
    pad = 0.03 * max(hi - lo, bhi - blo)
    ax.set_xlim(lo - pad, hi + pad)
    ax.set_ylim(blo - pad, bhi + pad)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    if title is None:
        title = f"t-embedding of the Aztec diamond, n = {n} ({te.weights_kind} weights)"
        if origami:
            title += "\nblack: T, blue: origami map O"
        if stride > 1:
            title += f" (every {stride}th line)"
    ax.set_title(title, fontsize=12)
    return ax


def draw_t_surface(te, *, ax=None, stride=None, elev=28, azim=-60, title=None):
    """The surface ``(Re T, Im T, Re O)`` in 3-D, as its lattice lines (a t-surface).

    Parameters
    ----------
    te : TEmbedding
    ax : mpl_toolkits.mplot3d.Axes3D, optional, keyword-only
    stride : int, optional, keyword-only
        One lattice line in `stride` (as :func:`draw_t_embedding`).
    elev, azim : float, keyword-only
        The view.
    title : str, optional, keyword-only

    Returns
    -------
    mpl_toolkits.mplot3d.Axes3D

    See Also
    --------
    draw_t_embedding, t_surface_mesh

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> ax = draw_t_surface(t_embedding(8))
    >>> ax.name
    '3d'
    """
    import matplotlib.pyplot as plt
    from mpl_toolkits.mplot3d.art3d import Line3DCollection

    te = _check(te)
    stride = _stride(te, stride)
    if ax is None:
        fig = plt.figure(figsize=(8, 7))
        ax = fig.add_subplot(111, projection="3d")
    lines = polylines(te, np.stack([te.T.real, te.T.imag, te.O.real], axis=1), stride)
    lw = max(0.3, min(1.0, 30 / (te.n / stride + 10)))
    ax.add_collection3d(Line3DCollection(lines, colors=O_COLOR, linewidths=lw))
    ax.set_xlim(te.T.real.min(), te.T.real.max())
    ax.set_ylim(te.T.imag.min(), te.T.imag.max())
    ax.set_zlim(te.O.real.min(), te.O.real.max())
    ax.view_init(elev=elev, azim=azim)
    ax.set_xlabel("Re T")
    ax.set_ylabel("Im T")
    ax.set_zlabel("Re O", labelpad=2)
    ax.set_box_aspect(None, zoom=0.92)  # room for the labels
    ax.set_title(
        title or f"the surface (T, O), n = {te.n} ({te.weights_kind} weights)", fontsize=12
    )
    return ax


def t_surface_mesh(te, path=None, *, format=None):
    """The surface ``(Re T, Im T, Re O)`` as a triangle mesh, written as OBJ, STL or PLY.

    Parameters
    ----------
    te : TEmbedding
    path : str or os.PathLike, optional
        Also write it there (the format from the suffix unless `format` is given).
    format : {"obj", "stl", "ply"}, optional, keyword-only

    Returns
    -------
    dominotiling.viz.export.HeightMesh
        One vertex per dual vertex; each quadrilateral face split in two
        triangles, each boundary face fanned from its first corner.

    See Also
    --------
    draw_t_surface, dominotiling.viz.export.height_mesh

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> mesh = t_surface_mesh(t_embedding(3))
    >>> mesh.vertices.shape, mesh.faces.shape[1]
    ((17, 3), 3)
    """
    from .export import HeightMesh

    te = _check(te)
    f = te.faces
    tris = []
    for a, b in zip(f.indptr[:-1].tolist(), f.indptr[1:].tolist()):
        vs = f.indices[a:b]
        tris.extend((vs[0], vs[k], vs[k + 1]) for k in range(1, len(vs) - 1))
    vertices = np.stack([te.T.real, te.T.imag, te.O.real], axis=1).astype(np.float64)
    mesh = HeightMesh(
        vertices,
        np.asarray(tris, np.int64),
        comment=f"t-surface (Re T, Im T, Re O) of the Aztec diamond of order {te.n} (dominotiling)",
    )
    if path is not None:
        mesh.save(path, format)
    return mesh


def _write(text, path, what):
    """`text`, also written to the regular file `path` (refused otherwise: :class:`FileError`)."""
    if path is not None:
        from .. import _files

        _files.write_text(_files.output_path(path, what), text, what)
    return text


def t_embedding_svg(te, path=None, *, origami=True, width=800, stride=None):
    """The picture of :func:`draw_t_embedding` as SVG text (polylines; no matplotlib).

    Parameters
    ----------
    te : TEmbedding
    path : str or os.PathLike, optional
        Also write it there.
    origami : bool, default True, keyword-only
    width : int, default 800, keyword-only
        Pixels.
    stride : int, optional, keyword-only

    Returns
    -------
    str

    See Also
    --------
    t_embedding_tikz, draw_t_embedding

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> "viewBox" in t_embedding_svg(t_embedding(2), origami=False)
    True
    """
    te = _check(te)
    width = _validate.positive_int(width, "width")
    stride = _stride(te, stride)
    layers = [(te.T, T_COLOR)] + ([(te.O, O_COLOR)] if origami else [])
    pts = np.concatenate([z for z, _ in layers])
    lo, hi = pts.real.min(), pts.real.max()
    blo, bhi = pts.imag.min(), pts.imag.max()
    span = max(hi - lo, bhi - blo) * 1.06
    scale = width / span
    height = int(round((bhi - blo) * 1.06 * scale)) or width
    ox, oy = lo - 0.03 * span, bhi + 0.03 * span
    lw = max(0.3, min(1.5, 60 / (te.n / stride + 10)))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for z, color in layers:
        out.append(f'<g fill="none" stroke="{color}" stroke-width="{lw:.2f}">')
        for line in polylines(te, z, stride):
            xs, ys = (line.real - ox) * scale, (oy - line.imag) * scale
            coords = " ".join(f"{a:.2f},{b:.2f}" for a, b in zip(xs.tolist(), ys.tolist()))
            out.append(f'<polyline points="{coords}"/>')
        out.append("</g>")
    out.append("</svg>")
    return _write("\n".join(out) + "\n", path, "the SVG picture")


def t_embedding_tikz(te, path=None, *, origami=True, scale=5.0, stride=None):
    """A standalone LaTeX (TikZ) document of the picture: one ``\\draw`` per polyline.

    Parameters
    ----------
    te : TEmbedding
    path : str or os.PathLike, optional
        Also write it there.
    origami : bool, default True, keyword-only
    scale : float, default 5.0, keyword-only
        Centimetres per unit of T.
    stride : int, optional, keyword-only

    Returns
    -------
    str

    See Also
    --------
    t_embedding_svg, dominotiling.viz.export.tiling_tikz

    Examples
    --------
    >>> from dominotiling.aztec import t_embedding
    >>> tex = t_embedding_tikz(t_embedding(2))
    >>> tex.count("\\\\draw") > 4 and tex.rstrip().endswith("\\\\end{document}")
    True
    """
    te = _check(te)
    scale = _validate.real(scale, "scale", minimum=0)
    stride = _stride(te, stride)
    lw = max(0.1, min(0.6, 20 / (te.n / stride + 10)))
    out = [
        "\\documentclass[tikz,border=2mm]{standalone}",
        "\\begin{document}",
        f"\\begin{{tikzpicture}}[scale={scale:g}, line width={lw:.2f}pt, line join=round]",
    ]
    layers = [(te.T, "black")] + ([(te.O, "blue!70!black")] if origami else [])
    for z, color in layers:
        for line in polylines(te, z, stride):
            pts = " -- ".join(f"({a:.5f},{b:.5f})" for a, b in zip(line.real, line.imag))
            out.append(f"\\draw[{color}] {pts};")
    out += ["\\end{tikzpicture}", "\\end{document}"]
    return _write("\n".join(out) + "\n", path, "the TikZ document")
