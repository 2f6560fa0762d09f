"""A field's formula text (a formula field's, a URL button's) parsed and checked against
the table's fields: known functions and fields, argument types, and no cycle through the
formulas it reads. Past the size limits, the compiled SQL is refused when the field is saved."""

from __future__ import annotations

from typing import Any

from workbench.fields.interfaces import FieldValueError
from workbench.formulas import FormulaError, check_cycles, parse, references, render
from workbench.formulas import check as check_tree


def check_formula_text(raw: str, fields: Any) -> tuple[dict, dict]:
    """``(tree, checked)`` of ``raw`` for the field being configured (``fields`` is the
    table's fields as ``configure`` receives them); ``FieldValueError("Invalid formula:
    ...")`` when it does not parse, check, or would make a cycle."""
    try:
        tree = parse(raw, fields.ids.get)
        checked = check_tree(tree, fields.data_type, fields.functions, fields.dialect)
        # the field being configured first, so that a cycle is named from it
        check_cycles({fields.column_id: references(tree), **fields.graph}, fields.titles)
    except FormulaError as exc:
        raise FieldValueError(f"Invalid formula: {exc}") from None
    return tree, checked


def stored_formula(tree: dict) -> str:
    """The formula as stored: its fields named by their ids, so renames keep it working."""
    return render(tree, lambda column_id: column_id)
