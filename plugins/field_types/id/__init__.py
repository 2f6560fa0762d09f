"""The ID field type: the integer primary key every new table gets."""

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import FieldType, hookimpl, to_int
from workbench.plugin_api import operators as ops


class ID(FieldType):
    name = "ID"
    system_role = "id"
    formula_type = "numeric"
    value_schema: ClassVar[dict] = {"type": "integer"}
    icon = "key"
    order = 720
    creatable = False
    native_types = ("serial", "bigserial")
    export_as = "number"
    examples = ((5, 5), ("7", 7))
    invalid_examples = ("x",)
    operators = ops.NUMERIC
    search = "eq"
    read_only = True
    dt = "integer"

    def sql_type(self, dialect):
        return sa.BigInteger().with_variant(sa.Integer(), "sqlite")

    def to_db(self, value):
        return to_int(value)


@hookimpl
def register_field_types():
    return [ID]
