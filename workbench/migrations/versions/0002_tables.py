"""tables, columns, views, filters, sorts

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 06:06:43.341081
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    op.create_table("wb_tables",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("project_id", sa.String(length=32), nullable=False),
    sa.Column("source_id", sa.String(length=32), nullable=False),
    sa.Column("title", sa.String(length=255), nullable=False),
    sa.Column("table_name", sa.String(length=64), nullable=False),
    sa.Column("type", sa.String(length=16), nullable=False),
    sa.Column("meta", sa.Text(), nullable=True),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["project_id"], ["wb_projects.id"], name=op.f("fk_wb_tables_project_id_wb_projects"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["source_id"], ["wb_sources.id"], name=op.f("fk_wb_tables_source_id_wb_sources"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_tables"))
    )
    with op.batch_alter_table("wb_tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_tables_project_id"), ["project_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wb_tables_source_id"), ["source_id"], unique=False)

    op.create_table("wb_columns",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("title", sa.String(length=255), nullable=False),
    sa.Column("column_name", sa.String(length=64), nullable=True),
    sa.Column("uidt", sa.String(length=32), nullable=False),
    sa.Column("dt", sa.String(length=32), nullable=True),
    sa.Column("pk", sa.Boolean(), nullable=False),
    sa.Column("ai", sa.Boolean(), nullable=False),
    sa.Column("rqd", sa.Boolean(), nullable=False),
    sa.Column("pv", sa.Boolean(), nullable=False),
    sa.Column("system", sa.Boolean(), nullable=False),
    sa.Column("cdf", sa.Text(), nullable=True),
    sa.Column("meta", sa.Text(), nullable=True),
    sa.Column("col_options", sa.Text(), nullable=True),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["wb_tables.id"], name=op.f("fk_wb_columns_table_id_wb_tables"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_columns"))
    )
    with op.batch_alter_table("wb_columns", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_columns_table_id"), ["table_id"], unique=False)

    op.create_table("wb_views",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("table_id", sa.String(length=32), nullable=False),
    sa.Column("title", sa.String(length=255), nullable=False),
    sa.Column("type", sa.String(length=16), nullable=False),
    sa.Column("is_default", sa.Boolean(), nullable=False),
    sa.Column("lock_type", sa.String(length=16), nullable=False),
    sa.Column("meta", sa.Text(), nullable=True),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["table_id"], ["wb_tables.id"], name=op.f("fk_wb_views_table_id_wb_tables"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_views"))
    )
    with op.batch_alter_table("wb_views", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_views_table_id"), ["table_id"], unique=False)

    op.create_table("wb_filters",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("view_id", sa.String(length=32), nullable=False),
    sa.Column("parent_id", sa.String(length=32), nullable=True),
    sa.Column("column_id", sa.String(length=32), nullable=True),
    sa.Column("comparison_op", sa.String(length=32), nullable=True),
    sa.Column("comparison_sub_op", sa.String(length=32), nullable=True),
    sa.Column("value", sa.Text(), nullable=True),
    sa.Column("logical_op", sa.String(length=8), nullable=False),
    sa.Column("is_group", sa.Boolean(), nullable=False),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["column_id"], ["wb_columns.id"], name=op.f("fk_wb_filters_column_id_wb_columns"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["parent_id"], ["wb_filters.id"], name=op.f("fk_wb_filters_parent_id_wb_filters"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["view_id"], ["wb_views.id"], name=op.f("fk_wb_filters_view_id_wb_views"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_filters"))
    )
    with op.batch_alter_table("wb_filters", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_filters_view_id"), ["view_id"], unique=False)

    op.create_table("wb_sorts",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("view_id", sa.String(length=32), nullable=False),
    sa.Column("column_id", sa.String(length=32), nullable=False),
    sa.Column("direction", sa.String(length=4), nullable=False),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["column_id"], ["wb_columns.id"], name=op.f("fk_wb_sorts_column_id_wb_columns"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["view_id"], ["wb_views.id"], name=op.f("fk_wb_sorts_view_id_wb_views"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_sorts"))
    )
    with op.batch_alter_table("wb_sorts", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_sorts_view_id"), ["view_id"], unique=False)

    op.create_table("wb_view_columns",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("view_id", sa.String(length=32), nullable=False),
    sa.Column("column_id", sa.String(length=32), nullable=False),
    sa.Column("show", sa.Boolean(), nullable=False),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("width", sa.String(length=16), nullable=True),
    sa.ForeignKeyConstraint(["column_id"], ["wb_columns.id"], name=op.f("fk_wb_view_columns_column_id_wb_columns"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["view_id"], ["wb_views.id"], name=op.f("fk_wb_view_columns_view_id_wb_views"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_view_columns"))
    )
    with op.batch_alter_table("wb_view_columns", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_view_columns_column_id"), ["column_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wb_view_columns_view_id"), ["view_id"], unique=False)



def downgrade():
    with op.batch_alter_table("wb_view_columns", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_view_columns_view_id"))
        batch_op.drop_index(batch_op.f("ix_wb_view_columns_column_id"))

    op.drop_table("wb_view_columns")
    with op.batch_alter_table("wb_sorts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_sorts_view_id"))

    op.drop_table("wb_sorts")
    with op.batch_alter_table("wb_filters", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_filters_view_id"))

    op.drop_table("wb_filters")
    with op.batch_alter_table("wb_views", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_views_table_id"))

    op.drop_table("wb_views")
    with op.batch_alter_table("wb_columns", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_columns_table_id"))

    op.drop_table("wb_columns")
    with op.batch_alter_table("wb_tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_tables_source_id"))
        batch_op.drop_index(batch_op.f("ix_wb_tables_project_id"))

    op.drop_table("wb_tables")
