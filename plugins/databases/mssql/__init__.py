"""The Microsoft SQL Server client (``mssql``): port 1433, schema ``dbo``, through pymssql
(installed separately: without it a connection says the driver is missing)."""

from workbench.plugin_api import DatabaseClient, hookimpl

SSL_ENCRYPT = {"No": False, "Allowed": False, "Preferred": True}


class MSSQL(DatabaseClient):
    name = "mssql"
    driver = "mssql+pymssql"
    order = 40
    default_port = 1433
    default_search_path = ("dbo",)
    uses_search_path = True

    def connect_args(self, connection, *, address, timeout, search_path, ssl, files):
        mode = ssl.get("mode") or "No"
        return {
            "login_timeout": max(1, round(timeout)),
            "timeout": 0,
            "encryption": "off" if not SSL_ENCRYPT.get(mode, True) else "require",
        }

    def dialect(self):
        # Statements for SQL Server 2012 and later (OFFSET ... FETCH paging), as a
        # connection would find out from the server.
        dialect = super().dialect()
        dialect.server_version_info = (16, 0)
        dialect._supports_offset_fetch = True
        return dialect

    def error_message(self, exc):
        if isinstance(exc, ModuleNotFoundError):
            return "The SQL Server driver (pymssql) is not installed on this server"
        return None


@hookimpl
def register_database_clients():
    return [MSSQL]
