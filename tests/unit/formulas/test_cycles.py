"""Formulas that reference themselves, directly or through others, are refused."""

import pytest

from workbench.formulas import FormulaError, check_cycles, find_cycle, parse, references, walk

TITLES = {"cl_a": "A", "cl_b": "B", "cl_c": "C", "cl_x": "X"}


def test_references_are_listed_once_in_order():
    tree = parse("{B} + IF({X}, {B}, -{C})", {"B": "cl_b", "X": "cl_x", "C": "cl_c"})
    assert references(tree) == ["cl_b", "cl_x", "cl_c"]
    assert [n["kind"] for n in walk(parse("ABS(-1)", {}))] == ["call", "unary", "number"]


def test_no_cycle():
    assert find_cycle({"cl_a": ["cl_b", "cl_x"], "cl_b": ["cl_x"], "cl_c": ["cl_a"]}) is None
    check_cycles({"cl_a": ["cl_b"], "cl_b": []}, TITLES)


def test_a_formula_referencing_itself():
    assert find_cycle({"cl_a": ["cl_a"]}) == ["cl_a", "cl_a"]
    with pytest.raises(FormulaError, match=r"^Circular reference: A → A$"):
        check_cycles({"cl_a": ["cl_a"]}, TITLES)


def test_a_loop_through_other_formulas():
    graph = {"cl_x": [], "cl_a": ["cl_x", "cl_b"], "cl_b": ["cl_c"], "cl_c": ["cl_a"]}
    with pytest.raises(FormulaError) as caught:
        check_cycles(graph, TITLES)
    assert str(caught.value) == "Circular reference: A → B → C → A"
    assert caught.value.position is None


def test_a_loop_not_through_the_first_formula():
    graph = {"cl_x": ["cl_a"], "cl_a": ["cl_b"], "cl_b": ["cl_a"]}
    assert find_cycle(graph) == ["cl_a", "cl_b", "cl_a"]


def test_unknown_titles_show_ids():
    with pytest.raises(FormulaError, match="Circular reference: cl_q → cl_q"):
        check_cycles({"cl_q": ["cl_q"]}, lambda column_id: None)


def test_graph_from_trees():
    trees = {
        "cl_a": parse("{B} * 2", {"B": "cl_b"}),
        "cl_b": parse("{A} + 1", {"A": "cl_a"}),
    }
    with pytest.raises(FormulaError, match="Circular reference: A → B → A"):
        check_cycles({column_id: references(tree) for column_id, tree in trees.items()}, TITLES)
