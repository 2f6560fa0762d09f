"""The keys of a batch's rows as primary-key rows ``(key,)`` over a sequence of single keys
(a range, when the keys follow one another), each row made only when it is read: most who
are handed a batch's keys only count them."""

from __future__ import annotations

from collections.abc import Sequence


class KeyRows(Sequence):
    """The keys ``ids`` as rows ``(key,)``; equal to any sequence of the same rows."""

    __slots__ = ("ids",)

    def __init__(self, ids: Sequence[int]):
        self.ids = ids

    def __len__(self) -> int:
        return len(self.ids)

    def __iter__(self):
        return zip(self.ids)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return KeyRows(self.ids[index])
        return (self.ids[index],)

    def __eq__(self, other) -> bool:
        return list(self) == list(other) if isinstance(other, Sequence) else NotImplemented

    __hash__ = None
