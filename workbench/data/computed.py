"""Fields computed in SQL (``ComputedInSql``, such as formulas): the expression of each
one over the record's other fields, and what a computed field is checked against when
it is created or changed.

Lookups and rollups read fields of other tables (through links): a ``Catalog`` gives
the models of the tables a build reaches, each with its own ``ModelResolver``, so a
field of another table is built once and reused (``resolver.related(table_id)``).

A model gives every readable field an ``expr``: its physical column, or the expression of
a computed field, with computed fields it references expanded in place. A computed field
that can no longer be built (its tree no longer type checks, or its SQL is past the
limits of ``workbench.formulas.limits``) reads as blank rather than failing every request
on the table; the field's ``error`` says why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sqlalchemy as sa

from workbench.data import maintained as maintained_columns
from workbench.fields.interfaces import ComputedInSql, FieldValueError
from workbench.fields.lookup import field_type
from workbench.formulas import DataType, FormulaError, Resolved


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
    #: the meta of other tables, for fields that read them (lookups, rollups): column id
    #: → meta column (any table of the project), and table id → its meta columns
    column_of: Callable[[str], object | None] | None = None
    columns_of: Callable[[str], list] | None = None
    #: the registry, for the field types of other tables' columns
    registry: object | None = None


def data_type_of(ftype) -> DataType:
    """What formulas read a field as: a computed field's result type, else what its type
    declares (``formula_type``)."""
    return DataType(ftype.data_type()) if isinstance(ftype, ComputedInSql) else stored_data_type(type(ftype))


def stored_data_type(cls) -> DataType:
    """What formulas read a stored value of the field type ``cls`` as."""
    return DataType(cls.formula_type)


TOO_DEEP = "The formula is nested too deeply to compute, counting the formulas it uses"

#: the system role (``FieldType.system_role``) of a record's timestamps, for ``system_time``
SYSTEM_TIMES = {"created": "created_at", "modified": "updated_at"}


class ModelResolver:
    """Resolves column ids to the SQL of a model's fields (computed ones expanded)."""

    def __init__(self, model, functions, catalog: Catalog | None = None, maintained: bool = False):
        self.model = model
        self.functions = functions
        self.catalog = catalog
        #: whether fields read their maintained helper columns (the model read itself; a
        #: table reached through links reads its fields through their correlated queries)
        self.maintained = maintained
        self._building: set[str] = set()

    def related(self, table_id: str) -> ModelResolver | None:
        """The resolver of another table's model (or this one's), None if it is unknown
        or there is no catalog to find it in."""
        if table_id == self.model.id:
            return self
        return self.catalog.resolver(table_id) if self.catalog is not None else None

    def column(self, column_id: str) -> Resolved | None:
        f = self.model.by_id.get(column_id)
        if f is None:
            return None
        if f.sa_column is not None:
            return Resolved(f.sa_column, stored_data_type(type(f.type)))
        if not f.computed or column_id in self._building:
            return None
        return Resolved(self.expression(f), DataType(f.type.data_type()))

    def record_id(self) -> sa.ColumnElement:
        pks = self.model.pk_fields
        return pks[0].sa_column if pks else sa.null()

    def system_time(self, kind: str) -> sa.ColumnElement | None:
        """The record's creation (``created``) or last change (``modified``) timestamp
        column, None if the table has none (tables of external databases)."""
        role = SYSTEM_TIMES[kind]
        f = next((f for f in self.model.fields if f.type.system_role == role and f.sa_column is not None), None)
        return None if f is None else f.sa_column

    def expression(self, f) -> sa.ColumnElement:
        if f.expr is None:
            self._building.add(f.id)
            try:
                f.expr = f.type.expression(self, self.model.dialect, self.functions)
                if self.maintained:
                    f.expr = maintained_columns.swap(self.model, f, f.expr)
            except (FieldValueError, FormulaError) as exc:
                f.expr, f.error = sa.null(), str(exc)
            except RecursionError:  # formulas reading formulas past what can be built
                f.expr, f.error = sa.null(), TOO_DEEP
            finally:
                self._building.discard(f.id)
        return f.expr


def attach_expressions(model, functions, catalog: Catalog | None = None) -> None:
    """Give each computed field of ``model`` its expression."""
    if catalog is not None:
        resolver = catalog.register(model, maintained=True)
    else:
        resolver = ModelResolver(model, functions, maintained=True)
    for f in model.fields:
        if f.computed:
            resolver.expression(f)


class Catalog:
    """The models of the tables one model build reaches through links.

    ``load(table_id)`` gives ``(table, columns)`` of a table (meta objects or snapshots),
    or None if there is no such table. Models are built on first use, their computed
    fields' expressions only when something reads them.
    """

    def __init__(self, registry, dialect: str, load: Callable[[str], tuple | None]):
        self.registry = registry
        self.dialect = dialect
        self._load = load
        self._resolvers: dict[str, ModelResolver | None] = {}

    def register(self, model, maintained: bool = False) -> ModelResolver:
        resolver = ModelResolver(model, self.registry["formula_functions"], self, maintained)
        self._resolvers[model.id] = resolver
        return resolver

    def resolver(self, table_id: str) -> ModelResolver | None:
        if table_id not in self._resolvers:
            from workbench.data.model import build_model  # the model module imports this one

            self._resolvers[table_id] = None  # a table that reaches itself while loading
            loaded = self._load(table_id)
            if loaded is not None:
                table, columns = loaded
                self.register(build_model(self.registry, table, columns, self.dialect, attach=False))
        return self._resolvers[table_id]


def table_fields(
    registry, columns, dialect: str, column_id: str | None = None, column_of=None, columns_of=None
) -> TableFields:
    """What a computed field of a table with ``columns`` (meta columns) is checked against;
    ``column_id`` is the field being configured (its own references are left out).

    With ``column_of`` (column id → meta column of any table), the graph also holds the
    computed fields of other tables that these reach (lookups, rollups), so a cycle
    through another table is found too; their titles are named ``Table.Field``."""
    types: dict[str, DataType] = {}
    graph: dict[str, list[str]] = {}
    titles = {c.id: c.title for c in columns}
    for column in columns:
        ftype = field_type(registry, column)
        types[column.id] = data_type_of(ftype)
        if isinstance(ftype, ComputedInSql) and column.id != column_id:
            graph[column.id] = ftype.references()
    if column_of is not None:
        reach_other_tables(registry, graph, titles, column_of, column_id)
    return TableFields(
        dialect=dialect,
        functions=registry["formula_functions"],
        ids={c.title: c.id for c in columns},
        titles=titles,
        data_type=types.get,
        graph=graph,
        column_id=column_id,
        column_of=column_of,
        columns_of=columns_of,
        registry=registry,
    )


def reach_other_tables(registry, graph: dict, titles: dict, column_of, column_id: str | None) -> None:
    """Add to ``graph`` the computed fields of other tables that it references, and theirs."""
    pending = [target for targets in list(graph.values()) for target in targets if target not in graph]
    while pending:
        target = pending.pop()
        if target in graph or target == column_id:
            continue
        column = column_of(target)
        if column is None:
            continue
        if target not in titles:
            table = getattr(column, "table", None)
            titles[target] = f"{table.title}.{column.title}" if table is not None else column.title
        ftype = field_type(registry, column)
        if isinstance(ftype, ComputedInSql):
            graph[target] = ftype.references()
            pending.extend(t for t in graph[target] if t not in graph)


def build_error(registry, table, columns, dialect: str, column_id: str, load) -> str | None:
    """Why the computed field ``column_id`` of ``table`` (with ``columns``, meta columns as
    they are about to be saved) could not be built in SQL, or None if it can: checked when
    a computed field is saved, so one past the limits is refused rather than read as blank.
    ``load`` finds other tables, as for a ``Catalog``."""
    from workbench.data.model import build_model  # the model module imports this one

    catalog = Catalog(registry, dialect, load)
    model = build_model(registry, table, columns, dialect, catalog, attach=False)
    resolver = catalog.register(model)
    f = model.by_id.get(column_id)
    if f is None or not f.computed:
        return None
    resolver.expression(f)
    return f.error
