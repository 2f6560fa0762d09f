"""The parser: precedence, literals, field references by id, and errors that say what
and where."""

import pytest

from workbench.formulas import FormulaError, parse

FIELDS = {"Price": "cl_price", "Qty": "cl_qty", "Unit price": "cl_unit", "a}b": "cl_brace"}


def shape(node):
    """A compact form of a tree: ('+', left, right), ('f', id), ('CALL', args...), values."""
    kind = node["kind"]
    if kind in ("number", "string"):
        return node["value"]
    if kind == "field":
        return ("f", node["id"])
    if kind == "unary":
        return ("neg", shape(node["arg"]))
    if kind == "binary":
        return (node["op"], shape(node["left"]), shape(node["right"]))
    return (node["name"], *[shape(arg) for arg in node["args"]])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 + 2 * 3", ("+", 1, ("*", 2, 3))),
        ("(1 + 2) * 3", ("*", ("+", 1, 2), 3)),
        ("1 - 2 - 3", ("-", ("-", 1, 2), 3)),
        ("8 / 4 / 2", ("/", ("/", 8, 4), 2)),
        ("-2 * 3", ("*", ("neg", 2), 3)),
        ("- -2", ("neg", ("neg", 2))),
        ("+2", 2),
        ('"a" & 1 + 2', ("&", "a", ("+", 1, 2))),
        ('"a" & "b" = "ab"', ("=", ("&", "a", "b"), "ab")),
        ("1 + 1 == 2", ("==", ("+", 1, 1), 2)),
        ("{Price} * {Qty} >= 10", (">=", ("*", ("f", "cl_price"), ("f", "cl_qty")), 10)),
        ("1 != 2", ("!=", 1, 2)),
        ("1 <= 2", ("<=", 1, 2)),
        ("{ Unit price }", ("f", "cl_unit")),
        (r"{a\}b}", ("f", "cl_brace")),
        ("1.5e2", 150.0),
        (".5", 0.5),
        ("007", 7),
        (r'"say \"hi\"\n"', 'say "hi"\n'),
        (r"'it\'s'", "it's"),
        ("concat({Price}, 'x')", ("CONCAT", ("f", "cl_price"), "x")),
        ("IF(AND(1, 2), ROUND(1.25, 1), BLANK())", ("IF", ("AND", 1, 2), ("ROUND", 1.25, 1), ("BLANK",))),
        ("NOW()", ("NOW",)),
    ],
)
def test_parses(text, expected):
    assert shape(parse(text, FIELDS)) == expected


def test_huge_integers_are_read_as_reals():
    assert parse("123456789012345678901234567890", FIELDS)["value"] == 1.2345678901234568e29
    assert parse("9223372036854775807", FIELDS)["value"] == 2**63 - 1


def test_numbers_keep_their_kind():
    assert parse("3", FIELDS)["value"] == 3
    assert isinstance(parse("3", FIELDS)["value"], int)
    assert isinstance(parse("3.0", FIELDS)["value"], float)


def test_bare_names_are_calls_marked_bare():
    node = parse("TRUE", FIELDS)
    assert node == {"kind": "call", "name": "TRUE", "args": [], "pos": 0, "bare": True}


def test_positions_are_character_offsets():
    tree = parse("ABS( {Price} ) + 2", FIELDS)
    assert tree["pos"] == 15
    assert tree["left"]["pos"] == 0
    assert tree["left"]["args"][0]["pos"] == 5
    assert tree["right"]["pos"] == 17


def test_the_tree_is_plain_json():
    import json

    tree = parse('IF({Price} > 1, "a", -{Qty})', FIELDS)
    assert json.loads(json.dumps(tree)) == tree


def test_a_callable_resolves_titles():
    tree = parse("{price}", lambda title: "cl_" + title if title.islower() else None)
    assert tree["id"] == "cl_price"
    with pytest.raises(FormulaError, match="Field 'Price' not found at position 0"):
        parse("{Price}", lambda title: None)


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("", "The formula is empty", 0),
        ("   ", "The formula is empty", 0),
        ("1 +", "Unexpected end of formula", 3),
        ("ABS(1", "Expected ')'", 5),
        ("CONCAT(1, 2", "Expected ')'", 11),
        ("ABS(1 2)", "Expected ',' or ')'", 6),
        ("(1 + 2", "Expected ')'", 6),
        ("1 + 2)", "Unexpected ')'", 5),
        ("1 2", "Unexpected number 2", 2),
        ("1 # 2", "Unexpected character '#'", 2),
        ("{Price} ^ 2", "Unexpected character '^'", 8),
        ('"abc', "Unterminated string: expected '\"'", 0),
        ("1 + 'abc", 'Unterminated string: expected "\'"', 4),
        ("{Price", "Unterminated field reference: expected '}'", 0),
        ("{ }", "Empty field reference {}", 0),
        ("2 * {Cost}", "Field 'Cost' not found", 4),
        ("12abc", "Unexpected character 'a' after a number", 2),
        ("ABS(,)", "Unexpected ','", 4),
        ("* 2", "Unexpected '*'", 0),
        ("1 + {Price} {Qty}", "Unexpected field {Qty}", 12),
        ('1 "a"', "Unexpected string", 2),
    ],
)
def test_errors_name_the_problem_and_its_position(text, message, position):
    with pytest.raises(FormulaError) as caught:
        parse(text, FIELDS)
    assert caught.value.message == message
    assert caught.value.position == position
    assert str(caught.value) == f"{message} at position {position}"


def test_deep_nesting_is_refused_not_crashed():
    with pytest.raises(FormulaError, match="nested too deeply"):
        parse("(" * 4000 + "1" + ")" * 4000, FIELDS)
    with pytest.raises(FormulaError, match="nested too deeply"):
        parse("+".join(["1"] * 4000), FIELDS)
    with pytest.raises(FormulaError, match="nested too deeply"):
        parse("ABS(" * 150 + "1" + ")" * 150, FIELDS)
    assert parse("+".join(["1"] * 90), FIELDS)["op"] == "+"
