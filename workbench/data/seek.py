"""Jumps to any position of a sorted list without counting the rows before it.

No engine finds the n-th row of an order faster than by stepping over the n rows before it
(an OFFSET of 900,000 on an index still reads 900,000 index entries). So the position of a
jump is found through anchors: the keys of every ``STRIDE``-th record of the order, read in
one pass (a window function over the sort index) and kept in memory per table, order and
filter. A jump to position p starts after the anchor before p and steps over fewer than
``STRIDE`` keys.

Anchors are exact when read. Writes to the table (counted per table by the rows-changed
hook) make them stale: when reading them is cheap they are read again at once; on a big
table a jump lands within as many rows as were inserted or deleted before it since (the
page says its offset is an estimate) until the anchors are older than ``REFRESH_AFTER``
seconds. Scrolling from a jump goes on by cursor, which is always exact.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import sqlalchemy as sa

from workbench.data.keyset import _ordering
from workbench.data.model import Model
from workbench.data.query import ListParams

STRIDE = 1000
# Stale anchors are read again at once when reading them took less than this many seconds
# (a table of up to some 100,000 rows), else when they are older than ``REFRESH_AFTER``.
CHEAP_READ = 0.05
REFRESH_AFTER = 30.0
# Anchor sets kept per process (each about 100 KB for a million rows).
MAX_SETS = 64


@dataclass
class Anchors:
    keys: list[tuple]
    version: int
    built: float
    #: seconds it took to read them
    cost: float = 0.0


class AnchorCache:
    """Anchor sets by (table, schema version, order, filter), and each table's write count."""

    def __init__(self):
        self._sets: OrderedDict[tuple, Anchors] = OrderedDict()
        self._writes: dict[str, int] = {}
        self._lock = threading.Lock()

    def written(self, table_id: str) -> None:
        with self._lock:
            self._writes[table_id] = self._writes.get(table_id, 0) + 1

    def version(self, table_id: str) -> int:
        return self._writes.get(table_id, 0)

    def get(self, key: tuple) -> Anchors | None:
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
            return found

    def put(self, key: tuple, anchors: Anchors) -> None:
        with self._lock:
            self._sets[key] = anchors
            self._sets.move_to_end(key)
            while len(self._sets) > MAX_SETS:
                self._sets.popitem(last=False)


def _filter_digest(connection, where) -> str:
    if where is None:
        return ""
    compiled = where.compile(dialect=connection.dialect)
    return hashlib.sha256(f"{compiled}|{sorted(compiled.params.items(), key=str)!r}".encode()).hexdigest()


def read_anchors(connection, model: Model, params: ListParams, keys: list[tuple]) -> list[tuple]:
    """The keys of records 0, STRIDE, 2*STRIDE... of the order ``keys``."""
    labels = [expr.label(f"_wb_k{i}") for i, (expr, _desc) in enumerate(keys)]
    order = [_ordering(model.dialect, expr, desc) for expr, desc in keys]
    inner = sa.select(*labels, sa.func.row_number().over(order_by=order).label("_wb_rn")).select_from(model.table)
    if params.where is not None:
        inner = inner.where(params.where)
    numbered = inner.subquery("_wb_numbered")
    statement = (
        sa.select(*(numbered.c[f"_wb_k{i}"] for i in range(len(keys))))
        .where((numbered.c._wb_rn - 1) % STRIDE == 0)
        .order_by(numbered.c._wb_rn)
    )
    return [tuple(r) for r in connection.execute(statement)]


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
        _filter_digest(connection, params.where),
    )
    version = cache.version(table_id)
    anchors = cache.get(key)
    now = time.monotonic()
    if anchors is None or (
        anchors.version != version and (anchors.cost < CHEAP_READ or now - anchors.built > REFRESH_AFTER)
    ):
        keys_found = read_anchors(connection, model, params, keys)
        anchors = Anchors(keys_found, version, now, time.monotonic() - now)
        cache.put(key, anchors)
    # The last anchor strictly before ``position`` (anchor i is record i * STRIDE).
    index = min((position - 1) // STRIDE, len(anchors.keys) - 1)
    if index <= 0:
        return None, position, anchors.version == version
    return anchors.keys[index], position - index * STRIDE - 1, anchors.version == version
