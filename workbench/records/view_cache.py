"""The views of records requests, kept in memory between requests.

A records request through a view needs the view with its fields, sorts and filters: four
statements and the ORM objects they build, more than the page itself costs on a big table.
So each process keeps a read-only copy of the views it has read (``ViewCopy``), and a
request reads only the view's own row (one short statement, which it needs anyway to find
the view by id or title) to tell whether its copy is still the view:

- any change to a view, its fields, sorts or filters, made through the ORM by any session,
  moves the view's ``updated_at`` in the same flush (see ``workbench.tables.models``);
- a change to the table's fields (which removes their view fields, sorts and filters with
  them) moves the table's ``schema_version``.

A copy is used only while both equal what they were when it was made, so every process
sees a change on its next request. Copies are kept only where ``updated_at`` keeps
microseconds (a meta database on SQLite or PostgreSQL): on MariaDB and MySQL it keeps
seconds, and two changes within one second would read as one, so there every request reads
its view.
"""

from __future__ import annotations

import copy
import types

import sqlalchemy as sa
from sqlalchemy.orm import selectinload

from workbench.lru import LRU
from workbench.tables.models import View

#: copies kept per process
MAX_VIEWS = 512
#: meta databases whose timestamps tell apart changes made within a second
FINE_TIMESTAMPS = ("sqlite", "postgresql")

_VIEW = View.__table__
# built once: a view of a table by id or title
_FIND = (
    sa.select(_VIEW.c.id, _VIEW.c.updated_at)
    .where(_VIEW.c.table_id == sa.bindparam("table_id"))
    .where(sa.or_(_VIEW.c.id == sa.bindparam("key"), _VIEW.c.title == sa.bindparam("key")))
    .limit(1)
)


def _copy(obj) -> types.SimpleNamespace:
    """The mapped columns of ``obj`` (JSON values copied: nothing shares them)."""
    return types.SimpleNamespace(
        **{attr.key: copy.deepcopy(getattr(obj, attr.key)) for attr in sa.inspect(type(obj)).column_attrs}
    )


class ViewCopy(types.SimpleNamespace):
    """A view as read: its columns as attributes, and ``columns``, ``filters`` and
    ``sorts`` as lists of copies in the ORM's order."""

    @classmethod
    def of(cls, view: View) -> ViewCopy:
        made = cls(**vars(_copy(view)))
        made.columns = [_copy(c) for c in view.columns]
        made.filters = [_copy(f) for f in view.filters]
        made.sorts = [_copy(s) for s in view.sorts]
        return made


class ViewCache:
    """Copies by view id, each with the stamp it was made at."""

    def __init__(self, size: int = MAX_VIEWS):
        self._copies: LRU[str, tuple[tuple, ViewCopy]] = LRU(size)

    def get(self, view_id: str, stamp: tuple) -> ViewCopy | None:
        found = self._copies.get(view_id)
        return found[1] if found is not None and found[0] == stamp else None

    def put(self, view_id: str, stamp: tuple, view: ViewCopy) -> None:
        self._copies.put(view_id, (stamp, view))


def view_cache(registry) -> ViewCache:
    cache = registry.get("record_views")
    if cache is None:
        cache = registry["record_views"] = ViewCache()
    return cache


def find_view(request, table, key: str) -> ViewCopy | None:
    """The view of ``table`` whose id or title is ``key`` (None if there is none), from
    the process's copy when the view and the table have not changed since it was made."""
    connection = request.dbsession.connection()
    row = connection.execute(_FIND, {"table_id": table.id, "key": key}).first()
    if row is None:
        return None
    stamp = (row.updated_at, table.schema_version)
    cache = view_cache(request.registry) if connection.dialect.name in FINE_TIMESTAMPS else None
    found = cache.get(row.id, stamp) if cache is not None else None
    if found is not None:
        return found
    view = request.dbsession.scalars(
        sa.select(View)
        .where(View.id == row.id)
        .options(selectinload(View.filters), selectinload(View.sorts), selectinload(View.columns))
    ).first()
    if view is None:
        return None
    made = ViewCopy.of(view)
    if cache is not None:
        # kept under the stamp read first: a change committed between the two statements
        # gives a copy newer than its stamp, which the next request reads again
        cache.put(view.id, stamp, made)
    return made
