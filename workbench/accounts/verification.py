"""E-mail verification: an account's address counts as verified only once a link mailed to
it has been followed (or the account was created through an invitation link that was
mailed to it, ``workbench.accounts.invitations``).

After a sign-up that leaves the address unverified, a verification link is mailed to it
in the language of the request, when the mailer delivers mail. The token is a JWT naming
the user and the address, signed with a key derived from ``workbench.secret`` for this
use only (so it is never an access token), valid for ``LIFETIME``. Following it again is
harmless; a token for an address the account no longer has is refused.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from urllib.parse import quote

import jwt

from workbench.accounts.models import User
from workbench.errors import BadRequest
from workbench.mail.catalogue import mail_text, request_language
from workbench.mail.interfaces import Message
from workbench.mail.links import site_url
from workbench.mail.services import delivers, send_after_commit
from workbench.meta.base import utcnow
from workbench.web.assets import DEFAULT_LANG

log = logging.getLogger(__name__)
LIFETIME = dt.timedelta(days=7)
#: the web app's page that the link opens (the token is the last path segment)
VERIFY_PAGE = "/verify-email/"
MAIL_KIND = "email_verification"
PURPOSE = "email-verification"
MAX_TOKEN_LENGTH = 1024
INVALID = "This email verification link is not valid; sign in and ask for a new one"
EXPIRED = "This email verification link has expired; sign in and ask for a new one"
VERIFIED = "Your email address has been verified"


def _key(request) -> bytes:
    secret = request.registry.settings["workbench.secret"]
    return hashlib.sha256(f"{PURPOSE}:{secret}".encode()).digest()


def make_token(request, user: User) -> str:
    expires = utcnow() + LIFETIME
    claims = {"sub": user.id, "email": user.email, "purpose": PURPOSE, "exp": expires.replace(tzinfo=dt.UTC)}
    return jwt.encode(claims, _key(request), algorithm="HS256")


def verification_message(user: User, link: str, lang: str = DEFAULT_LANG) -> Message:
    subject, text = mail_text(MAIL_KIND, lang, name=user.display_name, link=link, days=LIFETIME.days)
    return Message(to=user.email, subject=subject, text=text)


def can_send(request) -> bool:
    return delivers(request.registry) and site_url(request) is not None


def send_verification(request, user: User) -> bool:
    """Mail ``user`` a link that verifies their address; False when mail cannot be sent."""
    if user.email_verified or not can_send(request):
        return False
    link = f"{site_url(request)}{VERIFY_PAGE}{quote(make_token(request, user), safe='')}"
    lang = request_language(request, MAIL_KIND)
    send_after_commit(request, verification_message(user, link, lang))
    return True


def verify(request, token: str) -> User:
    """Mark the address the token names as verified; ``BadRequest`` saying why not."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        raise BadRequest(INVALID)
    try:
        claims = jwt.decode(token, _key(request), algorithms=["HS256"], options={"require": ["exp", "sub"]})
    except jwt.ExpiredSignatureError:
        raise BadRequest(EXPIRED) from None
    except jwt.PyJWTError:
        raise BadRequest(INVALID) from None
    user = request.dbsession.get(User, str(claims.get("sub")))
    if claims.get("purpose") != PURPOSE or user is None or user.blocked or user.email != claims.get("email"):
        raise BadRequest(INVALID)
    user.email_verified = True
    request.dbsession.flush()
    return user
