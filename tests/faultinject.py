"""Faults a test cannot make for real on this machine (tests may run as root, where a mode of
0o500 does not stop a write): run before ``referee`` in the same process.

``FAULT_ROOTS`` (paths joined by ``os.pathsep``) are the directories the fault applies under;
``FAULT_KIND`` is ``readonly`` (creating or writing a file or directory there fails with EROFS)
or ``full`` (writes there fail with ENOSPC, as on a full disk). Reading is never touched.
"""

import builtins
import errno
import io
import os

_ROOTS = tuple(os.path.realpath(p) for p in os.environ.get("FAULT_ROOTS", "").split(os.pathsep) if p)
_KIND = os.environ.get("FAULT_KIND", "readonly")
_CODE = errno.EROFS if _KIND == "readonly" else errno.ENOSPC


def _under(path) -> bool:
    if isinstance(path, int):
        return False
    try:
        real = os.path.realpath(os.fspath(path))
    except TypeError:
        return False
    return any(real == root or real.startswith(root + os.sep) for root in _ROOTS)


def _fail(path):
    raise OSError(_CODE, os.strerror(_CODE), os.fspath(path))


class _FullFile:
    """A file whose writes fail as on a full disk."""

    def __init__(self, handle, path):
        self._handle, self._path = handle, path

    def write(self, data):
        _fail(self._path)

    def __getattr__(self, name):
        return getattr(self._handle, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._handle.close()


_open, _os_open, _mkdir = builtins.open, os.open, os.mkdir


def _faulty_open(file, mode="r", *args, **kwargs):
    if any(flag in mode for flag in "wax+") and _under(file):
        if _KIND == "readonly":
            _fail(file)
        return _FullFile(_open(file, mode, *args, **kwargs), file)
    return _open(file, mode, *args, **kwargs)


def _faulty_os_open(path, flags, mode=0o777, *, dir_fd=None):
    if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT) and _under(path) and _KIND == "readonly":
        _fail(path)
    return _os_open(path, flags, mode, dir_fd=dir_fd)


def _faulty_mkdir(path, mode=0o777, *, dir_fd=None):
    if _under(path) and _KIND == "readonly":
        _fail(path)
    return _mkdir(path, mode, dir_fd=dir_fd)


builtins.open = io.open = _faulty_open
os.open = _faulty_os_open
os.mkdir = _faulty_mkdir
