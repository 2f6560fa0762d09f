"""The gallery view: records as cards, with an attachment as cover image."""

from typing import ClassVar

from workbench.hookspecs import hookimpl
from workbench.views.types import PUBLIC_ROWS, Setting, ViewType, column_of


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
    settings = (Setting("fk_cover_image_col_id", None, column_of("Attachment")),)


@hookimpl
def register_view_types():
    return [Gallery]
