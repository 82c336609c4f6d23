"""Where the browser suite finds Chromium, and whether a missing one skips the suite or fails it.

The suite drives the system's Chromium with Playwright from PyPI (never Playwright's own
browser download). A fresh machine with nothing but Python has no Chromium: there the
suite is skipped, and one summary line says how to enable it. Where ``CI`` is set (to
anything but ``""``, ``0``, ``false`` or ``no``) or ``DOMINOTILING_REQUIRE_BROWSER=1``, a
missing browser fails every browser test instead, with the command that installs it.

``DOMINOTILING_CHROMIUM`` names the binary to use; a name that is not an executable means
"no Chromium" (``DOMINOTILING_CHROMIUM=/nonexistent`` hides the system's, which is how the
suite tests its own skip rule). This module imports only the standard library.
"""

from __future__ import annotations

import importlib.util
import os
import shutil

__all__ = [
    "find_chromium",
    "chromium_path",
    "browser_required",
    "missing",
    "SKIP_REASON",
    "INSTALL",
]

#: What installs the browser (Debian and Ubuntu), said in the skip line and in the failure.
INSTALL = "apt-get install -y chromium"

#: The reason of every skipped browser test (the summary line counts the tests skipped for it).
SKIP_REASON = "the browser suite needs Chromium"

_FALSE = ("", "0", "false", "no", "off")


def find_chromium():
    """The Chromium binary the suite drives, or None.

    ``DOMINOTILING_CHROMIUM`` when set (a path, or a name on ``PATH``; anything else means
    none, with no fallback), else ``/usr/bin/chromium``, ``/usr/bin/chromium-browser``, or
    ``chromium`` / ``chromium-browser`` on ``PATH``.
    """
    named = os.environ.get("DOMINOTILING_CHROMIUM")
    if named is not None:
        if os.sep in named:
            return named if os.path.isfile(named) and os.access(named, os.X_OK) else None
        return shutil.which(named) if named else None
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


def browser_required():
    """True where a missing browser must fail the run: ``CI`` set, or ``DOMINOTILING_REQUIRE_BROWSER=1``."""
    ci = os.environ.get("CI", "").strip().lower() not in _FALSE
    return ci or os.environ.get("DOMINOTILING_REQUIRE_BROWSER", "").strip() == "1"


def missing():
    """What the browser suite lacks here (a sentence with the remedy), or None when it can run."""
    if importlib.util.find_spec("playwright") is None:
        return "the browser suite needs Playwright: pip install -e '.[test]'"
    if find_chromium() is None:
        named = os.environ.get("DOMINOTILING_CHROMIUM")
        where = f"DOMINOTILING_CHROMIUM={named} is not a Chromium binary" if named else "none found"
        return f"{SKIP_REASON} ({where}): {INSTALL} (or set DOMINOTILING_CHROMIUM to a Chromium binary)"
    return None


def chromium_path():
    """The Chromium binary, or a test failure that says what is missing and how to install it."""
    path = find_chromium()
    if path is None:
        import pytest

        pytest.fail(missing() or f"{SKIP_REASON}: {INSTALL}", pytrace=False)
    return path
