"""Forgotten passwords: a single-use, expiring reset link sent by e-mail.

``request_reset`` stores only the SHA-256 of a random token and mails the link; it does
the same visible thing whether or not the address has an account, so the answer does not
tell which addresses exist. A new request replaces the user's earlier links.
The mail is written in the language of the request (``workbench.mail.catalogue``).
``reset_password`` spends the token (once: the row is claimed with a conditional UPDATE),
sets the new password and ends every session of the user: refresh tokens are deleted and
``token_version`` is bumped so older access tokens are refused.
"""

from __future__ import annotations

import datetime as dt
import logging
import secrets
from urllib.parse import quote

import sqlalchemy as sa

from workbench.accounts import services, sessions, throttle
from workbench.accounts.models import PasswordReset, User
from workbench.errors import BadRequest
from workbench.mail.catalogue import mail_text, request_language
from workbench.mail.interfaces import Message
from workbench.mail.links import site_url
from workbench.mail.services import send_after_commit
from workbench.meta.base import utcnow
from workbench.security.tokens import token_hash
from workbench.web.assets import DEFAULT_LANG

log = logging.getLogger(__name__)
DEFAULT_LIFETIME = 3600  # seconds; ``workbench.password.reset_expiration``
#: the web app's page that the link opens (the token is the last path segment)
RESET_PAGE = "/reset-password/"
MAX_TOKEN_LENGTH = 128
MAIL_KIND = "password_reset"

INVALID = "This password reset link is not valid; ask for a new one"
USED = "This password reset link has already been used; ask for a new one"
EXPIRED = "This password reset link has expired; ask for a new one"


def lifetime(request) -> dt.timedelta:
    return dt.timedelta(
        seconds=int(request.registry.settings.get("workbench.password.reset_expiration") or 0) or DEFAULT_LIFETIME
    )


def reset_link(site: str, token: str) -> str:
    return f"{site}{RESET_PAGE}{quote(token, safe='')}"


def reset_message(user: User, link: str, minutes: int, lang: str = DEFAULT_LANG) -> Message:
    """The reset mail in ``lang`` (see ``workbench.mail.catalogue``)."""
    subject, text = mail_text(MAIL_KIND, lang, name=user.display_name, link=link, minutes=minutes)
    return Message(to=user.email, subject=subject, text=text)


def request_reset(request, email: str) -> None:
    """Mail a reset link to ``email`` if it belongs to an active account; else do nothing.
    Past the requests an address may make (whether or not it has an account): 429."""
    throttle.password_reset_attempt(request, email)
    db = request.dbsession
    user = services.user_by_email(db, email)
    if user is None or user.blocked:
        return
    site = site_url(request)
    if site is None:
        log.error("No password reset mail sent: set workbench.site_url (WORKBENCH_SITE_URL) for the links")
        return
    db.execute(sa.delete(PasswordReset).where(PasswordReset.user_id == user.id))
    token = secrets.token_urlsafe(32)
    span = lifetime(request)
    db.add(PasswordReset(user_id=user.id, token_hash=token_hash(token), expires_at=utcnow() + span))
    lang = request_language(request, MAIL_KIND)
    minutes = int(span.total_seconds() // 60)
    send_after_commit(request, reset_message(user, reset_link(site, token), minutes, lang))


def check_token(request, token: str) -> PasswordReset:
    """The unused, unexpired reset row of ``token``; ``BadRequest`` saying why not."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        raise BadRequest(INVALID)
    row = request.dbsession.scalar(sa.select(PasswordReset).where(PasswordReset.token_hash == token_hash(token)))
    if row is None:
        raise BadRequest(INVALID)
    if row.used_at is not None:
        raise BadRequest(USED)
    if row.expires_at < utcnow():
        raise BadRequest(EXPIRED)
    user = request.dbsession.get(User, row.user_id)
    if user is None or user.blocked:
        raise BadRequest(INVALID)
    return row


def reset_password(request, token: str, password: str) -> User:
    db = request.dbsession
    row = check_token(request, token)
    # Two requests racing with one token: only the one whose UPDATE claims the row goes on.
    claimed = db.execute(
        sa.update(PasswordReset)
        .where(PasswordReset.id == row.id, PasswordReset.used_at.is_(None))
        .values(used_at=utcnow())
        .execution_options(synchronize_session=False)
    ).rowcount
    if claimed != 1:
        raise BadRequest(USED)
    user = db.get(User, row.user_id)
    user.password_hash = services.hasher(request).hash(password)
    sessions.end_all_sessions(request, user)
    db.execute(sa.delete(PasswordReset).where(PasswordReset.user_id == user.id, PasswordReset.id != row.id))
    db.flush()
    return user
