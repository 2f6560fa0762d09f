"""The ``where`` parser: conditions, connectors, nesting, quoting and errors."""

import pytest

from workbench.data.where import Condition, Group, parse
from workbench.errors import BadRequest


def test_blank_is_none():
    assert parse("") is None
    assert parse("  @ ") is None


def test_one_condition_keeps_commas_in_the_value():
    assert parse("(Name,eq,a,b)") == Group([("and", False, Condition("Name", "eq", ["a", "b"]))])


def test_connectors_and_nesting():
    tree = parse("(a,eq,1)~or((b,gt,2)~and(b,lt,3))~not(c,blank)")
    assert [(logic, negate) for logic, negate, _node in tree.items] == [("and", False), ("or", False), ("and", True)]
    inner = tree.items[1][2]
    assert inner.items[1][2] == Condition("b", "lt", ["3"])
    assert tree.items[2][2] == Condition("c", "blank", [])


def test_leading_not_and_ornot():
    tree = parse("~not(a,eq,1)~ornot(b,eq,2)")
    assert [(logic, negate) for logic, negate, _node in tree.items] == [("and", True), ("or", True)]


def test_parentheses_inside_values_and_quotes():
    assert parse("(a,eq,f (x))").items[0][2] == Condition("a", "eq", ["f (x)"])
    assert parse('("My, field",like,"a, b")').items[0][2] == Condition("My, field", "like", ["a, b"])
    assert parse('(a,eq,"say \\"hi\\"")').items[0][2].args == ['say "hi"']


@pytest.mark.parametrize(
    "text", ["a,eq,1", "(a,eq,1", "(a)", "(a,eq,1)~xor(b,eq,2)", "(a,eq,1) junk", '("a,eq,1)', "(a,eq,1)~and"]
)
def test_errors(text):
    with pytest.raises(BadRequest):
        parse(text)
