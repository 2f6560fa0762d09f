"""The local-disk storage backend (the default): files under ``<data_dir>/attachments``."""

from workbench.plugin_api import hookimpl

from .backend import LocalStorage


@hookimpl
def register_storage_backends():
    return [LocalStorage]
