"""Build the documentation site: ``python -m dominotiling.docs [OUT]``.

The same as ``sphinx-build -W -b html docs docs/_build/html`` run from a checkout of
the repository (the ``docs/`` folder is not installed with the package): warnings
are errors, nothing is fetched from the network, the notebooks are rendered from
their stored outputs. Needs the ``docs`` extra: ``pip install -e ".[docs]"``.

Examples
--------
>>> source_folder().name
'docs'
"""

from __future__ import annotations

import pathlib
import sys

__all__ = ["build", "source_folder"]


def source_folder():
    """The repository's ``docs/`` folder (next to the package in a checkout).

    Returns
    -------
    pathlib.Path
    """
    return pathlib.Path(__file__).resolve().parent.parent / "docs"


def build(out=None, builder="html"):
    """Run Sphinx on :func:`source_folder` with warnings as errors; return its exit status.

    Parameters
    ----------
    out : str or pathlib.Path, optional
        The output folder; ``docs/_build/html`` by default.
    builder : str, default "html"

    Returns
    -------
    int
        0 when the site was built without a warning.
    """
    src = source_folder()
    if not (src / "conf.py").exists():
        print(f"no docs/conf.py at {src}: build the site from a checkout of the repository",
              file=sys.stderr)
        return 2
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        print('Sphinx is not installed: pip install -e ".[docs]"', file=sys.stderr)
        return 2
    out = pathlib.Path(out) if out is not None else src / "_build" / builder
    return build_main(["-W", "-b", builder, str(src), str(out)])


if __name__ == "__main__":  # pragma: no cover - the command
    sys.exit(build(*sys.argv[1:2]))
