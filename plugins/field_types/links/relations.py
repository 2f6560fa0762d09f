"""The relation behind a link field, and SQLAlchemy Core builders over it.

A link field (``LinkToAnotherRecord`` / ``Links``) joins the rows of its table (the
*source*) to rows of another table, or of the same one (the *related* table):

- ``hm`` (has many): the related table holds a foreign key to the source's primary key;
- ``bt`` (belongs to): the source holds a foreign key to the related table's primary key;
- ``mm`` (many to many): a junction table holds one key of each side (composite primary key).

Whatever the kind, a source row S and a related row R are linked when
``S.<source_key> = R.<related_key>`` (``hm``/``bt``) or when a junction row J has
``J.<junction_source> = S.<source_key>`` and ``J.<junction_related> = R.<related_key>``
(``mm``). ``Relation`` holds those names; it is read from the link column's
``col_options`` alone (``Relation.of(column)``), so a table's model can build SQL over
its links without touching the meta database. Physical names of tables, primary keys
and foreign keys never change after creation, which is what makes that snapshot safe;
titles and display values, which do change, are never stored here.

The column options follow NocoDB's ``colOptions``: ``type``, ``fk_related_model_id``,
``fk_child_column_id`` (the foreign key, or for ``mm`` the source's key),
``fk_parent_column_id`` (the referenced key, or for ``mm`` the related key),
``fk_mm_model_id``, ``fk_mm_child_column_id`` and ``fk_mm_parent_column_id`` (junction),
plus ``fk_symmetric_column_id`` (the link field on the other side) and ``physical``
(``{"tables": {id: name}, "columns": {id: name}}``: the names the builders need).

Builders (all dialect-neutral Core; ``source`` is the source model's ``sa.Table`` or an
alias of it, with columns keyed by column id as the data engine's models key them, or a
plain table whose columns are keyed by name):

- ``relation.count(source)``: correlated scalar subquery, the number of related rows of
  each source row (a link's value in the v2 API, the Count field, ``blank`` filters).
- ``relation.exists(source)``: correlated EXISTS, whether a source row has related rows.
- ``relation.related_rows(source, related, *columns)``: correlated SELECT of ``columns``
  of ``related`` (the related model's table, or an alias of it) for each source row,
  e.g. ``sa.select(sa.func.max(...))``-style aggregates for rollups:
  ``relation.related_rows(source, related, sa.func.sum(related.c[col_id])).scalar_subquery()``.
  For a self-link pass an alias of the related table (``related.alias()``).
- ``relation.rows_for(related, keys, *columns)``: one batched SELECT of the related rows
  of many source rows at once: ``keys`` are values of the source key (``source_key``), and
  each result row carries the source key it belongs to as ``SOURCE_KEY``
  (``"_wb_source_key"``). A page of records fetches each link's related rows with one such
  query, whatever the page size.
- ``relation.linked_to(related, key)`` / ``relation.not_linked_to(related, key)``: the
  related rows linked (or not) to the one source row whose source key is ``key`` (nested
  lists and record pickers).
- ``relation.source_key_of(row_values)``: the key a row (``{column id: value}``) links by.

Linking and unlinking records live in ``records``; schema creation and removal in
``schema``.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

HM, BT, MM = "hm", "bt", "mm"
KINDS = (HM, BT, MM)
#: the label of the source key in ``rows_for`` results
SOURCE_KEY = "_wb_source_key"


class RelationError(ValueError):
    """A column's options do not describe a relation."""


@dataclass(frozen=True)
class Key:
    """A column in a relation: its meta id and its physical name."""

    column_id: str
    name: str

    def of(self, table: sa.FromClause) -> sa.ColumnElement:
        """This column of ``table`` (keyed by column id, or else by name)."""
        columns = table.c
        if self.column_id in columns:
            return columns[self.column_id]
        return columns[self.name]


@dataclass(frozen=True)
class Relation:
    column_id: str
    type: str
    source_table_id: str
    source_table: str
    related_table_id: str
    related_table: str
    #: the column of the source a link is made by (``hm``/``mm``: the source's primary key;
    #: ``bt``: the source's foreign key)
    source_key: Key
    #: the column of the related table matching it (``hm``: the related foreign key;
    #: ``bt``/``mm``: the related primary key)
    related_key: Key
    junction_table_id: str | None = None
    junction_table: str | None = None
    junction_source: Key | None = None
    junction_related: Key | None = None
    #: the link field on the other side, if any
    symmetric_column_id: str | None = None

    # -- reading --------------------------------------------------------------
    @classmethod
    def of(cls, column) -> Relation:
        """The relation of a link column (meta ``Column`` or ``ColumnInfo``)."""
        options = getattr(column, "col_options", None) or {}
        kind = options.get("type")
        physical = options.get("physical") or {}
        tables, columns = physical.get("tables") or {}, physical.get("columns") or {}
        if kind not in KINDS or not tables or not columns:
            raise RelationError("the field does not describe a link")

        def key(column_id) -> Key:
            if column_id not in columns:
                raise RelationError(f"unknown key column {column_id!r}")
            return Key(column_id, columns[column_id])

        source_id = physical.get("source")
        related_id = options.get("fk_related_model_id")
        if source_id not in tables or related_id not in tables:
            raise RelationError("the field's tables are unknown")
        child, parent = options.get("fk_child_column_id"), options.get("fk_parent_column_id")
        if kind == HM:
            source_key, related_key = key(parent), key(child)
        else:  # bt: the child is this table; mm: child = this table's key, parent = the related key
            source_key, related_key = key(child), key(parent)
        junction = {}
        if kind == MM:
            mm_id = options.get("fk_mm_model_id")
            if mm_id not in tables:
                raise RelationError("the junction table is unknown")
            junction = {
                "junction_table_id": mm_id,
                "junction_table": tables[mm_id],
                "junction_source": key(options.get("fk_mm_child_column_id")),
                "junction_related": key(options.get("fk_mm_parent_column_id")),
            }
        return cls(
            column_id=column.id,
            type=kind,
            source_table_id=source_id,
            source_table=tables[source_id],
            related_table_id=related_id,
            related_table=tables[related_id],
            source_key=source_key,
            related_key=related_key,
            symmetric_column_id=options.get("fk_symmetric_column_id"),
            **junction,
        )

    @property
    def is_self(self) -> bool:
        return self.source_table_id == self.related_table_id

    @property
    def many(self) -> bool:
        """Whether a source row may have several related rows (``hm``, ``mm``)."""
        return self.type != BT

    # -- building blocks --------------------------------------------------------
    def plain_related(self) -> sa.TableClause:
        """A lightweight table of the related side (its key column only), unaliased."""
        return sa.table(self.related_table, sa.column(self.related_key.name))

    def junction(self) -> sa.TableClause:
        if self.type != MM:
            raise RelationError("only a many-to-many link has a junction table")
        return sa.table(
            self.junction_table, sa.column(self.junction_source.name), sa.column(self.junction_related.name)
        )

    def _linked_from(self, related: sa.FromClause) -> tuple[sa.FromClause, sa.ColumnElement]:
        """The FROM of the related rows and the expression equal to the source key there."""
        if self.type != MM:
            return related, self.related_key.of(related)
        junction = self.junction().alias()
        joined = related.join(junction, self.junction_related.of(junction) == self.related_key.of(related))
        return joined, self.junction_source.of(junction)

    # -- correlated (per source row) ----------------------------------------------
    def related_rows(self, source: sa.FromClause, related: sa.FromClause, *columns) -> sa.Select:
        """SELECT ``columns`` of the related rows of each row of ``source`` (correlated).
        ``related`` must not be ``source`` itself (alias it for a self-link)."""
        from_, key = self._linked_from(related)
        return sa.select(*columns).select_from(from_).where(key == self.source_key.of(source)).correlate(source)

    def _junction_only(self, source: sa.FromClause, *columns) -> sa.Select:
        junction = self.junction().alias()
        return (
            sa.select(*columns)
            .select_from(junction)
            .where(self.junction_source.of(junction) == self.source_key.of(source))
            .correlate(source)
        )

    def count(self, source: sa.FromClause) -> sa.ColumnElement:
        """The number of related rows of each row of ``source`` (never NULL)."""
        if self.type == BT:
            # a belongs-to links at most one row, by a foreign key that must exist
            return sa.case((self.source_key.of(source).is_(None), 0), else_=1)
        if self.type == MM:  # the junction alone tells (its keys reference both sides)
            return self._junction_only(source, sa.func.count()).scalar_subquery()
        related = self.plain_related().alias()
        return self.related_rows(source, related, sa.func.count()).scalar_subquery()

    def exists(self, source: sa.FromClause) -> sa.ColumnElement:
        """Whether each row of ``source`` has related rows."""
        if self.type == BT:
            return self.source_key.of(source).is_not(None)
        if self.type == MM:
            return self._junction_only(source, sa.literal(1)).exists()
        related = self.plain_related().alias()
        return self.related_rows(source, related, sa.literal(1)).exists()

    # -- batched (many source rows at once) ---------------------------------------
    def rows_for(self, related: sa.FromClause, keys, *columns) -> sa.Select:
        """One SELECT of ``columns`` of the related rows of every source key in ``keys``,
        each row labelled with its source key (``SOURCE_KEY``)."""
        from_, key = self._linked_from(related)
        keys = [k for k in dict.fromkeys(keys) if k is not None]
        return sa.select(key.label(SOURCE_KEY), *columns).select_from(from_).where(key.in_(keys))

    def linked_to(self, related: sa.FromClause, key) -> sa.ColumnElement:
        """The related rows linked to the source row whose source key is ``key``."""
        if self.type != MM:
            return self.related_key.of(related) == key
        junction = self.junction()
        linked = sa.select(self.junction_related.of(junction)).where(self.junction_source.of(junction) == key)
        return self.related_key.of(related).in_(linked)

    def not_linked_to(self, related: sa.FromClause, key) -> sa.ColumnElement:
        """The related rows not linked to that source row (what a record picker offers)."""
        if self.type != MM:
            column = self.related_key.of(related)
            return column.is_(None) | (column != key) if key is not None else sa.true()
        return sa.not_(self.linked_to(related, key))

    def source_key_of(self, values: dict):
        """The source key of a row given as ``{column id: value}``."""
        return values.get(self.source_key.column_id)


def link_options(
    kind: str,
    *,
    source: tuple[str, str],
    related: tuple[str, str],
    child: Key,
    parent: Key,
    junction: tuple[str, str, Key, Key] | None = None,
    symmetric_column_id: str | None = None,
    extra: dict | None = None,
) -> dict:
    """The ``col_options`` of a link column. ``source``/``related`` are ``(table id,
    table name)``; ``child``/``parent`` follow NocoDB (``hm``/``bt``: the foreign key and
    the key it references; ``mm``: this table's key and the related key); ``junction`` is
    ``(table id, name, key of this side, key of the related side)`` for ``mm``."""
    if kind not in KINDS:
        raise RelationError(f"unknown relation type {kind!r}")
    tables = {source[0]: source[1], related[0]: related[1]}
    columns = {child.column_id: child.name, parent.column_id: parent.name}
    options = {
        "type": kind,
        "virtual": False,
        "fk_related_model_id": related[0],
        "fk_child_column_id": child.column_id,
        "fk_parent_column_id": parent.column_id,
        "fk_mm_model_id": None,
        "fk_mm_child_column_id": None,
        "fk_mm_parent_column_id": None,
        "fk_symmetric_column_id": symmetric_column_id,
    }
    if kind == MM:
        if junction is None:
            raise RelationError("a many-to-many link needs a junction table")
        mm_id, mm_name, mm_child, mm_parent = junction
        tables[mm_id] = mm_name
        columns[mm_child.column_id] = mm_child.name
        columns[mm_parent.column_id] = mm_parent.name
        options.update(
            fk_mm_model_id=mm_id, fk_mm_child_column_id=mm_child.column_id, fk_mm_parent_column_id=mm_parent.column_id
        )
    options.update(extra or {})
    options["physical"] = {"source": source[0], "tables": tables, "columns": columns}
    return options
