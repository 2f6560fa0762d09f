"""The limits an import works within, so that a small file cannot cost the server much:

- a zip-based file (xlsx, xlsm, ods, ots) is refused before it is parsed when its members
  unpack to more than ``workbench.import.max_unpacked_size`` bytes in all (default 200 MB),
  when a member of more than ``RATIO_FLOOR`` bytes unpacks to more than
  ``workbench.import.max_ratio`` times its packed size (default 100), or when it has more
  than ``workbench.import.max_members`` members (default 2,000); only the zip's directory is
  read for this, nothing is extracted;
- a spreadsheet holds at most ``workbench.import.max_cells`` cells (default 10 million),
  declared or read;
- reading the file for its preview, and each run of an import job, spend at most
  ``workbench.import.cpu_seconds`` seconds of CPU time (default 600).

Going past a limit raises ``ImportFileError`` naming the limit.
"""

from __future__ import annotations

import itertools
import time
import zipfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from workbench.imports.interfaces import ImportFileError

MB = 1024 * 1024
#: members unpacking to at most this many bytes are not held to the ratio
RATIO_FLOOR = 2 * MB
#: rows read between two looks at the CPU time
CHECK_EVERY = 1000


@dataclass(frozen=True)
class ImportLimits:
    max_unpacked_size: int = 200 * MB
    max_ratio: float = 100.0
    max_members: int = 2000
    max_cells: int = 10_000_000
    cpu_seconds: float = 600.0

    @classmethod
    def from_settings(cls, settings) -> ImportLimits:
        def number(key: str, default, kind):
            raw = settings.get(f"workbench.import.{key}")
            value = kind(raw) if raw not in (None, "") else default
            if value <= 0:
                raise ValueError(f"workbench.import.{key} must be a positive number")
            return value

        return cls(
            max_unpacked_size=number("max_unpacked_size", cls.max_unpacked_size, int),
            max_ratio=number("max_ratio", cls.max_ratio, float),
            max_members=number("max_members", cls.max_members, int),
            max_cells=number("max_cells", cls.max_cells, int),
            cpu_seconds=number("cpu_seconds", cls.cpu_seconds, float),
        )


def _size(count: float) -> str:
    return f"{count / MB:g} MB" if count >= MB else f"{int(count)} bytes"


def check_zip(path: str, limits: ImportLimits, what: str = "zip archive") -> list[zipfile.ZipInfo]:
    """Check a zip file's directory against the limits (without extracting anything);
    answers its members. ``what`` names the format in the message for a file that is no zip.
    A member's declared size is a bound: ``zipfile`` reads no more than that of it."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise ImportFileError(f"The file is not a readable {what} ({exc})") from None
    if len(members) > limits.max_members:
        raise ImportFileError(
            f"The file holds {len(members)} packed files, more than the limit of {limits.max_members}"
        )
    total = 0
    for member in members:
        total += member.file_size
        if member.file_size > RATIO_FLOOR and member.file_size > limits.max_ratio * max(member.compress_size, 1):
            raise ImportFileError(
                f"The file's part '{member.filename}' unpacks to {_size(member.file_size)} from "
                f"{_size(member.compress_size)}, more than {limits.max_ratio:g} times its packed size "
                "(the limit for packed files)"
            )
    if total > limits.max_unpacked_size:
        raise ImportFileError(
            f"The file unpacks to {_size(total)}, more than the limit of {_size(limits.max_unpacked_size)}"
        )
    return members


class CellCount:
    """The cells of one file read so far, refused past ``limits.max_cells``."""

    def __init__(self, limits: ImportLimits):
        self.limit = limits.max_cells
        self.count = 0

    def add(self, cells: int) -> None:
        self.count += cells
        if self.count > self.limit:
            raise ImportFileError(f"The file has more than {self.limit:,} cells, the limit for a spreadsheet")

    def rows(self, rows: Iterable) -> Iterator:
        """``rows``, each counted as it is read."""
        with _closing(rows) as iterator:
            for row in iterator:
                self.add(len(row))
                yield row


class CpuBudget:
    """CPU time spent by this thread on one piece of work, against ``limit`` seconds.
    ``pause`` and ``resume`` leave out the time between them (other greenlets' turns)."""

    def __init__(self, limit: float):
        self.limit = limit
        self.spent = 0.0
        self._since: float | None = time.thread_time()

    def pause(self) -> None:
        if self._since is not None:
            self.spent += time.thread_time() - self._since
            self._since = None

    def resume(self) -> None:
        if self._since is None:
            self._since = time.thread_time()

    def charge(self, seconds: float) -> None:
        """Count ``seconds`` of this thread's time spent on the work by another greenlet:
        only while paused (running, the time counts already)."""
        if self._since is None:
            self.spent += seconds

    def used(self) -> float:
        running = time.thread_time() - self._since if self._since is not None else 0.0
        return self.spent + running

    def check(self) -> None:
        if self.used() > self.limit:
            raise ImportFileError(f"The import used more than {self.limit:g} seconds of processor time, its limit")

    def watch(self, rows: Iterable[list]) -> Iterator[list]:
        """``rows``, with a look at the time every ``CHECK_EVERY`` rows (taken from ``rows``
        that many at a time: no Python step of this generator per row)."""
        with _closing(rows) as iterator:
            while part := list(itertools.islice(iterator, CHECK_EVERY)):
                yield from part
                if len(part) < CHECK_EVERY:
                    return
                self.check()


@contextmanager
def _closing(rows: Iterable) -> Iterator[Iterator]:
    """An iterator over ``rows``, closed when left (a reader's file with it, at once)."""
    iterator = iter(rows)
    try:
        yield iterator
    finally:
        close = getattr(iterator, "close", None)
        if close is not None:
            close()
