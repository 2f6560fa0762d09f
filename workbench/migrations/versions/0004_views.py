"""views: share uuid and password, type settings, creator; view-column meta; shared bases

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 09:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_views", schema=None) as batch_op:
        batch_op.add_column(sa.Column("uuid", sa.String(length=64), nullable=True))
        batch_op.add_column(sa.Column("password_hash", sa.String(length=255), nullable=True))
        batch_op.add_column(sa.Column("settings", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("created_by", sa.String(length=32), nullable=True))
        batch_op.create_unique_constraint(batch_op.f("uq_wb_views_uuid"), ["uuid"])
    with op.batch_alter_table("wb_view_columns", schema=None) as batch_op:
        batch_op.add_column(sa.Column("meta", sa.Text(), nullable=True))
    op.create_table(
        "wb_shared_bases",
        sa.Column("project_id", sa.String(length=32), nullable=False),
        sa.Column("uuid", sa.String(length=64), nullable=False),
        sa.Column("roles", sa.String(length=32), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["project_id"],
            ["wb_projects.id"],
            name=op.f("fk_wb_shared_bases_project_id_wb_projects"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("project_id", name=op.f("pk_wb_shared_bases")),
        sa.UniqueConstraint("uuid", name=op.f("uq_wb_shared_bases_uuid")),
    )


def downgrade():
    op.drop_table("wb_shared_bases")
    with op.batch_alter_table("wb_view_columns", schema=None) as batch_op:
        batch_op.drop_column("meta")
    with op.batch_alter_table("wb_views", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("uq_wb_views_uuid"), type_="unique")
        batch_op.drop_column("created_by")
        batch_op.drop_column("settings")
        batch_op.drop_column("password_hash")
        batch_op.drop_column("uuid")
