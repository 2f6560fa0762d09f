"""What a field type is: a small base class, and separate protocols for optional abilities.

A field type class is registered once; the data engine makes one instance per column
(``FieldType(column)``) so that column options (precision, select options, ...) are at hand.
Every field type answers:

- ``sql_type(dialect)``: the physical column type, or None for a virtual field;
- ``to_db(value)``: validate and coerce a value from the API (raise ``FieldValueError``);
- ``to_api(value)``: turn a stored value into its JSON form;
- ``filter_value(text)``: parse one value of a ``where`` condition;
- ``operators``, ``search`` and ``aggregations``: what filters, search and footers offer
  (a type whose search needs its own SQL implements ``SearchesItself``);
- ``json_schema()``: the JSON schema of its API value (the OpenAPI document);
- the capabilities below (class attributes with defaults), which the core asks instead of
  a type's name: ``virtual``, ``formula_type``, ``holds_files``, ``links_records``,
  ``stores_as_sent``, ``import_detects``, ``import_converts``, ``system_role``,
  ``default_text``, ``keeps_structure``, ``alias``, ``described_as``.

Optional abilities are the protocols below; the engine checks for them with ``isinstance``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

import sqlalchemy as sa


class FieldValueError(ValueError):
    """A value does not fit the field; the message says why (the caller adds the field)."""


#: footer aggregations of number types (and of computed fields with a number result)
NUMERIC_AGGREGATIONS = ("count", "count_empty", "count_filled", "count_unique", "sum", "avg", "min", "max")
#: footer aggregations of date and date-time types
DATE_AGGREGATIONS = ("count", "count_empty", "count_filled", "count_unique", "earliest", "latest")


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

    # -- capabilities: what the core asks instead of a type's name ------------------------
    #: no stored column of its own (links, lookups, rollups, formulas, codes)
    virtual: ClassVar[bool] = False
    #: what formulas read a stored value of this type as (a ``workbench.formulas.DataType``
    #: value); a computed type answers ``data_type()`` instead
    formula_type: ClassVar[str] = "string"
    #: values are lists of stored files (uploads, signed links, public form uploads)
    holds_files: ClassVar[bool] = False
    #: values are links to records of another table; with ``RelatesRecords``, shared views
    #: and public forms offer and show them
    links_records: ClassVar[bool] = False
    #: a value written is stored exactly as sent (plain text): the web app shows an edit of
    #: it without reading the record back, unless fields the engine computes are shown
    stores_as_sent: ClassVar[bool] = False
    #: the kind of column an import may detect as this type (``IMPORT_KINDS``), or None
    import_detects: ClassVar[str | None] = None
    #: how an import converts a source value for this type (``IMPORT_CONVERSIONS``), or
    #: None to keep the value as read
    import_converts: ClassVar[str | None] = None
    #: the system column this type provides (``SYSTEM_ROLES``): "id" (the primary key of a
    #: new table), "created_at" or "updated_at" (the record's timestamps), or None
    system_role: ClassVar[str | None] = None
    #: the type of a column created without one (plain text)
    default_text: ClassVar[bool] = False
    #: values are JSON structures kept as they are when a column changes to this type
    #: (others get a list or object as its JSON text)
    keeps_structure: ClassVar[bool] = False
    #: another name accepted for a type (NocoDB's spelling); never chosen for a role
    alias: ClassVar[bool] = False
    #: how messages name a field of this type (default: its name)
    described_as: ClassVar[str | None] = None
    #: the JSON schema of the API value, unless ``json_schema()`` says more
    value_schema: ClassVar[dict] = {}
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
    #: native column types of an existing database this type reads (lower case, without
    #: arguments: ``varchar``, ``double precision``); ``"*"`` reads any type no other claims
    native_types: ClassVar[tuple[str, ...]] = ()
    #: how an export or a webhook writes it: text | number | boolean | date | datetime |
    #: json | files | records | list (values of another type: ``export_item()``)
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

    def to_db_many(self, values: list) -> list:
        """``to_db`` of each of ``values`` (one field's values in a batch of records): the
        same stored values, and the same error for the first value refused. A type may
        answer a whole column faster than value by value."""
        to_db = self.to_db
        return [to_db(value) for value in values]

    def to_api(self, value: Any) -> Any:
        return value

    def filter_value(self, text: str) -> Any:
        return self.to_db(text)

    def json_schema(self) -> dict:
        """The JSON schema of this column's API value (``{}``: any value)."""
        return dict(self.value_schema)

    def export_item(self) -> FieldType | None:
        """With ``export_as = "list"``: the type (an instance, with its column's options) of
        one value of the list, which an export writes as that type says; None: as text."""
        return None


#: the kinds of source column an import detects, most specific first
IMPORT_KINDS = (
    "text",  # short text (also what nothing else matches)
    "long_text",  # text with line breaks or longer than a line
    "email",
    "url",
    "boolean",  # yes/no, true/false, ... pairs
    "currency",  # amounts with a currency sign
    "integer",
    "decimal",
    "date",
    "datetime",
    "single_choice",  # few distinct values
    "multi_choice",  # few distinct values, several per cell (comma-separated)
)
#: how an import converts a source value (``FieldType.import_converts``)
IMPORT_CONVERSIONS = ("text", "number", "boolean", "date", "datetime")
#: the system columns a type may provide (``FieldType.system_role``)
SYSTEM_ROLES = ("id", "created_at", "updated_at")


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
class RelatesRecords(Protocol):
    """A field whose values are records of another table (links), as shared views and
    public forms reach them without knowing how the relation is stored:

    - ``related_table_id()``: the id of the table whose records it links, or None when the
      column's options no longer describe a relation (the field then offers nothing);
    - ``relation_kind()``: the kind as the API's paths name it (``hm``, ``bt``, ``mm``);
    - ``link_key_id()``: the id of the field of this table a record is linked by (its
      primary key, or the key of the related record it stores);
    - ``stores_key()``: whether that field stores the related record's key, so a record
      links one record at most, written with the record itself;
    - ``linked_condition(related, key)``: the SQL condition on ``related`` (the related
      table's model table) selecting the records linked to the record whose link key is
      ``key``;
    - ``link_records(request, row_id, keys)``: link the records whose primary keys are
      ``keys`` to record ``row_id`` of the request's table, as the links API does (other
      plugins are told), in the request's unit of work; an API error refuses.
    """

    def related_table_id(self) -> str | None: ...

    def relation_kind(self) -> str: ...

    def link_key_id(self) -> str: ...

    def stores_key(self) -> bool: ...

    def linked_condition(self, related: sa.FromClause, key: Any) -> sa.ColumnElement: ...

    def link_records(self, request: Any, row_id: Any, keys: list) -> None: ...


@runtime_checkable
class LinksExistingKeys(Protocol):
    """A link type that can stand for a relation a connected database already holds (a
    foreign key, or a junction table with one key to each side): ``existing_link_options``
    returns the column options of one side. ``source`` and ``related`` are ``(table id,
    table name)``; ``child``/``parent`` are ``(column id, column name)``: for ``hm``/``bt``
    the foreign key and the key it references, for ``mm`` this side's key and the related
    key; ``junction`` is ``(table id, name, (id, name) of this side's key, (id, name) of the
    related side's key)``."""

    def existing_link_options(
        self,
        kind: str,
        *,
        source: tuple[str, str],
        related: tuple[str, str],
        child: tuple[str, str],
        parent: tuple[str, str],
        junction: tuple | None = None,
        symmetric_column_id: str | None = None,
    ) -> dict: ...


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
