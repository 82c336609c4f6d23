"""Matplotlib settings for pictures that a room can read: wide figures, large text.

The notebooks call :func:`projector_style` first: a figure ``w`` inches wide is then
``100 w`` pixels in the notebook (a main figure of 8 inches or more is at least 800
pixels wide), titles are 14 points and labels 12. Nothing else changes: the library's
drawing functions read these settings like any matplotlib figure.

Examples
--------
>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> projector_style()
>>> plt.rcParams["figure.dpi"], plt.rcParams["axes.titlesize"]
(100.0, 14.0)
"""

from __future__ import annotations

__all__ = ["PROJECTOR", "projector_style"]

#: The rcParams of :func:`projector_style`.
PROJECTOR = {
    "figure.dpi": 100.0,
    "savefig.dpi": 100.0,
    "font.size": 12.0,
    "axes.titlesize": 14.0,
    "axes.labelsize": 12.0,
    "xtick.labelsize": 11.0,
    "ytick.labelsize": 11.0,
    "legend.fontsize": 11.0,
    "figure.titlesize": 15.0,
}


def projector_style():
    """Set matplotlib's :data:`PROJECTOR` settings (for the rest of the session)."""
    import matplotlib.pyplot as plt

    plt.rcParams.update(PROJECTOR)
