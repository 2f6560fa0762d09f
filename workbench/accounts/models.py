"""Meta models of accounts: users and their avatars, refresh tokens, API tokens, app settings."""

import datetime as dt

import sqlalchemy as sa
from sqlalchemy.dialects.mysql import MEDIUMBLOB
from sqlalchemy.orm import Mapped, mapped_column

from workbench.meta.base import Base, JSONText, TimestampMixin, new_id, utcnow


class User(TimestampMixin, Base):
    __tablename__ = "wb_users"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("us_"))
    email: Mapped[str] = mapped_column(sa.String(255), unique=True)
    password_hash: Mapped[str | None] = mapped_column(sa.String(255))
    firstname: Mapped[str | None] = mapped_column(sa.String(255))
    lastname: Mapped[str | None] = mapped_column(sa.String(255))
    # The name the user chose to be shown by (NocoDB's display_name); else first and last
    # name, else the email address.
    chosen_name: Mapped[str | None] = mapped_column("display_name", sa.String(255))
    # The digest of the user's avatar image (wb_user_avatars), which its address carries.
    avatar_digest: Mapped[str | None] = mapped_column(sa.String(64))
    # The interface language the user chose (``en``, ``pt_BR``, ...; the app's at sign-up):
    # the mails sent to them are written in it. None: not known (mails take the language of
    # the request that sends them).
    lang: Mapped[str | None] = mapped_column(sa.String(16))
    # System roles, comma separated: super, org-level-creator, org-level-viewer.
    roles: Mapped[str] = mapped_column(sa.String(255), default="org-level-viewer")
    # Bumped on password change: every JWT carrying an older version is refused.
    token_version: Mapped[int] = mapped_column(sa.Integer, default=1)
    invite_token: Mapped[str | None] = mapped_column(sa.String(64), unique=True)
    invite_token_expires: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)
    # The invitation's token went only to the invited address by mail (never to the
    # inviter): signing up with it proves the address.
    invite_mailed: Mapped[bool] = mapped_column(sa.Boolean, default=False, server_default=sa.false())
    email_verified: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    blocked: Mapped[bool] = mapped_column(sa.Boolean, default=False)
    # Two-factor sign-in (``workbench.accounts.twofactor``): the TOTP secret (sealed with a
    # key derived from the app's secret, ``workbench.security.sealing``), set when setup
    # starts and in force once ``totp_enabled`` (confirmed with a code); the time step of the
    # last code accepted, so a code is never accepted twice.
    totp_secret: Mapped[str | None] = mapped_column(sa.String(255))
    totp_enabled: Mapped[bool] = mapped_column(sa.Boolean, default=False, server_default=sa.false())
    totp_last_step: Mapped[int | None] = mapped_column(sa.BigInteger)

    @property
    def role_set(self) -> set[str]:
        return {r.strip() for r in (self.roles or "").split(",") if r.strip()}

    @property
    def display_name(self) -> str:
        return self.chosen_name or " ".join(p for p in (self.firstname, self.lastname) if p) or self.email


class UserAvatar(Base):
    """A user's avatar: a small image of a checked type, read by its digest's address."""

    __tablename__ = "wb_user_avatars"

    user_id: Mapped[str] = mapped_column(
        sa.String(32), sa.ForeignKey("wb_users.id", ondelete="CASCADE"), primary_key=True
    )
    mimetype: Mapped[str] = mapped_column(sa.String(64))
    data: Mapped[bytes] = mapped_column(sa.LargeBinary().with_variant(MEDIUMBLOB(), "mysql", "mariadb"))
    updated_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow, onupdate=utcnow)


class RefreshToken(Base):
    """A refresh token. Each refresh marks the token used and issues the next one of its
    family (the tokens descending from one sign-in); a used token presented again means a
    copy is in other hands, and the whole family is revoked (``workbench.accounts.sessions``)."""

    __tablename__ = "wb_refresh_tokens"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("rt_"))
    user_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="CASCADE"), index=True)
    # sha256 of the token: the token itself lives only in the browser's cookie.
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    expires_at: Mapped[dt.datetime] = mapped_column(sa.DateTime)
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)
    # The sign-in this token descends from: the id of the family's first token.
    family_id: Mapped[str] = mapped_column(sa.String(32), index=True)
    # When the token was exchanged for the next one (kept until it expires, to tell a replay).
    used_at: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)


class ApiToken(Base):
    __tablename__ = "wb_api_tokens"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("tk_"))
    user_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="CASCADE"), index=True)
    description: Mapped[str | None] = mapped_column(sa.String(255))
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    # The first characters, so people can tell their tokens apart.
    token_hint: Mapped[str] = mapped_column(sa.String(16))
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)
    last_used_at: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)


class AppSetting(Base):
    __tablename__ = "wb_app_settings"

    key: Mapped[str] = mapped_column(sa.String(64), primary_key=True)
    value: Mapped[object] = mapped_column(JSONText)


class PasswordReset(Base):
    """A password reset link sent by e-mail: single use, short lived; only the token's
    SHA-256 is stored (the token itself is only in the mail)."""

    __tablename__ = "wb_password_resets"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("pr_"))
    user_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(sa.String(64), unique=True)
    expires_at: Mapped[dt.datetime] = mapped_column(sa.DateTime)
    used_at: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)


class RecoveryCode(Base):
    """A one-time recovery code of two-factor sign-in: shown once, only its SHA-256 kept."""

    __tablename__ = "wb_recovery_codes"

    id: Mapped[str] = mapped_column(sa.String(32), primary_key=True, default=lambda: new_id("rc_"))
    user_id: Mapped[str] = mapped_column(sa.ForeignKey("wb_users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(sa.String(64))
    used_at: Mapped[dt.datetime | None] = mapped_column(sa.DateTime)
    created_at: Mapped[dt.datetime] = mapped_column(sa.DateTime, default=utcnow)
