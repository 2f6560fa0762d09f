"""A batch's rows turned into its columns: every row as long, or not, or shorter than the
cells the plan reads (those are None)."""

from __future__ import annotations

from workbench.imports.run import _store_columns


class _Writer:
    def store_columns(self, names, columns, pause=None):
        return {name: list(column) for name, column in zip(names, columns, strict=True)}


def _plan(*indexes):
    return [(index, f"f{index}", None, list) for index in indexes]


def test_rows_of_one_length_give_their_columns():
    rows = [["a", "b", "c"], ["d", "e", "f"]]
    assert _store_columns(_Writer(), _plan(2, 0), rows) == {"f2": ["c", "f"], "f0": ["a", "d"]}


def test_rows_of_several_lengths_give_the_cells_the_plan_reads():
    rows = [["a", "b", "c"], ["d", "e"], ["g", "h", "i", "j"]]
    assert _store_columns(_Writer(), _plan(1, 0), rows) == {"f1": ["b", "e", "h"], "f0": ["a", "d", "g"]}
    assert _store_columns(_Writer(), _plan(2), rows) == {"f2": ["c", None, "i"]}


def test_texts_are_marked_with_their_types():
    rows = [["a", None], ["b", "c"]]
    found = _store_columns(_Writer(), _plan(0, 1), rows, texts=True)
    assert found == {"f0": ["a", "b"], "f1": [None, "c"]}
