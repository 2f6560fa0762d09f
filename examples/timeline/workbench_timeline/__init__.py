"""Timeline: a view type for Workbench that draws records as bars over the days between a
start date field and an end date field.

Its settings: the field where a record starts (``fk_start_column_id``, a Date or DateTime
field), the one where it ends (``fk_end_column_id``, optional: without it a record lasts its
start day) and how wide a day is drawn (``day_width``, in pixels). A new timeline starts at
the table's first date field and ends at its second, when it has them. The web app draws the
view with the UI bundle's ``View`` and ``Toolbar`` (``ui/``).
"""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, column_setting, hookimpl, integer_setting

DATE_TYPES = ("Date", "DateTime")
DEFAULT_DAY_WIDTH = 24


class Timeline(ViewType):
    name = "timeline"
    # the view's numeric type in the API: NocoDB's are 1 to 6; no two installed view types
    # may share one
    type = 754
    path = "timelines"  # POST /api/v1/db/meta/tables/{tableId}/timelines creates one
    public = PUBLIC_ROWS
    icon = "timeline-bar-chart"
    order = 60
    settings = (
        Setting("fk_start_column_id", None, column_setting(*DATE_TYPES)),
        Setting("fk_end_column_id", None, column_setting(*DATE_TYPES)),
        Setting("day_width", DEFAULT_DAY_WIDTH, integer_setting(4, 80)),
    )
    # What the create-view dialog asks; the fields are chosen in the view's toolbar.
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "day_width": {
                "type": "integer",
                "minimum": 4,
                "maximum": 80,
                "default": DEFAULT_DAY_WIDTH,
                "title": "setting.day_width",
            }
        },
    }

    @classmethod
    def initial_settings(cls, table) -> dict:
        dates = [c.id for c in table.columns if c.uidt in DATE_TYPES]
        return {
            "fk_start_column_id": dates[0] if dates else None,
            "fk_end_column_id": dates[1] if len(dates) > 1 else None,
            "day_width": DEFAULT_DAY_WIDTH,
        }

    @classmethod
    def public_fields(cls, view) -> set[str]:
        """A shared timeline places records by its date fields even when they are hidden."""
        settings = view.settings or {}
        return {settings[key] for key in ("fk_start_column_id", "fk_end_column_id") if settings.get(key)}


@hookimpl
def register_view_types():
    return [Timeline]
