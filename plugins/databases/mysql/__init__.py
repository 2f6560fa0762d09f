"""MySQL and MariaDB (``mysql2``, port 3306) and Vitess (``vitess``, port 15306), through
PyMySQL. The connection is made to the checked address; the server's greeting must come
within the connect timeout, later reads wait as long as a statement may run."""

from workbench.plugin_api import DatabaseClient, hookimpl

_ACCESS_DENIED, _UNKNOWN_DATABASE, _CANNOT_CONNECT = (1045, 1698), 1049, 2003


class MySQL(DatabaseClient):
    name = "mysql2"
    driver = "mysql+pymysql"
    order = 20
    default_port = 3306

    def url(self, connection, address):
        return super().url(connection, address).update_query_dict({"charset": "utf8mb4"})

    def connect_args(self, connection, *, address, timeout, search_path, ssl, files):
        args = {"connect_timeout": timeout, "read_timeout": timeout, "write_timeout": timeout}
        mode = ssl.get("mode") or "No"
        if mode == "No":
            args["ssl_disabled"] = True
        elif mode in ("Required", "Required-CA", "Required-Identity") or files:
            args["ssl"] = {}
            for kind, key in (("ca", "ssl_ca"), ("cert", "ssl_cert"), ("key", "ssl_key")):
                if kind in files:
                    args[key] = files[kind]
            args["ssl_verify_cert"] = mode in ("Required-CA", "Required-Identity")
            args["ssl_verify_identity"] = mode == "Required-Identity"
        return args

    def connected(self, dbapi_connection, statement_timeout):
        # The greeting had the connect timeout; a statement may now run for its budget
        # (the server stops it then) before the driver gives up waiting.
        dbapi_connection._read_timeout = None if statement_timeout is None else statement_timeout + 5

    def error_message(self, exc):
        orig = getattr(exc, "orig", exc)
        code = orig.args[0] if getattr(orig, "args", None) else None
        text = str(orig.args[1] if len(getattr(orig, "args", ())) > 1 else orig).lower()
        if code in _ACCESS_DENIED:
            return "Wrong user name or password"
        if code == _UNKNOWN_DATABASE:
            return "The database does not exist on this server"
        if code == _CANNOT_CONNECT or "timed out" in text:
            if "timed out" in text:
                return "Timed out connecting to the database"
            if "refused" in text:
                return "Connection refused: no database answers at that host and port"
        return None


class Vitess(MySQL):
    name = "vitess"
    order = 25
    default_port = 15306


@hookimpl
def register_database_clients():
    return [MySQL, Vitess]
