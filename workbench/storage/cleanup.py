"""Removing stored files that nothing refers to any more.

Two ways, both careful never to remove a file still referenced:

- At once: when records are updated, the keys of files their Attachment cells held before
  and not after are collected (``on_rows_changed``, the attachment plugin);
  once the request has committed, each is removed unless some Attachment column of any
  table, or any text of the meta database (a form's logo, a view's cover), still
  mentions it.
- By a sweep (``workbench attachments gc``): every stored attachment older than a grace period
  (default a day: a fresh upload is waiting to be put in a cell) that no Attachment
  column and no meta text mentions is removed. It also finds what the first way cannot:
  files of deleted records (kept so that a delete can be undone), tables, fields and
  projects, and uploads never used.

Any doubt keeps the file: a table that cannot be read counts as referencing everything.
One race remains: a request that copies a cell's file into another record and commits
while the file's last holder is being emptied may find the file gone (the check runs on
committed data only).
"""

from __future__ import annotations

import logging
import re
import time
import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import sqlalchemy as sa
from sqlalchemy.orm import Session

from workbench.meta.models import Base
from workbench.projects.models import Source
from workbench.storage import keys
from workbench.storage.interfaces import ListsKeys
from workbench.tables.models import Column, Table

log = logging.getLogger(__name__)

DEFAULT_GRACE = 24 * 3600
#: keys checked per query
CHUNK = 50
_KEY_RE = re.compile(
    re.escape(keys.DOWNLOAD_PREFIX) + r"([A-Za-z0-9_-]{1,64}/[A-Za-z0-9_-]{16,64}/[A-Za-z0-9_-][A-Za-z0-9._-]{0,119})"
)


def keys_in(value) -> set[str]:
    """Storage keys mentioned in a value: a cell's text, or file objects as the API gives them."""
    if value is None:
        return set()
    if isinstance(value, (list, tuple)):
        return set().union(*(keys_in(item) for item in value)) if value else set()
    if isinstance(value, dict):
        return keys_in(value.get("path")) if "path" in value else set()
    text = str(value).replace("\\/", "/")
    found = set()
    for match in _KEY_RE.finditer(text):
        key = match.group(1).rstrip(".")
        if keys.is_import(key):  # an import's upload, never an attachment
            continue
        try:
            found.add(str(keys.parse(key)))
        except keys.InvalidKey:
            continue
    return found


def removed_keys(changes: Iterable[tuple[dict | None, dict | None]]) -> set[str]:
    """Keys of files that ``(before, after)`` record pairs held before and not after."""
    removed: set[str] = set()
    for before, after in changes:
        if not before:
            continue
        held = set().union(*(keys_in(v) for v in before.values() if isinstance(v, list)))
        if held and after:
            held -= set().union(*(keys_in(v) for v in after.values() if isinstance(v, list)))
        removed |= held
    return removed


@dataclass
class _Place:
    source: types.SimpleNamespace
    table_name: str
    column_name: str


def _may_hold_files(field_types):
    holding = [t.name for t in field_types if t.holds_files]
    return sa.or_(Column.uidt.in_(holding), Column.uidt.not_in(field_types.names()))


@dataclass
class References:
    """Where file keys may be mentioned: the columns of every table whose type holds files
    (``holds_files``; a stored column whose type no enabled plugin provides counts too, so
    a disabled plugin never lets its files be removed), through each table's source, and
    the meta database's texts."""

    registry: object
    _places: list[_Place] | None = field(default=None, init=False)

    @property
    def places(self) -> list[_Place]:
        if self._places is None:
            statement = (
                sa.select(Source, Table.table_name, Column.column_name)
                .join(Table, Table.source_id == Source.id)
                .join(Column, Column.table_id == Table.id)
                .where(_may_hold_files(self.registry["field_types"]), Column.column_name.is_not(None))
            )
            with Session(self.registry["db_engine"]) as session:
                self._places = [
                    _Place(types.SimpleNamespace(id=s.id, type=s.type, config=s.config), table, column)
                    for s, table, column in session.execute(statement)
                ]
        return self._places

    def _engine(self, place: _Place) -> sa.Engine:
        return self.registry["source_engines"].get(place.source)

    def referenced(self, candidates: Iterable[str]) -> set[str]:
        """Those of ``candidates`` something still mentions (all of them when a place
        cannot be read)."""
        candidates = sorted(set(candidates))
        found: set[str] = set()
        for start in range(0, len(candidates), CHUNK):
            chunk = set(candidates[start : start + CHUNK])
            patterns = [_like_pattern(key) for key in sorted(chunk)]
            for place in self.places:
                column = sa.column(place.column_name, sa.Text)
                statement = (
                    sa.select(column)
                    .select_from(sa.table(place.table_name, column))
                    .where(sa.or_(*(column.like(p, escape="\\") for p in patterns)))
                )
                try:
                    with self._engine(place).connect() as connection:
                        for (text,) in connection.execute(statement):
                            found |= keys_in(text) & chunk
                except Exception:  # keep the files rather than guess
                    log.exception("cannot read %s.%s to check file references", place.table_name, place.column_name)
                    return set(candidates)
            for text in self._meta_texts(patterns):
                found |= keys_in(text) & chunk
        return found

    def all_keys(self) -> set[str]:
        """Every key mentioned anywhere; raises if some place cannot be read."""
        found: set[str] = set()
        for place in self.places:
            column = sa.column(place.column_name, sa.Text)
            statement = sa.select(column).select_from(sa.table(place.table_name, column)).where(column.is_not(None))
            with self._engine(place).connect() as connection:
                for (text,) in connection.execution_options(yield_per=1000).execute(statement):
                    found |= keys_in(text)
        for text in self._meta_texts([_like_pattern(keys.DOWNLOAD_PREFIX)]):
            found |= keys_in(text)
        return found

    def _meta_texts(self, patterns: list[str]) -> Iterator[str]:
        """Texts of the meta database matching any of ``patterns`` (views' covers, forms'
        logos, ...): one query per meta table."""
        with self.registry["db_engine"].connect() as connection:
            for table in Base.metadata.sorted_tables:
                texts = [_as_text(c) for c in table.columns if _is_text(c.type)]
                if not texts:
                    continue
                condition = sa.or_(*(t.like(p, escape="\\") for t in texts for p in patterns))
                for row in connection.execute(sa.select(*texts).where(condition)):
                    yield from (str(value) for value in row if value is not None)


def _is_text(sql_type) -> bool:
    if isinstance(sql_type, sa.types.TypeDecorator):
        sql_type = sql_type.impl_instance
    return isinstance(sql_type, (sa.String, sa.JSON))


def _as_text(column: sa.Column) -> sa.ColumnElement:
    """The column as plain text (compared without its type's JSON encoding)."""
    if isinstance(column.type, sa.JSON):
        return sa.cast(column, sa.Text)
    return sa.type_coerce(column, sa.Text)


def _like_pattern(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def schedule_removal(request, found: set[str]) -> None:
    """Remove ``found`` once the request has committed, unless still referenced."""
    pending = request.__dict__.get("_orphan_keys")
    if pending is None:
        pending = request.__dict__["_orphan_keys"] = set()
        request.tm.get().addAfterCommitHook(_after_commit, args=(request.registry, pending))
    pending |= found


def _after_commit(success: bool, registry, pending: set[str]) -> None:
    if not success or not pending:
        return
    try:
        remove_unreferenced(registry, sorted(pending))
    except Exception:  # the request's outcome is decided; a sweep will find the rest
        log.exception("removing files no record refers to failed")


def remove_unreferenced(registry, candidates: Iterable[str]) -> list[str]:
    """Remove each candidate key nothing mentions; the removed keys."""
    backend = registry["storage"].backend
    candidates = set(candidates)
    removed = sorted(candidates - References(registry).referenced(candidates))
    for key in removed:
        backend.delete(key)
    return removed


@dataclass
class SweepResult:
    removed: list[str]
    kept: int


def sweep(registry, grace: float = DEFAULT_GRACE, dry_run: bool = False, now: float | None = None) -> SweepResult:
    """Remove every stored file older than ``grace`` seconds that nothing mentions."""
    backend = registry["storage"].backend
    if not isinstance(backend, ListsKeys):
        raise RuntimeError(f"the storage backend {backend.name!r} cannot list its files")
    referenced = References(registry).all_keys()
    cutoff = (time.time() if now is None else now) - grace
    removed, kept = [], 0
    for key, modified in backend.list_keys():
        if keys.is_import(key):  # an import's upload: the import jobs' own sweep removes it
            continue
        if key in referenced or modified > cutoff:
            kept += 1
            continue
        if not dry_run:
            backend.delete(key)
        removed.append(key)
    return SweepResult(sorted(removed), kept)
