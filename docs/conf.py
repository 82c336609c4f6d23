"""Sphinx configuration of the dominotiling documentation.

Build: ``sphinx-build -W -b html docs docs/_build/html`` (or ``python -m dominotiling.docs``).
Everything is offline: MathJax is served from the site (copied from the
``django-static-mathjax`` package), the search index is the site's own, and the
notebooks are rendered from their stored outputs (never executed here).
"""

from __future__ import annotations

import os
import pathlib
import shutil
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "_ext"))
os.environ.setdefault("MPLBACKEND", "Agg")
os.environ.setdefault("DOMINOTILING_QUIET", "1")

import apigen  # noqa: E402

import dominotiling  # noqa: E402

project = "dominotiling"
author = "The dominotiling developers"
copyright = "2026, The dominotiling developers"
release = version = dominotiling.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "numpydoc",
    "myst_nb",
    "xref",
]

# ---------------------------------------------------------------- sources
exclude_patterns = ["_build", "**.ipynb_checkpoints", "_ext"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"

# the API pages, generated from the wings' __all__ (theory included, whatever it holds)
apigen.write_pages(HERE / "api")

# the notebooks of the repository, copied in: rendered from their stored outputs
_NB_OUT = HERE / "gallery" / "notebooks"
_NB_OUT.mkdir(parents=True, exist_ok=True)
for _old in _NB_OUT.glob("*.ipynb"):
    if not (ROOT / "notebooks" / _old.name).exists():
        _old.unlink()
for _nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
    _dst = _NB_OUT / _nb.name
    if not _dst.exists() or _dst.read_bytes() != _nb.read_bytes():
        shutil.copyfile(_nb, _dst)

nb_execution_mode = "off"
nb_merge_streams = True
# saved explorer widgets would make myst-nb load the widget manager from a CDN: the site is offline
nb_ipywidgets_js = {}
# ... so an explorer shows the picture its output carries (image/png), not an empty widget view
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence"]
myst_heading_anchors = 3

# ---------------------------------------------------------------- API
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "none"
autodoc_mock_imports = []
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_validation_checks = set()
numpydoc_xref_param_type = False
add_module_names = False
viewcode_line_numbers = True

# ---------------------------------------------------------------- HTML
html_theme = "pydata_sphinx_theme"
html_title = f"dominotiling {release}"
html_static_path = ["_static"]
html_css_files = ["dominotiling.css"]
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "icon_links": [],
    "footer_start": ["copyright"],
    "footer_end": [],
}
html_last_updated_fmt = None
html_copy_source = False
html_show_sourcelink = False

# MathJax 3 from the site itself: the script and its CHTML fonts only
_MJ_OUT = HERE / "_build" / "_mathjax"


def _mathjax_files():
    import mathjax  # the django-static-mathjax package

    src = pathlib.Path(mathjax.__file__).parent / "static" / "mathjax" / "es5"
    dst = _MJ_OUT / "mathjax"
    if not (dst / "tex-chtml.js").exists():
        (dst / "output" / "chtml").mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src / "tex-chtml.js", dst / "tex-chtml.js")
        shutil.copytree(
            src / "output" / "chtml" / "fonts",
            dst / "output" / "chtml" / "fonts",
            dirs_exist_ok=True,
        )
    return _MJ_OUT


html_static_path.append(str(_mathjax_files()))
mathjax_path = "mathjax/tex-chtml.js"
mathjax3_config = {"tex": {"inlineMath": [["$", "$"], ["\\(", "\\)"]]}}
