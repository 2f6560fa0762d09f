"""Copies of a filter tree (a view's filters, a webhook's condition): groups hold their
conditions through ``parent_id``, so a group is copied before what it holds and each copy
points at its group's copy. Filters whose group is gone are not copied."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: what a copy takes from its original (its id and its group are its own)
FILTER_PARTS = ("column_id", "comparison_op", "comparison_sub_op", "value", "logical_op", "is_group", "order")


def copy_filters(items: Iterable[Any], make: Callable[[dict], Any]) -> list[Any]:
    """The copies of ``items``, parents first: ``make(parts)`` builds one (with an id of its
    own) from the original's ``FILTER_PARTS``; its ``parent_id`` is set to its group's copy."""
    copies: dict[str, Any] = {}
    made: list[Any] = []
    pending = list(items)
    while pending:
        progressed = False
        for item in list(pending):
            if item.parent_id is not None and item.parent_id not in copies:
                continue
            copy = make({part: getattr(item, part) for part in FILTER_PARTS})
            if item.parent_id is not None:
                copy.parent_id = copies[item.parent_id].id
            copies[item.id] = copy
            made.append(copy)
            pending.remove(item)
            progressed = True
        if not progressed:
            break
    return made
