"""The gallery view: records as cards, with an attachment as cover image."""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, column_setting, hookimpl


class Gallery(ViewType):
    name = "gallery"
    icon = "media"
    order = 30
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {"fk_cover_image_col_id": {"type": ["string", "null"], "title": "setting.fk_cover_image_col_id"}},
    }
    type = 2
    path = "galleries"
    public = PUBLIC_ROWS
    settings = (Setting("fk_cover_image_col_id", None, column_setting("Attachment")),)


@hookimpl
def register_view_types():
    return [Gallery]
