"""Building and dropping helper columns when fields change.

``settle(request, table_id)`` makes a table's helpers match its fields: a field that may
be kept (its type's ``maintained_spec``) and whose mark is missing or names another spec
gets its helper column (indexed, so a sort reads the index) computed for every record,
then the mark; a field no longer kept loses its mark; helpers of fields that are no longer
kept, or gone, are dropped once the change is committed. Every step runs in the request's
transactions, so a failed change leaves meta and data as they were.
"""

from __future__ import annotations

import re

import sqlalchemy as sa
from sqlalchemy.orm.attributes import flag_modified
from workbench_plugins.field_types.links.relations import Relation

from workbench.plugin_api import data_transaction, field_type, maintained_aggregates, schema

from .refresh import refresh_all
from .specs import counts, helper_type

MARK, PREFIX, enabled = maintained_aggregates.MARK, maintained_aggregates.PREFIX, maintained_aggregates.enabled
helper_name, index_name = maintained_aggregates.helper_name, maintained_aggregates.index_name
kept_formula = maintained_aggregates.kept_formula
Column, Table = schema.Column, schema.Table
Catalog, build_model, meta_loader, bump = schema.Catalog, schema.build_model, schema.meta_loader, schema.bump


def _helpers(connection, table_name: str) -> set[str]:
    return {c["name"] for c in sa.inspect(connection).get_columns(table_name) if c["name"].startswith(PREFIX)}


def _index(dialect: str, table_name: str, name: str, column_id: str) -> sa.Index:
    column = sa.Column(name, sa.Double())
    sa.Table(table_name, sa.MetaData(), column)
    # PostgreSQL: ascending with nulls first, so that both directions of a sort with nulls
    # smallest (the engine's order) walk the index
    return sa.Index(index_name(column_id), column.asc().nulls_first() if dialect == "postgresql" else column)


def _add_helper(work, table_name: str, column_id: str, spec: str, sql_type=None) -> None:
    """The helper, holding what its field reads for a record without linked rows until it
    is computed (0 for counts, else NULL): a record inserted later reads right at once.
    A kept formula's helper has ``sql_type``."""
    name = helper_name(column_id)
    work.begin_write()
    default = sa.text("0") if sql_type is None and counts(spec) else None
    helper = sa.Column(name, sql_type if sql_type is not None else helper_type(spec), server_default=default)
    schema.operations(work.connection).add_column(table_name, helper)
    work.on_undo(lambda conn: schema.operations(conn).drop_column(table_name, name))
    index = _index(work.dialect, table_name, name, column_id)
    index.create(work.connection)
    work.on_undo(lambda conn: index.drop(conn, checkfirst=True))


def _drop_helper(work, table_name: str, name: str) -> None:
    column_id = name.removeprefix(PREFIX)
    index = _index(work.dialect, table_name, name, column_id)

    def drop(conn):
        index.drop(conn, checkfirst=True)
        schema.operations(conn).drop_column(table_name, name)

    work.after_commit(drop)


def settle(request, table_id: str) -> None:
    session = request.dbsession
    session.flush()
    table = session.get(Table, table_id)
    if table is None or table.type == "mm":
        return
    source = table.source
    keep = enabled(source)
    candidates = any(hasattr(field_type(request.registry, c), "maintained_spec") for c in table.columns)
    work = data_transaction(request, source)
    existing = _helpers(work.connection, table.table_name)
    if not existing and not (keep and candidates):
        return
    wanted: set[str] = set()
    changed = False
    # The aggregates first; then the formulas, from a model that reads the aggregates'
    # helpers as the requests' models will.
    for formulas in (False, True):
        # built afresh, not cached: the table's version moves again below
        catalog = Catalog(request.registry, work.dialect, meta_loader(session))
        model = build_model(request.registry, table, list(table.columns), work.dialect, catalog)
        keep_here = keep and len(model.pk_fields) == 1  # helpers are refreshed by one key column
        build, kept = [], []
        for column in list(table.columns):
            f = model.by_id.get(column.id)
            if (f is not None and kept_formula(f)) != formulas:
                continue
            spec_of = getattr(f.type, "maintained_spec", None) if f is not None else None
            spec = spec_of(model) if keep_here and spec_of is not None and f.error is None else None
            helper = _formula_type(work, model, f) if spec is not None and formulas else None
            if formulas and helper is None:
                spec = None
            options = dict(column.col_options or {})
            mark = options.get(MARK)
            name = helper_name(column.id)
            if spec is None:
                if mark is not None:
                    options.pop(MARK)
                    _set_options(column, options)
                    changed = True
                continue
            wanted.add(name)
            kept.append(f)
            if isinstance(mark, dict) and mark.get("spec") == spec and name in existing:
                continue
            if name in existing:  # kept before under another spec: its type may differ
                _replace_helper(work, table.table_name, column.id, spec, helper)
            else:
                work.lock_schema()
                _add_helper(work, table.table_name, column.id, spec, helper)
                existing.add(name)
            build.append(f)
            options[MARK] = {"column": name, "spec": spec}
            _set_options(column, options)
            changed = True
        if formulas:
            # every kept formula: the fields it reads may have been changed or converted
            if kept:
                work.begin_write()
                refresh_all(work.connection, model, kept)
        elif build:
            work.begin_write()
            _hold_writers(work, model, build)
            refresh_all(work.connection, model, build)
    for name in existing - wanted:
        _drop_helper(work, table.table_name, name)
    if changed:
        bump(table)
        session.flush()


class _Declared(sa.types.UserDefinedType):
    """A column type by its SQL name (a kept formula's helper)."""

    cache_ok = True

    def __init__(self, name: str):
        self.name = name

    def get_col_spec(self, **_kw) -> str:
        return self.name


_PG_TYPE = re.compile(r"^[a-z][a-z0-9 _(),]*$")


def _formula_type(work, model, f) -> sa.types.TypeEngine | None:
    """The helper type holding a formula's values exactly as computed: on SQLite a column
    without affinity (BLOB), on PostgreSQL the expression's own type; None if it has none."""
    if work.dialect == "sqlite":
        return _Declared("BLOB")
    if work.dialect != "postgresql":
        return None
    one = sa.select(sa.literal(1).label("one")).subquery()
    probe = sa.select(sa.cast(sa.func.pg_typeof(f.expr), sa.Text)).select_from(one.outerjoin(model.table, sa.false()))
    name = work.connection.execute(probe).scalar()
    if not name or name == "unknown" or not _PG_TYPE.match(name):
        return None
    return _Declared(name)


def _replace_helper(work, table_name: str, column_id: str, spec: str, sql_type=None) -> None:
    """A helper whose spec changed is dropped and added again, with the new spec's type."""
    name = helper_name(column_id)
    work.lock_schema()
    index = _index(work.dialect, table_name, name, column_id)
    index.drop(work.connection, checkfirst=True)
    schema.operations(work.connection).drop_column(table_name, name)
    _add_helper(work, table_name, column_id, spec, sql_type)


def _hold_writers(work, model, fields) -> None:
    """On PostgreSQL, the tables a build reads take no writes until it commits (the build's
    UPDATE then sees every write committed before it, and none can slip in after)."""
    if work.dialect != "postgresql":
        return
    names = set()
    for f in fields:
        link = model.by_id.get(f.type.maintained_link())
        relation = Relation.of(link.column)
        names.add(relation.related_table)
        if relation.junction_table:
            names.add(relation.junction_table)
    preparer = work.connection.dialect.identifier_preparer
    for name in sorted(names):
        work.connection.exec_driver_sql(f"LOCK TABLE {preparer.quote(name)} IN SHARE MODE")


def _set_options(column: Column, options: dict) -> None:
    column.col_options = options
    flag_modified(column, "col_options")


def readers_of(request, table_id: str) -> set[str]:
    """The tables of the project whose rollups or counts read ``table_id`` through a link."""
    session = request.dbsession
    project_id = session.scalar(sa.select(Table.project_id).where(Table.id == table_id))
    if project_id is None:
        return set()
    rows = session.execute(
        sa.select(Column.id, Column.table_id, Column.uidt, Column.col_options)
        .join(Table, Table.id == Column.table_id)
        .where(Table.project_id == project_id, Column.uidt.in_(("Rollup", "Count", "Links", "LinkToAnotherRecord")))
    ).all()
    related = {row.id: (row.col_options or {}).get("fk_related_model_id") for row in rows}
    found = set()
    for row in rows:
        options = row.col_options or {}
        if row.uidt == "Rollup":
            reads = options.get("fk_related_model_id")
        elif row.uidt == "Count":
            reads = related.get(options.get("fk_relation_column_id"))
        else:
            continue
        if reads == table_id:
            found.add(row.table_id)
    return found
