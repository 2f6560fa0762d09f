"""The Attachment field type: a list of stored files (NocoDB's file objects)."""

from workbench.hookspecs import hookimpl

from .types import Attachment


@hookimpl
def register_field_types():
    return [Attachment]
