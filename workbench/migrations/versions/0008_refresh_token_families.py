"""refresh tokens: family_id (the sign-in a token descends from) and used_at (when it was
exchanged), so that a used token presented again revokes its whole family

Tokens issued before this revision each start a family of their own.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-26 05:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_refresh_tokens", schema=None) as batch_op:
        batch_op.add_column(sa.Column("family_id", sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column("used_at", sa.DateTime(), nullable=True))
    tokens = sa.table("wb_refresh_tokens", sa.column("id", sa.String()), sa.column("family_id", sa.String()))
    op.execute(tokens.update().values(family_id=tokens.c.id))
    with op.batch_alter_table("wb_refresh_tokens", schema=None) as batch_op:
        batch_op.alter_column("family_id", existing_type=sa.String(length=32), nullable=False)
        batch_op.create_index(batch_op.f("ix_wb_refresh_tokens_family_id"), ["family_id"], unique=False)


def downgrade():
    with op.batch_alter_table("wb_refresh_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_refresh_tokens_family_id"))
        batch_op.drop_column("used_at")
        batch_op.drop_column("family_id")
