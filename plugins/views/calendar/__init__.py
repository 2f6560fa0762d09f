"""The calendar view: records placed on their date (a Date or DateTime field)."""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, column_setting, hookimpl

DATE_TYPES = ("Date", "DateTime")


def calendar_range(value, table):
    """``[{fk_from_column_id, fk_to_column_id?}]``: one range, its ends Date or DateTime fields."""
    if not isinstance(value, list) or len(value) > 1 or not all(isinstance(item, dict) for item in value):
        raise ValueError("must be a list with one {fk_from_column_id, fk_to_column_id} range")
    ranges = []
    for item in value:
        if not item.get("fk_from_column_id"):
            raise ValueError("fk_from_column_id is required")
        end = item.get("fk_to_column_id")
        ranges.append(
            {
                "fk_from_column_id": column_setting(*DATE_TYPES)(item["fk_from_column_id"], table),
                "fk_to_column_id": column_setting(*DATE_TYPES)(end, table) if end else None,
            }
        )
    return ranges


class Calendar(ViewType):
    name = "calendar"
    icon = "calendar"
    order = 50
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "calendar_range": {
                "type": "array",
                "maxItems": 1,
                "items": {
                    "type": "object",
                    "required": ["fk_from_column_id"],
                    "properties": {
                        "fk_from_column_id": {"type": "string", "title": "setting.fk_from_column_id"},
                        "fk_to_column_id": {"type": ["string", "null"], "title": "setting.fk_to_column_id"},
                    },
                },
                "default": [],
            }
        },
    }
    type = 6
    path = "calendars"
    public = PUBLIC_ROWS
    settings = (Setting("calendar_range", [], calendar_range),)

    @classmethod
    def public_fields(cls, view) -> set[str]:
        """The public calendar places records by its date fields even when they are hidden."""
        ranges = (view.settings or {}).get("calendar_range") or []
        return {
            field_id
            for item in ranges
            for field_id in (item.get("fk_from_column_id"), item.get("fk_to_column_id"))
            if field_id
        }

    @classmethod
    def initial_settings(cls, table) -> dict:
        """Placed by the first Date or DateTime field, if there is one."""
        first = next((c.id for c in table.columns if c.uidt in DATE_TYPES), None)
        return {"calendar_range": [{"fk_from_column_id": first, "fk_to_column_id": None}] if first else []}


@hookimpl
def register_view_types():
    return [Calendar]
