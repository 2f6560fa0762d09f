"""Fields computed in SQL (``ComputedInSql``, such as formulas): the expression of each
one over the record's other fields, and what a computed field is checked against when
it is created or changed.

A model gives every readable field an ``expr``: its physical column, or the expression of
a computed field, with computed fields it references expanded in place. A computed field
that can no longer be built (its tree no longer type checks) reads as blank rather than
failing every request on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sqlalchemy as sa

from workbench.fields.interfaces import ComputedInSql, FieldValueError
from workbench.fields.lookup import field_type
from workbench.formulas import DataType, FormulaError, Resolved, data_type_for_uidt


@dataclass(frozen=True)
class TableFields:
    """A table's fields as a computed field being configured sees them."""

    dialect: str
    functions: Mapping
    #: title → column id, and back
    ids: Mapping[str, str]
    titles: Mapping[str, str]
    #: column id → its formula type (None if it cannot be referenced)
    data_type: Callable[[str], DataType | None]
    #: computed column id → the ids it references (the field being configured excluded)
    graph: Mapping[str, list[str]]
    #: the id of the column being configured (None for a new one)
    column_id: str | None = None


def data_type_of(ftype, uidt: str) -> DataType:
    return DataType(ftype.data_type()) if isinstance(ftype, ComputedInSql) else data_type_for_uidt(uidt)


class ModelResolver:
    """Resolves column ids to the SQL of a model's fields (computed ones expanded)."""

    def __init__(self, model, functions):
        self.model = model
        self.functions = functions
        self._building: set[str] = set()

    def column(self, column_id: str) -> Resolved | None:
        f = self.model.by_id.get(column_id)
        if f is None:
            return None
        if f.sa_column is not None:
            return Resolved(f.sa_column, data_type_for_uidt(f.column.uidt))
        if not f.computed or column_id in self._building:
            return None
        return Resolved(self.expression(f), DataType(f.type.data_type()))

    def record_id(self) -> sa.ColumnElement:
        pks = self.model.pk_fields
        return pks[0].sa_column if pks else sa.null()

    def expression(self, f) -> sa.ColumnElement:
        if f.expr is None:
            self._building.add(f.id)
            try:
                f.expr = f.type.expression(self, self.model.dialect, self.functions)
            except (FieldValueError, FormulaError):
                f.expr = sa.null()
            finally:
                self._building.discard(f.id)
        return f.expr


def attach_expressions(model, functions) -> None:
    """Give each computed field of ``model`` its expression."""
    resolver = ModelResolver(model, functions)
    for f in model.fields:
        if f.computed:
            resolver.expression(f)


def table_fields(registry, columns, dialect: str, column_id: str | None = None) -> TableFields:
    """What a computed field of a table with ``columns`` (meta columns) is checked against;
    ``column_id`` is the field being configured (its own references are left out)."""
    types: dict[str, DataType] = {}
    graph: dict[str, list[str]] = {}
    for column in columns:
        ftype = field_type(registry, column)
        types[column.id] = data_type_of(ftype, column.uidt)
        if isinstance(ftype, ComputedInSql) and column.id != column_id:
            graph[column.id] = ftype.references()
    return TableFields(
        dialect=dialect,
        functions=registry["formula_functions"],
        ids={c.title: c.id for c in columns},
        titles={c.id: c.title for c in columns},
        data_type=types.get,
        graph=graph,
        column_id=column_id,
    )
