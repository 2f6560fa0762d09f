"""The Attachment field type: a list of stored files (NocoDB's file objects).

When records are updated, the files their cells no longer hold are removed after commit,
unless something still refers to them (``workbench.storage.cleanup``). The files of
deleted records stay until the sweep (``workbench attachments gc``) finds them unreferenced,
so that undoing the delete brings the records back with their files.
"""

from workbench.plugin_api import hookimpl, removed_keys, row_actions, schedule_removal

from .types import Attachment


@hookimpl
def register_field_types():
    return [Attachment]


@hookimpl
@row_actions("update")
def on_rows_changed(request, table, action, changes):
    if request is None or action != "update":
        return
    found = removed_keys(changes)
    if found:
        schedule_removal(request, found)
