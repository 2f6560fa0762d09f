"""Connected tables paged by cursor under a sort on a column the database already indexes
(every row once, in order, while rows are inserted behind Workbench's back), and their
counts: the database's estimate on a big table (here: from 100 rows), flagged in
``pageInfo`` and ``/count``; exact on small tables, on SQLite files and under a filter
that the database counts in time."""

from __future__ import annotations

import types
import urllib.parse

import pytest
import sqlalchemy as sa

from tests.functional.external.schemas import ExternalDatabase
from workbench.data.row_counts import RowCount, count_records
from workbench.testing.app import make_app, wipe_meta
from workbench.testing.client import Client

ROWS = 300
PAGE = 25
ESTIMATE_FROM = 100

ITEMS = {
    "pg": "CREATE TABLE items (id serial PRIMARY KEY, score integer, name text);\n"
    "CREATE INDEX items_score ON items (score, id);\n"
    f"INSERT INTO items (score, name) SELECT CASE WHEN mod(g, 50) = 0 THEN NULL ELSE mod(g, 37) END, 'item ' || g "
    f"FROM generate_series(1, {ROWS}) g;\n"
    "ANALYZE items",
    "mariadb": "CREATE TABLE items (id int AUTO_INCREMENT PRIMARY KEY, score int, name varchar(50)) ENGINE=InnoDB;\n"
    "CREATE INDEX items_score ON items (score, id);\n"
    f"INSERT INTO items (score, name) SELECT IF(MOD(seq, 50) = 0, NULL, MOD(seq, 37)), CONCAT('item ', seq) "
    f"FROM seq_1_to_{ROWS};\n"
    "ANALYZE TABLE items",
    "sqlite": "CREATE TABLE items (id INTEGER PRIMARY KEY, score integer, name text);\n"
    "CREATE INDEX items_score ON items (score, id);\n"
    "WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < "
    f"{ROWS}) INSERT INTO items (score, name) SELECT CASE WHEN n % 50 = 0 THEN NULL ELSE n % 37 END, "
    "'item ' || n FROM g;\n",
}


@pytest.fixture(scope="module")
def paging_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("external-paging")


@pytest.fixture(scope="module")
def paging_app(tmp_path_factory, paging_folder):
    folder = tmp_path_factory.mktemp("meta")
    application = make_app(
        f"sqlite:///{folder / 'meta.db'}",
        folder / "data",
        **{
            "workbench.sources.allow_private": "true",
            "workbench.sources.sqlite_dir": str(paging_folder),
            "workbench.sources.count_estimate_from": str(ESTIMATE_FROM),
        },
    )
    yield application
    application.registry["source_engines"].dispose_all()
    application.registry["db_engine"].dispose()


@pytest.fixture
def client(paging_app):
    yield Client(paging_app)
    paging_app.registry["source_engines"].dispose_all()
    wipe_meta(paging_app)


@pytest.fixture(params=("pg", "mariadb", "sqlite"))
def items_db(request, paging_folder):
    db = ExternalDatabase(request.param, paging_folder)
    if request.param == "sqlite":
        db.execute_script(ITEMS["sqlite"])
    else:
        db.execute_script(ITEMS[request.param])
    yield db
    db.drop()


def connect(client, db) -> tuple[str, dict, dict]:
    token = client.signup("admin@example.com")
    h = client.auth(token)
    project = client.post_json(
        "/api/v1/db/meta/projects", {"title": "Shop", "bases": [{"config": db.config()}]}, headers=h
    ).json
    tables = client.get(f"/api/v1/db/meta/projects/{project['id']}/tables", headers=h).json["list"]
    return token, h, {t["title"]: t["id"] for t in tables}


def records(client, h, table_id, status=200, **query):
    url = f"/api/v2/tables/{table_id}/records?" + urllib.parse.urlencode(query)
    return client.get(url, headers=h, status=status).json


def order_key(kind):
    """A row's place in an ascending sort on score: nulls first, except on PostgreSQL, whose
    own order (nulls last) its existing indexes hold."""
    nulls_largest = kind == "pg"

    def key(row):
        score = row["score"]
        return ((score is None) == nulls_largest, score if score is not None else 0, row["id"])

    return key


def test_cursor_pages_give_every_row_once_in_order_while_rows_are_inserted(client, items_db):
    _token, h, tables = connect(client, items_db)
    items = tables["items"]
    seen, pages = [], 0
    answer = records(client, h, items, sort="score", limit=PAGE, cursor="")
    while True:
        seen += answer["list"]
        pages += 1
        info = answer["pageInfo"]
        if info["isLastPage"]:
            break
        # Rows inserted behind Workbench's back between pages, before and after the position.
        items_db.execute_script(f"INSERT INTO items (score, name) VALUES (0, 'early {pages}'), (99, 'late {pages}')")
        answer = records(client, h, items, sort="score", limit=PAGE, cursor=info["nextCursor"])
    ids = [r["id"] for r in seen]
    assert len(ids) == len(set(ids))  # no row twice
    assert set(range(1, ROWS + 1)) <= set(ids)  # every row that was there from the start
    key = order_key(items_db.kind)
    assert [key(r) for r in seen] == sorted(key(r) for r in seen)  # in the sort's order
    assert not any(r["name"].startswith("early") for r in seen)  # inserted before the pages read
    assert any(r["name"].startswith("late") for r in seen)  # inserted after them
    # Back one page from the last one read: the page before it, in order.
    back = records(client, h, items, sort="score", limit=PAGE, cursor=answer["pageInfo"]["prevCursor"])
    assert [r["id"] for r in back["list"]] == ids[-len(answer["list"]) - PAGE : -len(answer["list"])]
    # A jump then a cursor from there, under a descending sort.
    jump = records(client, h, items, sort="-score", limit=PAGE, cursor="", offset=150)
    following = records(client, h, items, sort="-score", limit=PAGE, cursor=jump["pageInfo"]["nextCursor"])
    both = [key(r)[:2] for r in jump["list"] + following["list"]]
    assert both == sorted(both, reverse=True)
    # Workbench made no index there: the database keeps the ones it had.
    if items_db.kind == "pg":
        assert items_db.scalar("SELECT count(*) FROM pg_indexes WHERE tablename = 'items'") == 2


def test_a_big_connected_table_shows_the_database_estimate_and_says_so(client, items_db):
    _token, h, tables = connect(client, items_db)
    items, customers = tables["items"], tables["customers"]
    page = records(client, h, items, limit=PAGE)["pageInfo"]
    by_cursor = records(client, h, items, sort="score", limit=PAGE, cursor="")["pageInfo"]
    counted = client.get(f"/api/v2/tables/{items}/records/count", headers=h).json
    small = records(client, h, customers, limit=1)["pageInfo"]
    assert (small["totalRows"], small["totalRowsEstimated"]) == (2, False)
    assert client.get(f"/api/v2/tables/{customers}/records/count", headers=h).json == {"count": 2, "estimated": False}
    if items_db.kind == "sqlite":  # a file is counted exactly
        for info in (page, by_cursor):
            assert (info["totalRows"], info["totalRowsEstimated"]) == (ROWS, False)
        assert counted == {"count": ROWS, "estimated": False}
        return
    for info in (page, by_cursor):
        assert info["totalRowsEstimated"] is True
        assert ROWS * 0.5 <= info["totalRows"] <= ROWS * 1.5
    assert set(page) >= {"totalRows", "page", "pageSize", "isFirstPage", "isLastPage"}
    assert counted["estimated"] is True
    assert ROWS * 0.5 <= counted["count"] <= ROWS * 1.5
    # A filter the database counts within the budget: exact.
    where = "(score,eq,3)"
    expected = items_db.scalar("SELECT count(*) FROM items WHERE score = 3")
    filtered = records(client, h, items, where=where, limit=2)["pageInfo"]
    assert (filtered["totalRows"], filtered["totalRowsEstimated"]) == (expected, False)
    by_count = client.get(f"/api/v2/tables/{items}/records/count?where={where}", headers=h).json
    assert by_count == {"count": expected, "estimated": False}


def test_counts_are_kept_a_short_while_and_read_again_after_a_write(client, items_db):
    _token, h, tables = connect(client, items_db)
    tags = tables["tags"]
    url = f"/api/v2/tables/{tags}/records/count"
    assert client.get(url, headers=h).json["count"] == 2
    items_db.execute_script("INSERT INTO tags (name) VALUES ('behind')")
    # Kept a while: written behind Workbench's back (a SQLite file is counted every time).
    assert client.get(url, headers=h).json["count"] == (3 if items_db.kind == "sqlite" else 2)
    client.post_json(f"/api/v2/tables/{tags}/records", {"name": "through"}, headers=h)
    assert client.get(url, headers=h).json["count"] == 4  # a write through Workbench is seen at once
    assert records(client, h, tags, limit=1)["pageInfo"]["totalRows"] == 4


def test_the_project_database_is_counted_exactly_without_the_flag(client):
    token = client.signup("admin@example.com")
    h = client.auth(token)
    project = client.create_project(token, "Own")
    table = client.post_json(
        f"/api/v1/db/meta/projects/{project['id']}/tables",
        {"table_name": "notes", "title": "Notes", "columns": [{"title": "Title", "uidt": "SingleLineText"}]},
        headers=h,
    ).json
    client.post_json(f"/api/v2/tables/{table['id']}/records", [{"Title": str(i)} for i in range(3)], headers=h)
    info = records(client, h, table["id"], limit=2)["pageInfo"]
    assert info["totalRows"] == 3
    assert "totalRowsEstimated" not in info
    assert client.get(f"/api/v2/tables/{table['id']}/records/count", headers=h).json == {"count": 3}
    assert "totalRows" not in records(client, h, table["id"], limit=2, cursor="")["pageInfo"]


def test_a_filter_past_the_time_budget_shows_the_planner_estimate(paging_folder):
    db = ExternalDatabase("pg", paging_folder)
    try:
        db.execute_script(ITEMS["pg"])
        engine = sa.create_engine(db.url)
        table = sa.Table("items", sa.MetaData(), autoload_with=engine)
        model = types.SimpleNamespace(table=table, statements={})
        external = types.SimpleNamespace(is_default=False)
        settings = {"workbench.sources.count_estimate_from": "100", "workbench.sources.count_budget": "0.05"}
        slow = sa.and_(table.c.score < 10, sa.text("pg_sleep(0.01) IS NOT NULL"))  # 10 ms a row
        with engine.connect() as conn:
            counted = count_records(conn, model, slow, external, settings)
            assert counted.estimated
            assert 1 <= counted.total <= ROWS
            # The transaction goes on, with its own time budget back.
            assert conn.exec_driver_sql("SELECT count(*) FROM items").scalar() == ROWS
            fast = count_records(conn, model, table.c.score < 10, external, settings)
            assert fast == RowCount(conn.execute(sa.select(sa.func.count()).where(table.c.score < 10)).scalar(), False)
            assert conn.exec_driver_sql("SHOW statement_timeout").scalar() == "0"
        engine.dispose()
    finally:
        db.drop()
