"""The Button field type (NocoDB's): a button in each record that fires a manual webhook
of the table (``event: "manual"``) for that record.

The field stores nothing; its value is its label. Its options (NocoDB's names, at the top
of the column body or in ``colOptions``): ``type`` (``webhook``), ``fk_webhook_id`` (the
hook it fires), ``label``, ``color`` and ``icon``. Pressing it calls
``POST /api/v1/db/meta/hooks/{fk_webhook_id}/trigger/{rowId}``, which editors and up may
do (see docs/webhooks.md).
"""

from __future__ import annotations

from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import DataType, FieldType, FieldValueError, hookimpl

ACTIONS = ("webhook",)
MAX_LABEL = 100
OPTIONS = ("type", "fk_webhook_id", "label", "color", "icon")


class Button(FieldType):
    name = "Button"
    icon = "widget-button"
    group = "other"
    order = 900
    virtual = True
    read_only = True
    sortable = False
    groupable = False
    dt = "varchar"
    operators: ClassVar[frozenset[str]] = frozenset()
    aggregations = ("count",)
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "required": ["fk_webhook_id"],
        "properties": {
            "label": {"type": "string", "title": "setting.label"},
            "fk_webhook_id": {"type": "string", "title": "setting.webhook"},
        },
    }

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.options = options
        self.label = str(options.get("label") or "Button")

    def sql_type(self, dialect):
        return None

    def to_db(self, value):
        raise FieldValueError("a button has no value to write")

    # -- ComputedInSql -----------------------------------------------------------
    def configure(self, body, fields):
        given = body.get("colOptions") if isinstance(body.get("colOptions"), dict) else {}
        options = {key: body.get(key, given.get(key, self.options.get(key))) for key in OPTIONS}
        action = options["type"] or "webhook"
        if action not in ACTIONS:
            raise FieldValueError("a button's action must be 'webhook'")
        hook = options["fk_webhook_id"]
        if not hook or not isinstance(hook, str) or len(hook) > 32:
            raise FieldValueError("fk_webhook_id is required: the manual webhook the button fires")
        label = str(options["label"] or "Button").strip()[:MAX_LABEL] or "Button"
        return {
            "type": action,
            "fk_webhook_id": hook,
            "label": label,
            "color": str(options["color"] or "")[:32] or None,
            "icon": str(options["icon"] or "")[:32] or None,
        }

    def references(self):
        return []

    def data_type(self):
        return DataType.STRING

    def expression(self, resolver, dialect, functions):
        return sa.literal(self.label, type_=sa.String())

    def describe(self, title_of):
        return {key: self.options.get(key) for key in OPTIONS}


@hookimpl
def register_field_types():
    return [Button]
