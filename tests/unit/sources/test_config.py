"""Connection configs: completed with each client's defaults, checked (400 with the
reason), secrets sealed and never shown; MSSQL's config and the SQL compiled for it."""

from __future__ import annotations

import types

import pytest
import sqlalchemy as sa

from workbench.errors import BadRequest
from workbench.plugins import load_plugins
from workbench.security import sealing
from workbench.sources import config as source_config
from workbench.sources import connect
from workbench.testing.app import TEST_SECRET


class FakeRegistry(dict):
    """What the config code reads of an app registry: the clients and the settings."""

    def __init__(self, tmp_path):
        super().__init__(load_plugins({}).registries)
        self.settings = {"workbench.secret": TEST_SECRET, "workbench.data_dir": str(tmp_path)}


@pytest.fixture
def registry(tmp_path):
    return FakeRegistry(tmp_path)


def conf(client, **connection):
    return {"client": client, "connection": {"host": "db.example.com", **connection}}


@pytest.mark.parametrize(
    ("client", "port", "search_path"),
    [("pg", 5432, ["public"]), ("mysql2", 3306, None), ("vitess", 15306, None), ("mssql", 1433, ["dbo"])],
)
def test_defaults(registry, client, port, search_path):
    config = source_config.normalise(registry, conf(client))
    assert config["connection"]["port"] == port
    assert config.get("searchPath") == search_path
    assert config["connection"]["ssl"] == {"mode": "No"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"client": "oracle9"}, "Unknown database client"),
        (conf("pg", port=0), "port"),
        (conf("pg", port="x"), "port"),
        (conf("pg", port=70000), "port"),
        ({"client": "pg", "connection": {}}, "connection.host is required"),
        (conf("pg", host="h" * 300), "longer than"),
        (conf("pg", user="u" * 200), "longer than"),
        (conf("pg", password="p" * 2000), "password"),
        (conf("pg", ssl={"mode": "Sometimes"}), "ssl.mode"),
        (conf("pg", ssl={"mode": "Required", "ca": "not a pem"}), "PEM"),
        (conf("pg", ssl={"mode": "Required", "ca": "-----BEGIN " + "x" * 70000}), "PEM"),
        (conf("pg", ssl={"mode": "Required-CA"}), "certificate authority"),
        ({**conf("pg"), "searchPath": ["a"] * 20}, "searchPath"),
        ({**conf("pg"), "searchPath": [""]}, "searchPath"),
        ({"client": "sqlite3", "connection": {}}, "filename"),
    ],
)
def test_invalid_configs_are_refused_with_the_reason(registry, body, message):
    with pytest.raises(BadRequest, match=message):
        source_config.normalise(registry, body)


def test_secrets_are_sealed_kept_on_update_and_never_shown(registry):
    key = "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n"
    ca = "-----BEGIN CERTIFICATE-----\nxyz\n-----END CERTIFICATE-----\n"
    config = source_config.normalise(
        registry, conf("pg", user="ann", password="hunter2!", ssl={"mode": "Required-CA", "ca": ca, "key": key})
    )
    assert "hunter2!" not in repr(config)
    assert "PRIVATE KEY" not in repr(config)
    assert sealing.unseal(TEST_SECRET, source_config.PURPOSE, config["connection"]["password_sealed"]) == "hunter2!"
    shown = source_config.public(config)
    assert shown["connection"]["password"] is None
    assert shown["connection"]["hasPassword"]
    assert shown["connection"]["ssl"] == {"mode": "Required-CA", "ca": ca, "hasKey": True}
    assert "hunter2!" not in repr(shown)
    assert "PRIVATE KEY" not in repr(shown)
    # an update without the password keeps it; naming another user drops it
    kept = source_config.normalise(registry, conf("pg", user="ann", port=6543), config)
    assert source_config.unsealed(registry.settings, kept)["password"] == "hunter2!"
    assert source_config.unsealed(registry.settings, kept)["ssl"]["key"] == key
    other = source_config.normalise(registry, conf("pg", user="bob"), config)
    assert source_config.unsealed(registry.settings, other)["password"] is None


def test_an_sqlite_file_must_be_inside_its_folder(registry, tmp_path):
    folder = tmp_path / "external"
    folder.mkdir()
    (folder / "shop.db").write_bytes(b"")
    settings = {**registry.settings, "workbench.sources.sqlite_dir": str(folder)}
    assert source_config.sqlite_file(settings, "shop.db") == (folder / "shop.db").resolve()
    for outside in ("../meta.db", "/etc/passwd", str(tmp_path / "x.db")):
        with pytest.raises(BadRequest, match="must be in the folder"):
            source_config.sqlite_file(settings, outside)
    with pytest.raises(BadRequest, match="No SQLite file"):
        source_config.sqlite_file(settings, "missing.db")


def test_mssql_config_and_the_sql_compiled_for_it(registry):
    config = source_config.normalise(registry, conf("mssql", user="sa", password="x", database="shop"))
    client = source_config.client_of(registry, "mssql")
    url = client.url(source_config.unsealed(registry.settings, config), "203.0.113.5")
    assert (url.drivername, url.host, url.port, url.database) == ("mssql+pymssql", "203.0.113.5", 1433, "shop")
    args = client.connect_args(
        {}, address="203.0.113.5", timeout=3, search_path=["dbo"], ssl={"mode": "Required"}, files={}
    )
    assert args["login_timeout"] == 3
    assert args["encryption"] == "require"
    table = sa.table("order lines", sa.column("id"), sa.column('note "quoted"'), schema="dbo")
    statement = sa.select(table.c.id).where(table.c['note "quoted"'] == "x").order_by(table.c.id).limit(25).offset(50)
    sql = str(statement.compile(dialect=client.dialect()))
    assert "FROM dbo.[order lines]" in sql
    assert '[note "quoted"] = ' in sql
    assert " OFFSET :param_1 ROWS\n FETCH FIRST :param_2 ROWS ONLY" in sql


def test_clients_describe_connection_failures(registry):
    pg = source_config.client_of(registry, "pg")
    wrong = types.SimpleNamespace(orig='FATAL:  password authentication failed for user "ann"')
    assert pg.error_message(wrong) == "Wrong user name or password"
    mysql = source_config.client_of(registry, "mysql2")
    denied = Exception(1045, "Access denied for user 'ann'@'1.2.3.4' (using password: YES)")
    assert mysql.error_message(types.SimpleNamespace(orig=denied)) == "Wrong user name or password"
    assert connect.describe(registry, "pg", sa.exc.TimeoutError()).startswith("Timed out")
