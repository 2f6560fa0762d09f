"""A table as the query layer sees it: a frozen snapshot of its meta, the SQLAlchemy
``Table`` of its physical columns, and each column's field type instance.

Models are cached per (table, dialect) and rebuilt whenever any column changes, so a
request never uses a stale physical schema. Physical columns are keyed by column id
(``model.table.c[column_id]``), so SQL never depends on titles.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import sqlalchemy as sa

from workbench.data import maintained
from workbench.data.computed import attach_expressions
from workbench.data.indexes import OFF, index_policy
from workbench.errors import BadRequest
from workbench.fields.interfaces import AutoValue, ComputedInSql, FieldType, FiltersItself
from workbench.fields.lookup import field_type

_COLUMN_ATTRS = (
    "id",
    "title",
    "column_name",
    "uidt",
    "dt",
    "pk",
    "ai",
    "rqd",
    "pv",
    "system",
    "cdf",
    "meta",
    "col_options",
    "order",
)


@dataclass(frozen=True)
class ColumnInfo:
    """A detached copy of a meta column (safe to share between requests)."""

    id: str
    title: str
    column_name: str | None
    uidt: str
    dt: str | None
    pk: bool
    ai: bool
    rqd: bool
    pv: bool
    system: bool
    cdf: str | None
    meta: dict | None
    col_options: dict | None
    order: float | None
    #: the project of the column's table: what a value may refer to (stored files) is bound to it
    project_id: str | None = None

    @classmethod
    def of(cls, column, project_id: str | None = None) -> ColumnInfo:
        return cls(**{name: getattr(column, name) for name in _COLUMN_ATTRS}, project_id=project_id)


@dataclass
class Field:
    column: ColumnInfo
    type: FieldType
    sa_column: sa.Column | None
    # Optional abilities, checked once here (protocol isinstance checks are slow).
    auto: bool = False
    filters_itself: bool = False
    #: computed in SQL from the other fields (``ComputedInSql``), never written
    computed: bool = False
    #: the SQL that reads the field: its column, or a computed field's expression
    #: (None for other virtual fields)
    expr: sa.ColumnElement | None = None
    #: why a computed field reads as blank (its expression could not be built)
    error: str | None = None
    #: a maintained aggregate's correlated query, when ``expr`` reads its helper column
    #: (``workbench.data.maintained``)
    correlated: sa.ColumnElement | None = None
    #: a kept formula's helper column, which sorts and filters read in place of ``expr``
    #: (``workbench.data.maintained``)
    kept: sa.ColumnElement | None = None
    id: str = field(init=False)
    title: str = field(init=False)

    def __post_init__(self):
        self.id = self.column.id
        self.title = self.column.title


@dataclass
class Model:
    id: str
    title: str
    table_name: str
    table: sa.Table
    fields: list[Field]
    dialect: str = "sqlite"
    by_id: dict[str, Field] = field(default_factory=dict)
    by_title: dict[str, Field] = field(default_factory=dict)
    by_name: dict[str, Field] = field(default_factory=dict)
    #: statements built once per model (see ``workbench.data.query``)
    statements: dict[str, object] = field(default_factory=dict)
    #: whether the table's source keeps maintained aggregates (``workbench.data.maintained``)
    maintains: bool = False
    #: whether nulls sort as the largest value (PostgreSQL's own order, which its default
    #: indexes hold) instead of the smallest: on a PostgreSQL database whose indexes the
    #: engine does not manage, so that the database's own indexes serve the sorts
    nulls_largest: bool = False
    #: whether the engine keeps the indexes of the table's sorts (``workbench.data.indexes``)
    managed_indexes: bool = True

    def __post_init__(self):
        self.pk_fields = [f for f in self.fields if f.column.pk]
        self.auto_fields = [f for f in self.fields if f.auto]
        self.computed_fields = [f for f in self.fields if f.computed]
        self.required_fields = [f for f in self.fields if f.column.rqd and not f.column.ai and not f.type.read_only]
        self.default_fields = [
            f for f in self.fields if not f.auto and f.column.cdf is not None and f.sa_column is not None
        ]
        for f in self.fields:
            self.by_id[f.id] = f
            self.by_title.setdefault(f.title, f)
            if f.column.column_name:
                self.by_name.setdefault(f.column.column_name, f)

    @property
    def pv_field(self) -> Field | None:
        return next((f for f in self.fields if f.column.pv), None)

    def find(self, name: str) -> Field | None:
        """A field by title, id or physical name (in that order)."""
        return self.by_title.get(name) or self.by_id.get(name) or self.by_name.get(name)

    def get(self, name: str) -> Field:
        found = self.find(name)
        if found is None:
            raise BadRequest(f"Field '{name}' not found in table '{self.title}'")
        return found


def build_model(registry, table, columns, dialect: str, catalog=None, attach: bool = True) -> Model:
    """The model of ``table``. ``catalog`` (a ``workbench.data.computed.Catalog``) finds the
    other tables that lookups and rollups read; ``attach=False`` leaves computed fields'
    expressions to be built when something reads them (a catalog does that)."""
    metadata = sa.MetaData()
    fields, sa_columns = [], []
    project_id = getattr(table, "project_id", None)
    for column in columns:
        info = ColumnInfo.of(column, project_id)
        ftype = field_type(registry, info)
        sql_type = ftype.sql_type(dialect) if info.column_name else None
        sa_column = None
        if info.pk and isinstance(sql_type, sa.Text):
            sql_type = sa.String(255)  # keys must be indexable everywhere (MariaDB refuses TEXT)
        if sql_type is not None:
            sa_column = sa.Column(
                info.column_name,
                sql_type,
                key=info.id,
                primary_key=bool(info.pk),
                autoincrement=bool(info.ai) if info.pk else False,
                nullable=not info.pk,
            )
            sa_columns.append(sa_column)
        fields.append(
            Field(
                info,
                ftype,
                sa_column,
                auto=isinstance(ftype, AutoValue),
                filters_itself=isinstance(ftype, FiltersItself),
                computed=sa_column is None and isinstance(ftype, ComputedInSql),
            )
        )
    sa_table = sa.Table(table.table_name, metadata, *sa_columns)
    for f in fields:
        if f.sa_column is not None:
            f.sa_column = f.expr = sa_table.c[f.id]
    model = Model(table.id, table.title, table.table_name, sa_table, fields, dialect)
    source = getattr(table, "source", None)
    model.maintains = maintained.enabled(source)
    model.managed_indexes = source is None or index_policy(source) != OFF
    model.nulls_largest = dialect == "postgresql" and not model.managed_indexes
    if model.computed_fields and attach:
        attach_expressions(model, registry["formula_functions"], catalog)
    return model


class ModelCache:
    """Models by (table id, dialect), rebuilt when the table's columns change."""

    def __init__(self):
        self._items: dict[tuple[str, str], tuple[tuple, Model]] = {}
        self._versions: dict[tuple[str, str], tuple[int, Model]] = {}
        self._lock = threading.Lock()

    @staticmethod
    def _signature(table, columns) -> tuple:
        # Compared with ==, never hashed: dicts (meta, options) compare by value.
        return (table.title, table.table_name, *(tuple(getattr(c, name) for name in _COLUMN_ATTRS) for c in columns))

    def for_version(self, registry, table_id: str, version: int, dialect: str, load, catalog=None) -> Model:
        """The model of a table at ``version``; ``load()`` gives ``(table, columns)`` on a miss.
        A change to a table that another one reads (through a lookup) bumps both versions."""
        key = (table_id, dialect)
        cached = self._versions.get(key)
        if cached and cached[0] == version:
            return cached[1]
        table, columns = load()
        model = build_model(registry, table, columns, dialect, catalog)
        with self._lock:
            self._versions[key] = (version, model)
        return model

    def cached(self, table_id: str, version: int | None = None) -> Model | None:
        """A model of the table already built (at ``version``, when given), of any dialect."""
        for (cached_id, _dialect), (cached_version, model) in list(self._versions.items()):
            if cached_id == table_id and (version is None or cached_version == version):
                return model
        return None

    def get(self, registry, table, dialect: str, columns=None, catalog=None) -> Model:
        columns = list(table.columns if columns is None else columns)
        signature = (getattr(table, "schema_version", None), self._signature(table, columns))
        key = (table.id, dialect)
        cached = self._items.get(key)
        if cached and cached[0] == signature:
            return cached[1]
        model = build_model(registry, table, columns, dialect, catalog)
        with self._lock:
            self._items[key] = (signature, model)
        return model
