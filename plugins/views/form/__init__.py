"""The form view: a page anyone with the link can fill to add a record."""

from typing import ClassVar

from workbench.plugin_api import PUBLIC_FORM, Setting, ViewType, boolean_setting, hookimpl, text_setting, url_setting


class Form(ViewType):
    name = "form"
    icon = "form"
    order = 20
    settings_schema: ClassVar[dict] = {
        "type": "object",
        "properties": {
            "heading": {"type": "string", "maxLength": 255, "default": "", "title": "setting.heading"},
            "subheading": {"type": "string", "maxLength": 10_000, "default": "", "title": "setting.subheading"},
            "success_msg": {"type": "string", "maxLength": 10_000, "default": "", "title": "setting.success_msg"},
            "submit_another_form": {"type": "boolean", "default": False, "title": "setting.submit_another_form"},
            "show_blank_form": {"type": "boolean", "default": False, "title": "setting.show_blank_form"},
            "redirect_url": {"type": ["string", "null"], "format": "uri", "title": "setting.redirect_url"},
        },
    }
    type = 1
    path = "forms"
    public = PUBLIC_FORM
    settings = (
        Setting("heading", "", text_setting(255)),
        Setting("subheading", "", text_setting(10_000)),
        Setting("success_msg", "", text_setting(10_000)),
        Setting("submit_another_form", False, boolean_setting),
        Setting("show_blank_form", False, boolean_setting),
        Setting("redirect_url", None, url_setting),
    )
    column_settings = (
        Setting("label", None, text_setting(255)),
        Setting("description", None, text_setting(10_000)),
        Setting("help", None, text_setting(10_000)),
        Setting("required", False, boolean_setting),
    )


@hookimpl
def register_view_types():
    return [Form]
