"""A one-line notice while numba compiles one of the library's kernels for the first time.

numba compiles a kernel on its first call and keeps the machine code on disk
(``cache=True``), so only the first run on a machine waits -- a few seconds per
kernel, 20 s and more for a notebook section that needs several. Instead of
silence, each such compilation writes one line on standard error::

    dominotiling: compiling profile_dp.advance_mod for its first use on this machine (cached afterwards) ... 2.0 s

In a terminal, a progress line that is on screen takes the notice in (:func:`folding` and
:func:`status`): the line says which kernel compiles, and no other line is written. Where
standard error is not a terminal (a log, a pipe, CI) each compilation is one whole line
written when it ends, with no cursor codes::

    dominotiling: compiled profile_dp.advance_mod for its first use on this machine in 2.0 s (cached afterwards)

Inside a Dask worker the notice says nothing: the worker's standard error is the
notebook's or the terminal's too, where several workers' lines would interleave.

The notice listens to numba's own event (``numba:compile``, :mod:`numba.core.event`),
which fires only on a real compilation, never on a load from the cache; kernels
are not touched. In a Jupyter notebook the notice is instead one quiet grey line
per session (not a red standard-error box per kernel), shown where the first
compilation happens and updated in place: how many kernels were compiled, in
how many seconds, and which one is compiling now. The same kernel compiled
again for other argument types is counted once. :func:`install` registers the listener the first time a module
of ``dominotiling._kernels`` is imported (so ``import dominotiling`` still
imports no numba), and only the library's own functions are announced. Set the
environment variable ``DOMINOTILING_QUIET=1`` to silence it.

With no writable cache anywhere (``NUMBA_CACHE_DIR`` unset or not writable, the
package's ``__pycache__`` read-only, no writable ``~/.cache``: a service user, a
read-only JupyterHub image, a system-wide install), numba refuses ``cache=True``
with ``RuntimeError: cannot cache function ...: no locator available``. The
library's kernels are then compiled without the cache (each process compiles
what it uses), and one line says so, with the remedy (``NUMBA_CACHE_DIR``).
Other packages' numba functions are not touched.

Examples
--------
>>> install()      # idempotent; the package does it on import
"""

from __future__ import annotations

import os
import sys
import threading
import time

__all__ = [
    "install",
    "busy",
    "unless_busy",
    "folding",
    "status",
    "quiet_interrupt_while_importing",
    "imported",
    "ProgressLine",
]

_PACKAGE = __name__.rpartition(".")[0]  # "dominotiling"
_state = {
    "installed": False,
    "registered": False,
    "active": 0,
    "uncached": False,
    "folded": 0,  # progress lines on screen that show the notice themselves
    "current": None,  # the kernel compiling now (terminal), or None
    "done": 0,  # kernels compiled in this process
    "seconds": 0.0,  # and their time
}
_local = threading.local()
_lock = threading.Lock()


def busy():
    """True while numba compiles one of the library's kernels (a progress line waits meanwhile)."""
    return _state["active"] > 0


def unless_busy(make):
    """``make()`` if no kernel is compiling, else None: for a progress bar, which must not
    appear in the middle of a notice's line (the check and the bar's start are one step)."""
    with _lock:
        return None if _state["active"] else make()


class folding:
    """While active (a ``with`` block), compilations write no line: the caller's progress line
    shows :func:`status` instead. Nested and thread-safe; for terminals only."""

    def __enter__(self):
        with _lock:
            _state["folded"] += 1
        return self

    def __exit__(self, *exc):
        with _lock:
            _state["folded"] = max(_state["folded"] - 1, 0)
        return False


def status():
    """What a progress line adds while a kernel compiles, e.g. ``"compiling profile_dp.advance_mod
    for its first use on this machine"``; ``""`` when none does."""
    current = _state["current"]
    if current is None:
        return ""
    text = f"compiling {current} for its first use on this machine"
    if _state["done"]:
        text += f"; {_state['done']} compiled so far in {_state['seconds']:.1f} s"
    return text


def _stderr_is_terminal():
    try:
        return bool(sys.stderr.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def _in_dask_worker():
    """True inside a task of a Dask worker (its stderr is shared with the other workers')."""
    distributed = sys.modules.get("distributed")
    if distributed is None:
        return False
    try:
        distributed.get_worker()
    except (ValueError, AttributeError):
        return False
    return True


#: Seconds a job runs before its :class:`ProgressLine` appears.
PROGRESS_DELAY = 2.0


class ProgressLine:
    """A progress line on stderr (tqdm): what runs and for how long, once it has run `delay` seconds.

    For jobs that report no fraction done (a count, a limit shape): the line says
    what runs (``description``, which the job may change as it goes: "Newton step
    12") and the time elapsed; a helper thread draws it (kernels run in short
    slices, so it gets its turn), a kernel compiling meanwhile is named in it (the
    notice is folded in: no line of its own), and it is removed when the job ends.
    Where stderr is a log (not a terminal) there is no line. ``DOMINOTILING_QUIET=1``
    silences it. In a Jupyter notebook it is one quiet grey line instead, updated
    in place and cleared when the job ends.

    Examples
    --------
    >>> with ProgressLine("a short job") as line:   # done before the delay: nothing shown
    ...     line.description = "a short job, second part"
    """

    def __init__(self, description, enabled=True, delay=None):
        self.description = description
        self.enabled = enabled and not os.environ.get("DOMINOTILING_QUIET")
        self.delay = PROGRESS_DELAY if delay is None else float(delay)
        self._fold = None
        self._stop = threading.Event()
        self._thread = None
        self._t0 = time.time()
        self._notebook = False
        self._handle = None

    def _run(self):
        # a job done within the delay imports nothing more: no tqdm for a quick job
        if self._stop.wait(self.delay):
            return
        if self._notebook:
            return self._run_in_notebook()
        from tqdm import tqdm  # lazy: tqdm only for a job that lasts

        # one line: "counting the tilings of 30x30 (transfer): 00:03, compiling ... for its first
        # use" -- the compile notice is folded into it (folding(), entered with the job)
        bar = tqdm(total=None, bar_format="{desc}", file=sys.stderr, leave=False)
        try:
            while True:
                note = status()
                elapsed = tqdm.format_interval(time.time() - self._t0)
                bar.set_description_str(
                    f"{self.description}: {elapsed}" + (f", {note}" if note else "")
                )
                if self._stop.wait(0.5):
                    break
        finally:
            bar.close()

    def _bundle(self):
        import html

        text = f"{self.description}: {time.time() - self._t0:.0f} s"
        return {
            "text/plain": text,
            "text/html": f'<div class="dominotiling-progress" style="font-size:11px;color:#777;'
            f'font-family:sans-serif;margin:1px 0">{html.escape(text)}</div>',
        }

    def _run_in_notebook(self):
        """In Jupyter: one quiet grey line updated in place (no red standard-error box), cleared at the end."""
        try:
            from IPython.display import display

            self._handle = display(self._bundle(), raw=True, display_id=True)
            while not self._stop.wait(0.5):
                self._handle.update(self._bundle(), raw=True)
        except Exception:  # noqa: BLE001 - a progress line must never break a computation
            pass

    def __enter__(self):
        self._t0 = time.time()
        self._notebook = _in_notebook()
        self._handle = None
        if self.enabled and not self._notebook and not _stderr_is_terminal():
            return self  # a log: no line (its carriage returns and cursor codes would litter it)
        if self.enabled:
            if not self._notebook:
                self._fold = folding().__enter__()
            self._thread = threading.Thread(
                target=self._run, name="dominotiling-progress", daemon=True
            )
            self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        if self._fold is not None:
            self._fold.__exit__()
            self._fold = None
        if self._handle is not None:  # the line goes: a saved notebook keeps no trace of it
            try:
                self._handle.update({"text/plain": "", "text/html": ""}, raw=True)
            except Exception:  # noqa: BLE001
                pass
        return False


def _notebook_thread():
    """True in a helper thread of a Jupyter kernel (a sweep's thread compiling a kernel): its
    stderr would be a red box saved with the notebook, and only the main thread owns the line."""
    return "ipykernel" in sys.modules and threading.current_thread() is not threading.main_thread()


def install():
    """Arrange for the notice: now if a kernel module is loaded, else when the first one is imported."""
    if _state["installed"]:
        return
    _state["installed"] = True
    if any(name.startswith(f"{_PACKAGE}._kernels.") for name in list(sys.modules)):
        _register()
    else:
        sys.meta_path.insert(0, _KernelImportHook())


class _KernelImportHook:
    """A meta-path entry that registers the listener when the first kernel module is imported.

    It finds nothing itself (returns None), so the import goes on as usual.
    """

    def find_spec(self, name, path=None, target=None):
        # it stays on sys.meta_path, inert once fired: removing itself while importlib walks
        # the list would make importlib skip the finder after it
        if name.startswith(f"{_PACKAGE}._kernels.") and not _state["registered"]:
            _register()
        return None


def _ours(func):
    """True for a function defined in this package."""
    module = getattr(func, "__module__", "") or ""
    return module == _PACKAGE or module.startswith(_PACKAGE + ".")


def _cache_fallback():
    """Let the library's ``njit(cache=True)`` compile uncached when no cache directory is writable."""
    try:
        from numba.core import dispatcher
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    original = dispatcher.Dispatcher.enable_caching
    if getattr(original, "_dominotiling", False):
        return

    def enable_caching(self):
        try:
            original(self)
        except RuntimeError as err:
            if "no locator available" not in str(err) or not _ours(getattr(self, "py_func", None)):
                raise
            with _lock:
                first = not _state["uncached"]
                _state["uncached"] = True
            if first and not os.environ.get("DOMINOTILING_QUIET"):
                _write(
                    "dominotiling: no writable cache directory for numba (NUMBA_CACHE_DIR, the "
                    "package's __pycache__ and ~/.cache are not writable): kernels are compiled in "
                    "each process and not kept; set NUMBA_CACHE_DIR to a writable directory to keep them\n"
                )

    enable_caching._dominotiling = True
    enable_caching.__doc__ = original.__doc__
    dispatcher.Dispatcher.enable_caching = enable_caching


def _register():
    if _state["registered"]:
        return
    _cache_fallback()
    try:
        from numba.core import event
    except ImportError:  # pragma: no cover - numba is a dependency
        return
    _state["registered"] = True
    listener = type("CompileNotice", (_Notice, event.Listener), {"__module__": __name__})()
    event.register("numba:compile", listener)


def _kernel_name(data):
    """``module.function`` of the library's kernel being compiled, or None for anyone else's code."""
    func = getattr((data or {}).get("dispatcher"), "py_func", None)
    if not _ours(func):
        return None
    short = func.__module__.rpartition(".")[2]
    return f"{short}.{getattr(func, '__qualname__', getattr(func, '__name__', '?'))}"


def _bars_active():
    """True when a tqdm bar is on screen: write whole lines through it then."""
    tqdm = sys.modules.get("tqdm")
    try:
        return bool(tqdm is not None and len(tqdm.tqdm._instances))
    except (AttributeError, TypeError):
        return False


def _in_notebook():
    """True in a Jupyter kernel's main thread, where the notice is one quiet line per session."""
    if "ipykernel" not in sys.modules or threading.current_thread() is not threading.main_thread():
        return False
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipykernel brings IPython
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


#: The notebook's one line: the kernels compiled this session (name -> seconds), and its display.
_session = {"names": {}, "handle": None, "current": None}


def _session_bundle():
    names, current = _session["names"], _session["current"]
    done = sum(1 for k, v in names.items() if v > 0 or k != current)
    took = sum(names.values())
    kernels = f"{done} kernel{'s' if done != 1 else ''}"
    if current is not None:
        text = f"dominotiling: compiling {current} for its first use on this machine ..."
        if done:
            text += f" ({kernels} compiled so far this session, {took:.1f} s)"
    else:
        text = (
            f"dominotiling: compiled {kernels} for first use on this machine in {took:.1f} s; "
            "cached on disk, later sessions start at once"
        )
    import html

    return {
        "text/plain": text,
        "text/html": f'<div class="dominotiling-notice" style="font-size:11px;color:#777;'
        f'font-family:sans-serif;margin:1px 0">{html.escape(text)}</div>',
    }


def _notebook_line():
    """Show or update the session's one line (an IPython display with an id, updated in place)."""
    try:
        from IPython.display import display

        bundle = _session_bundle()
        if _session["handle"] is None:
            _session["handle"] = display(bundle, raw=True, display_id=True)
        else:
            _session["handle"].update(bundle, raw=True)
    except Exception:  # noqa: BLE001 - a notice must never break a computation
        pass


def _write(text):
    if _bars_active():
        sys.modules["tqdm"].tqdm.write(text.rstrip("\n"), file=sys.stderr)
        return
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):  # no usable stderr: say nothing
        pass


class _Notice:
    """Announces the outermost compilation of a library kernel (nested ones are part of it).

    Mixed into numba's ``Listener`` when registered, so that this module imports no numba.
    """

    def on_start(self, event):
        depth = getattr(_local, "depth", 0)
        _local.depth = depth + 1
        if depth:
            return
        name = _kernel_name(event.data)
        if name is None:
            _local.current = None
            return
        with _lock:  # with unless_busy: no bar can appear between this look and the notice's end
            _state["active"] += 1
            bar_on_screen = _bars_active()
        _local.current = (name, time.perf_counter(), bar_on_screen)
        if os.environ.get("DOMINOTILING_QUIET") or _in_dask_worker() or _notebook_thread():
            _local.current = (*_local.current, "quiet")
            return
        if _in_notebook():
            _local.current = (*_local.current, True)  # kind True: the notebook's line
            _session["current"] = name
            _session["names"].setdefault(name, 0.0)
            _notebook_line()
            return
        if _state["folded"] or not _stderr_is_terminal():
            # a progress line shows it (status()), or a whole line is written at the end
            _local.current = (*_local.current, "folded" if _state["folded"] else "log")
            _state["current"] = name
            return
        kept = "not cached: no writable cache" if _state["uncached"] else "cached afterwards"
        message = f"dominotiling: compiling {name} for its first use on this machine ({kept}) ..."
        # one line: finished with the time at the end; whole lines where a progress bar owns the line
        _write(message + "\n" if _local.current[2] else message)

    def on_end(self, event):
        _local.depth = max(getattr(_local, "depth", 1) - 1, 0)
        if _local.depth:
            return
        current = getattr(_local, "current", None)
        _local.current = None
        if current is None:
            return
        with _lock:
            _state["active"] = max(_state["active"] - 1, 0)
        kind = current[3] if len(current) == 4 else None
        if kind == "quiet":
            return
        if kind in ("folded", "log"):
            name, t0 = current[:2]
            seconds = time.perf_counter() - t0
            _state["current"] = None
            _state["done"] += 1
            _state["seconds"] += seconds
            if kind == "log":
                kept = (
                    "not cached: no writable cache" if _state["uncached"] else "cached afterwards"
                )
                _write(
                    f"dominotiling: compiled {name} for its first use on this machine in "
                    f"{seconds:.1f} s ({kept})\n"
                )
            return
        if kind is True:  # the notebook's line
            name, t0 = current[:2]
            _session["names"][name] = _session["names"].get(name, 0.0) + time.perf_counter() - t0
            _session["current"] = None
            _notebook_line()
            return
        name, t0, bar_line = current
        # (an error in the compilation reaches the caller as an exception anyway; numba's
        # Event.is_failed cannot tell, its answer is inverted in numba 0.59 to 0.68)
        seconds = f"{time.perf_counter() - t0:.1f} s"
        _write(f"dominotiling: compiled {name} in {seconds}\n" if bar_line else f" {seconds}\n")


# ------------------------------------------------------------ Ctrl-C during start-up
_saved_hook = []
_saved_sigint = []
_sigint_seen = [False]
#: The exit status of an interrupted command (the CLI's ``EXIT_INTERRUPTED``).
_EXIT_INTERRUPTED = 130


def _is_the_command():
    return bool(sys.argv) and os.path.basename(str(sys.argv[0])) in (
        "dominotiling",
        "dominotiling.exe",
    )


def _record_sigint(signum, frame):
    """SIGINT while the command starts: remembered, then Python's own KeyboardInterrupt."""
    _sigint_seen[0] = True
    raise KeyboardInterrupt


def _caused_by_interrupt(value):
    """Whether `value` is a KeyboardInterrupt or was raised while handling one (numpy's import
    turns a Ctrl-C in its C extension into an ``ImportError``)."""
    seen = set()
    while value is not None and id(value) not in seen:
        if isinstance(value, KeyboardInterrupt):
            return True
        seen.add(id(value))
        value = value.__cause__ or value.__context__
    return False


def _interrupted_while_importing(kind, value, tb):
    """``sys.excepthook`` while the command starts: Ctrl-C is one line and exit status 130."""
    if _is_the_command() and (_sigint_seen[0] or _caused_by_interrupt(value)):
        _write("dominotiling: interrupted\n")
        try:
            sys.stdout.flush()
        except (OSError, ValueError, AttributeError):
            pass
        os._exit(_EXIT_INTERRUPTED)  # as the command's main says it (not numpy's ImportError's 1)
    (_saved_hook[0] if _saved_hook else sys.__excepthook__)(kind, value, tb)


def quiet_interrupt_while_importing():
    """Until the ``dominotiling`` command's ``main`` runs: a Ctrl-C while the package is still
    importing (numpy, scipy, ...) prints one line and exits 130 instead of a traceback.

    The command's own ``main`` answers Ctrl-C in one line once it runs; before it, the
    import of the package (and of the ``cli`` module) is all there is. SIGINT is noted
    as it arrives (some imports turn the ``KeyboardInterrupt`` into another error).
    Other programs are not affected (the hook looks at the program's name): their
    ``sys.excepthook`` is put back when the package's import ends (:func:`imported`).
    """
    if sys.excepthook is not _interrupted_while_importing:
        _saved_hook[:] = [sys.excepthook]
        sys.excepthook = _interrupted_while_importing
    if _is_the_command() and not _saved_sigint:
        import signal

        try:
            _saved_sigint[:] = [signal.signal(signal.SIGINT, _record_sigint)]
        except (ValueError, OSError):  # not the main thread: Python's own handler stays
            pass


def imported(*, command=False):
    """The end of the package's import (or, with `command`, the start of the command's ``main``):
    the previous ``sys.excepthook`` and SIGINT handler back.

    In the ``dominotiling`` command the hook stays until ``main`` runs: the ``cli``
    module's own imports come after the package's.
    """
    if _is_the_command() and not command:
        return
    if sys.excepthook is _interrupted_while_importing and _saved_hook:
        sys.excepthook = _saved_hook[0]
    if _saved_sigint:
        import signal

        try:
            signal.signal(signal.SIGINT, _saved_sigint.pop())
        except (ValueError, OSError, TypeError):
            pass
