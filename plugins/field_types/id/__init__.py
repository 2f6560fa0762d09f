"""The ID field type: the integer primary key every new table gets."""

import sqlalchemy as sa

from workbench.fields import operators as ops
from workbench.fields.coerce import to_int
from workbench.fields.interfaces import FieldType
from workbench.hookspecs import hookimpl


class ID(FieldType):
    name = "ID"
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
