"""The Button field type (NocoDB's): a button in each record that either fires a manual
webhook of the table (``event: "manual"``) for that record, or opens a web address built by
a formula over the record.

The field stores nothing. Its options (NocoDB's names, at the top of the column body or in
``colOptions``): ``type`` (``webhook`` or ``url``), ``label``, ``color`` (a colour name of
``COLORS`` or ``#rrggbb``) and ``icon`` (an icon name); a ``webhook`` button has
``fk_webhook_id`` (the hook it fires), a ``url`` button ``formula_raw`` (the formula whose
text is the address, e.g. ``CONCAT("https://example.com/orders/", {Id})``).

A ``webhook`` button's value is its label; pressing it calls
``POST /api/v1/db/meta/hooks/{fk_webhook_id}/trigger/{rowId}``, which editors and up may do
(see docs/webhooks.md). A ``url`` button's value is the formula's address for the record
(computed in SQL like a formula field); pressing it opens the address in a new tab, only
when it is a web or mail address.
"""

from __future__ import annotations

import re
from typing import ClassVar

import sqlalchemy as sa

from workbench.plugin_api import (
    DataType,
    FieldType,
    FieldValueError,
    check_formula_text,
    compile_formula,
    formula_references,
    hookimpl,
    render_formula,
    stored_formula,
)

ACTIONS = ("webhook", "url")
MAX_LABEL = 100
MAX_FORMULA = 2000
OPTIONS = ("type", "fk_webhook_id", "label", "color", "icon", "formula_raw")
#: NocoDB's button colours, by name (a ``#rrggbb`` colour is taken too)
COLORS = ("brand", "red", "green", "maroon", "blue", "orange", "pink", "purple", "yellow", "gray")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
_ICON = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


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
        "properties": {
            "type": {"type": "string", "enum": list(ACTIONS), "default": "webhook", "title": "setting.action"},
            "label": {"type": "string", "title": "setting.label"},
            "fk_webhook_id": {"type": "string", "title": "setting.webhook"},
            "formula_raw": {"type": "string", "maxLength": MAX_FORMULA, "title": "setting.url"},
            "color": {"type": "string", "title": "setting.color"},
            "icon": {"type": "string", "title": "setting.icon"},
        },
    }

    def __init__(self, column=None):
        super().__init__(column)
        options = (getattr(column, "col_options", None) or {}) if column is not None else {}
        self.options = options
        self.label = str(options.get("label") or "Button")
        self.action = options.get("type") or "webhook"
        self.tree = options.get("parsed_tree") if self.action == "url" else None

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
            raise FieldValueError("a button's action must be 'webhook' or 'url'")
        label = str(options["label"] or "Button").strip()[:MAX_LABEL] or "Button"
        color = str(options["color"] or "").strip() or None
        if color is not None and color not in COLORS and not _HEX.match(color):
            raise FieldValueError(f"a button's colour must be one of {', '.join(COLORS)} or #rrggbb")
        icon = str(options["icon"] or "").strip() or None
        if icon is not None and not _ICON.match(icon):
            raise FieldValueError("a button's icon must be an icon name (lower-case letters, digits and -)")
        found = {"type": action, "label": label, "color": color, "icon": icon}
        if action == "webhook":
            hook = options["fk_webhook_id"]
            if not hook or not isinstance(hook, str) or len(hook) > 32:
                raise FieldValueError("fk_webhook_id is required: the manual webhook the button fires")
            return {**found, "fk_webhook_id": hook}
        return {**found, **self._url_formula(options["formula_raw"], fields)}

    def _url_formula(self, raw, fields) -> dict:
        """The address formula of a ``url`` button, parsed and checked as a formula field's."""
        if raw is None and self.tree is not None:
            raw = render_formula(self.tree, fields.titles)
        if not isinstance(raw, str) or not raw.strip():
            raise FieldValueError("formula_raw is required: the formula that builds the button's address")
        if len(raw) > MAX_FORMULA:
            raise FieldValueError(f"a button's formula has at most {MAX_FORMULA} characters")
        tree, _checked = check_formula_text(raw, fields)
        return {"formula": stored_formula(tree), "parsed_tree": tree}

    def references(self):
        return formula_references(self.tree) if self.tree else []

    def data_type(self):
        return DataType.STRING

    def expression(self, resolver, dialect, functions):
        if self.action == "url":
            if self.tree is None:
                raise FieldValueError("the button's formula is missing")
            return sa.cast(compile_formula(self.tree, resolver, dialect, functions), sa.String())
        return sa.literal(self.label, type_=sa.String())

    def describe(self, title_of):
        described = {key: self.options.get(key) for key in OPTIONS if key != "formula_raw"}
        if self.action == "url":
            described["formula_raw"] = render_formula(self.tree, title_of) if self.tree else None
        return described


@hookimpl
def register_field_types():
    return [Button]
