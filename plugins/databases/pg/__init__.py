"""The PostgreSQL client (``pg``): psycopg 3, port 5432, search path ``public``.

The connection is made to the checked address (``hostaddr``) while ``host`` keeps the name
for certificate checks; the search path is set for each connection (``options``).
"""

from workbench.plugin_api import DatabaseClient, hookimpl

SSL_MODES = {
    "No": "disable",
    "Allowed": "allow",
    "Preferred": "prefer",
    "Required": "require",
    "Required-CA": "verify-ca",
    "Required-Identity": "verify-full",
}


def _quoted(schema: str) -> str:
    return '"' + schema.replace('"', '""') + '"'


class PostgreSQL(DatabaseClient):
    name = "pg"
    driver = "postgresql+psycopg"
    order = 10
    default_port = 5432
    default_search_path = ("public",)
    uses_search_path = True

    def url(self, connection, address):
        return super().url(connection, None)

    def connect_args(self, connection, *, address, timeout, search_path, ssl, files):
        args = {
            "hostaddr": address,
            "connect_timeout": max(2, round(timeout)),  # libpq counts whole seconds, at least 2
            "sslmode": SSL_MODES.get(ssl.get("mode") or "No", "disable"),
            "application_name": "workbench",
        }
        if search_path:
            path = ",".join(_quoted(s) for s in search_path).replace("\\", "\\\\").replace(" ", "\\ ")
            args["options"] = f"-c search_path={path}"
        for kind, key in (("ca", "sslrootcert"), ("cert", "sslcert"), ("key", "sslkey")):
            if kind in files:
                args[key] = files[kind]
        return args

    def error_message(self, exc):
        lowered = str(getattr(exc, "orig", exc)).lower()
        if "password authentication failed" in lowered or "no password supplied" in lowered:
            return "Wrong user name or password"
        if 'fatal:  role "' in lowered and "does not exist" in lowered:
            return "Wrong user name or password"
        if 'fatal:  database "' in lowered and "does not exist" in lowered:
            return "The database does not exist on this server"
        if "timeout expired" in lowered:
            return "Timed out connecting to the database"
        if "connection refused" in lowered:
            return "Connection refused: no database answers at that host and port"
        return None


@hookimpl
def register_database_clients():
    return [PostgreSQL]
