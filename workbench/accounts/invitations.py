"""Invitations: an account waiting for its owner, who signs up with the invitation token.

When the mailer delivers mail (``workbench.mail.services.delivers``) and the site's address
is known, the sign-up link is mailed to the invited address and the token is never shown
to the inviter: whoever signs up with it has read that mailbox, so the account starts
with a verified address. The mail is written in the language the inviter chose for it
(the invite dialog's, which starts at the inviter's own), else in the language of the
inviter's request; the new account keeps that language until its owner signs up.
Without such a mailer the inviter is handed the token to pass on, and the account it
creates starts unverified.

Someone who has an account already and is added to a project is mailed a link to the
project to sign in to, in their own language when their account keeps one.
"""

from __future__ import annotations

import datetime as dt
import secrets
from urllib.parse import quote

from workbench.accounts.models import User
from workbench.mail.catalogue import mail_text, recipient_language
from workbench.mail.interfaces import Message
from workbench.mail.links import site_url
from workbench.mail.services import delivers, send_after_commit
from workbench.meta.base import utcnow
from workbench.web.assets import DEFAULT_LANG

LIFETIME = dt.timedelta(days=30)
#: the web app's sign-up page that the link opens (the token is the last path segment)
SIGNUP_PAGE = "/signup/"
MAIL_KIND = "invitation"
ADDED_KIND = "project_added"
INVITED = "The user has been invited successfully"


def signup_link(site: str, token: str) -> str:
    return f"{site}{SIGNUP_PAGE}{quote(token, safe='')}"


def invitation_message(user: User, inviter: str, link: str, lang: str = DEFAULT_LANG) -> Message:
    days = LIFETIME.days
    subject, text = mail_text(MAIL_KIND, lang, inviter=inviter, link=link, days=days)
    return Message(to=user.email, subject=subject, text=text)


def _inviter(request) -> str:
    return request.identity.user.display_name if request.identity else "Workbench"


def invite(request, email: str, roles: str = "org-level-viewer", lang: str | None = None) -> User:
    """A new account for ``email`` waiting for its owner; the link is mailed when it can be,
    in ``lang`` (the inviter's choice) or else the language of the inviter's request."""
    user = User(
        email=email,
        roles=roles,
        invite_token=secrets.token_urlsafe(32),
        invite_token_expires=utcnow() + LIFETIME,
    )
    user.lang = recipient_language(request, MAIL_KIND, chosen=lang)
    request.dbsession.add(user)
    site = site_url(request) if delivers(request.registry) else None
    if site is not None:
        user.invite_mailed = True
        link = signup_link(site, user.invite_token)
        send_after_commit(request, invitation_message(user, _inviter(request), link, user.lang))
    request.dbsession.flush()
    return user


def mail_added(request, user: User, project, lang: str | None = None) -> bool:
    """Tell ``user``, who has an account, that they were added to ``project`` (a link to it
    to sign in to), in their language, else ``lang``, else the request's. Whether it went:
    not without a mailer that delivers and a known site address, nor to a blocked account
    or one whose invitation is still pending (its invitation mail has the link)."""
    site = site_url(request) if delivers(request.registry) else None
    if site is None or user.blocked or user.password_hash is None:
        return False
    lang = recipient_language(request, ADDED_KIND, user=user, chosen=lang)
    link = f"{site}/nc/{quote(project.id, safe='')}"
    subject, text = mail_text(ADDED_KIND, lang, inviter=_inviter(request), project=project.title, link=link)
    send_after_commit(request, Message(to=user.email, subject=subject, text=text))
    return True


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
