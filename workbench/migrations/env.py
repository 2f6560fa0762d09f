"""Alembic environment: runs on the connection handed over by ``workbench.meta.migrate``."""

from alembic import context

from workbench.meta.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
