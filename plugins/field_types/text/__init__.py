"""Text field types: SingleLineText, LongText, Email, URL and PhoneNumber."""

from workbench.plugin_api import hookimpl

from .types import URL, Email, LongText, PhoneNumber, SingleLineText


@hookimpl
def register_field_types():
    return [SingleLineText, LongText, Email, URL, PhoneNumber]
