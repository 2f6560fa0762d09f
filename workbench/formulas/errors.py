"""The one error the formula engine raises: a message that names the problem, and where."""

from __future__ import annotations


class FormulaError(ValueError):
    """A formula that cannot be parsed, type checked or compiled.

    ``position`` is the 0-based character offset in the formula text (None when the
    problem is not at one place, such as a circular reference).
    """

    def __init__(self, message: str, position: int | None = None):
        super().__init__(message, position)
        self.message = message
        self.position = position

    def __str__(self) -> str:
        if self.position is None:
            return self.message
        return f"{self.message} at position {self.position}"
