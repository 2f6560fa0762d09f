"""The grid view: rows and columns, with a row height."""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, hookimpl, integer_setting


class Grid(ViewType):
    name = "grid"
    default = True
    icon = "th"
    order = 10
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {"row_height": {"type": "integer", "minimum": 0, "maximum": 3, "title": "setting.row_height"}},
    }
    type = 3
    path = "grids"
    readable = False  # NocoDB answers PATCH only on /grids/{viewId}
    public = PUBLIC_ROWS
    # Short, medium, tall, extra tall.
    settings = (Setting("row_height", None, integer_setting(0, 3)),)


@hookimpl
def register_view_types():
    return [Grid]
