"""The documentation, offline: the site (``python -m dominotiling.docs [OUT]``) and notebook pages.

- :func:`build` -- the same as ``sphinx-build -W -b html docs docs/_build/html`` run
  from a checkout of the repository (the ``docs/`` folder is not installed with the
  package): warnings are errors, nothing is fetched from the network, the notebooks
  are rendered from their stored outputs.
- :func:`export_html` -- a notebook as one HTML page whose maths is typeset without
  a network (``python -m dominotiling.docs NOTEBOOK.ipynb ... [--out DIR]``).
  nbconvert's own HTML export loads MathJax from a CDN, so offline its LaTeX stays
  raw ``$...$``; this one embeds MathJax 3 in the page, or puts one copy beside it.

Both need the ``docs`` extra (``pip install -e ".[docs]"``): Sphinx, and the MathJax
files of the ``django-static-mathjax`` package.

Examples
--------
>>> source_folder().name
'docs'
"""

from __future__ import annotations

import json
import pathlib
import shutil
import sys

from . import _files, _validate
from ._options import check_memory
from .errors import DominoTilingError, RegionFormatError

#: Memory of reading a notebook, per byte of its file: the text, nbformat's parsed JSON
#: and the exported page (measured about 15 for the repository's notebooks).
_NOTEBOOK_BYTES_PER_BYTE = 24

__all__ = ["build", "source_folder", "export_html", "mathjax_script"]

#: MathJax 3's TeX input with every extension bundled and SVG output: one file that
#: needs no font files and loads nothing else.
_MATHJAX_FILE = "tex-svg-full.js"
#: MathJax 3's configuration: the delimiters Jupyter typesets in markdown.
_MATHJAX_CONFIG = {
    "tex": {
        "inlineMath": [["$", "$"], ["\\(", "\\)"]],
        "displayMath": [["$$", "$$"], ["\\[", "\\]"]],
        "processEscapes": True,
        "processEnvironments": True,
        "tags": "ams",
    },
    "svg": {"fontCache": "global"},
    "options": {"enableMenu": False},
}
_TEMPLATE = "dominotiling_offline_maths.html.j2"
#: nbconvert's ``lab`` page with its MathJax block (a CDN's MathJax 2) replaced.
_OFFLINE_TEMPLATE = """{%- extends 'index.html.j2' -%}
{%- block html_head_js_mathjax -%}
{{ resources.offline_mathjax }}
{%- endblock html_head_js_mathjax -%}
"""


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
        print(
            f"no docs/conf.py at {src}: build the site from a checkout of the repository",
            file=sys.stderr,
        )
        return 2
    try:
        from sphinx.cmd.build import build_main
    except ImportError:
        print('Sphinx is not installed: pip install -e ".[docs]"', file=sys.stderr)
        return 2
    out = pathlib.Path(out) if out is not None else src / "_build" / builder
    return build_main(["-W", "-b", builder, str(src), str(out)])


def mathjax_script():
    """The installed MathJax 3 script that :func:`export_html` uses.

    Returns
    -------
    pathlib.Path
        ``tex-svg-full.js`` of the ``django-static-mathjax`` package.

    Raises
    ------
    DominoTilingError
        If that package is not installed (the message says how to install it).

    See Also
    --------
    export_html : the pages that embed or link it.
    """
    try:
        import mathjax  # the django-static-mathjax package
    except ImportError:
        raise DominoTilingError(
            'exporting notebooks with offline maths needs MathJax: pip install -e ".[docs]" '
            "(or pip install django-static-mathjax)"
        ) from None
    return pathlib.Path(mathjax.__file__).parent / "static" / "mathjax" / "es5" / _MATHJAX_FILE


def _mathjax_block(src=None, code=None):
    """The ``<script>`` elements of the page's head: the configuration, then MathJax itself."""
    config = f"<script>window.MathJax = {json.dumps(_MATHJAX_CONFIG)};</script>"
    if src is not None:
        return f'{config}\n<script src="{src}"></script>'
    lowered = code.lower()
    if "</script" in lowered or "<script" in lowered:  # cannot stand inside a script element
        import base64

        data = base64.b64encode(code.encode("utf-8")).decode("ascii")
        return f'{config}\n<script src="data:text/javascript;base64,{data}"></script>'
    return f"{config}\n<script>{code}</script>"


def export_html(notebook, out=None, *, mathjax="embed"):
    """Export a notebook to HTML, with its LaTeX typeset by a local copy of MathJax 3.

    Parameters
    ----------
    notebook : str or pathlib.Path
        An ``.ipynb`` file; its stored outputs are exported (nothing is run).
    out : str or pathlib.Path, optional
        The folder of the page (the notebook's own folder by default); the page is
        named after the notebook, ``.html`` for ``.ipynb``.
    mathjax : {"embed", "beside"}
        ``"embed"`` puts MathJax in the page (one self-contained file, about 2 MB
        larger); ``"beside"`` copies it once to ``out/mathjax/`` and links it by a
        relative path (pages exported to one folder share it; move them together).

    Returns
    -------
    pathlib.Path
        The page written.

    Raises
    ------
    RegionFormatError
        If `notebook` cannot be read, is not a regular file (a named pipe, a device:
        refused before it is opened, so nothing blocks) or is not a notebook.
    TooLargeError
        If the notebook would not fit in the memory budget.
    FileError
        If the page cannot be written.
    DominoTilingError
        If `mathjax` is neither choice, or MathJax or nbconvert is not installed.

    Notes
    -----
    The page is nbconvert's ``lab`` template, as ``jupyter nbconvert --to html``
    writes it, but for its MathJax: nbconvert links MathJax 2 on a CDN, so without a
    network the maths shows as raw ``$...$``. Here MathJax 3 comes from the
    ``django-static-mathjax`` package, in its single-file build with every TeX
    extension and SVG output (no font files), configured for the delimiters Jupyter
    typesets: ``$...$``, ``$$...$$``, ``\\(...\\)``, ``\\[...\\]`` and LaTeX
    environments.

    See Also
    --------
    build : the documentation site, which serves the same MathJax.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> import dominotiling
    >>> notebook = pathlib.Path(dominotiling.__file__).parents[1] / "notebooks" / "01_profile_dp.ipynb"
    >>> with tempfile.TemporaryDirectory() as out:
    ...     page = export_html(notebook, out)
    ...     text = page.read_text(encoding="utf-8")
    >>> page.name, "libs/mathjax" in text, "MathJax" in text     # no CDN MathJax: its own
    ('01_profile_dp.html', False, True)
    """
    mathjax = _validate.choice(mathjax, "mathjax", ("embed", "beside"))
    notebook = pathlib.Path(_files.check_path(notebook, "notebook"))
    out = pathlib.Path(_files.check_path(out, "out")) if out is not None else notebook.parent
    script = mathjax_script()
    try:
        import jinja2
        import nbformat
        from nbconvert import HTMLExporter
    except ImportError:
        raise DominoTilingError(
            'exporting notebooks needs nbconvert: pip install -e ".[docs]"'
        ) from None
    what = "the notebook"
    text = _files.read_text(
        notebook,
        what,
        check=lambda size: check_memory(
            size * _NOTEBOOK_BYTES_PER_BYTE, f"exporting the notebook {str(notebook)!r}"
        ),
    )
    try:
        node = nbformat.reads(text, as_version=4)
    except RecursionError:
        raise RegionFormatError(f"{str(notebook)!r} is nested too deep to be a notebook") from None
    except Exception as err:  # nbformat's NotJSONError, a schema's KeyError or ValueError
        reason = " ".join(str(err).split())[:200]
        raise RegionFormatError(
            f"{str(notebook)!r} is not a Jupyter notebook ({type(err).__name__}: {reason})"
        ) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        from .errors import FileError

        raise FileError(
            f"cannot make the folder {str(out)!r} for the page: {err.strerror or err}"
        ) from None
    if mathjax == "beside":
        (out / "mathjax").mkdir(exist_ok=True)
        shutil.copyfile(script, out / "mathjax" / _MATHJAX_FILE)
        block = _mathjax_block(src=f"mathjax/{_MATHJAX_FILE}")
    else:
        block = _mathjax_block(code=script.read_text(encoding="utf-8"))
    exporter = HTMLExporter(
        template_name="lab",
        template_file=_TEMPLATE,
        extra_loaders=[jinja2.DictLoader({_TEMPLATE: _OFFLINE_TEMPLATE})],
    )
    resources = {"offline_mathjax": block, "metadata": {"name": notebook.stem}}
    body, _ = exporter.from_notebook_node(node, resources=resources)
    page = out / (notebook.stem + ".html")
    _files.write_text(page, body, "the page")
    return page


_PROG = "python -m dominotiling.docs"


def _main(argv):
    """``python -m dominotiling.docs [OUT]`` builds the site; given notebooks, it exports them.

    Exit status 0 done, 2 a mistake on the command line or a notebook that cannot be
    exported (one line on stderr), else Sphinx's own.
    """
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message):
            raise DominoTilingError(f"{message} (see {_PROG} --help)")

    parser = Parser(
        prog=_PROG,
        description="Build the documentation site (OUT: its folder, docs/_build/html by "
        "default), or export notebooks to HTML pages with offline maths.",
    )
    parser.add_argument("paths", nargs="*", metavar="OUT | NOTEBOOK.ipynb")
    parser.add_argument("--out", metavar="DIR", help="the folder of the exported pages")
    try:
        args = parser.parse_args(argv)
        notebooks = [a for a in args.paths if a.endswith(".ipynb")]
        others = [a for a in args.paths if not a.endswith(".ipynb")]
        if args.out is not None and not args.out.strip():
            raise DominoTilingError("--out needs a folder name")
        if not notebooks:
            if args.out is not None:
                raise DominoTilingError(
                    "--out is the folder of exported notebooks: give NOTEBOOK.ipynb files, "
                    f"or the site's folder alone ({_PROG} OUT)"
                )
            if len(others) > 1:
                raise DominoTilingError(
                    f"the site is built into one folder, got {len(others)}: "
                    f"{', '.join(map(repr, others))}"
                )
            if others and not others[0].strip():  # Sphinx took '' for a folder and crashed
                raise DominoTilingError(
                    f"the site's folder name is empty: give one ({_PROG} OUT), or none for "
                    "docs/_build/html"
                )
            if others and pathlib.Path(others[0]).exists() and not pathlib.Path(others[0]).is_dir():
                raise DominoTilingError(f"{others[0]!r} is a file, not a folder for the site")
            return build(*others)
        if others:
            raise DominoTilingError(
                f"not notebooks: {', '.join(map(repr, others))}; give .ipynb files "
                "(and --out DIR for their folder)"
            )
        for nb in notebooks:
            print(export_html(nb, args.out, mathjax="beside" if len(notebooks) > 1 else "embed"))
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        print(f"{_PROG}: interrupted", file=sys.stderr)
        return 130
    except DominoTilingError as err:
        print(f"{_PROG}: error: {' '.join(str(err).split())}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover - the command
    sys.exit(_main(sys.argv[1:]))
