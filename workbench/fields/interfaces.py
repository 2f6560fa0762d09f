"""What a field type is: a small base class, and separate protocols for optional abilities.

A field type class is registered once; the data engine makes one instance per column
(``FieldType(column)``) so that column options (precision, select options, ...) are at hand.
Every field type answers:

- ``sql_type(dialect)``: the physical column type, or None for a virtual field;
- ``to_db(value)``: validate and coerce a value from the API (raise ``FieldValueError``);
- ``to_api(value)``: turn a stored value into its JSON form;
- ``filter_value(text)``: parse one value of a ``where`` condition;
- ``operators``, ``search`` and ``aggregations``: what filters, search and footers offer
  (a type whose search needs its own SQL implements ``SearchesItself``).

Optional abilities are the protocols below; the engine checks for them with ``isinstance``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

import sqlalchemy as sa


class FieldValueError(ValueError):
    """A value does not fit the field; the message says why (the caller adds the field)."""


class FieldType:
    """Base of every field type. Subclasses set ``name`` and override what differs."""

    name: ClassVar[str]
    #: filter operators (NocoDB API names) this type accepts
    operators: ClassVar[frozenset[str]] = frozenset()
    #: quick search: "like" for text types, "eq" for the others that are searchable, None
    search: ClassVar[str | None] = None
    #: footer aggregations offered for this type
    aggregations: ClassVar[tuple[str, ...]] = ("count", "count_empty", "count_filled", "count_unique")
    #: values are managed by the engine (ids, timestamps): the API never writes them
    read_only: ClassVar[bool] = False
    #: the default database type name shown as ``dt``
    dt: ClassVar[str] = "text"
    #: for the contract suite (``workbench.testing.field_types``): ``(API input, API output)``
    #: pairs that must round-trip through every dialect, inputs ``to_db`` must refuse, and
    #: the column attributes (``meta``, ``col_options``) the examples need
    examples: ClassVar[tuple[tuple[Any, Any], ...]] = ()
    invalid_examples: ClassVar[tuple[Any, ...]] = ()
    example_column: ClassVar[dict] = {}

    # -- what the catalogue shows (docs/catalogue.md) -----------------------------------
    #: a message key of the plugin's ``messages.json`` (default ``type.<name>``)
    label: ClassVar[str | None] = None
    #: a Blueprint icon name
    icon: ClassVar[str | None] = None
    #: text | number | date | choice | link | computed | file | other
    group: ClassVar[str] = "other"
    #: position in the add-field menu (ascending)
    order: ClassVar[int] = 1000
    #: offered in the add-field menu (false for keys and system timestamps)
    creatable: ClassVar[bool] = True
    #: JSON Schema of the column body's extra keys (``meta``, ``colOptions``, ...); titles
    #: are message keys of the plugin
    settings_schema: ClassVar[dict] = {}
    #: records can be sorted / grouped by this field
    sortable: ClassVar[bool] = True
    groupable: ClassVar[bool] = True
    #: native column types of an existing database this type reads
    native_types: ClassVar[tuple[str, ...]] = ()
    #: how an export or a webhook writes it: text | number | boolean | date | datetime |
    #: json | files | records
    export_as: ClassVar[str] = "text"

    def __init__(self, column: Any = None):
        self.column = column

    @property
    def meta(self) -> dict:
        return (getattr(self.column, "meta", None) or {}) if self.column is not None else {}

    def sql_type(self, dialect: str) -> sa.types.TypeEngine | None:
        raise NotImplementedError

    def to_db(self, value: Any) -> Any:
        return value

    def to_api(self, value: Any) -> Any:
        return value

    def filter_value(self, text: str) -> Any:
        return self.to_db(text)


@runtime_checkable
class FiltersItself(Protocol):
    """A type whose operators need their own SQL (multi-select sets, date sub-operators).

    ``filter_clause`` returns the SQL condition, or ``NotImplemented`` to let the engine
    build the generic one. ``args`` are the raw texts after the operator.
    """

    def filter_clause(self, op: str, expr: sa.ColumnElement, args: list[str]) -> Any: ...


@runtime_checkable
class AutoValue(Protocol):
    """A type whose value the engine sets on every insert and/or update (timestamps)."""

    def insert_value(self) -> Any: ...

    def update_value(self) -> Any: ...


@runtime_checkable
class HasOptions(Protocol):
    """A type with a list of choices (selects): options are normalised when the column is saved;
    an option keeping its id under a new title renames it in the stored values, one removed
    (named by id) is taken out of them."""

    def normalise_options(self, col_options: dict | None, dtxp: str | None) -> dict: ...

    def add_unknown(self, values: list[str]) -> dict | None: ...

    def rename_value(self, value: Any, renames: dict[str, str | None]) -> Any:
        """``value`` (as the API reads it) with renamed options (old title -> new) replaced and
        removed ones (old title -> None) taken out."""
        ...


@runtime_checkable
class ChecksMeta(Protocol):
    """A type with display options in ``meta`` (precision, currency, rating maximum, ...):
    ``check_meta`` answers the normalised meta or raises ``FieldValueError``."""

    def check_meta(self, meta: dict) -> dict: ...


@runtime_checkable
class ComputedInSql(Protocol):
    """A virtual field whose value is one SQL expression over the record's other fields
    (formulas): it is computed in the same SELECT as the rest of the record, so reading,
    filtering and sorting it cost no extra query, and it is never written.

    - ``configure(body, fields)``: check the API body of a new or changed column against
      the table's other fields (a ``workbench.data.computed.TableFields``) and answer the
      ``col_options`` to store; raise ``FieldValueError`` naming the problem.
    - ``references()``: the column ids the value is computed from (for cycles, and to
      refuse deleting or retyping what it needs).
    - ``data_type()``: the type others see it as (a ``workbench.formulas.DataType``).
    - ``expression(resolver, dialect, functions)``: the SQL of the value; ``resolver``
      gives every other field's SQL (``workbench.formulas.Resolver``). Raise
      ``FieldValueError`` when it can no longer be built.
    - ``describe(title_of)``: extra keys of the column's API form (e.g. ``formula_raw``).
    """

    def configure(self, body: dict, fields: Any) -> dict: ...

    def references(self) -> list[str]: ...

    def data_type(self) -> Any: ...

    def expression(self, resolver: Any, dialect: str, functions: Any) -> sa.ColumnElement: ...

    def describe(self, title_of: Any) -> dict: ...


@runtime_checkable
class ManagesSchema(Protocol):
    """A field whose creation or deletion changes more than its own column (links add a
    foreign key or a junction table and a field on the other table).

    - ``create(request, table, column, body)``: called once the new column is in the
      table's meta (flushed); builds the rest in the request's unit of work
      (``workbench.data.unit``) and fills the column's ``col_options``. Raise
      ``FieldValueError`` (or an API error) to refuse; nothing is then kept.
    - ``delete(request, table, column)``: removes the column and everything ``create``
      built, in the same unit of work; refuses (API error) when other fields need it.
    """

    def create(self, request: Any, table: Any, column: Any, body: dict) -> None: ...

    def delete(self, request: Any, table: Any, column: Any) -> None: ...


@runtime_checkable
class ExpandsValues(Protocol):
    """A field whose API value needs a second query for a whole page of records (a
    link's related records): ``expand(page, rows)`` replaces the field's value in each
    of ``rows`` (API dicts) with one batched query, whatever the number of rows.
    ``page`` is a ``workbench.records.expand.Page`` (connection, model, API version and
    a loader of other tables' models)."""

    def expand(self, page: Any, rows: list[dict]) -> None: ...


@runtime_checkable
class ChecksWrites(Protocol):
    """A stored field whose values must be checked against the database before a write
    (a foreign key must name an existing record): ``check_values(connection, values)``
    gets the coerced values of one write (all rows) and raises ``FieldValueError``."""

    def check_values(self, connection: Any, values: list) -> None: ...


@runtime_checkable
class SearchesItself(Protocol):
    """A type whose quick search needs its own SQL (``workbench.data.search``).

    ``search_clause`` returns the SQL condition matching ``text``, or ``NotImplemented``
    to fall back on the type's ``search`` rule; it raises ``FieldValueError`` when
    ``text`` cannot be a value of the field.
    """

    def search_clause(self, expr: sa.ColumnElement, text: str, dialect: str) -> Any: ...
