"""The relation layer on real databases: counts, EXISTS, correlated related rows and the
batched fetch, for has-many, belongs-to, many-to-many and a self-link; the link types
answering the core through capabilities (``RelatesRecords``: the records linked to one
record), and the names the plugin API still answers for the link engine it no longer holds."""

from __future__ import annotations

import types

import pytest
import sqlalchemy as sa
from workbench_plugins.field_types.links import schema as link_schema
from workbench_plugins.field_types.links.foreign_key import ForeignKey
from workbench_plugins.field_types.links.link import Links, LinkToAnotherRecord
from workbench_plugins.field_types.links.relations import (
    BT,
    HM,
    MM,
    SOURCE_KEY,
    Key,
    Relation,
    RelationError,
    link_options,
)

from workbench import plugin_api
from workbench.fields.interfaces import ChecksWrites, ComputedInSql, ExpandsValues, ManagesSchema, RelatesRecords

pytestmark = pytest.mark.dialects

md = sa.MetaData()
# Columns keyed by column id, as the data engine's models key them.
authors = sa.Table(
    "rel_authors",
    md,
    sa.Column("id", sa.Integer, key="cl_a_id", primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(50), key="cl_a_name"),
    sa.Column("mentor_id", sa.Integer, key="cl_a_mentor"),
)
books = sa.Table(
    "rel_books",
    md,
    sa.Column("id", sa.Integer, key="cl_b_id", primary_key=True, autoincrement=False),
    sa.Column("title", sa.String(50), key="cl_b_title"),
    sa.Column("author_id", sa.Integer, key="cl_b_author"),
)
tags = sa.Table(
    "rel_tags",
    md,
    sa.Column("id", sa.Integer, key="cl_t_id", primary_key=True, autoincrement=False),
    sa.Column("label", sa.String(50), key="cl_t_label"),
)
book_tags = sa.Table(
    "rel_book_tags",
    md,
    sa.Column("book_id", sa.Integer, key="cl_j_book", primary_key=True),
    sa.Column("tag_id", sa.Integer, key="cl_j_tag", primary_key=True),
)
A, B, T, J = ("md_a", "rel_authors"), ("md_b", "rel_books"), ("md_t", "rel_tags"), ("md_j", "rel_book_tags")
A_ID, A_MENTOR = Key("cl_a_id", "id"), Key("cl_a_mentor", "mentor_id")
B_ID, B_AUTHOR = Key("cl_b_id", "id"), Key("cl_b_author", "author_id")
T_ID = Key("cl_t_id", "id")
J_BOOK, J_TAG = Key("cl_j_book", "book_id"), Key("cl_j_tag", "tag_id")


def rel(column_id, options) -> Relation:
    return Relation.of(types.SimpleNamespace(id=column_id, col_options=options))


AUTHOR_BOOKS_OPTIONS = link_options(HM, source=A, related=B, child=B_AUTHOR, parent=A_ID)
BOOK_AUTHOR_OPTIONS = link_options(BT, source=B, related=A, child=B_AUTHOR, parent=A_ID)
BOOK_TAGS_OPTIONS = link_options(MM, source=B, related=T, child=B_ID, parent=T_ID, junction=(*J, J_BOOK, J_TAG))
AUTHOR_BOOKS = rel("cl_books", AUTHOR_BOOKS_OPTIONS)
BOOK_AUTHOR = rel("cl_author", BOOK_AUTHOR_OPTIONS)
BOOK_TAGS = rel("cl_tags", BOOK_TAGS_OPTIONS)
TAG_BOOKS = rel(
    "cl_tbooks", link_options(MM, source=T, related=B, child=T_ID, parent=B_ID, junction=(*J, J_TAG, J_BOOK))
)
MENTEES = rel("cl_mentees", link_options(HM, source=A, related=A, child=A_MENTOR, parent=A_ID))


@pytest.fixture(scope="module")
def engine(db_url):
    engine = sa.create_engine(db_url)
    md.drop_all(engine)
    md.create_all(engine)
    with engine.begin() as c:
        c.execute(
            authors.insert(),
            [
                {"cl_a_id": 1, "cl_a_name": "Ann", "cl_a_mentor": None},
                {"cl_a_id": 2, "cl_a_name": "Bob", "cl_a_mentor": 1},
                {"cl_a_id": 3, "cl_a_name": "Cy", "cl_a_mentor": 1},
            ],
        )
        c.execute(
            books.insert(),
            [
                {"cl_b_id": 10, "cl_b_title": "X", "cl_b_author": 1},
                {"cl_b_id": 11, "cl_b_title": "Y", "cl_b_author": 1},
                {"cl_b_id": 12, "cl_b_title": "Z", "cl_b_author": None},
            ],
        )
        c.execute(tags.insert(), [{"cl_t_id": 100, "cl_t_label": "red"}, {"cl_t_id": 101, "cl_t_label": "blue"}])
        c.execute(
            book_tags.insert(),
            [
                {"cl_j_book": 10, "cl_j_tag": 100},
                {"cl_j_book": 10, "cl_j_tag": 101},
                {"cl_j_book": 11, "cl_j_tag": 101},
            ],
        )
    yield engine
    md.drop_all(engine)
    engine.dispose()


def values(engine, statement):
    with engine.connect() as c:
        return c.execute(statement).all()


def test_options_follow_nocodb_and_read_back():
    options = link_options(MM, source=B, related=T, child=B_ID, parent=T_ID, junction=(*J, J_BOOK, J_TAG))
    assert options["type"] == "mm"
    assert options["fk_related_model_id"] == "md_t"
    assert (options["fk_child_column_id"], options["fk_parent_column_id"]) == ("cl_b_id", "cl_t_id")
    assert (options["fk_mm_model_id"], options["fk_mm_child_column_id"], options["fk_mm_parent_column_id"]) == (
        "md_j",
        "cl_j_book",
        "cl_j_tag",
    )
    assert BOOK_TAGS.junction_table == "rel_book_tags"
    assert (AUTHOR_BOOKS.source_key, AUTHOR_BOOKS.related_key) == (A_ID, B_AUTHOR)
    assert (BOOK_AUTHOR.source_key, BOOK_AUTHOR.related_key) == (B_AUTHOR, A_ID)
    assert MENTEES.is_self
    assert not BOOK_AUTHOR.many
    with pytest.raises(RelationError):
        rel("cl_x", {"type": "hm"})


def test_counts_and_exists(engine):
    got = values(
        engine,
        sa.select(authors.c.cl_a_id, AUTHOR_BOOKS.count(authors), MENTEES.count(authors)).order_by(authors.c.cl_a_id),
    )
    assert [tuple(r) for r in got] == [(1, 2, 2), (2, 0, 0), (3, 0, 0)]
    got = values(
        engine, sa.select(books.c.cl_b_id, BOOK_AUTHOR.count(books), BOOK_TAGS.count(books)).order_by(books.c.cl_b_id)
    )
    assert [tuple(r) for r in got] == [(10, 1, 2), (11, 1, 1), (12, 0, 0)]
    got = values(engine, sa.select(books.c.cl_b_id).where(BOOK_TAGS.exists(books)).order_by(books.c.cl_b_id))
    assert [r[0] for r in got] == [10, 11]
    got = values(engine, sa.select(tags.c.cl_t_id).where(TAG_BOOKS.count(tags) > 1))
    assert [r[0] for r in got] == [101]
    got = values(
        engine, sa.select(authors.c.cl_a_id).where(sa.not_(MENTEES.exists(authors))).order_by(authors.c.cl_a_id)
    )
    assert [r[0] for r in got] == [2, 3]


def test_correlated_related_rows_aggregate(engine):
    related = tags.alias()
    labels = BOOK_TAGS.related_rows(books, related, sa.func.max(related.c.cl_t_label)).scalar_subquery()
    got = values(engine, sa.select(books.c.cl_b_id, labels).order_by(books.c.cl_b_id))
    assert [tuple(r) for r in got] == [(10, "red"), (11, "blue"), (12, None)]
    mentees = authors.alias()
    names = MENTEES.related_rows(authors, mentees, sa.func.min(mentees.c.cl_a_name)).scalar_subquery()
    got = values(engine, sa.select(authors.c.cl_a_id, names).order_by(authors.c.cl_a_id))
    assert [tuple(r) for r in got] == [(1, "Bob"), (2, None), (3, None)]


def test_batched_rows_for_many_source_rows(engine):
    statement = BOOK_TAGS.rows_for(tags, [10, 11, 12, 10], tags.c.cl_t_label).order_by(SOURCE_KEY, tags.c.cl_t_id)
    got = [(r._mapping[SOURCE_KEY], r.cl_t_label) for r in values(engine, statement)]
    assert got == [(10, "red"), (10, "blue"), (11, "blue")]
    statement = BOOK_AUTHOR.rows_for(authors, [1, None], authors.c.cl_a_name)
    assert [(r._mapping[SOURCE_KEY], r.cl_a_name) for r in values(engine, statement)] == [(1, "Ann")]
    statement = AUTHOR_BOOKS.rows_for(books, [1, 2], books.c.cl_b_title).order_by(books.c.cl_b_id)
    assert [(r._mapping[SOURCE_KEY], r.cl_b_title) for r in values(engine, statement)] == [(1, "X"), (1, "Y")]


def link_type(column_id, options, cls=Links):
    return cls(types.SimpleNamespace(id=column_id, title=column_id, col_options=options))


def test_link_types_answer_the_core_through_capabilities():
    for cls in (Links, LinkToAnotherRecord):
        ftype = link_type("cl_tags", BOOK_TAGS_OPTIONS, cls)
        assert cls.links_records
        assert all(isinstance(ftype, p) for p in (RelatesRecords, ManagesSchema, ExpandsValues, ComputedInSql))
    assert isinstance(ForeignKey(), ChecksWrites)
    tags_of_book = link_type("cl_tags", BOOK_TAGS_OPTIONS)
    assert (tags_of_book.related_table_id(), tags_of_book.relation_kind()) == ("md_t", "mm")
    assert (tags_of_book.link_key_id(), tags_of_book.stores_key()) == ("cl_b_id", False)
    author_of_book = link_type("cl_author", BOOK_AUTHOR_OPTIONS, LinkToAnotherRecord)
    assert (author_of_book.related_table_id(), author_of_book.relation_kind()) == ("md_a", "bt")
    assert (author_of_book.link_key_id(), author_of_book.stores_key()) == ("cl_b_author", True)
    assert link_type("cl_x", {"type": "hm"}).related_table_id() is None


def test_linked_condition_selects_the_records_linked_to_one_record(engine):
    def linked(ftype, related, key):
        pk = related.primary_key.columns.values()[0]
        statement = sa.select(pk).where(ftype.linked_condition(related, key)).order_by(pk)
        return [r[0] for r in values(engine, statement)]

    assert linked(link_type("cl_tags", BOOK_TAGS_OPTIONS), tags, 10) == [100, 101]
    assert linked(link_type("cl_tags", BOOK_TAGS_OPTIONS), tags, 12) == []
    assert linked(link_type("cl_books", AUTHOR_BOOKS_OPTIONS), books, 1) == [10, 11]
    assert linked(link_type("cl_author", BOOK_AUTHOR_OPTIONS, LinkToAnotherRecord), authors, 1) == [1]


def test_names_the_link_engine_took_along_are_still_answered_by_the_plugin_api():
    assert (plugin_api.Relation, plugin_api.RelationError) == (Relation, RelationError)
    assert (plugin_api.BT, plugin_api.MM, plugin_api.SOURCE_KEY) == (BT, MM, SOURCE_KEY)
    assert plugin_api.link_schema.create_link is link_schema.create_link
    assert plugin_api.link_schema.delete_link is link_schema.delete_link
    assert plugin_api.link_schema.requested_kind({"type": "mm"}) == "mm"
    with pytest.raises(AttributeError):
        plugin_api.Junction  # noqa: B018
