"""The Count field type: the number of records a link field of the same table holds.

``col_options``: ``{"fk_relation_column_id": <link field id>}``. Computed in the page
SELECT as a correlated COUNT (``Relation.count``), so it filters and sorts like a number
and costs no query of its own. Deleting the link it counts is refused while it exists.
"""

from __future__ import annotations

from typing import ClassVar

from workbench.plugin_api import NUMERIC_AGGREGATIONS, DataType, FieldType, FieldValueError, to_int
from workbench.plugin_api import operators as ops

from .relations import HM, MM, Relation, RelationError

LINK_UIDTS = ("LinkToAnotherRecord", "Links")


class Count(FieldType):
    name = "Count"
    virtual = True
    formula_type = "numeric"
    icon = "numbered-list"
    group = "computed"
    order = 520
    export_as = "number"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["fk_relation_column_id"],
        "properties": {"fk_relation_column_id": {"type": "string", "title": "setting.fk_relation_column_id"}},
    }
    read_only = True
    dt = "int"
    operators = ops.NUMERIC
    search = None  # counts are not offered in quick search
    aggregations = NUMERIC_AGGREGATIONS

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.link_id = options.get("fk_relation_column_id")

    def sql_type(self, dialect):
        return None

    def to_db(self, value):
        raise FieldValueError("a count is computed and cannot be written")

    def to_api(self, value):
        return None if value is None else int(value)

    def filter_value(self, text):
        return to_int(text)

    # -- ComputedInSql -------------------------------------------------------------
    def configure(self, body, fields):
        options = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
        link_id = body.get("fk_relation_column_id") or options.get("fk_relation_column_id") or self.link_id
        if not link_id:
            raise FieldValueError("fk_relation_column_id (the link field to count) is required")
        link_id = fields.ids.get(link_id, link_id)  # a title is accepted too
        if link_id not in fields.titles:
            raise FieldValueError(f"field '{link_id}' not found in this table")
        column_of = getattr(fields, "column_of", None)
        column = column_of(link_id) if column_of is not None else None
        if column is not None and column.uidt not in LINK_UIDTS:
            raise FieldValueError(f"field '{fields.titles[link_id]}' is not a link")
        return {"fk_relation_column_id": link_id}

    def references(self):
        return [self.link_id] if self.link_id else []

    def data_type(self):
        return DataType.NUMERIC

    def expression(self, resolver, dialect, functions):
        link = resolver.model.by_id.get(self.link_id)
        if link is None:
            raise FieldValueError("the counted link no longer exists")
        try:
            return Relation.of(link.column).count(resolver.model.table)
        except RelationError as exc:
            raise FieldValueError(str(exc)) from None

    def maintained_spec(self, model):
        """What a helper column keeping this count holds (``workbench.data.maintained``),
        None when it is not kept: only counts of has-many and many-to-many links to
        another table are."""
        if not self.link_id or self.link_id not in model.by_id:
            return None
        try:
            relation = Relation.of(model.by_id[self.link_id].column)
        except RelationError:
            return None
        if relation.type not in (HM, MM) or relation.is_self:
            return None
        return f"count:{self.link_id}"

    def maintained_link(self) -> str | None:
        return self.link_id

    def describe(self, title_of):
        return {"fk_relation_column_id": self.link_id}
