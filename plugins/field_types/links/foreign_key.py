"""The ForeignKey field type: the physical column a has-many / belongs-to link keeps on
the child table (and the two key columns of a junction table).

Its ``col_options`` name the referenced table and key (``references``) and how the key is
stored (``key``: ``int`` or ``text``). Writing it links the record: the value must be the
key of an existing record of the parent table, checked in one query per write
(``ChecksWrites``), so an unknown parent is refused with 422 naming the field.
"""

from __future__ import annotations

import sqlalchemy as sa

from workbench.plugin_api import FieldType, FieldValueError, to_int
from workbench.plugin_api import operators as ops

KEY_CHUNK = 500


class ForeignKey(FieldType):
    name = "ForeignKey"
    icon = "data-connection"
    group = "link"
    order = 420
    creatable = False
    operators = ops.NUMERIC
    search = None  # keys are not offered in quick search
    dt = "bigint"
    examples = ((5, 5), ("7", 7), (None, None))
    invalid_examples = ("x", 1.5)

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.text = options.get("key") == "text"
        self.references = options.get("references") or {}
        if self.text:
            self.operators = ops.TEXT

    def sql_type(self, dialect):
        if self.text:
            return sa.String(255)
        return sa.BigInteger().with_variant(sa.Integer(), "sqlite")

    def to_db(self, value):
        if value is None or value == "":
            return None
        if isinstance(value, dict):  # a record object, as a belongs-to link reads ({Id, Title})
            value = next(iter(value.values()), None) if len(value) else None
        if self.text:
            return str(value)
        return to_int(value)

    def check_values(self, connection, values):
        table, column = self.references.get("table"), self.references.get("column")
        if not table or not column:
            return
        key = sa.column(column)
        referenced = sa.table(table, key)  # a column belongs to one table: built once
        wanted = list(dict.fromkeys(values))
        found = set()
        for start in range(0, len(wanted), KEY_CHUNK):
            chunk = wanted[start : start + KEY_CHUNK]
            statement = sa.select(key).select_from(referenced).where(key.in_(chunk))
            found.update(connection.execute(statement).scalars())
        missing = [v for v in wanted if v not in found]
        if missing:
            raise FieldValueError(f"no linked record has the id {missing[0]!r}")
