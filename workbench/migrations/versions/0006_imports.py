"""imports: import jobs (upload, template, progress, errors) and the keys each batch inserted

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-24 07:34:32
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade():

    op.create_table(
        "wb_imports",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("project_id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=True),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("type", sa.String(length=32), nullable=False),
        sa.Column("file_name", sa.String(length=255), nullable=False),
        sa.Column("file_path", sa.String(length=512), nullable=True),
        sa.Column("options", sa.Text(), nullable=True),
        sa.Column("table_id", sa.String(length=32), nullable=True),
        sa.Column("template", sa.Text(), nullable=True),
        sa.Column("column_map", sa.Text(), nullable=True),
        sa.Column("preview", sa.Text(), nullable=True),
        sa.Column("rows_total", sa.Text(), nullable=True),
        sa.Column("rows_done", sa.Text(), nullable=True),
        sa.Column("rows_read", sa.Text(), nullable=True),
        sa.Column("errors", sa.Text(), nullable=True),
        sa.Column("error_count", sa.Integer(), nullable=False),
        sa.Column("tables", sa.Text(), nullable=True),
        sa.Column("msg", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["project_id"], ["wb_projects.id"], name=op.f("fk_wb_imports_project_id_wb_projects"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["wb_users.id"], name=op.f("fk_wb_imports_user_id_wb_users"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_imports")),
    )
    with op.batch_alter_table("wb_imports", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_imports_project_id"), ["project_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_wb_imports_status"), ["status"], unique=False)

    op.create_table(
        "wb_import_keys",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("import_id", sa.String(length=32), nullable=False),
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("keys", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["import_id"], ["wb_imports.id"], name=op.f("fk_wb_import_keys_import_id_wb_imports"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_import_keys")),
    )
    with op.batch_alter_table("wb_import_keys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_import_keys_import_id"), ["import_id"], unique=False)


def downgrade():

    with op.batch_alter_table("wb_import_keys", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_import_keys_import_id"))

    op.drop_table("wb_import_keys")
    with op.batch_alter_table("wb_imports", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_imports_status"))
        batch_op.drop_index(batch_op.f("ix_wb_imports_project_id"))

    op.drop_table("wb_imports")
