"""Quick search rules without a database: which fields are tried and the SQL each gives."""

import types

import pytest
import sqlalchemy as sa

from workbench.data.search import search_clause, searchable
from workbench.errors import BadRequest
from workbench.fields.interfaces import FieldType, FieldValueError

TABLE = sa.table("t", sa.column("name", sa.Text), sa.column("qty", sa.Integer), sa.column("code", sa.Text))


class Text(FieldType):
    name = "Text"
    search = "like"


class Count(FieldType):
    name = "Count"
    search = "eq"

    def filter_value(self, text):
        try:
            return int(text)
        except ValueError:
            raise FieldValueError("not a whole number") from None


class Code(FieldType):
    """Searched by prefix, in upper case: its own SQL."""

    name = "Code"

    def search_clause(self, expr, text, dialect):
        return expr.like(text.upper() + "%")


class Hidden(FieldType):
    name = "Hidden"


def field(title, column, type_cls):
    return types.SimpleNamespace(
        title=title, expr=TABLE.c[column], type=type_cls(), column=types.SimpleNamespace(uidt=type_cls.name)
    )


FIELDS = [field("Name", "name", Text), field("Qty", "qty", Count), field("Code", "code", Code)]
MODEL = types.SimpleNamespace(
    dialect="postgresql",
    fields=[*FIELDS, field("Secret", "name", Hidden)],
    get=lambda name: next(f for f in MODEL.fields if f.title == name),
)


def sql(clause) -> str:
    return str(clause.compile(compile_kwargs={"literal_binds": True}))


def test_every_searchable_field_is_tried():
    assert [f.title for f in MODEL.fields if searchable(f)] == ["Name", "Qty", "Code"]
    text = sql(search_clause(MODEL, "12"))
    assert "lower(t.name) LIKE lower('%12%')" in text
    assert "t.qty = 12" in text
    assert "t.code LIKE '12%'" in text


def test_fields_the_text_cannot_fit_are_left_out():
    text = sql(search_clause(MODEL, "ab"))
    assert "t.qty" not in text
    assert "t.code LIKE 'AB%'" in text


def test_a_named_field_must_fit_and_be_searchable():
    assert sql(search_clause(MODEL, " 7 ", "Qty")) == "t.qty = 7"
    with pytest.raises(BadRequest, match="'Qty'"):
        search_clause(MODEL, "seven", "Qty")
    with pytest.raises(BadRequest, match="'Secret' cannot be searched"):
        search_clause(MODEL, "x", "Secret")


def test_blank_text_is_no_search_and_no_field_matches_nothing():
    assert search_clause(MODEL, "  ") is None
    assert sql(search_clause(MODEL, "x", fields=[MODEL.fields[-1]])) == "false"
