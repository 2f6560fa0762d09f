"""users: the language they chose for the app (wb_users.lang), which the mails sent to them
are written in; empty until they choose one or sign up

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-27 19:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("lang", sa.String(length=16), nullable=True))


def downgrade():
    with op.batch_alter_table("wb_users", schema=None) as batch_op:
        batch_op.drop_column("lang")
