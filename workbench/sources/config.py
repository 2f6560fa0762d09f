"""A source's connection config: checked, completed with the client's defaults, stored with
its secrets sealed, and shown without them.

The API takes NocoDB's shape: ``{"client": "pg", "connection": {"host", "port", "user",
"password", "database", "ssl": {"mode", "ca", "cert", "key"}}, "searchPath": ["public"]}``,
or ``{"client": "sqlite3", "connection": {"filename": ...}}``. The password and the SSL key
are stored sealed with the app secret (``workbench.security.sealing``) and never returned;
an update that leaves them out keeps the stored ones.
"""

from __future__ import annotations

import re
from pathlib import Path

from workbench.errors import BadRequest
from workbench.security import sealing
from workbench.sources.clients import SSL_MODES, DatabaseClient

PURPOSE = "source-connection"
MAX_HOST = 253
MAX_NAME = 128  # user and database names
MAX_PASSWORD = 1024
MAX_PEM = 64 * 1024  # one SSL file
MAX_SCHEMAS = 16
SCHEMA_RE = re.compile(r"^[^\x00]{1,63}$")
SSL_FILES = ("ca", "cert", "key")
#: what the API never shows of a stored connection
SECRET_KEYS = ("password", "password_sealed")


def client_of(registry, name) -> DatabaseClient:
    clients = registry["database_clients"]
    if not isinstance(name, str) or name not in clients:
        known = ", ".join(sorted(c.name for c in clients))
        raise BadRequest(f"Unknown database client {name!r}; the known ones are: {known}")
    return clients.get(name)()


def _text(connection: dict, key: str, limit: int, required: bool = False) -> str | None:
    value = connection.get(key)
    if value is None or value == "":
        if required:
            raise BadRequest(f"connection.{key} is required")
        return None
    if not isinstance(value, str) or "\x00" in value:
        raise BadRequest(f"connection.{key} must be a text")
    if len(value) > limit:
        raise BadRequest(f"connection.{key} is longer than {limit} characters")
    return value


def _port(value, default: int | None) -> int | None:
    if value is None or value == "":
        return default
    try:
        port = int(value)
    except (TypeError, ValueError):
        raise BadRequest("connection.port must be a number from 1 to 65535") from None
    if (isinstance(value, float) and value != port) or not 1 <= port <= 65535:
        raise BadRequest("connection.port must be a number from 1 to 65535")
    return port


def _ssl(given, stored: dict | None, app_secret: str) -> dict:
    stored = stored or {}
    if given is None or given is False:
        return stored if stored else {"mode": "No"}
    if given is True:
        given = {"mode": "Required"}
    if not isinstance(given, dict):
        raise BadRequest("connection.ssl must be an object with a mode")
    mode = given.get("mode") or "No"
    if mode not in SSL_MODES:
        raise BadRequest(f"connection.ssl.mode must be one of {', '.join(SSL_MODES)}")
    result = {"mode": mode}
    for kind in SSL_FILES:
        value = given.get(kind)
        if value in (None, ""):
            kept = stored.get("key_sealed" if kind == "key" else kind)
            if kept:
                result["key_sealed" if kind == "key" else kind] = kept
            continue
        if not isinstance(value, str) or len(value) > MAX_PEM or "-----BEGIN" not in value:
            raise BadRequest(f"connection.ssl.{kind} must be a PEM file of at most {MAX_PEM // 1024} KB")
        if kind == "key":
            result["key_sealed"] = sealing.seal(app_secret, PURPOSE, value)
        else:
            result[kind] = value
    if mode in ("Required-CA", "Required-Identity") and not result.get("ca"):
        raise BadRequest(f"connection.ssl.ca (the certificate authority) is needed for SSL mode {mode}")
    return result


def _search_path(client: DatabaseClient, given) -> list[str]:
    if not client.uses_search_path:
        return []
    if given in (None, "", []):
        return list(client.default_search_path)
    if isinstance(given, str):
        given = [given]
    if not isinstance(given, list) or len(given) > MAX_SCHEMAS:
        raise BadRequest(f"searchPath must be a list of at most {MAX_SCHEMAS} schema names")
    if not all(isinstance(s, str) and SCHEMA_RE.match(s) for s in given):
        raise BadRequest("searchPath must hold schema names of 1 to 63 characters")
    return list(given)


def normalise(registry, body, stored: dict | None = None) -> dict:
    """The config to store from an API ``body`` (``stored``: the current one, whose secrets
    are kept when the body leaves them out). 400 with the reason when it is invalid."""
    if not isinstance(body, dict):
        raise BadRequest("config must be an object")
    stored = stored or {}
    client = client_of(registry, body.get("client") or stored.get("client"))
    connection = body.get("connection") if body.get("connection") is not None else {}
    if not isinstance(connection, dict):
        raise BadRequest("config.connection must be an object")
    app_secret = registry.settings["workbench.secret"]
    old = stored.get("connection") or {} if stored.get("client") == client.name else {}
    if client.file_based:
        filename = (
            _text(connection, "filename", 1024, required=True)
            if connection.get("filename") or not old
            else old["filename"]
        )
        return {"client": client.name, "connection": {"filename": filename}, "external": True}
    result = {
        "host": _text(connection, "host", MAX_HOST, required=True),
        "port": _port(connection.get("port"), client.default_port),
        "user": _text(connection, "user", MAX_NAME),
        "database": _text(connection, "database", MAX_NAME),
    }
    password = connection.get("password")
    if password not in (None, ""):
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            raise BadRequest(f"connection.password must be a text of at most {MAX_PASSWORD} characters")
        result["password_sealed"] = sealing.seal(app_secret, PURPOSE, password)
    elif old.get("password_sealed") and (old.get("host"), old.get("user")) == (result["host"], result["user"]):
        result["password_sealed"] = old["password_sealed"]
    if client.supports_ssl:
        result["ssl"] = _ssl(connection.get("ssl"), old.get("ssl"), app_secret)
    config = {"client": client.name, "connection": result, "external": True}
    if client.uses_search_path:
        config["searchPath"] = _search_path(client, body.get("searchPath", stored.get("searchPath")))
    return config


def unsealed(settings, config: dict) -> dict:
    """The connection with its secrets in clear (to connect; never to show)."""
    connection = dict(config.get("connection") or {})
    secret = settings["workbench.secret"]
    connection["password"] = sealing.unseal(secret, PURPOSE, connection.pop("password_sealed", None))
    ssl = dict(connection.get("ssl") or {})
    if ssl.get("key_sealed"):
        ssl["key"] = sealing.unseal(secret, PURPOSE, ssl.pop("key_sealed"))
    connection["ssl"] = ssl
    return connection


def public(config: dict | None) -> dict | None:
    """The config as the API shows it: no password, no SSL key (only whether there is one)."""
    if not config or not config.get("external"):
        return None
    connection = {k: v for k, v in (config.get("connection") or {}).items() if k not in SECRET_KEYS}
    connection["password"] = None
    connection["hasPassword"] = bool((config.get("connection") or {}).get("password_sealed"))
    if isinstance(connection.get("ssl"), dict):
        ssl = {k: v for k, v in connection["ssl"].items() if k != "key_sealed"}
        ssl["hasKey"] = bool(connection["ssl"].get("key_sealed"))
        connection["ssl"] = ssl
    shown = {"client": config.get("client"), "connection": connection}
    if "searchPath" in config:
        shown["searchPath"] = config["searchPath"]
    return shown


def sqlite_file(settings, filename: str) -> Path:
    """The file of an external SQLite database: an existing file inside
    ``workbench.sources.sqlite_dir`` (default: the ``external`` folder of the data folder)."""
    root = Path(settings.get("workbench.sources.sqlite_dir") or Path(settings["workbench.data_dir"]) / "external")
    root = root.resolve()
    path = Path(filename)
    path = (path if path.is_absolute() else root / path).resolve()
    if root != path and root not in path.parents:
        raise BadRequest(f"The SQLite file must be in the folder {root}")
    if not path.is_file():
        raise BadRequest(f"No SQLite file {filename!r} in the folder {root}")
    return path
