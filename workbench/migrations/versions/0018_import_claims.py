"""imports: the process running a job and until when (wb_imports.claimed_by,
claimed_until), so that each job runs in one process at a time and a dead process's job is
taken over once its lease passes; empty for the jobs there (free to take)

Revision ID: 0018
Revises: 0014
Create Date: 2026-11-27 23:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_imports", schema=None) as batch_op:
        batch_op.add_column(sa.Column("claimed_by", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("claimed_until", sa.DateTime(), nullable=True))


def downgrade():
    with op.batch_alter_table("wb_imports", schema=None) as batch_op:
        batch_op.drop_column("claimed_until")
        batch_op.drop_column("claimed_by")
