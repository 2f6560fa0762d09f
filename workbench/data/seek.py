"""Jumps to any position of a sorted list without counting the rows before it.

No engine finds the n-th row of an order faster than by stepping over the n rows before it
(an OFFSET of 900,000 on an index still reads 900,000 index entries, and a window function
numbering the rows reads them all). So the position of a jump is found through anchors:
the keys of every ``STRIDE``-th record of the order, kept in memory per table, order and
filter. Each anchor is found from the one before by a keyset read that steps over
``STRIDE - 1`` entries of the sort's index, so the anchors up to a position cost one short
statement per ``STRIDE`` records, and only the anchors up to the deepest position jumped to
are ever read. A jump to position p starts after the anchor before p and steps over fewer
than ``STRIDE`` keys.

Anchors are exact when read. Writes to the table (counted per table by the rows-changed
hook) make them stale: when reading them again is cheap it is done at once; on a big
table a jump lands within as many rows as were inserted or deleted before it since (the
page says its offset is an estimate) until the anchors are older than ``REFRESH_AFTER``
seconds. Writes by other server processes are not counted: every anchor set is read again
after ``MAX_AGE`` seconds. Scrolling from a jump goes on by cursor, which is always exact.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field

from workbench.data.keyset import read_keys
from workbench.data.model import Model
from workbench.data.query import ListParams
from workbench.lru import LRU

STRIDE = 2000
# Stale anchors are read again at once when reading them took less than this many seconds
# (a table of up to some 100,000 rows), else when they are older than ``REFRESH_AFTER``.
CHEAP_READ = 0.05
REFRESH_AFTER = 30.0
# Anchors are read again after this many seconds anyway: writes by other server processes
# are not counted here.
MAX_AGE = 300.0
# Anchor sets kept per process (each about 100 KB for a million rows).
MAX_SETS = 64


@dataclass
class Anchors:
    keys: list[tuple]
    version: int
    built: float
    #: seconds spent reading them
    cost: float = 0.0
    #: whether the last record's anchor has been read (no more to find)
    complete: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)

    def extend(self, connection, model: Model, params: ListParams, keys: list[tuple], upto: int) -> None:
        """Read the anchors up to index ``upto`` (as far as the records go)."""
        started = time.monotonic()
        with self.lock:
            while len(self.keys) <= upto and not self.complete:
                last = self.keys[-1] if self.keys else None
                found = read_keys(connection, model, params, keys, last, 1, STRIDE - 1 if last is not None else 0)
                if found:
                    self.keys.append(found[0])
                else:
                    self.complete = True
        self.cost += time.monotonic() - started


class AnchorCache:
    """Anchor sets by (table, schema version, order, filter), and each table's write count."""

    def __init__(self):
        self._sets: LRU[tuple, Anchors] = LRU(MAX_SETS)
        self._writes: dict[str, int] = {}
        self._lock = threading.Lock()

    def written(self, table_id: str) -> None:
        with self._lock:
            self._writes[table_id] = self._writes.get(table_id, 0) + 1

    def version(self, table_id: str) -> int:
        return self._writes.get(table_id, 0)

    def get(self, key: tuple) -> Anchors | None:
        return self._sets.get(key)

    def put(self, key: tuple, anchors: Anchors) -> None:
        self._sets.put(key, anchors)


def filter_digest(connection, where) -> str:
    """A digest of a compiled filter and its parameters: a cache key part ("" for none)."""
    if where is None:
        return ""
    compiled = where.compile(dialect=connection.dialect)
    return hashlib.sha256(f"{compiled}|{sorted(compiled.params.items(), key=str)!r}".encode()).hexdigest()


def anchor_before(
    cache: AnchorCache, connection, model: Model, scope: tuple, params: ListParams, keys: list[tuple], position: int
) -> tuple[tuple | None, int, bool]:
    """``(anchor, skip, exact)``: start after ``anchor`` (from the first record when None)
    and step over ``skip`` records to reach ``position``; ``exact`` is False when the table
    changed since the anchors were read. ``scope`` is ``(table id, schema version, source
    id)``."""
    if position <= STRIDE:
        return None, position, True
    table_id = scope[0]
    key = (
        *scope,
        model.dialect,
        tuple((str(expr), desc) for expr, desc in keys),
        filter_digest(connection, params.where),
    )
    version = cache.version(table_id)
    anchors = cache.get(key)
    now = time.monotonic()
    age = now - anchors.built if anchors is not None else 0.0
    if (
        anchors is None
        or (anchors.version != version and (anchors.cost < CHEAP_READ or age > REFRESH_AFTER))
        or age > MAX_AGE
    ):
        anchors = Anchors([], version, now)
        cache.put(key, anchors)
    # The last anchor strictly before ``position`` (anchor i is record i * STRIDE).
    wanted = (position - 1) // STRIDE
    anchors.extend(connection, model, params, keys, wanted)
    index = min(wanted, len(anchors.keys) - 1)
    if index <= 0:
        return None, position, anchors.version == version
    return anchors.keys[index], position - index * STRIDE - 1, anchors.version == version
