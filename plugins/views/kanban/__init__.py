"""The kanban view: cards stacked by a single-select field, with a cover image.

The stacks' own state (order, colour, collapsed) is the view's ``meta``, as in NocoDB.
"""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_ROWS, Setting, ViewType, column_setting, hookimpl


class Kanban(ViewType):
    name = "kanban"
    icon = "column-layout"
    order = 40
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "fk_grp_col_id": {"type": ["string", "null"], "title": "setting.fk_grp_col_id"},
            "fk_cover_image_col_id": {"type": ["string", "null"], "title": "setting.fk_cover_image_col_id"},
        },
    }
    type = 4
    path = "kanbans"
    public = PUBLIC_ROWS
    settings = (
        Setting("fk_grp_col_id", None, column_setting("SingleSelect")),
        Setting("fk_cover_image_col_id", None, column_setting("Attachment")),
    )

    @classmethod
    def public_fields(cls, view) -> set[str]:
        """The public board needs its stacking field even when it is hidden as a field."""
        field_id = (view.settings or {}).get("fk_grp_col_id")
        return {field_id} if field_id else set()

    @classmethod
    def initial_settings(cls, table) -> dict:
        """Stacked by the first single-select field, if there is one."""
        first = next((c.id for c in table.columns if c.uidt == "SingleSelect"), None)
        return {**super().initial_settings(table), "fk_grp_col_id": first}


@hookimpl
def register_view_types():
    return [Kanban]
