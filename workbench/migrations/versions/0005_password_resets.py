"""password resets: single-use, expiring reset links (only the token's hash is kept)

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 09:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "wb_password_resets",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["wb_users.id"],
            name=op.f("fk_wb_password_resets_user_id_wb_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_password_resets")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_wb_password_resets_token_hash")),
    )
    with op.batch_alter_table("wb_password_resets", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_password_resets_user_id"), ["user_id"], unique=False)


def downgrade():
    with op.batch_alter_table("wb_password_resets", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_password_resets_user_id"))
    op.drop_table("wb_password_resets")
