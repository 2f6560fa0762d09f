"""``workbench migrate`` gives the projects made before record history their history
table, in their embedded SQLite file or in the shared data database; the app then records
their changes."""

import sqlalchemy as sa

from workbench.cli import main as cli
from workbench.history.store import TABLE_NAME
from workbench.testing.app import make_app
from workbench.testing.client import Client
from workbench.testing.databases import create_database, drop_database
from workbench.testing.tables import create_table

SECRET = "test-secret-" + "x" * 40


def _old_project(app, client) -> tuple[str, str]:
    """A project with a record, then its history table dropped: what the code before
    record history left behind."""
    admin = client.signup("admin@example.com")
    project = client.create_project(admin, "Old")
    table = create_table(client, admin, project["id"], "Tasks", [{"title": "Name"}])
    client.post_json(f"/api/v2/tables/{table['id']}/records", {"Name": "before"}, headers=client.auth(admin))
    return admin, table["id"]


def _tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_migrate_makes_the_history_table_of_embedded_projects(tmp_path):
    meta_url = create_database("sqlite", tmp_path)
    data_dir = tmp_path / "data"
    app = make_app(meta_url, data_dir)
    client = Client(app)
    admin, table_id = _old_project(app, client)
    app.registry["source_engines"].dispose_all()
    files = list((data_dir / "projects").glob("*.db"))
    assert len(files) == 1
    data_url = f"sqlite:///{files[0]}"
    engine = sa.create_engine(data_url)
    with engine.begin() as conn:
        conn.exec_driver_sql(f"DROP TABLE {TABLE_NAME}")
    engine.dispose()
    assert TABLE_NAME not in _tables(data_url)
    ini = tmp_path / "app.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:workbench\nsqlalchemy.url = {meta_url}\n"
        f"workbench.data_dir = {data_dir}\nworkbench.secret = {SECRET}\n"
    )
    assert cli(["-c", str(ini), "migrate"]) == 0
    assert TABLE_NAME in _tables(data_url)
    assert "tasks" in _tables(data_url)
    # the app, started again, records the old project's changes
    app = make_app(meta_url, data_dir)
    client = Client(app)
    h = client.auth(admin)
    client.patch_json(f"/api/v2/tables/{table_id}/records", {"Id": 1, "Name": "after"}, headers=h)
    entries = client.get("/api/v1/db/meta/audits", {"fk_model_id": table_id, "row_id": 1}, headers=h).json["list"]
    assert [(e["op"], e["details"]["changes"][0]["new"]) for e in entries] == [("update", "after")]
    app.registry["source_engines"].dispose_all()
    app.registry["db_engine"].dispose()


def test_migrate_makes_the_history_table_in_the_shared_data_database(tmp_path, dialect):
    (tmp_path / "meta").mkdir()
    (tmp_path / "shared").mkdir()
    meta_url = create_database(dialect, tmp_path / "meta")
    data_url = create_database(dialect, tmp_path / "shared")
    try:
        app = make_app(meta_url, tmp_path / "data", **{"workbench.data.url": data_url})
        client = Client(app)
        _old_project(app, client)
        app.registry["source_engines"].dispose_all()
        engine = sa.create_engine(data_url)
        with engine.begin() as conn:
            conn.execute(sa.text(f"DROP TABLE {TABLE_NAME}"))
        engine.dispose()
        from workbench.history.store import forget, upgrade_sources

        forget()
        upgraded = upgrade_sources({"workbench.data_dir": str(tmp_path / "data")}, meta_url)
        assert len(upgraded) == 1
        assert TABLE_NAME in _tables(data_url)
        app.registry["db_engine"].dispose()
    finally:
        drop_database(data_url)
        drop_database(meta_url)
