"""Helpers for tests of tables and records: create a project with a table in one call."""

from __future__ import annotations

from workbench.testing.client import Client

#: one column of each scalar type, by title
MIXED_COLUMNS = [
    {"title": "Name", "uidt": "SingleLineText"},
    {"title": "Notes", "uidt": "LongText"},
    {"title": "Mail", "uidt": "Email"},
    {"title": "Site", "uidt": "URL"},
    {"title": "Phone", "uidt": "PhoneNumber"},
    {"title": "Qty", "uidt": "Number"},
    {"title": "Price", "uidt": "Decimal", "meta": {"precision": 2}},
    {"title": "Cost", "uidt": "Currency", "meta": {"currency_code": "EUR", "currency_locale": "de-DE"}},
    {"title": "Done %", "uidt": "Percent"},
    {"title": "Spent", "uidt": "Duration"},
    {"title": "Stars", "uidt": "Rating", "meta": {"max": 5}},
    {"title": "Ok", "uidt": "Checkbox"},
    {"title": "Status", "uidt": "SingleSelect", "colOptions": {"options": [{"title": "todo"}, {"title": "done"}]}},
    {
        "title": "Tags",
        "uidt": "MultiSelect",
        "colOptions": {"options": [{"title": "a"}, {"title": "b"}, {"title": "c"}]},
    },
    {"title": "Due", "uidt": "Date"},
    {"title": "At", "uidt": "DateTime"},
    {"title": "Alarm", "uidt": "Time"},
    {"title": "Year", "uidt": "Year"},
    {"title": "Data", "uidt": "JSON"},
]


def create_table(
    client: Client, token: str, project_id: str, title: str = "Tasks", columns=None, status: int = 200
) -> dict:
    res = client.post_json(
        f"/api/v1/db/meta/projects/{project_id}/tables",
        {"title": title, "columns": MIXED_COLUMNS if columns is None else columns},
        headers=client.auth(token),
        status=status,
    )
    return res.json


def physical_columns(app, project_id: str) -> dict[str, set[str]]:
    """``{table name: {column names}}`` of the project's default source, read from the
    database; Workbench's own history table is not one of the project's tables."""
    import sqlalchemy as sa
    from sqlalchemy.orm import Session

    from workbench.history.store import TABLE_NAME
    from workbench.projects.models import Source

    with Session(app.registry["db_engine"]) as session:
        source = session.scalars(sa.select(Source).where(Source.project_id == project_id)).first()
        session.expunge(source)
    engine = app.registry["source_engines"].get(source)
    with engine.connect() as connection:
        inspector = sa.inspect(connection)
        names = [name for name in inspector.get_table_names() if name != TABLE_NAME]
        return {name: {c["name"] for c in inspector.get_columns(name)} for name in names}
