"""The Checkbox field type: a boolean, false by default."""

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import FieldType, hookimpl, to_bool, to_bool_many
from workbench.plugin_api import operators as ops


class Checkbox(FieldType):
    name = "Checkbox"
    formula_type = "boolean"
    import_detects = "boolean"
    import_converts = "boolean"
    value_schema: ClassVar[dict] = {"type": "boolean"}
    icon = "tick-circle"
    group = "choice"
    order = 300
    native_types = ("boolean", "bool", "bit")
    export_as = "boolean"
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "meta": {
                "type": "object",
                "properties": {
                    "color": {"type": "string", "title": "setting.color"},
                    "icon": {
                        "anyOf": [
                            {"type": "string"},
                            {
                                "type": "object",
                                "properties": {"checked": {"type": "string"}, "unchecked": {"type": "string"}},
                            },
                        ],
                        "title": "setting.icon",
                    },
                },
            }
        },
    }
    examples = ((True, True), ("yes", True), (0, False), ("false", False), (None, False))
    invalid_examples = ("maybe", 2)
    operators = ops.CHECKBOX
    aggregations = ("count", "checked", "unchecked")
    dt = "boolean"

    def sql_type(self, dialect):
        return sa.Boolean()

    def to_db(self, value):
        return to_bool(value)

    def to_db_many(self, values):
        if type(self).to_db is not Checkbox.to_db:
            return FieldType.to_db_many(self, values)
        return to_bool_many(values)

    def to_api(self, value):
        return bool(value) if value is not None else False


@hookimpl
def register_field_types():
    return [Checkbox]
