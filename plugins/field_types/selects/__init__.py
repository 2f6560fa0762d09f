"""Select field types: SingleSelect and MultiSelect, with options that carry colours."""

from workbench.plugin_api import hookimpl

from .types import MultiSelect, SingleSelect


@hookimpl
def register_field_types():
    return [SingleSelect, MultiSelect]
