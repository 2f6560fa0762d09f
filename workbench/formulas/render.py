"""Turns a tree back into formula text, with the fields' current titles."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from .parser import BINDING_POWER, UNARY_POWER

TitleOf = Callable[[str], str | None] | Mapping[str, str]


def render(tree: dict, field_title: TitleOf) -> str:
    """The text of ``tree``; ``field_title`` maps a column id to its title (an id it
    does not know is shown as the id)."""
    lookup = field_title.get if isinstance(field_title, Mapping) else field_title
    return _render(tree, lookup)


def _render(node: dict, title: Callable[[str], str | None]) -> str:
    kind = node["kind"]
    if kind == "number":
        return repr(node["value"])
    if kind == "string":
        return json.dumps(node["value"], ensure_ascii=False)
    if kind == "field":
        name = title(node["id"]) or node["id"]
        return "{" + name.replace("\\", "\\\\").replace("}", "\\}").replace("{", "\\{") + "}"
    if kind == "call":
        if node.get("bare"):
            return node["name"]
        return node["name"] + "(" + ", ".join(_render(arg, title) for arg in node["args"]) + ")"
    if kind == "unary":
        return "-" + _operand(node["arg"], UNARY_POWER, title)
    power = BINDING_POWER[node["op"]]
    left = _operand(node["left"], power, title)
    right = _operand(node["right"], power + 1, title)  # operators are left-associative
    return f"{left} {node['op']} {right}"


def _operand(node: dict, power: int, title: Callable[[str], str | None]) -> str:
    text = _render(node, title)
    if node["kind"] == "binary" and BINDING_POWER[node["op"]] < power:
        return f"({text})"
    if node["kind"] == "unary" and power > UNARY_POWER:
        return f"({text})"
    return text
