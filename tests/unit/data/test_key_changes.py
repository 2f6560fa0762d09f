"""An insert's changes handed to the listeners as keys made only when read."""

from workbench.data.key_rows import KeyRows
from workbench.data.writes import KeyChanges


def test_consecutive_keys_read_as_key_rows():
    ids = KeyRows(range(5, 9))
    assert len(ids) == 4
    assert list(ids) == [(5,), (6,), (7,), (8,)]
    assert ids[0] == (5,)
    assert ids[-1] == (8,)
    assert ids[1:3] == [(6,), (7,)]
    assert ids == [(5,), (6,), (7,), (8,)]
    assert KeyRows([2, 9]) == [(2,), (9,)]


def test_keys_are_made_only_when_read():
    made = []

    def keys_of(pk_rows):
        made.append(len(pk_rows))
        return [{"Id": row[0]} for row in pk_rows]

    changes = KeyChanges(keys_of, KeyRows(range(1, 4)))
    assert len(changes) == 3
    assert bool(changes)
    assert made == []  # counting the rows makes no key
    assert list(changes) == [(None, {"Id": 1}), (None, {"Id": 2}), (None, {"Id": 3})]
    assert changes[1] == (None, {"Id": 2})
    assert changes[1:] == [(None, {"Id": 2}), (None, {"Id": 3})]
    assert [after["Id"] for _before, after in changes] == [1, 2, 3]
