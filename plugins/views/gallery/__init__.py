"""The gallery view: records as cards, with an attachment as cover image."""

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, column_setting, hookimpl


class Gallery(ViewType):
    name = "gallery"
    type = 2
    path = "galleries"
    public = PUBLIC_ROWS
    settings = (Setting("fk_cover_image_col_id", None, column_setting("Attachment")),)


@hookimpl
def register_view_types():
    return [Gallery]
