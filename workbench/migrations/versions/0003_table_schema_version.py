"""tables: schema_version, bumped by every change to a table's title or columns

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 06:55:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("schema_version", sa.Integer(), server_default="0", nullable=False))


def downgrade():
    with op.batch_alter_table("wb_tables", schema=None) as batch_op:
        batch_op.drop_column("schema_version")
