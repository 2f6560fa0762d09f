"""users: invite_mailed, whether an invitation's token went only by mail; no address counts
as verified any more until a link mailed to it is followed

Before this revision an account was marked verified when it signed up with an invitation
token, which the inviter was handed too: nothing proved the address, so every account
starts unverified again.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 01:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table("wb_users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("invite_mailed", sa.Boolean(), server_default=sa.false(), nullable=False))
    users = sa.table("wb_users", sa.column("email_verified", sa.Boolean()))
    op.execute(users.update().values(email_verified=False))


def downgrade():
    with op.batch_alter_table("wb_users", schema=None) as batch_op:
        batch_op.drop_column("invite_mailed")
