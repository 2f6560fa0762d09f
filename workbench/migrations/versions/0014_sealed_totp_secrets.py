"""two-factor sign-in: TOTP secrets are stored encrypted with a key derived from the app's
secret (``workbench.security.sealing``); the column widens to hold them

Secrets stored in the clear by the previous revision are encrypted; the way back decrypts
them. Both need the app's secret (``workbench migrate`` hands it over).

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-27 19:40:00
"""

import sqlalchemy as sa
from alembic import op

from workbench.meta.migrate import app_secret
from workbench.security import sealing

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

#: the purpose the secrets are sealed for (``workbench.accounts.twofactor.SECRET_PURPOSE``)
PURPOSE = "totp-secret"
USERS = sa.table("wb_users", sa.column("id", sa.String), sa.column("totp_secret", sa.String))


def _stored() -> list:
    bind = op.get_bind()
    return bind.execute(sa.select(USERS.c.id, USERS.c.totp_secret).where(USERS.c.totp_secret.is_not(None))).all()


def _rewrite(rows, secret, change) -> None:
    bind = op.get_bind()
    for user_id, value in rows:
        bind.execute(USERS.update().where(USERS.c.id == user_id).values(totp_secret=change(secret, value)))


def _width(old: int, new: int) -> None:
    # SQLite does not hold a text column to its declared length: only the others change
    # (a batch operation there would copy wb_users, and dropping the old table would
    # cascade to the rows that refer to users).
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column(
            "wb_users", "totp_secret", existing_type=sa.String(old), type_=sa.String(new), existing_nullable=True
        )


def upgrade():
    rows = _stored()
    # Asked for before any change: without it, nothing is done.
    secret = app_secret(op) if rows else None
    _width(64, 255)
    _rewrite(rows, secret, lambda key, value: sealing.seal(key, PURPOSE, value))


def downgrade():
    rows = _stored()
    secret = app_secret(op) if rows else None

    def unsealed(key, value):
        plain = sealing.unseal(key, PURPOSE, value)
        if plain is None:
            raise RuntimeError("a TOTP secret cannot be decrypted with this app secret")
        return plain

    _rewrite(rows, secret, unsealed)
    _width(255, 64)
