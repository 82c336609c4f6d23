"""Files in and out: only regular files are read or written, within the memory budget.

Everything the library reads from outside (JSON documents, pictures, figures,
notebooks) comes through :func:`read_bytes`, and everything it writes (pictures,
documents, meshes, CSV) through :func:`write_bytes`/:func:`write_text`:

- a path is a ``str`` or ``os.PathLike`` given by the caller -- never a name taken
  from inside a document;
- a named pipe (FIFO), a device (``/dev/zero``, ``/dev/full``) or a socket is refused
  before it is opened for reading, and never opened for writing, so that nothing
  blocks for ever or reads without end; the file is opened non-blocking and checked
  again once open (it could have been swapped in between);
- a file's size (from ``stat``) is handed to the caller's check (the memory budget,
  :func:`~dominotiling._options.check_memory`) before anything is read, and never
  more than that size plus a little is read (a file that grows while it is read is
  refused);
- the operating system's errors become the library's: :class:`RegionFormatError`
  (or the class the caller names) when reading, :class:`FileError` when writing,
  each naming the path and the reason.

Examples
--------
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
>>> write_text(path, "..\\n", "the figure")
>>> read_bytes(path, "the figure")
b'..\\n'
>>> read_bytes("/dev/zero", "the figure")
Traceback (most recent call last):
...
dominotiling.errors.RegionFormatError: cannot read the figure '/dev/zero': it is a device, not a regular file (the library reads only regular files, so that nothing blocks or reads without end); copy the data to a file first
"""

from __future__ import annotations

import os
import pathlib
import stat

from .errors import DominoTypeError, FileError, RegionFormatError

__all__ = ["check_path", "read_bytes", "read_text", "write_bytes", "write_text", "output_path"]

_CHUNK = 1 << 20
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_BINARY = getattr(os, "O_BINARY", 0)


def check_path(path, name="path"):
    """`path` as a ``str`` (a ``str`` or ``os.PathLike``, not empty); a type error otherwise."""
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if isinstance(path, bytes) or not isinstance(path, str):
        raise DominoTypeError(f"{name} must be a str or a path, got {type(path).__name__}")
    if not path or "\0" in path:
        raise FileError(f"{name} {path!r} is not a file name: give one such as 'out.json'")
    return path


def _kind(mode):
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _not_regular(what, path, mode, error):
    kind = _kind(mode)
    if kind == "a folder":
        return error(f"cannot read {what} {path!r}: it is a folder, not a file")
    return error(
        f"cannot read {what} {path!r}: it is {kind}, not a regular file (the library reads only "
        "regular files, so that nothing blocks or reads without end); copy the data to a file first"
    )


def read_bytes(path, what, *, check=None, error=RegionFormatError):
    """The bytes of the regular file `path` (`what` names it in messages).

    ``check(size)``, when given, is called with the file's size before anything is
    read: the caller's memory budget (it raises :class:`TooLargeError` to refuse).
    """
    path = check_path(path)
    try:
        st = os.stat(path)
    except OSError as err:
        raise error(f"cannot read {what} {path!r}: {err.strerror or err}") from None
    if not stat.S_ISREG(st.st_mode):
        raise _not_regular(what, path, st.st_mode, error)
    if check is not None:
        check(st.st_size)
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC | _BINARY)
    except OSError as err:
        raise error(f"cannot read {what} {path!r}: {err.strerror or err}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # swapped for something else after the stat
            raise _not_regular(what, path, mode, error)
        limit = st.st_size + _CHUNK  # a file may grow a little while it is read; not without end
        parts, total = [], 0
        while True:
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise error(f"cannot read {what} {path!r}: it grows while it is read")
            parts.append(chunk)
        return b"".join(parts)
    except OSError as err:
        raise error(f"cannot read {what} {path!r}: {err.strerror or err}") from None
    finally:
        os.close(fd)


def read_text(path, what, *, check=None, error=RegionFormatError):
    """The UTF-8 text of the regular file `path`; a clear error if it is not UTF-8."""
    data = read_bytes(path, what, check=check, error=error)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(
            f"{what} {str(path)!r} is not UTF-8 text (byte {err.start} is {data[err.start]:#04x})"
        ) from None


def output_path(path, what, name="path"):
    """`path` as a ``pathlib.Path`` a file may be written to: refused if it cannot be.

    Refused (:class:`FileError`): an empty name, a name ending in a separator (a folder),
    an existing folder, named pipe, device or socket. Nothing is created.
    """
    text = check_path(path, name)
    if text.endswith(("/", os.sep)) or pathlib.Path(text).name in ("", ".", ".."):
        raise FileError(
            f"cannot write {what} to {text!r}: it names a folder, not a file; "
            f"give a file name such as {os.path.join(text, 'out')!r}"
        )
    try:
        st = os.stat(text)
    except FileNotFoundError:
        return pathlib.Path(text)
    except OSError as err:
        raise FileError(f"cannot write {what} to {text!r}: {err.strerror or err}") from None
    if not stat.S_ISREG(st.st_mode):
        kind = _kind(st.st_mode)
        raise FileError(
            f"cannot write {what} to {text!r}: it is {kind}, not a regular file (the library "
            "writes only regular files); give a file name"
        )
    return pathlib.Path(text)


def write_bytes(path, data, what):
    """Write `data` to the regular file `path` (created or replaced); :class:`FileError` otherwise."""
    target = output_path(path, what)
    try:
        fd = os.open(
            target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NONBLOCK | _CLOEXEC | _BINARY, 0o666
        )
    except OSError as err:
        raise FileError(f"cannot write {what} to {str(target)!r}: {err.strerror or err}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):  # pragma: no cover - swapped after output_path's check
            raise FileError(
                f"cannot write {what} to {str(target)!r}: it is {_kind(mode)}, not a regular file"
            )
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as err:
        raise FileError(f"cannot write {what} to {str(target)!r}: {err.strerror or err}") from None
    finally:
        os.close(fd)
    return target


def write_text(path, text, what):
    """Write `text` as UTF-8 to the regular file `path`; :class:`FileError` otherwise."""
    write_bytes(path, text.encode("utf-8"), what)
