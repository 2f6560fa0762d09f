"""hooks: webhooks of tables, their conditions, their delivery log, and the outbox of
events of tables in sources Workbench does not own

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-27 08:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _stamps():
    return [
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    ]


def upgrade():
    op.create_table(
        "wb_hooks",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("project_id", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("title", sa.String(length=255), nullable=False),
        sa.Column("description", sa.Text(), nullable=True),
        sa.Column("event", sa.String(length=16), nullable=False),
        sa.Column("operation", sa.String(length=16), nullable=False),
        sa.Column("version", sa.String(length=8), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("condition", sa.Boolean(), nullable=False),
        sa.Column("notification", sa.Text(), nullable=False),
        sa.Column("timeout", sa.Integer(), nullable=True),
        sa.Column("order", sa.Float(), nullable=True),
        *_stamps(),
        sa.ForeignKeyConstraint(
            ["project_id"], ["wb_projects.id"], name=op.f("fk_wb_hooks_project_id_wb_projects"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["wb_tables.id"], name=op.f("fk_wb_hooks_table_id_wb_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_hooks")),
    )
    with op.batch_alter_table("wb_hooks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_hooks_project_id"), ["project_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wb_hooks_table_id"), ["table_id"], unique=False)

    op.create_table(
        "wb_hook_filters",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("hook_id", sa.String(length=32), nullable=False),
        sa.Column("parent_id", sa.String(length=32), nullable=True),
        sa.Column("column_id", sa.String(length=32), nullable=True),
        sa.Column("comparison_op", sa.String(length=32), nullable=True),
        sa.Column("comparison_sub_op", sa.String(length=32), nullable=True),
        sa.Column("value", sa.Text(), nullable=True),
        sa.Column("logical_op", sa.String(length=8), nullable=False),
        sa.Column("is_group", sa.Boolean(), nullable=False),
        sa.Column("order", sa.Float(), nullable=True),
        *_stamps(),
        sa.ForeignKeyConstraint(
            ["hook_id"], ["wb_hooks.id"], name=op.f("fk_wb_hook_filters_hook_id_wb_hooks"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["parent_id"],
            ["wb_hook_filters.id"],
            name=op.f("fk_wb_hook_filters_parent_id_wb_hook_filters"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["column_id"], ["wb_columns.id"], name=op.f("fk_wb_hook_filters_column_id_wb_columns"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_hook_filters")),
    )
    with op.batch_alter_table("wb_hook_filters", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_hook_filters_hook_id"), ["hook_id"], unique=False)

    op.create_table(
        "wb_hook_logs",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("hook_id", sa.String(length=32), nullable=False),
        sa.Column("event_id", sa.String(length=64), nullable=False),
        sa.Column("type", sa.String(length=32), nullable=False),
        sa.Column("operation", sa.String(length=16), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("response_status", sa.Integer(), nullable=True),
        sa.Column("response", sa.Text(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("duration_ms", sa.Integer(), nullable=False),
        sa.Column("test_call", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["hook_id"], ["wb_hooks.id"], name=op.f("fk_wb_hook_logs_hook_id_wb_hooks"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_hook_logs")),
    )
    with op.batch_alter_table("wb_hook_logs", schema=None) as batch_op:
        batch_op.create_index("ix_wb_hook_logs_hook_created", ["hook_id", "created_at"], unique=False)

    op.create_table(
        "wb_hook_outbox",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("hook_id", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_at", sa.DateTime(), nullable=False),
        sa.Column("claimed_until", sa.DateTime(), nullable=True),
        sa.Column("claimed_by", sa.String(length=64), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_hook_outbox")),
    )
    with op.batch_alter_table("wb_hook_outbox", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_hook_outbox_next_at"), ["next_at"], unique=False)


def downgrade():
    op.drop_table("wb_hook_outbox")
    op.drop_table("wb_hook_logs")
    op.drop_table("wb_hook_filters")
    op.drop_table("wb_hooks")
