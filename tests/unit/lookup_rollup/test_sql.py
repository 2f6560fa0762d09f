"""Lookups and rollups as SQL on real databases, through models built with a catalog of
the linked tables: single values through belongs-to, lists through has-many and
many-to-many, a lookup of a lookup, a self-link, every rollup function, filters with
any-match semantics, and one statement for a whole page."""

from __future__ import annotations

import datetime as dt
import types

import pytest
import sqlalchemy as sa
from workbench_plugins.field_types.dates.types import Date
from workbench_plugins.field_types.formula import Formula
from workbench_plugins.field_types.id import ID
from workbench_plugins.field_types.links.relations import BT, HM, MM, Key, link_options
from workbench_plugins.field_types.lookup_rollup import Lookup, Rollup
from workbench_plugins.field_types.numbers.types import Number
from workbench_plugins.field_types.text.types import SingleLineText

from workbench.data.computed import Catalog
from workbench.data.filters import condition_clause
from workbench.data.model import build_model
from workbench.data.query import select_columns
from workbench.fields.interfaces import FieldType
from workbench.formulas import check, parse
from workbench.formulas.testing import builtin_functions
from workbench.plugins.registry import Registry

pytestmark = pytest.mark.dialects


class Link(FieldType):
    """Stands for the link field type: virtual, its options describe the relation."""

    name = "Links"

    def sql_type(self, dialect):
        return None


TYPES = {t.name: t for t in (ID, Number, SingleLineText, Date, Lookup, Rollup, Link, Formula)}
REGISTRY = {
    "field_types": Registry("field_types", TYPES.items()),
    "formula_functions": builtin_functions(),
}


def col(id_, title, uidt, name=None, **options):
    return types.SimpleNamespace(
        id=id_,
        title=title,
        column_name=name,
        uidt=uidt,
        dt=None,
        pk=uidt == "ID",
        ai=uidt == "ID",
        rqd=False,
        pv=False,
        system=False,
        cdf=None,
        meta={},
        col_options=options or None,
        order=None,
    )


A, B, T, J = ("md_a", "lr_authors"), ("md_b", "lr_books"), ("md_t", "lr_tags"), ("md_j", "lr_book_tags")
A_ID, A_MENTOR = Key("cl_a_id", "id"), Key("cl_a_mentor", "mentor_id")
B_ID, B_AUTHOR = Key("cl_b_id", "id"), Key("cl_b_author", "author_id")
T_ID = Key("cl_t_id", "id")
J_BOOK, J_TAG = Key("cl_j_book", "book_id"), Key("cl_j_tag", "tag_id")


def lookup(id_, title, relation, target, data_type="string", multi=True):
    return col(
        id_,
        title,
        "Lookup",
        fk_relation_column_id=relation,
        fk_lookup_column_id=target,
        dataType=data_type,
        multi=multi,
    )


def rollup(id_, function, target="cl_b_pages", relation="cl_books", title=None):
    return col(
        id_,
        title or function,
        "Rollup",
        fk_relation_column_id=relation,
        fk_rollup_column_id=target,
        rollup_function=function,
        dataType="numeric",
    )


def formula(id_, title, text, ids, data_types):
    tree = parse(text, ids)
    checked = check(tree, data_types, REGISTRY["formula_functions"])
    return col(id_, title, "Formula", parsed_tree=tree, dataType=checked["dt"])


FUNCTIONS = ("count", "min", "max", "avg", "sum", "countDistinct", "sumDistinct", "avgDistinct")
TABLES = {
    "md_a": (
        types.SimpleNamespace(id="md_a", title="Authors", table_name="lr_authors"),
        [
            col("cl_a_id", "Id", "ID", "id"),
            col("cl_a_name", "Name", "SingleLineText", "name"),
            col("cl_a_mentor", "Mentor id", "Number", "mentor_id"),
            col("cl_books", "Books", "Links", **link_options(HM, source=A, related=B, child=B_AUTHOR, parent=A_ID)),
            col("cl_mentees", "Mentees", "Links", **link_options(HM, source=A, related=A, child=A_MENTOR, parent=A_ID)),
            lookup("cl_titles", "Titles", "cl_books", "cl_b_title"),
            lookup("cl_days", "Days", "cl_books", "cl_b_day", "date"),
            lookup("cl_labels", "Labels", "cl_books", "cl_b_labels"),
            lookup("cl_mentee_names", "Mentee names", "cl_mentees", "cl_a_name"),
            *(rollup(f"cl_r_{f}", f) for f in FUNCTIONS),
            rollup("cl_r_twice", "sum", target="cl_b_twice", title="Twice"),
            rollup("cl_r_latest", "max", target="cl_b_day", title="Latest"),
            rollup("cl_r_tags", "countDistinct", target="cl_b_labels", title="Tag count"),
            formula("cl_f", "Half", "{sum} / 2", {"sum": "cl_r_sum"}, {"cl_r_sum": "numeric"}),
        ],
    ),
    "md_b": (
        types.SimpleNamespace(id="md_b", title="Books", table_name="lr_books"),
        [
            col("cl_b_id", "Id", "ID", "id"),
            col("cl_b_title", "Title", "SingleLineText", "title"),
            col("cl_b_author", "Author id", "Number", "author_id"),
            col("cl_b_pages", "Pages", "Number", "pages"),
            col("cl_b_day", "Day", "Date", "day"),
            col("cl_author", "Author", "Links", **link_options(BT, source=B, related=A, child=B_AUTHOR, parent=A_ID)),
            col(
                "cl_tags",
                "Tags",
                "Links",
                **link_options(MM, source=B, related=T, child=B_ID, parent=T_ID, junction=(*J, J_BOOK, J_TAG)),
            ),
            lookup("cl_b_author_name", "Author name", "cl_author", "cl_a_name", multi=False),
            lookup("cl_b_labels", "Labels", "cl_tags", "cl_t_label"),
            formula("cl_b_twice", "Twice", "{Pages} * 2", {"Pages": "cl_b_pages"}, {"cl_b_pages": "numeric"}),
        ],
    ),
    "md_t": (
        types.SimpleNamespace(id="md_t", title="Tags", table_name="lr_tags"),
        [col("cl_t_id", "Id", "ID", "id"), col("cl_t_label", "Label", "SingleLineText", "label")],
    ),
}

md = sa.MetaData()
sa.Table(
    "lr_authors",
    md,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(50)),
    sa.Column("mentor_id", sa.Integer),
)
sa.Table(
    "lr_books",
    md,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("title", sa.String(50)),
    sa.Column("author_id", sa.Integer, index=True),
    sa.Column("pages", sa.Integer),
    sa.Column("day", sa.Date),
)
sa.Table(
    "lr_tags", md, sa.Column("id", sa.Integer, primary_key=True, autoincrement=False), sa.Column("label", sa.String(50))
)
sa.Table(
    "lr_book_tags",
    md,
    sa.Column("book_id", sa.Integer, primary_key=True),
    sa.Column("tag_id", sa.Integer, primary_key=True),
)


@pytest.fixture(scope="module")
def engine(db_url):
    engine = sa.create_engine(db_url)
    md.drop_all(engine)
    md.create_all(engine)
    t = md.tables
    with engine.begin() as c:
        c.execute(
            t["lr_authors"].insert(),
            [
                {"id": 1, "name": "Ann", "mentor_id": None},
                {"id": 2, "name": "Bob", "mentor_id": 1},
                {"id": 3, "name": "Cy", "mentor_id": 1},
            ],
        )
        c.execute(
            t["lr_books"].insert(),
            [
                {"id": 10, "title": "X", "author_id": 1, "pages": 100, "day": dt.date(2024, 1, 2)},
                {"id": 11, "title": "Y", "author_id": 1, "pages": 100, "day": dt.date(2024, 3, 4)},
                {"id": 12, "title": "Z", "author_id": 2, "pages": 50, "day": None},
                {"id": 13, "title": "W", "author_id": None, "pages": 7, "day": None},
            ],
        )
        c.execute(t["lr_tags"].insert(), [{"id": 100, "label": "red"}, {"id": 101, "label": "blue"}])
        c.execute(
            t["lr_book_tags"].insert(),
            [{"book_id": 10, "tag_id": 100}, {"book_id": 10, "tag_id": 101}, {"book_id": 11, "tag_id": 101}],
        )
    yield engine
    md.drop_all(engine)
    engine.dispose()


def model(engine, table_id):
    catalog = Catalog(REGISTRY, engine.dialect.name, TABLES.get)
    table, columns = TABLES[table_id]
    return build_model(REGISTRY, table, columns, engine.dialect.name, catalog)


def page(engine, m, *titles, where=None, order=None):
    fields = [m.by_title[t] for t in ("Id", *titles)]
    statement = sa.select(*select_columns(fields)).select_from(m.table)
    if where is not None:
        statement = statement.where(where)
    statement = statement.order_by(*(order or [m.by_title["Id"].sa_column]))
    with engine.connect() as c:
        rows = c.execute(statement).all()
    return [tuple(f.type.to_api(v) for f, v in zip(fields, row, strict=True)) for row in rows]


def test_lists_through_has_many_and_many_to_many(engine):
    m = model(engine, "md_a")
    assert page(engine, m, "Titles", "Days", "Labels") == [
        (1, ["X", "Y"], ["2024-01-02", "2024-03-04"], ["red", "blue", "blue"]),
        (2, ["Z"], [None], []),
        (3, [], [], []),
    ]
    assert m.by_title["Titles"].type.data_type() == "array"


def test_single_value_through_belongs_to_and_self_link(engine):
    b = model(engine, "md_b")
    assert page(engine, b, "Author name") == [(10, "Ann"), (11, "Ann"), (12, "Bob"), (13, None)]
    a = model(engine, "md_a")
    assert page(engine, a, "Mentee names") == [(1, ["Bob", "Cy"]), (2, []), (3, [])]


def test_every_rollup_function(engine):
    m = model(engine, "md_a")
    assert page(engine, m, *FUNCTIONS) == [
        (1, 2, 100, 100, 100, 200, 1, 100, 100),
        (2, 1, 50, 50, 50, 50, 1, 50, 50),
        (3, 0, None, None, None, None, 0, None, None),
    ]


def test_rollup_of_a_formula_dates_and_a_formula_over_a_rollup(engine):
    m = model(engine, "md_a")
    assert page(engine, m, "sum", "Half", "Twice", "Latest", "Tag count") == [
        (1, 200, 100, 400, "2024-03-04", 2),
        (2, 50, 25, 100, None, 0),
        (3, None, None, None, None, 0),
    ]
    assert m.by_title["Latest"].type.data_type() == "date"


def test_filters_match_any_value(engine):
    m = model(engine, "md_a")

    def ids(field, op, *args):
        return [r[0] for r in page(engine, m, where=condition_clause(m, field, op, list(args)))]

    assert ids("Titles", "eq", "Y") == [1]
    assert ids("Titles", "neq", "Y") == [2, 3]
    assert ids("Titles", "like", "z") == [2]
    assert ids("Titles", "blank") == [3]
    assert ids("Titles", "notblank") == [1, 2]
    assert ids("Labels", "eq", "blue") == [1]
    assert ids("Days", "gt", "2024-02-01") == [1]
    assert ids("sum", "gt", "60") == [1]
    assert ids("count", "eq", "0") == [3]
    assert ids("Half", "lt", "30") == [2]


def test_sort_on_a_rollup(engine):
    m = model(engine, "md_a")
    total = m.by_title["sum"].expr
    rows = page(engine, m, "sum", where=total.is_not(None), order=[total.asc(), m.by_title["Id"].sa_column])
    assert [r[0] for r in rows] == [2, 1]
