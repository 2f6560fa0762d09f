"""Trees are stored by column id: renaming a field changes the text shown, not the tree."""

import pytest

from workbench.formulas import parse, render

TITLES = {"Price": "cl_price", "Qty": "cl_qty"}


@pytest.mark.parametrize(
    "text",
    [
        "1 + 2 * 3",
        "(1 + 2) * 3",
        "1 - (2 - 3)",
        "1 - 2 - 3",
        "-(1 + 2)",
        "-{Price} * 2",
        '{Price} & " x " & {Qty}',
        '("a" & "b") = "ab"',
        'IF({Price} > 10, "big", "small")',
        'CONCAT("say \\"hi\\"", "\\n")',
        "TRUE",
        "NOW()",
        "ROUND({Price} / 3, 2) >= 1.5",
        "{Price} = BLANK()",
    ],
)
def test_render_round_trips(text):
    tree = parse(text, TITLES)
    again = parse(render(tree, {v: k for k, v in TITLES.items()}), TITLES)
    assert _without_positions(again) == _without_positions(tree)


def test_render_is_canonical():
    tree = parse("if( {Price}>1 ,'a',(2) )", TITLES)
    assert render(tree, {"cl_price": "Price"}) == 'IF({Price} > 1, "a", 2)'


def test_a_renamed_field_shows_its_new_title():
    tree = parse("{Price} * {Qty} + {Price}", TITLES)
    renamed = {"cl_price": "Unit {cost}", "cl_qty": "Quantity"}
    text = render(tree, renamed)
    assert text == r"{Unit \{cost\}} * {Quantity} + {Unit \{cost\}}"
    reparsed = parse(text, {title: column_id for column_id, title in renamed.items()})
    assert _without_positions(reparsed) == _without_positions(tree)


def test_a_field_without_title_shows_its_id():
    assert render(parse("{Price}", TITLES), lambda column_id: None) == "{cl_price}"


def _without_positions(node):
    if isinstance(node, dict):
        return {k: _without_positions(v) for k, v in node.items() if k != "pos"}
    if isinstance(node, list):
        return [_without_positions(v) for v in node]
    return node
