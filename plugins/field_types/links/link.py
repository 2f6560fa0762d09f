"""Link fields (``LinkToAnotherRecord`` and ``Links``): see the package docstring."""

from __future__ import annotations

from typing import ClassVar

from workbench.plugin_api import DataType, FieldType, FieldValueError, to_int
from workbench.plugin_api import operators as ops

from .records import LinkedRecords
from .relations import BT, SOURCE_KEY, Key, Relation, RelationError, link_options
from .schema import create_link, delete_link, requested_kind

#: a has-many / many-to-many link filters on its number of records
MANY_OPERATORS = ops.NUMERIC - ops.NULLS
#: a belongs-to link on its foreign key
ONE_OPERATORS = ops.BLANK | frozenset({"eq", "neq"})


class LinkToAnotherRecord(FieldType):
    name = "LinkToAnotherRecord"
    virtual = True
    links_records = True
    formula_type = "array"
    icon = "link"
    group = "link"
    order = 410
    creatable = False  # new links are ``Links``; this older form is read and kept
    sortable = False
    groupable = False
    export_as = "records"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["childId"],
        "properties": {
            "type": {"type": "string", "enum": ["hm", "bt", "mm"], "default": "hm", "title": "setting.type"},
            "childId": {"type": "string", "title": "setting.childId"},
        },
    }
    read_only = True
    dt = None
    operators = MANY_OPERATORS
    aggregations = ("count", "count_empty", "count_filled")
    #: v2 reads a has-many / many-to-many link of this type as its records (``Links``: a count)
    v2_count = False

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.kind = options.get("type")
        if self.kind == BT:
            self.operators = ONE_OPERATORS

    def relation(self) -> Relation:
        try:
            return Relation.of(self.column)
        except RelationError as exc:
            raise FieldValueError(str(exc)) from None

    def sql_type(self, dialect):
        return None

    def to_db(self, value):
        raise FieldValueError("links are changed through the links API or the foreign key")

    def to_api(self, value):
        return value

    def filter_value(self, text):
        return to_int(text)

    # -- FiltersItself -----------------------------------------------------------------
    def filter_clause(self, op, expr, args):
        if self.kind == BT:
            return NotImplemented
        if op == "blank":
            return expr == 0
        if op == "notblank":
            return expr > 0
        return NotImplemented

    # -- ComputedInSql -------------------------------------------------------------------
    def configure(self, body, fields):
        current = (getattr(self.column, "col_options", None) or {}) if self.column is not None else {}
        if current.get("physical"):
            return current  # an existing link: renames and the like keep it as it is
        return {"type": requested_kind(body, current)}

    def references(self):
        return []

    def data_type(self):
        return DataType.NUMERIC

    def expression(self, resolver, dialect, functions):
        relation = self.relation()
        table = resolver.model.table
        if relation.type == BT:
            return relation.source_key.of(table)
        return relation.count(table)

    def describe(self, title_of):
        return {}

    # -- ManagesSchema -------------------------------------------------------------------
    def create(self, request, table, column, body):
        create_link(request, table, column, body, belongs_to_type=LinkToAnotherRecord.name)

    def delete(self, request, table, column):
        delete_link(request, table, column)

    # -- RelatesRecords ------------------------------------------------------------------
    def existing_link_options(self, kind, *, source, related, child, parent, junction=None, symmetric_column_id=None):
        if junction is not None:
            junction = (junction[0], junction[1], Key(*junction[2]), Key(*junction[3]))
        return link_options(
            kind,
            source=source,
            related=related,
            child=Key(*child),
            parent=Key(*parent),
            junction=junction,
            symmetric_column_id=symmetric_column_id,
        )

    def related_table_id(self):
        try:
            return Relation.of(self.column).related_table_id
        except RelationError:
            return None

    def relation_kind(self):
        return self.relation().type

    def link_key_id(self):
        return self.relation().source_key.column_id

    def stores_key(self):
        return self.relation().type == BT

    def linked_condition(self, related, key):
        return self.relation().linked_to(related, key)

    def link_records(self, request, row_id, keys):
        LinkedRecords(request, self.column.id, row_id).add(keys)

    # -- ExpandsValues -----------------------------------------------------------------
    def expand(self, page, rows):
        """Replace the count (or foreign key) of each row with the linked records."""
        title = self.column.title
        rows = [row for row in rows if title in row]
        relation = self.relation()
        if not rows or (relation.many and page.api == "v2" and self.v2_count):
            return
        related = page.model_of(relation.related_table_id)
        if related is None or len(related.pk_fields) != 1:
            return
        if relation.type == BT:
            key_of = lambda row: row.get(title)  # noqa: E731  (the foreign key, read by the SELECT)
        else:
            source_pk = page.model.pk_fields[0].title if len(page.model.pk_fields) == 1 else None
            if source_pk is None or any(source_pk not in row for row in rows):
                return  # the page does not carry the keys (``fields`` left them out)
            key_of = lambda row: row.get(source_pk)  # noqa: E731
        pk = related.pk_fields[0]
        shown = [pk] + [f for f in (related.pv_field,) if f is not None and f.expr is not None and f is not pk]
        columns = [f.expr.label(f"_wb_{i}") for i, f in enumerate(shown)]
        keys = [key_of(row) for row in rows]
        statement = relation.rows_for(related.table, keys, *columns).order_by(SOURCE_KEY, pk.sa_column)
        linked: dict = {}
        for item in page.connection.execute(statement):
            values = {f.title: f.type.to_api(item[i + 1]) for i, f in enumerate(shown)}
            linked.setdefault(item[0], []).append(values)
        for row, key in zip(rows, keys, strict=True):
            found = linked.get(key, [])
            if relation.type == BT:
                row[title] = found[0] if found else None
            else:
                row[title] = found


class Links(LinkToAnotherRecord):
    name = "Links"
    formula_type = "numeric"
    order = 400
    creatable = True
    v2_count = True
