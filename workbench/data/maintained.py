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
    the correlated query, which ``f.correlated`` keeps), else ``expr`` itself."""
    if trusted_spec(model, f) is None:
        return expr
    name = helper_name(f.id)
    table = model.table
    if name not in table.c:
        table.append_column(sa.Column(name, expr.type, key=name))
    f.correlated = expr
    return table.c[name]
