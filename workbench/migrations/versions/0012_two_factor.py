"""two-factor sign-in: users gain a TOTP secret, whether it is on, and the time step of the
last code accepted; recovery codes are kept hashed in their own table

Accounts from before this revision have two-factor sign-in off.

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 10:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade():
    # Plain ALTER TABLE ... ADD COLUMN on every dialect: on SQLite a batch operation would copy
    # wb_users into a new table and drop the old one, and the drop would cascade to the rows
    # that refer to users (refresh tokens, API tokens, ...).
    op.add_column("wb_users", sa.Column("totp_secret", sa.String(length=64), nullable=True))
    op.add_column("wb_users", sa.Column("totp_enabled", sa.Boolean(), server_default=sa.false(), nullable=False))
    op.add_column("wb_users", sa.Column("totp_last_step", sa.BigInteger(), nullable=True))
    op.create_table(
        "wb_recovery_codes",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.String(length=32), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("used_at", sa.DateTime(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["wb_users.id"], name=op.f("fk_wb_recovery_codes_user_id_wb_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_wb_recovery_codes")),
    )
    with op.batch_alter_table("wb_recovery_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_wb_recovery_codes_user_id"), ["user_id"], unique=False)


def downgrade():
    # The table's index goes with it (MariaDB refuses to drop an index its foreign key uses).
    op.drop_table("wb_recovery_codes")
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35 and later), for the same reason.
    with op.batch_alter_table("wb_users", schema=None, recreate="never") as batch_op:
        batch_op.drop_column("totp_last_step")
        batch_op.drop_column("totp_enabled")
        batch_op.drop_column("totp_secret")
