"""Type checking: every node gets a data type (``dt``), and mistakes are reported where
they are, before any SQL is built."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import FormulaError
from .functions import dialect_family
from .parser import COMPARISONS
from .types import NUMBER, DataType, describe

FieldType = Callable[[str], DataType | None] | Mapping[str, DataType]

_DATES = frozenset({DataType.DATE, DataType.DATETIME})
_COMPARABLE = {
    DataType.NUMERIC: NUMBER,
    DataType.BOOLEAN: NUMBER,
    DataType.STRING: frozenset({DataType.STRING, DataType.JSON}) | _DATES,
    DataType.JSON: frozenset({DataType.STRING, DataType.JSON}),
    DataType.DATE: frozenset({DataType.STRING}) | _DATES,
    DataType.DATETIME: frozenset({DataType.STRING}) | _DATES,
}


def check(tree: dict, field_type: FieldType, functions: Mapping[str, Any], dialect: str | None = None) -> dict:
    """A copy of ``tree`` with ``dt`` on every node.

    :param field_type: column id → its ``DataType`` (None, or missing, if it is gone)
    :param functions: function name → class (the ``formula_functions`` registry)
    :param dialect: when given, functions that do not compile there are refused
    """
    lookup = field_type.get if isinstance(field_type, Mapping) else field_type
    family = dialect_family(dialect) if dialect else None
    return _Checker(lookup, functions, family).visit(tree)


class _Checker:
    def __init__(self, field_type, functions, dialect):
        self.field_type = field_type
        self.functions = functions
        self.dialect = dialect

    def visit(self, node: dict) -> dict:
        checked = getattr(self, "visit_" + node["kind"])(dict(node))
        assert "dt" in checked
        return checked

    def visit_number(self, node):
        node["dt"] = DataType.NUMERIC.value
        return node

    def visit_string(self, node):
        node["dt"] = DataType.STRING.value
        return node

    def visit_field(self, node):
        dt = self.field_type(node["id"])
        if dt is None:
            raise FormulaError(f"Field '{node['id']}' not found", node["pos"])
        node["dt"] = DataType(dt).value
        return node

    def visit_unary(self, node):
        node["arg"] = self.visit(node["arg"])
        if DataType(node["arg"]["dt"]) not in NUMBER:
            raise FormulaError(f"Unary '-' expects a number, got {node['arg']['dt']}", node["pos"])
        node["dt"] = DataType.NUMERIC.value
        return node

    def visit_binary(self, node):
        node["left"], node["right"] = self.visit(node["left"]), self.visit(node["right"])
        op = node["op"]
        left, right = DataType(node["left"]["dt"]), DataType(node["right"]["dt"])
        if op == "&":
            node["dt"] = DataType.STRING.value
        elif op in COMPARISONS:
            if not comparable(node["left"], node["right"]):
                raise FormulaError(f"Cannot compare {left} with {right} using '{op}'", node["pos"])
            node["dt"] = DataType.BOOLEAN.value
        else:
            for side in (left, right):
                if side not in NUMBER:
                    hint = " (use & to join texts)" if op == "+" and side is DataType.STRING else ""
                    raise FormulaError(f"Operator '{op}' expects numbers, got {side}{hint}", node["pos"])
            node["dt"] = DataType.NUMERIC.value
        return node

    def visit_call(self, node):
        name = node["name"]
        if name not in self.functions:
            if node.get("bare"):
                raise FormulaError(f"Unknown name {name} (field names go in braces: {{{name}}})", node["pos"])
            raise FormulaError(f"Unknown function {name}", node["pos"])
        function = self.functions.get(name)
        if self.dialect and self.dialect not in function.dialects:
            raise FormulaError(f"{name} is not supported on {self.dialect}", node["pos"])
        _check_count(function, node)
        node["args"] = [self.visit(arg) for arg in node["args"]]
        for index, arg in enumerate(node["args"]):
            accepted = function.accepts(index)
            if DataType(arg["dt"]) not in accepted and arg["dt"] != DataType.NULL:
                raise FormulaError(
                    f"{name} expects {describe(accepted)} as argument {index + 1}, got {arg['dt']}", arg["pos"]
                )
        function.validate(node)
        node["dt"] = DataType(function.return_type(node["args"])).value
        return node


def _check_count(function, node) -> None:
    low, high, got = function.min_args, function.max_args, len(node["args"])
    if low <= got and (high is None or got <= high):
        return
    if high is None:
        expected = f"at least {low} argument{'s' if low != 1 else ''}"
    elif low == high:
        expected = f"{low} argument{'s' if low != 1 else ''}"
    else:
        expected = f"{low} to {high} arguments"
    raise FormulaError(f"{function.name} expects {expected}, got {got}", node["pos"])


def comparable(left: dict, right: dict) -> bool:
    a, b = DataType(left["dt"]), DataType(right["dt"])
    if DataType.NULL in (a, b):
        return True
    if b in _COMPARABLE.get(a, frozenset({a})):
        return True
    # a number against a literal text that reads as a number: "5" compared with {Qty}
    if {a, b} <= {DataType.NUMERIC, DataType.STRING}:
        text = left if a is DataType.STRING else right
        return text["kind"] == "string" and _is_number(text["value"])
    return a == b


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True
