"""The built-in functions cover NocoDB's catalogue, each declared consistently, and come
in through the ``register_formula_functions`` hook of their group's plugin."""

import importlib
import importlib.metadata

import pytest

from workbench.formulas import FormulaFunction
from workbench.formulas.functions import DIALECTS
from workbench.formulas.testing import builtin_functions

CATALOGUE = {
    "numeric": "ABS ADD AVG CEILING COUNT COUNTA COUNTALL EVEN EXP FLOOR INT LOG MAX MIN MOD ODD POWER ROUND "
    "ROUNDDOWN ROUNDUP SQRT VALUE",
    "string": "CONCAT LEFT LEN LOWER MID REGEX_EXTRACT REGEX_MATCH REGEX_REPLACE REPEAT REPLACE RIGHT SEARCH SUBSTR "
    "TRIM UPPER URL URLENCODE ISBLANK ISNOTBLANK",
    "date": "DATEADD DATETIME_DIFF NOW WEEKDAY WEEKNUM DATESTR DAY MONTH YEAR HOUR DATETIME_FORMAT CREATED_TIME "
    "LAST_MODIFIED_TIME",
    "logical": "IF SWITCH AND OR XOR NOT TRUE FALSE BLANK",
    "array": "ARRAYUNIQUE ARRAYSORT ARRAYCOMPACT ARRAYSLICE",
    "json": "JSON_EXTRACT",
    "system": "RECORD_ID MD5 SHA256",
}
#: the built-in formula plugins, one per group (``workbench_plugins.formulas.<group>``)
BUILTIN_GROUPS = tuple(CATALOGUE)
FUNCTIONS = builtin_functions()


@pytest.mark.parametrize("group", BUILTIN_GROUPS)
def test_each_group_registers_its_functions(group):
    module = importlib.import_module(f"workbench_plugins.formulas.{group}")
    names = {cls.name for cls in module.register_formula_functions()}
    assert names == set(CATALOGUE[group].split())


@pytest.mark.parametrize("name", sorted(FUNCTIONS.names()))
def test_function_is_declared_consistently(name):
    cls = FUNCTIONS.get(name)
    assert issubclass(cls, FormulaFunction)
    assert cls.name == name
    assert name.isupper()
    assert cls.description
    assert cls.syntax.startswith(name + "(")
    assert cls.min_args >= 0
    assert cls.max_args is None or cls.max_args >= cls.min_args
    assert cls.arg_types
    assert cls.dialects <= DIALECTS
    compiles_generically = cls.sql.__func__ is not FormulaFunction.sql.__func__
    assert compiles_generically or all(hasattr(cls, f"sql_{dialect}") for dialect in cls.dialects)


def test_groups_are_installed_as_plugins():
    points = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="workbench.plugins")}
    for group in BUILTIN_GROUPS:
        assert points[f"formulas_{group}"] == f"workbench_plugins.formulas.{group}"
