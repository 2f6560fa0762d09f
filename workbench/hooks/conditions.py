"""A hook's condition: its filter tree (the same shape as a view's filters) checked
against a record as the API shows it. A hook with a condition fires for a record that
meets it after an insert, that met it before a delete, and that did not meet it before an
update but does after (NocoDB's false-to-true rule).

Conditions on a field that no longer exists are dropped with the field (by foreign key).
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Node:
    op: str | None = None
    title: str | None = None
    value: str | None = None
    logical: str = "and"
    children: list = field(default_factory=list)
    group: bool = False


def tree(filters, titles: dict[str, str]) -> Node:
    """The root group of a hook's filters (``HookFilter`` rows), ``titles`` by column id."""
    nodes = {f.id: f for f in filters}
    kids: dict[str | None, list] = {}
    for f in sorted(filters, key=lambda f: (f.order or 0, f.id)):
        parent = f.parent_id if f.parent_id in nodes else None
        kids.setdefault(parent, []).append(f)

    def build(f) -> Node:
        if f.is_group:
            return Node(logical=f.logical_op or "and", group=True, children=[build(c) for c in kids.get(f.id, [])])
        return Node(op=f.comparison_op, title=titles.get(f.column_id), value=f.value, logical=f.logical_op or "and")

    return Node(group=True, children=[build(f) for f in kids.get(None, [])])


def _blank(value) -> bool:
    return value is None or value == "" or value == [] or value == {}


def _number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _items(value) -> list[str]:
    if isinstance(value, list):
        return [str(v).strip() for v in value]
    if _blank(value):
        return []
    return [v.strip() for v in str(value).split(",")]


def _compare(left, right) -> int | None:
    a, b = _number(left), _number(right)
    if a is None or b is None:
        if left is None or right is None:
            return None
        a, b = str(left), str(right)
    return (a > b) - (a < b)


def _condition(node: Node, row: dict) -> bool:
    if node.title is None or not node.op:
        return True
    value = row.get(node.title)
    op = node.op
    wanted = node.value
    if op in ("blank", "empty", "null"):
        return _blank(value)
    if op in ("notblank", "notempty", "notnull"):
        return not _blank(value)
    if op == "checked":
        return bool(value) and value not in ("false", "0")
    if op == "notchecked":
        return not value or value in ("false", "0")
    if op in ("eq", "neq"):
        if isinstance(value, bool):
            same = str(value).lower() == str(wanted).lower()
        else:
            compared = _compare(value, wanted)
            same = compared == 0 if compared is not None else _blank(value) and _blank(wanted)
            if compared is not None and not isinstance(value, (int, float)) and _number(wanted) is None:
                same = str(value).lower() == str(wanted).lower()
        return same if op == "eq" else not same
    if op in ("like", "nlike"):
        found = str(wanted or "").strip("%").lower() in str(value or "").lower()
        return found if op == "like" else not found
    if op in ("gt", "lt", "gte", "ge", "lte", "le"):
        compared = _compare(value, wanted)
        if compared is None:
            return False
        return {"gt": compared > 0, "lt": compared < 0, "gte": compared >= 0, "ge": compared >= 0}.get(
            op, compared <= 0
        )
    if op in ("anyof", "nanyof", "allof", "nallof"):
        have, want = set(_items(value)), set(_items(wanted))
        result = bool(have & want) if op in ("anyof", "nanyof") else want <= have
        return result if op in ("anyof", "allof") else not result
    return True


def matches(node: Node, row: dict | None) -> bool:
    if row is None:
        return False
    if not node.group:
        return _condition(node, row)
    result = None
    for child in node.children:
        value = matches(child, row)
        if result is None:
            result = value
        elif child.logical == "or":
            result = result or value
        else:
            result = result and value
    return True if result is None else result


def fires(node: Node | None, operation: str, before: dict | None, after: dict | None) -> bool:
    """Whether a change of one record fires a hook with condition ``node`` (None: none)."""
    if node is None:
        return True
    if operation.lower().endswith("insert"):
        return matches(node, after)
    if operation.lower().endswith("delete"):
        return matches(node, before)
    return not matches(node, before) and matches(node, after)
