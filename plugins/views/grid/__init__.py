"""The grid view: rows and columns, with a row height."""

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, hookimpl, integer_setting


class Grid(ViewType):
    name = "grid"
    default = True
    type = 3
    path = "grids"
    readable = False  # NocoDB answers PATCH only on /grids/{viewId}
    public = PUBLIC_ROWS
    # Short, medium, tall, extra tall.
    settings = (Setting("row_height", None, integer_setting(0, 3)),)


@hookimpl
def register_view_types():
    return [Grid]
