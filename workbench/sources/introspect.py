"""Reading the schema of a connected database: its tables and views, their columns with
native types, nullability and defaults, primary keys and foreign keys.

Everything is read through SQLAlchemy's inspector, in a few catalogue queries for the whole
schema (``get_multi_*``), never one query per table. Nothing is written.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field

import sqlalchemy as sa

_ARGS_RE = re.compile(r"\(.*?\)")
_SPACES_RE = re.compile(r"\s+")


@dataclass
class ColumnDesc:
    name: str
    #: the native type as the database writes it, lower case (``character varying(20)``)
    native: str
    #: the type's name without arguments (``character varying``; ``array`` for arrays)
    base: str
    nullable: bool
    default: str | None
    autoincrement: bool
    pk: bool = False
    #: the values of an enum type
    enums: tuple[str, ...] = ()


@dataclass
class ForeignKeyDesc:
    columns: tuple[str, ...]
    referred_table: str
    referred_columns: tuple[str, ...]
    referred_schema: str | None = None


@dataclass
class TableDesc:
    name: str
    #: ``table`` or ``view``
    kind: str
    columns: list[ColumnDesc] = field(default_factory=list)
    pk: tuple[str, ...] = ()
    foreign_keys: list[ForeignKeyDesc] = field(default_factory=list)

    def column(self, name: str) -> ColumnDesc | None:
        return next((c for c in self.columns if c.name == name), None)


def native_name(sql_type, dialect) -> tuple[str, str]:
    """``(native, base)`` of a reflected type."""
    if isinstance(sql_type, sa.ARRAY):
        inner = native_name(sql_type.item_type, dialect)[0]
        return f"{inner}[]", "array"
    if isinstance(sql_type, sa.Enum):
        return "enum", "enum"
    try:
        native = sql_type.compile(dialect=dialect).lower()
    except Exception:  # a type SQLAlchemy cannot write back: named by its class
        native = type(sql_type).__name__.lower()
    base = _SPACES_RE.sub(" ", _ARGS_RE.sub("", native)).replace(" unsigned", "").replace(" zerofill", "").strip()
    return native, base


def _default(value) -> str | None:
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def schema_of(engine_dialect: str, search_path: list[str]) -> str | None:
    """The schema read: the first of the search path where the database has schemas."""
    return search_path[0] if search_path and engine_dialect not in ("sqlite", "mysql", "mariadb") else None


def read_schema(connection: sa.Connection, schema: str | None = None) -> list[TableDesc]:
    """Every table and view of ``schema`` (the connection's default when None), by name."""
    inspector = sa.inspect(connection)
    dialect = connection.dialect
    kinds = sa.engine.reflection.ObjectKind
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", sa.exc.SAWarning)  # types SQLAlchemy does not know
        columns = inspector.get_multi_columns(schema=schema, kind=kinds.TABLE | kinds.VIEW)
        pks = inspector.get_multi_pk_constraint(schema=schema)
        fks = inspector.get_multi_foreign_keys(schema=schema)
        views = set(inspector.get_view_names(schema=schema))
    tables = []
    for (_schema, name), reflected in sorted(columns.items(), key=lambda item: item[0][1]):
        if dialect.name == "sqlite" and name.startswith("sqlite_"):
            continue
        pk = tuple((pks.get((_schema, name)) or {}).get("constrained_columns") or ())
        desc = TableDesc(name=name, kind="view" if name in views else "table", pk=pk)
        for column in reflected:
            native, base = native_name(column["type"], dialect)
            autoincrement = column.get("autoincrement") is True or bool(column.get("identity"))
            default = _default(column.get("default"))
            if default and default.lower().startswith("nextval("):
                autoincrement = True
            if dialect.name == "sqlite" and pk == (column["name"],) and base == "integer":
                autoincrement = True  # an INTEGER PRIMARY KEY is the row id
            desc.columns.append(
                ColumnDesc(
                    name=column["name"],
                    native=native,
                    base=base,
                    nullable=bool(column.get("nullable", True)),
                    default=default,
                    autoincrement=autoincrement and column["name"] in pk,
                    pk=column["name"] in pk,
                    enums=tuple(getattr(column["type"], "enums", ()) or ()),
                )
            )
        for fk in fks.get((_schema, name)) or ():
            if fk.get("referred_table") and fk.get("constrained_columns"):
                desc.foreign_keys.append(
                    ForeignKeyDesc(
                        tuple(fk["constrained_columns"]),
                        fk["referred_table"],
                        tuple(fk["referred_columns"]),
                        fk.get("referred_schema"),
                    )
                )
        tables.append(desc)
    return tables
