"""users: a display name of their choice and an avatar (wb_user_avatars holds the image,
wb_users.avatar_digest the digest its address carries)

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 08:20:00
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("display_name", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("avatar_digest", sa.String(length=64), nullable=True))
    op.create_table(
        "wb_user_avatars",
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("mimetype", sa.String(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary().with_variant(mysql.MEDIUMBLOB(), "mysql", "mariadb"), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["wb_users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )


def downgrade():
    op.drop_table("wb_user_avatars")
    with op.batch_alter_table("wb_users", schema=None) as batch_op:
        batch_op.drop_column("avatar_digest")
        batch_op.drop_column("display_name")
