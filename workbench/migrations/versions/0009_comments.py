"""comments: row comments of records, with their author and when they were last edited

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 09:00:00
"""

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import mysql

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        "wb_comments",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("project_id", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("row_id", sa.String(length=255), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=True),
        sa.Column("created_by_email", sa.String(length=255), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("edited_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime().with_variant(mysql.DATETIME(fsp=6), "mysql", "mariadb"), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["project_id"], ["wb_projects.id"], name=op.f("fk_wb_comments_project_id_wb_projects"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["wb_tables.id"], name=op.f("fk_wb_comments_table_id_wb_tables"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["wb_users.id"], name=op.f("fk_wb_comments_user_id_wb_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_comments")),
    )
    with op.batch_alter_table("wb_comments", schema=None) as batch_op:
        batch_op.create_index("ix_wb_comments_table_row", ["table_id", "row_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wb_comments_project_id"), ["project_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wb_comments_user_id"), ["user_id"], unique=False)


def downgrade():
    # Its indexes go with it (MariaDB refuses to drop one a foreign key needs).
    op.drop_table("wb_comments")
