"""Amoebas of spectral curves: the phases of the dimer model in the plane of magnetic fields."""

from __future__ import annotations

import numpy as np

__all__ = []


def _default_window(curve):
    """``((x0, x1), (y0, y1))``: a window holding the amoeba's bounded part and the starts of its tentacles."""
    cache = getattr(curve, "_window", None)
    if cache is not None:
        return cache
    from .ronkin import _passes

    pz, pw = _passes(curve)
    phi = np.linspace(0, np.pi, 65)
    lz = pz.logs(np.zeros_like(phi), np.zeros_like(phi), phi)
    lw = pw.logs(np.zeros_like(phi), np.zeros_like(phi), phi)
    lz = lz[np.isfinite(lz)]
    lw = lw[np.isfinite(lw)]
    span = max(np.abs(lz).max(initial=0), np.abs(lw).max(initial=0))
    x0, x1 = lz.min(initial=-1) - 2.0, lz.max(initial=1) + 2.0
    y0, y1 = lw.min(initial=-1) - 2.0, lw.max(initial=1) + 2.0
    m = max(x1 - x0, y1 - y0, 2 * span + 4) / 2
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    curve._window = ((cx - m, cx + m), (cy - m, cy + m))
    return curve._window
