"""What a formula references, and refusing formulas that end up referencing themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from .errors import FormulaError
from .parser import children


def references(tree: dict) -> list[str]:
    """The column ids ``tree`` references, each once, in the order they appear."""
    seen: dict[str, None] = {}
    for node in walk(tree):
        if node["kind"] == "field":
            seen.setdefault(node["id"], None)
    return list(seen)


def walk(tree: dict) -> Iterator[dict]:
    """Every node of ``tree``, parents before children."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


def find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
    """A path ``[a, b, ..., a]`` through ``graph`` (column id → ids it references) that
    comes back to where it started, or None. Ids missing from ``graph`` are leaves."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in graph.get(node, ()):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in graph:
        if start not in state and (found := visit(start)):
            return found
    return None


def check_cycles(graph: Mapping[str, Iterable[str]], title: Callable[[str], str | None] | Mapping[str, str]) -> None:
    """Raise ``FormulaError("Circular reference: A → B → A")`` if ``graph`` loops.

    The data engine gives every formula column of a table (and, for lookups and rollups,
    the columns they reach) with what it references, the new or changed one included.
    """
    lookup = title.get if isinstance(title, Mapping) else title
    cycle = find_cycle(graph)
    if cycle:
        names = " → ".join(lookup(column_id) or column_id for column_id in cycle)
        raise FormulaError(f"Circular reference: {names}")
