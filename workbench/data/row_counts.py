"""How many records a list holds, at a price that does not grow with a connected table.

A table of a database Workbench owns is counted exactly, every time. A connected
(external) database can hold tables of any size that Workbench does not index, where a
``COUNT(*)`` reads every row: there the count is

- without a filter: the database's own estimate when it says the table holds at least
  ``workbench.sources.count_estimate_from`` rows (default 100,000): PostgreSQL's planner
  statistics (``pg_class.reltuples`` scaled to the table's current size, as the planner
  does), MySQL/MariaDB's ``information_schema.TABLES.TABLE_ROWS``; an exact count below
  that, for views, for tables never analysed and for SQLite files (and other databases);
- with a filter, on such a big table: an exact count when it finishes within
  ``workbench.sources.count_budget`` seconds (default 0.5), else the planner's estimate of
  the matching rows (``EXPLAIN``), at most the table's estimate;
- on PostgreSQL and MySQL/MariaDB, kept for ``workbench.sources.count_cache_seconds``
  (default 30) per table and filter, and
  read again at once after a write through Workbench to that table (writes made by others
  in the database show within that time).

Every count of a connected table says whether it is an estimate.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import DBAPIError, OperationalError

from workbench.data.model import Model
from workbench.data.query import count_rows
from workbench.data.seek import filter_digest
from workbench.lru import LRU

ESTIMATE_FROM = 100_000
COUNT_BUDGET = 0.5
CACHE_SECONDS = 30.0
MAX_CACHED = 1024


@dataclass(frozen=True)
class RowCount:
    total: int
    estimated: bool


def _setting(settings, name: str, default: float) -> float:
    value = (settings or {}).get(f"workbench.sources.{name}")
    return default if value in (None, "") else float(value)


def owned(source) -> bool:
    """Whether ``source`` is a database Workbench owns (counted exactly)."""
    return source is None or bool(getattr(source, "is_default", False))


# -- the database's estimates ---------------------------------------------------------------
_PG_TABLE_ESTIMATE = sa.text(
    """SELECT CASE WHEN c.reltuples < 0 THEN NULL
                   WHEN c.relpages = 0 THEN c.reltuples
                   ELSE c.reltuples / c.relpages
                        * (pg_relation_size(c.oid) / current_setting('block_size')::int) END
       FROM pg_class c WHERE c.oid = to_regclass(:name) AND c.relkind IN ('r', 'p', 'm')"""
)
_MARIADB_TABLE_ESTIMATE = sa.text(
    """SELECT TABLE_ROWS FROM information_schema.TABLES
       WHERE TABLE_SCHEMA = COALESCE(:schema, DATABASE()) AND TABLE_NAME = :name AND TABLE_TYPE = 'BASE TABLE'"""
)


def table_estimate(connection, model: Model) -> int | None:
    """The database's estimate of the rows of ``model``'s table; None when it has none."""
    dialect = connection.dialect.name
    if dialect == "postgresql":
        name = connection.dialect.identifier_preparer.format_table(model.table)
        value = connection.execute(_PG_TABLE_ESTIMATE, {"name": name}).scalar()
    elif dialect in ("mysql", "mariadb"):
        value = connection.execute(
            _MARIADB_TABLE_ESTIMATE, {"schema": model.table.schema, "name": model.table.name}
        ).scalar()
    else:
        return None
    return None if value is None else max(0, round(float(value)))


def _planned_rows(connection, model: Model, where) -> int | None:
    """The planner's estimate of the rows of ``model`` matching ``where``."""
    statement = sa.select(sa.literal(1)).select_from(model.table).where(where)
    compiled = statement.compile(dialect=connection.dialect, compile_kwargs={"literal_binds": True})
    dialect = connection.dialect.name
    try:
        if dialect == "postgresql":
            plan = connection.exec_driver_sql(f"EXPLAIN (FORMAT JSON) {compiled}").scalar()
            plan = json.loads(plan) if isinstance(plan, str) else plan
            return round(plan[0]["Plan"]["Plan Rows"])
        if dialect in ("mysql", "mariadb"):
            row = connection.exec_driver_sql(f"EXPLAIN {compiled}").mappings().first()
            if row is None or row.get("rows") is None:
                return None
            return round(float(row["rows"]) * float(row.get("filtered") or 100) / 100)
    except (sa.exc.CompileError, DBAPIError):
        return None
    return None


def _timed_count(connection, model: Model, where, seconds: float) -> int | None:
    """The exact count of the rows matching ``where`` if the database finds it within
    ``seconds``; None when it was stopped."""
    dialect = connection.dialect.name
    statement = sa.select(sa.func.count()).select_from(model.table).where(where)
    milliseconds = max(1, round(seconds * 1000))
    if dialect == "postgresql":
        before = connection.exec_driver_sql("SHOW statement_timeout").scalar()
        savepoint = connection.begin_nested()
        try:
            connection.exec_driver_sql(f"SET LOCAL statement_timeout = {milliseconds}")
            found = connection.execute(statement).scalar_one()
        except OperationalError as exc:
            savepoint.rollback()  # also undoes the SET LOCAL
            if getattr(exc.orig, "sqlstate", None) == "57014":
                return None
            raise
        savepoint.commit()
        connection.execute(sa.text("SELECT set_config('statement_timeout', :value, true)"), {"value": before})
        return found
    if dialect in ("mysql", "mariadb") and getattr(connection.dialect, "is_mariadb", False):
        try:
            compiled = statement.compile(dialect=connection.dialect, compile_kwargs={"literal_binds": True})
        except sa.exc.CompileError:
            return connection.execute(statement).scalar_one()
        try:
            return connection.exec_driver_sql(f"SET STATEMENT max_statement_time = {seconds} FOR {compiled}").scalar()
        except OperationalError as exc:
            if exc.orig.args and exc.orig.args[0] == 1969:  # ER_STATEMENT_TIMEOUT
                return None
            raise
    return connection.execute(statement).scalar_one()


# -- the cache -------------------------------------------------------------------------------
class CountCache:
    """Counts by (table, schema version, filter), with the time they were read and the
    table's write count then (see ``AnchorCache.version``)."""

    def __init__(self):
        self._items: LRU[tuple, tuple[RowCount, float, int]] = LRU(MAX_CACHED)

    def get(self, key: tuple, version: int, max_age: float) -> RowCount | None:
        found = self._items.get(key)
        if found is None:
            return None
        count, read_at, read_version = found
        if read_version != version or time.monotonic() - read_at > max_age:
            return None
        return count

    def put(self, key: tuple, count: RowCount, version: int) -> None:
        self._items.put(key, (count, time.monotonic(), version))


def count_records(
    connection, model: Model, where, source, settings=None, cache: CountCache | None = None, scope=(), version=0
) -> RowCount:
    """The number of ``model``'s records matching ``where`` (all when None). ``scope``
    names the table (id, schema version) for the cache; ``version`` is its write count."""
    if owned(source) or connection.dialect.name not in ("postgresql", "mysql", "mariadb"):
        return RowCount(count_rows(connection, model, where), False)
    key = (*scope, filter_digest(connection, where))
    max_age = _setting(settings, "count_cache_seconds", CACHE_SECONDS)
    if cache is not None and max_age > 0:
        cached = cache.get(key, version, max_age)
        if cached is not None:
            return cached
    found = _count_external(connection, model, where, settings)
    if cache is not None and max_age > 0:
        cache.put(key, found, version)
    return found


def _count_external(connection, model: Model, where, settings) -> RowCount:
    threshold = _setting(settings, "count_estimate_from", ESTIMATE_FROM)
    estimate = table_estimate(connection, model)
    if estimate is None or estimate < threshold:
        return RowCount(count_rows(connection, model, where), False)
    if where is None:
        return RowCount(estimate, True)
    exact = _timed_count(connection, model, where, _setting(settings, "count_budget", COUNT_BUDGET))
    if exact is not None:
        return RowCount(exact, False)
    planned = _planned_rows(connection, model, where)
    return RowCount(max(1, min(planned if planned is not None else estimate, estimate)), True)
