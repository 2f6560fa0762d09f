"""The SQLite client (``sqlite3``): an existing database file on the server, inside the
folder ``workbench.sources.sqlite_dir`` allows."""

from workbench.plugin_api import DatabaseClient, hookimpl


class SQLite(DatabaseClient):
    name = "sqlite3"
    driver = "sqlite+pysqlite"
    order = 30
    default_port = None
    fields = ("filename",)
    supports_ssl = False
    file_based = True


@hookimpl
def register_database_clients():
    return [SQLite]
