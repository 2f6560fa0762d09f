"""The Attachment field type: a list of stored files (NocoDB's file objects).

When records are updated or deleted, the files their cells no longer hold are removed
after commit, unless something still refers to them (``workbench.storage.cleanup``).
"""

from workbench.hookspecs import hookimpl, row_actions
from workbench.storage.cleanup import removed_keys, schedule_removal

from .types import Attachment


@hookimpl
def register_field_types():
    return [Attachment]


@hookimpl
@row_actions("update", "delete")
def on_rows_changed(request, table, action, changes):
    if request is None or action == "insert":
        return
    found = removed_keys(changes)
    if found:
        schedule_removal(request, found)
