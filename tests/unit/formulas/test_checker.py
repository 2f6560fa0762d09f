"""Type checking: every node gets a type; wrong counts, wrong types and unknown names are
reported where they are."""

import pytest

from workbench.data.computed import stored_data_type
from workbench.formulas import DataType, FormulaError, check, parse, walk
from workbench.formulas.testing import builtin_functions
from workbench.plugins import load_plugins

FUNCTIONS = builtin_functions()
IDS = {
    "Price": "cl_price",
    "Name": "cl_name",
    "Day": "cl_day",
    "At": "cl_at",
    "Done": "cl_done",
    "Tags": "cl_tags",
    "Data": "cl_data",
}
TYPES = {
    "cl_price": DataType.NUMERIC,
    "cl_name": DataType.STRING,
    "cl_day": DataType.DATE,
    "cl_at": DataType.DATETIME,
    "cl_done": DataType.BOOLEAN,
    "cl_tags": DataType.ARRAY,
    "cl_data": DataType.JSON,
}


def infer(text, dialect=None):
    return check(parse(text, IDS), TYPES, FUNCTIONS, dialect)


@pytest.mark.parametrize(
    ("text", "dt"),
    [
        ("1", "numeric"),
        ('"a"', "string"),
        ("{Price} * 2", "numeric"),
        ("-{Price}", "numeric"),
        ("{Price} + {Done}", "numeric"),
        ("{Price} & {Name}", "string"),
        ("{Price} > 2", "boolean"),
        ('{Day} = "2024-01-01"', "boolean"),
        ("{Day} < {At}", "boolean"),
        ('{Price} = "3"', "boolean"),
        ("{Name} = BLANK()", "boolean"),
        ("BLANK()", "null"),
        ("TRUE", "boolean"),
        ('IF({Price}, "a", "b")', "string"),
        ("IF({Price}, 1)", "numeric"),
        ("IF({Price}, 1, {Done})", "numeric"),
        ('IF({Price}, 1, "b")', "string"),
        ("IF({Done}, {Day}, {At})", "datetime"),
        ("IF({Done}, {Day})", "date"),
        ('SWITCH({Name}, "a", 1, "b", 2)', "numeric"),
        ('SWITCH({Name}, "a", 1, "none")', "string"),
        ('DATEADD({Day}, 1, "day")', "date"),
        ('DATEADD({Day}, 1, "hours")', "datetime"),
        ('DATEADD({At}, 1, "day")', "datetime"),
        ('DATEADD("2024-01-01", 1, "month")', "date"),
        ("DATETIME_DIFF({At}, {Day})", "numeric"),
        ("NOW()", "datetime"),
        ("LEN({Name})", "numeric"),
        ("CONCAT({Price}, {Day})", "string"),
        ('REGEX_MATCH({Name}, "x")', "boolean"),
        ("ISBLANK({Tags})", "boolean"),
        ("COUNTA({Tags}, {Name})", "numeric"),
        ("VALUE({Name})", "numeric"),
        ('JSON_EXTRACT({Name}, "$.a")', "string"),
        ('{Data} = "{}"', "boolean"),
        ("RECORD_ID()", "string"),
        ("ARRAYUNIQUE({Tags})", "array"),
        ('ARRAYSORT({Tags}, "desc")', "array"),
        ("ARRAYSLICE(BLANK(), 1, 2)", "array"),
        ("{Tags} & {Name}", "string"),
    ],
)
def test_inferred_type(text, dt):
    assert infer(text)["dt"] == dt


def test_every_node_is_typed_and_the_input_is_untouched():
    tree = parse('IF({Price} > 1, "a" & {Name}, -{Price})', IDS)
    checked = check(tree, TYPES, FUNCTIONS)
    assert "dt" not in tree
    nodes = list(walk(checked))
    assert len(nodes) == 9
    assert all(DataType(node["dt"]) for node in nodes)


def test_field_types_can_come_from_a_callable():
    assert check(parse("{Price}", IDS), lambda column_id: DataType.STRING, FUNCTIONS)["dt"] == "string"


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("FOO(1)", "Unknown function FOO", 0),
        ("1 + foo(1)", "Unknown function FOO", 4),
        ("1 + Price", "Unknown name PRICE (field names go in braces: {PRICE})", 4),
        ("CONCAT()", "CONCAT expects at least 1 argument, got 0", 0),
        ("ABS(1, 2)", "ABS expects 1 argument, got 2", 0),
        ("MOD(1)", "MOD expects 2 arguments, got 1", 0),
        ("ROUND(1, 2, 3)", "ROUND expects 1 to 2 arguments, got 3", 0),
        ("IF(1)", "IF expects 2 to 3 arguments, got 1", 0),
        ("TRUE(1)", "TRUE expects 0 arguments, got 1", 0),
        ("SWITCH(1, 2)", "SWITCH expects at least 3 arguments, got 2", 0),
        ('ABS("x")', "ABS expects a number as argument 1, got string", 4),
        ("ROUND(1, {Name})", "ROUND expects a number as argument 2, got string", 9),
        ('LEFT("abc", {Day})', "LEFT expects a number as argument 2, got date", 12),
        ('DATEADD({Price}, 1, "day")', "DATEADD expects a date as argument 1, got numeric", 8),
        ("DATEADD({Day}, 1, {Name})", "DATEADD expects the unit as a text in quotes", 18),
        ('DATEADD({Day}, 1, "fortnight")', "DATEADD: unknown unit 'fortnight'", 18),
        ('DATETIME_DIFF({Day}, {At}, "aeons")', "DATETIME_DIFF: unknown unit 'aeons'", 27),
        ('WEEKDAY({Day}, "someday")', "WEEKDAY: unknown first day of the week 'someday'", 15),
        ('DATETIME_FORMAT({Day}, "Do MMMM")', "DATETIME_FORMAT expects a format in quotes made of", 23),
        ('{Price} + "a"', "Operator '+' expects numbers, got string (use & to join texts)", 8),
        ("{Day} * 2", "Operator '*' expects numbers, got date", 6),
        ('-"a"', "Unary '-' expects a number, got string", 0),
        ('{Price} > "abc"', "Cannot compare numeric with string using '>'", 8),
        ("{Day} = {Price}", "Cannot compare date with numeric using '='", 6),
        ('SWITCH({Price}, "a", 1)', "SWITCH cannot compare numeric with string", 16),
        ('REGEX_MATCH({Name}, "a(")', "REGEX_MATCH: invalid regular expression (missing ), unterminated", 20),
        ('JSON_EXTRACT({Name}, "a.b")', "JSON_EXTRACT expects a JSONPath starting with $", 21),
        ("ARRAYSORT({Name})", "ARRAYSORT expects a list as argument 1, got string", 10),
        ('ARRAYSORT({Tags}, "up")', "ARRAYSORT: unknown direction 'up'", 18),
        ('ARRAYSLICE({Tags}, "1")', "ARRAYSLICE expects a number as argument 2, got string", 19),
        ("ABS({Gone})", None, None),
    ],
)
def test_errors(text, message, position):
    if message is None:  # a title that does not exist fails in parse, not here
        with pytest.raises(FormulaError, match="Field 'Gone' not found at position 4"):
            infer(text)
        return
    with pytest.raises(FormulaError) as caught:
        infer(text)
    assert caught.value.message.startswith(message)
    assert caught.value.position == position


def test_a_field_that_is_gone_since_the_formula_was_saved():
    tree = parse("{Price} + 1", IDS)
    with pytest.raises(FormulaError, match="Field 'cl_price' not found at position 0"):
        check(tree, {}, FUNCTIONS)


def test_a_field_whose_type_changed_is_checked_again():
    tree = parse("{Price} + 1", IDS)
    with pytest.raises(FormulaError, match="Operator '\\+' expects numbers, got string"):
        check(tree, {"cl_price": DataType.STRING}, FUNCTIONS)


def test_dialect_support_is_checked_when_a_dialect_is_given():
    infer('REGEX_MATCH({Name}, "a")')
    infer('REGEX_MATCH({Name}, "a")', "mariadb")
    with pytest.raises(FormulaError, match="REGEX_REPLACE is not supported on mssql at position 4"):
        infer('1 & REGEX_REPLACE({Name}, "a", "b")', "mssql")
    with pytest.raises(FormulaError, match="ARRAYUNIQUE is not supported on mssql at position 0"):
        infer("ARRAYUNIQUE({Tags})", "mssql")
    with pytest.raises(FormulaError, match="Formulas are not supported on oracle"):
        infer("1", "oracle")


def test_the_function_table_is_a_parameter():
    with pytest.raises(FormulaError, match="Unknown function ABS"):
        check(parse("ABS(1)", {}), {}, {})


def test_field_types_say_what_formulas_read_them_as():
    types = load_plugins({}).registries["field_types"]
    assert stored_data_type(types.get("Currency")) is DataType.NUMERIC
    assert stored_data_type(types.get("Checkbox")) is DataType.BOOLEAN
    assert stored_data_type(types.get("DateTime")) is DataType.DATETIME
    assert stored_data_type(types.get("Date")) is DataType.DATE
    assert stored_data_type(types.get("Lookup")) is DataType.ARRAY
    assert stored_data_type(types.get("SingleLineText")) is DataType.STRING
