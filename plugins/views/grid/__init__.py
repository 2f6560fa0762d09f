"""The grid view: rows and columns, with a row height, frozen columns, and per field its
grouping (NocoDB's ``group_by``, ``group_by_order``, ``group_by_sort``) and footer
aggregation."""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, boolean_setting, hookimpl, integer_setting

#: fields a grid groups its records by, at most
MAX_GROUP_FIELDS = 3
#: the footer aggregations a field can show (each field type offers some of them)
AGGREGATIONS = (
    "none",
    "count",
    "count_empty",
    "count_filled",
    "count_unique",
    "sum",
    "avg",
    "min",
    "max",
    "earliest",
    "latest",
    "checked",
    "unchecked",
)


def one_of(*choices: str):
    def check(value, table):
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value

    return check


class Grid(ViewType):
    name = "grid"
    default = True
    icon = "th"
    order = 10
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "row_height": {"type": "integer", "minimum": 0, "maximum": 3, "title": "setting.row_height"},
            "frozen_columns": {"type": "integer", "minimum": 0, "maximum": 3, "title": "setting.frozen_columns"},
        },
    }
    type = 3
    path = "grids"
    readable = False  # NocoDB answers PATCH only on /grids/{viewId}
    public = PUBLIC_ROWS
    settings = (
        # Short, medium, tall, extra tall.
        Setting("row_height", None, integer_setting(0, 3)),
        # How many of the first fields stay in place when the grid scrolls sideways.
        Setting("frozen_columns", 0, integer_setting(0, 3)),
    )
    column_settings = (
        Setting("group_by", False, boolean_setting),
        # The field's level among the grouped ones (1 is the outermost).
        Setting("group_by_order", None, integer_setting(1, MAX_GROUP_FIELDS)),
        Setting("group_by_sort", None, one_of("asc", "desc")),
        Setting("aggregation", None, one_of(*AGGREGATIONS)),
    )

    @classmethod
    def check_view_column(cls, view, view_column, meta: dict) -> None:
        """A grid groups its records by at most ``MAX_GROUP_FIELDS`` fields."""
        if not meta.get("group_by") or (view_column.meta or {}).get("group_by"):
            return
        grouped = sum(1 for vc in view.columns if vc is not view_column and (vc.meta or {}).get("group_by"))
        if grouped >= MAX_GROUP_FIELDS:
            raise ValueError(f"A grid groups its records by at most {MAX_GROUP_FIELDS} fields; ungroup one first")


@hookimpl
def register_view_types():
    return [Grid]
