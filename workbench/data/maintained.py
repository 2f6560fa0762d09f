"""Maintained aggregates: rollups and link counts kept in a column of their own table.

A computed field whose value is an aggregate over the records of one link (a Count, or a
Rollup of a stored number field: see the field type's ``maintained_spec``) may be kept in
a helper column of its table, ``_wb_m_<column id>``, indexed, so that sorting and
filtering on it (and on formulas over it) read one column instead of every linked row.

The helper is trusted only while the field's ``col_options["maintained"]`` records the
field's current spec (what it aggregates, through which link, over which field) and the
table's source allows maintained aggregates (``enabled``); otherwise the field reads
through its correlated query as before. Whoever writes the mark (the rollups plugin)
keeps the helper equal to that query, in the write's own transaction.

Only databases Workbench owns get helper columns: the default source, unless its config
says ``"maintained_aggregates": false``; another source only when its config says
``"maintained_aggregates": true``.
"""

from __future__ import annotations

import hashlib

import sqlalchemy as sa

#: the key of a field's ``col_options`` naming its helper column and spec
MARK = "maintained"
PREFIX = "_wb_m_"
#: the config key of a source turning maintained aggregates on or off
SWITCH = "maintained_aggregates"


def helper_name(column_id: str) -> str:
    """The helper column of a field (column ids are short, unique and never change)."""
    return PREFIX + column_id


def index_name(column_id: str) -> str:
    return "ix" + PREFIX + column_id


def enabled(source) -> bool:
    """Whether helper columns may be kept in the tables of ``source``."""
    if source is None:
        return False
    config = getattr(source, "config", None) or {}
    switch = config.get(SWITCH) if isinstance(config, dict) else None
    if switch is not None:
        return switch is True
    return bool(getattr(source, "is_default", False))


def trusted_spec(model, f) -> str | None:
    """The spec of ``f``'s helper column if the model may read it, else None."""
    if not getattr(model, "maintains", False):
        return None
    mark = (f.column.col_options or {}).get(MARK)
    spec_of = getattr(f.type, "maintained_spec", None)
    if not isinstance(mark, dict) or spec_of is None or mark.get("column") != helper_name(f.id):
        return None
    spec = spec_of(model)
    return spec if spec is not None and mark.get("spec") == spec else None


def swap(model, f, expr: sa.ColumnElement) -> sa.ColumnElement:
    """The expression a model reads ``f`` with: its helper column when trusted (typed as
    the correlated query, which ``f.correlated`` keeps), else ``expr`` itself. A kept
    formula is read by its expression; its trusted helper is ``f.kept``."""
    if trusted_spec(model, f) is None:
        return expr
    name = helper_name(f.id)
    table = model.table
    if name not in table.c:
        table.append_column(sa.Column(name, expr.type, key=name))
    if kept_formula(f):
        f.kept = table.c[name]
        return expr
    f.correlated = expr
    return table.c[name]


# -- kept formulas -------------------------------------------------------------------------
#
# A number formula computed from its record's own fields and from kept aggregates only (no
# lookup, no link, no clock) is kept too, on SQLite and PostgreSQL: its helper holds the
# formula's value, with the formula's own SQL type (on SQLite a column without affinity,
# which stores each value as computed), and sorts and filters read it (``Field.kept``)
# while pages show the formula's expression itself. The helper is computed again for the
# records written, and whenever the aggregates it reads are.

#: dialects whose helpers can hold a formula's values exactly as computed
FORMULA_DIALECTS = ("sqlite", "postgresql")
#: functions whose value is not the record's alone (the clock, chance)
_VOLATILE = frozenset(
    {
        "now",
        "random",
        "randomblob",
        "rand",
        "uuid",
        "gen_random_uuid",
        "current_timestamp",
        "current_date",
        "current_time",
        "localtime",
        "localtimestamp",
        "clock_timestamp",
        "statement_timestamp",
        "transaction_timestamp",
        "timeofday",
    }
)
_FOREIGN = (sa.sql.Select, sa.sql.expression.ScalarSelect, sa.sql.expression.Exists, sa.sql.expression.FromClause)


def _foreign(model, element) -> bool:
    """Whether ``element`` reads anything but ``model``'s own row or changes by itself."""
    if isinstance(element, sa.sql.expression.ColumnClause):
        return element.table is not model.table and not element.is_literal  # ``0e0`` is no column
    if isinstance(element, _FOREIGN):
        return element is not model.table
    if isinstance(element, sa.sql.functions.FunctionElement):
        return element.name.lower() in _VOLATILE
    # SQLite's date('now'), strftime(..., 'now')
    return isinstance(element, sa.sql.elements.BindParameter) and str(element.value).strip().lower() == "now"


def own_row_expression(model, expr: sa.ColumnElement) -> bool:
    """Whether ``expr`` reads only ``model``'s own row, at least one kept aggregate among it,
    and nothing that changes by itself (the clock)."""
    helpers = False
    for element in sa.sql.visitors.iterate(expr):
        if _foreign(model, element):
            return False
        if isinstance(element, sa.sql.expression.ColumnClause) and element.table is model.table:
            helpers = helpers or element.name.startswith(PREFIX)
    return helpers


def formula_spec(model, f) -> str | None:
    """The spec of a kept formula: its SQL (so a change to the formula or to anything it
    reads names another spec), or None when it cannot be kept."""
    expr = f.expr
    if (
        expr is None
        or f.error is not None
        or model.dialect not in FORMULA_DIALECTS
        or not own_row_expression(model, expr)
    ):
        return None
    from sqlalchemy.dialects import postgresql, sqlite

    dialect = postgresql.dialect() if model.dialect == "postgresql" else sqlite.dialect()
    compiled = expr.compile(dialect=dialect)
    text = f"{compiled}|{sorted(compiled.params.items(), key=str)!r}"
    return "formula:" + hashlib.sha256(text.encode()).hexdigest()[:32]


def kept_formula(f) -> bool:
    """Whether ``f`` is kept as a formula is (read for sorts and filters only)."""
    return bool(getattr(f.type, "kept_as_formula", False))
