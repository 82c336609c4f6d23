"""What each notebook costs: its wall time under nbval and the size of its saved outputs.

nbval runs every notebook of ``notebooks/`` top to bottom (``pytest --nbval-lax``);
this plugin (registered by ``tests/conftest.py``) adds up the time of each
notebook's cells and, at the end of the run, prints one line per notebook with
its time and the bytes its saved outputs take in the repository. Reported, never asserted (speed is not a test
result). ``DOMINOTILING_NOTEBOOK_REPORT=path.json`` also writes the figures as
JSON (``python -m benchmarks.notebooks`` records them in
``benchmarks/RESULTS.md``).
"""

from __future__ import annotations

import json
import os
import pathlib

__all__ = ["NotebookCosts", "saved_output_bytes"]

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"


def saved_output_bytes(path):
    """Bytes of the outputs saved in the notebook at `path` (its JSON, outputs only)."""
    nb = json.loads(pathlib.Path(path).read_text(encoding="utf-8"))
    return sum(
        len(json.dumps(c.get("outputs", []))) for c in nb["cells"] if c["cell_type"] == "code"
    )


class NotebookCosts:
    """The pytest plugin: notebook times from nbval's reports, printed in the terminal summary."""

    def __init__(self):
        self.times = {}

    def pytest_runtest_logreport(self, report):
        path = report.location[0] if report.location else ""
        if path.endswith(".ipynb"):
            entry = self.times.setdefault(
                pathlib.Path(path).name, {"seconds": 0.0, "failed": False}
            )
            entry["seconds"] += report.duration
            entry["failed"] |= report.failed

    def rows(self):
        out = []
        for name in sorted(self.times):
            path = NOTEBOOKS / name
            out.append(
                {
                    "notebook": name,
                    "seconds": round(self.times[name]["seconds"], 2),
                    "saved_output_bytes": saved_output_bytes(path) if path.exists() else 0,
                    "failed": self.times[name]["failed"],
                }
            )
        return out

    def pytest_terminal_summary(self, terminalreporter):
        if not self.times:
            return
        rows = self.rows()
        terminalreporter.section(
            "notebooks: wall time under nbval, saved outputs (reported, not asserted)"
        )
        for r in rows:
            terminalreporter.write_line(
                f"{r['notebook']:<34} {r['seconds']:7.1f} s  "
                f"{r['saved_output_bytes'] / 1024:7.1f} kB saved outputs"
                + ("  FAILED" if r["failed"] else "")
            )
        out = os.environ.get("DOMINOTILING_NOTEBOOK_REPORT")
        if out:
            pathlib.Path(out).write_text(json.dumps(rows, indent=1), encoding="utf-8")
