"""Invitations: an account waiting for its owner, who signs up with the invitation token.

When the mailer delivers mail (``workbench.mail.services.delivers``) and the site's address
is known, the sign-up link is mailed to the invited address and the token is never shown
to the inviter: whoever signs up with it has read that mailbox, so the account starts
with a verified address. The mail is written in the language of the inviter's request
(the invitee's own is not known yet). Without such a mailer the inviter is handed the
token to pass on, and the account it creates starts unverified.
"""

from __future__ import annotations

import datetime as dt
import secrets
from urllib.parse import quote

from workbench.accounts.models import User
from workbench.mail.catalogue import mail_text, request_language
from workbench.mail.interfaces import Message
from workbench.mail.links import site_url
from workbench.mail.services import delivers, send_after_commit
from workbench.meta.base import utcnow
from workbench.web.assets import DEFAULT_LANG

LIFETIME = dt.timedelta(days=30)
#: the web app's sign-up page that the link opens (the token is the last path segment)
SIGNUP_PAGE = "/signup/"
MAIL_KIND = "invitation"
INVITED = "The user has been invited successfully"


def signup_link(site: str, token: str) -> str:
    return f"{site}{SIGNUP_PAGE}{quote(token, safe='')}"


def invitation_message(user: User, inviter: str, link: str, lang: str = DEFAULT_LANG) -> Message:
    days = LIFETIME.days
    subject, text = mail_text(MAIL_KIND, lang, inviter=inviter, link=link, days=days)
    return Message(to=user.email, subject=subject, text=text)


def invite(request, email: str, roles: str = "org-level-viewer") -> User:
    """A new account for ``email`` waiting for its owner; the link is mailed when it can be."""
    user = User(
        email=email,
        roles=roles,
        invite_token=secrets.token_urlsafe(32),
        invite_token_expires=utcnow() + LIFETIME,
    )
    request.dbsession.add(user)
    site = site_url(request) if delivers(request.registry) else None
    if site is not None:
        user.invite_mailed = True
        inviter = request.identity.user.display_name if request.identity else "Workbench"
        lang = request_language(request, MAIL_KIND)
        send_after_commit(request, invitation_message(user, inviter, signup_link(site, user.invite_token), lang))
    request.dbsession.flush()
    return user


def shown_token(user: User) -> str | None:
    """The token an inviter may see: that of a pending invitation that was not mailed."""
    if user.password_hash is not None or user.invite_mailed:
        return None
    return user.invite_token


def invited_json(users: list[User], several: bool = False) -> dict:
    """What an inviter is told (NocoDB's shapes): for one new address ``{msg, email}``, with
    ``invite_token`` when the link was not mailed; when ``several`` addresses were asked for,
    ``invites`` lists each new one with its token (null when mailed)."""
    result: dict = {"msg": INVITED}
    if len(users) == 1 and not several:
        result["email"] = users[0].email
        token = shown_token(users[0])
        if token:
            result["invite_token"] = token
    elif users:
        result["invites"] = [{"email": u.email, "invite_token": shown_token(u)} for u in users]
    return result
