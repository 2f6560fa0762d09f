"""core: users, tokens, projects, members, sources

Revision ID: 0001
Revises: 
Create Date: 2026-11-22 05:57:59.168705
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade():
    op.create_table("wb_app_settings",
    sa.Column("key", sa.String(length=64), nullable=False),
    sa.Column("value", sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint("key", name=op.f("pk_wb_app_settings"))
    )
    op.create_table("wb_users",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("email", sa.String(length=255), nullable=False),
    sa.Column("password_hash", sa.String(length=255), nullable=True),
    sa.Column("firstname", sa.String(length=255), nullable=True),
    sa.Column("lastname", sa.String(length=255), nullable=True),
    sa.Column("roles", sa.String(length=255), nullable=False),
    sa.Column("token_version", sa.Integer(), nullable=False),
    sa.Column("invite_token", sa.String(length=64), nullable=True),
    sa.Column("invite_token_expires", sa.DateTime(), nullable=True),
    sa.Column("email_verified", sa.Boolean(), nullable=False),
    sa.Column("blocked", sa.Boolean(), nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_users")),
    sa.UniqueConstraint("email", name=op.f("uq_wb_users_email")),
    sa.UniqueConstraint("invite_token", name=op.f("uq_wb_users_invite_token"))
    )
    op.create_table("wb_api_tokens",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("user_id", sa.String(length=32), nullable=False),
    sa.Column("description", sa.String(length=255), nullable=True),
    sa.Column("token_hash", sa.String(length=64), nullable=False),
    sa.Column("token_hint", sa.String(length=16), nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("last_used_at", sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(["user_id"], ["wb_users.id"], name=op.f("fk_wb_api_tokens_user_id_wb_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_api_tokens")),
    sa.UniqueConstraint("token_hash", name=op.f("uq_wb_api_tokens_token_hash"))
    )
    with op.batch_alter_table("wb_api_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_api_tokens_user_id"), ["user_id"], unique=False)

    op.create_table("wb_projects",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("title", sa.String(length=255), nullable=False),
    sa.Column("description", sa.Text(), nullable=True),
    sa.Column("meta", sa.Text(), nullable=True),
    sa.Column("color", sa.String(length=16), nullable=True),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_by", sa.String(length=32), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["created_by"], ["wb_users.id"], name=op.f("fk_wb_projects_created_by_wb_users"), ondelete="SET NULL"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_projects"))
    )
    op.create_table("wb_refresh_tokens",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("user_id", sa.String(length=32), nullable=False),
    sa.Column("token_hash", sa.String(length=64), nullable=False),
    sa.Column("expires_at", sa.DateTime(), nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["user_id"], ["wb_users.id"], name=op.f("fk_wb_refresh_tokens_user_id_wb_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_refresh_tokens")),
    sa.UniqueConstraint("token_hash", name=op.f("uq_wb_refresh_tokens_token_hash"))
    )
    with op.batch_alter_table("wb_refresh_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_refresh_tokens_user_id"), ["user_id"], unique=False)

    op.create_table("wb_project_members",
    sa.Column("project_id", sa.String(length=32), nullable=False),
    sa.Column("user_id", sa.String(length=32), nullable=False),
    sa.Column("roles", sa.String(length=64), nullable=False),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["project_id"], ["wb_projects.id"], name=op.f("fk_wb_project_members_project_id_wb_projects"), ondelete="CASCADE"),
    sa.ForeignKeyConstraint(["user_id"], ["wb_users.id"], name=op.f("fk_wb_project_members_user_id_wb_users"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("project_id", "user_id", name=op.f("pk_wb_project_members"))
    )
    op.create_table("wb_sources",
    sa.Column("id", sa.String(length=32), nullable=False),
    sa.Column("project_id", sa.String(length=32), nullable=False),
    sa.Column("alias", sa.String(length=255), nullable=True),
    sa.Column("type", sa.String(length=16), nullable=False),
    sa.Column("config", sa.Text(), nullable=False),
    sa.Column("is_default", sa.Boolean(), nullable=False),
    sa.Column("enabled", sa.Boolean(), nullable=False),
    sa.Column("order", sa.Float(), nullable=True),
    sa.Column("created_at", sa.DateTime(), nullable=False),
    sa.Column("updated_at", sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(["project_id"], ["wb_projects.id"], name=op.f("fk_wb_sources_project_id_wb_projects"), ondelete="CASCADE"),
    sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_sources"))
    )
    with op.batch_alter_table("wb_sources", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_sources_project_id"), ["project_id"], unique=False)



def downgrade():
    with op.batch_alter_table("wb_sources", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_sources_project_id"))

    op.drop_table("wb_sources")
    op.drop_table("wb_project_members")
    with op.batch_alter_table("wb_refresh_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_refresh_tokens_user_id"))

    op.drop_table("wb_refresh_tokens")
    op.drop_table("wb_projects")
    with op.batch_alter_table("wb_api_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_wb_api_tokens_user_id"))

    op.drop_table("wb_api_tokens")
    op.drop_table("wb_users")
    op.drop_table("wb_app_settings")
