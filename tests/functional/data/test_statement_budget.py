"""The time budget of a request's data statements (``workbench.data.statement_timeout``) on
every dialect: a statement past it is stopped, the request answers 503 with a message and
its transaction is rolled back; the table reads again at once; schema changes and import
jobs are not cut by it. The slow statements are a formula doing real work on every row,
under a budget far below what that work takes (no timing is asserted)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from tests.functional.data.test_imports import finish, people_csv, start, upload
from workbench.data.budget import DEFAULT_STATEMENT_TIMEOUT, MESSAGE, statement_timeout
from workbench.testing.app import make_app, wipe_data, wipe_meta
from workbench.testing.client import Client
from workbench.testing.tables import create_table

pytestmark = pytest.mark.dialects

#: regular expressions over a 30,000-character text on each of 1,000 rows: seconds of work
SLOW = 'LEN(REGEX_REPLACE(REPEAT({Name}, 5000), "[aeiou]", "xyz"))'
ROWS = 1000


@pytest.fixture(scope="module")
def budget_app(db_url, data_db_url, tmp_path_factory):
    """The app with a budget of 250 ms: far below the slow statements' seconds, and far above
    what the tests' other requests take on a busy machine (a hundred rows inserted, a field
    read), so only the slow ones are cut."""
    settings = {"workbench.data.statement_timeout": "0.25"}
    if data_db_url:
        settings["workbench.data.url"] = data_db_url
    application = make_app(db_url, tmp_path_factory.mktemp("budget"), **settings)
    yield application
    application.registry["source_engines"].dispose_all()
    application.registry["db_engine"].dispose()


@pytest.fixture
def ctx(budget_app):
    client = Client(budget_app)
    admin = client.signup("admin@example.com")
    h = client.auth(admin)
    project = client.create_project(admin, "Budget")
    table = create_table(client, admin, project["id"], "Items", [{"title": "Name"}])
    v2 = f"/api/v2/tables/{table['id']}/records"
    for start_at in range(0, ROWS, 100):
        client.post_json(v2, [{"Name": f"item {i}"} for i in range(start_at, start_at + 100)], headers=h)
    column = {"title": "Slow", "uidt": "Formula", "formula_raw": SLOW}
    client.post_json(f"/api/v1/db/meta/tables/{table['id']}/columns", column, headers=h)
    yield {"client": client, "h": h, "admin": admin, "project": project, "table": table, "v2": v2}
    wipe_meta(budget_app)
    wipe_data(budget_app)


def test_a_read_past_the_budget_is_a_503_and_the_table_reads_again(ctx):
    client, h, v2 = ctx["client"], ctx["h"], ctx["v2"]
    res = client.get(f"{v2}/count", params={"where": "(Slow,gt,0)"}, headers=h, status=503).json
    assert res == {"msg": MESSAGE}
    res = client.get(v2, params={"sort": "-Slow", "limit": 1}, headers=h, status=503).json
    assert res == {"msg": MESSAGE}
    assert client.get(f"{v2}/count", headers=h).json == {"count": ROWS}
    assert client.get(v2, params={"limit": 2, "fields": "Name"}, headers=h).json["list"] == [
        {"Name": "item 0"},
        {"Name": "item 1"},
    ]


def test_a_regular_expression_that_backtracks_without_end_is_stopped_on_sqlite(ctx, dialect):
    if dialect != "sqlite":
        pytest.skip("the other databases run regular expressions themselves, under statement_timeout")
    client, h, v2 = ctx["client"], ctx["h"], ctx["v2"]
    client.post_json(v2, {"Name": "a" * 32 + "!"}, headers=h)  # seconds of backtracking for one match
    column = {"title": "Backtracks", "uidt": "Formula", "formula_raw": 'REGEX_MATCH({Name}, "(a|aa)+$")'}
    client.post_json(f"/api/v1/db/meta/tables/{ctx['table']['id']}/columns", column, headers=h)
    res = client.get(f"{v2}/count", params={"where": "(Backtracks,checked)"}, headers=h, status=503).json
    assert res == {"msg": MESSAGE}
    assert client.get(f"{v2}/count", headers=h).json == {"count": ROWS + 1}


def test_a_write_past_the_budget_is_rolled_back(ctx):
    client, h = ctx["client"], ctx["h"]
    url = f"/api/v1/db/data/bulk/noco/{ctx['project']['id']}/{ctx['table']['id']}/all"
    res = client.patch_json(url + "?where=(Slow,gt,0)", {"Name": "changed"}, headers=h, status=503).json
    assert res == {"msg": MESSAGE}
    changed = client.get(f"{ctx['v2']}/count", params={"where": "(Name,eq,changed)"}, headers=h).json
    assert changed == {"count": 0}


def test_schema_changes_and_imports_are_not_cut(ctx, budget_app):
    client, h, admin = ctx["client"], ctx["h"], ctx["admin"]
    # converting every row's value is one statement over the whole table
    table = client.get(f"/api/v1/db/meta/tables/{ctx['table']['id']}", headers=h).json
    name = next(c for c in table["columns"] if c["title"] == "Name")
    client.patch_json(f"/api/v2/meta/columns/{name['id']}", {"uidt": "LongText"}, headers=h)
    assert client.get(f"{ctx['v2']}/count", headers=h).json == {"count": ROWS}
    job = upload(client, admin, ctx["project"]["id"], people_csv(3000))
    start(client, admin, job)
    done = finish(budget_app, client, admin, job["id"])
    assert done["status"] == "done", done
    assert done["rows_done"] == {"people": 3000}


def test_a_conversion_of_every_value_is_not_cut(ctx, monkeypatch):
    """A field's new type converts its values in Python between reading and rewriting them
    (slowed here past the budget): the rewrite that follows is a schema change's, not cut."""
    import time

    from workbench_plugins.field_types.text.types import LongText

    client, h = ctx["client"], ctx["h"]
    to_db = LongText.to_db

    def slow_to_db(self, value):
        time.sleep(0.0005)  # 1,000 values: half a second, twice the budget
        return to_db(self, value)

    monkeypatch.setattr(LongText, "to_db", slow_to_db)
    table = client.get(f"/api/v1/db/meta/tables/{ctx['table']['id']}", headers=h).json
    name = next(c for c in table["columns"] if c["title"] == "Name")
    client.patch_json(f"/api/v2/meta/columns/{name['id']}", {"uidt": "LongText"}, headers=h)
    assert client.get(ctx["v2"], params={"limit": 1, "fields": "Name"}, headers=h).json["list"] == [{"Name": "item 0"}]


def test_the_budget_adds_no_statement_to_a_request(ctx, budget_app, db_url):
    settings = {
        k: v for k, v in budget_app.registry.settings.items() if k.startswith("workbench.") and isinstance(v, str)
    }
    settings["workbench.data.statement_timeout"] = "0"
    unbounded = make_app(db_url, budget_app.registry.settings["workbench.data_dir"], **settings)
    counts = []

    def count(*_args):
        counts[-1] += 1

    event.listen(sa.engine.Engine, "before_cursor_execute", count)
    try:
        for application in (budget_app, unbounded):
            client = Client(application)
            for params in ({"limit": 25, "fields": "Name"}, {"limit": 25, "fields": "Name"}):
                counts.append(0)
                client.get(ctx["v2"], params=params, headers=ctx["h"])
    finally:
        event.remove(sa.engine.Engine, "before_cursor_execute", count)
        unbounded.registry["source_engines"].dispose_all()
        unbounded.registry["db_engine"].dispose()
    # the second request of each app (models and connections warm): the same statements
    assert counts[1] == counts[3], counts


def test_the_budget_setting():
    assert statement_timeout({}) == DEFAULT_STATEMENT_TIMEOUT == 15
    assert statement_timeout({"workbench.data.statement_timeout": "2.5"}) == 2.5
    assert statement_timeout({"workbench.data.statement_timeout": "0"}) is None
