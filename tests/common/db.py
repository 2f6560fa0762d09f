"""Direct access to the meta database of a test app, for arranging what the API cannot
(an expired token, an old invitation) and for checking what the API does not show."""

from __future__ import annotations

import sqlalchemy as sa


def execute(app, statement) -> list:
    """Run ``statement`` in its own committed transaction; rows for a SELECT, else []."""
    with app.registry["db_engine"].begin() as conn:
        result = conn.execute(statement)
        return list(result) if result.returns_rows else []


def scalar(app, statement):
    with app.registry["db_engine"].begin() as conn:
        return conn.execute(statement).scalar()


def count(app, model, *where) -> int:
    return scalar(app, sa.select(sa.func.count()).select_from(model).where(*where))
