"""@mentions: a comment naming a member of the project as ``@address`` sends them a mail
with the comment and a link to the table, in the language their account keeps (the one
they chose in the app), else in the language of the request that made the comment.

Only members of the comment's project are mailed (any project role; not blocked; not the
author), once per address and comment; an edit mails only those it newly names.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import sqlalchemy as sa

from workbench.accounts.models import User
from workbench.mail.catalogue import mail_text, recipient_language
from workbench.mail.interfaces import Message
from workbench.mail.links import site_url
from workbench.mail.services import send_after_commit
from workbench.projects.models import ProjectMember
from workbench.security.roles import NO_RIGHTS_ROLE, parse_roles

MAIL_KIND = "comment_mention"
#: an address after ``@``; trailing punctuation is not part of it
_MENTION = re.compile(r"(?<![\w.@])@([\w.+-]+@[\w-]+(?:\.[\w-]+)+)")
#: at most this many people are mailed for one comment
MAX_MENTIONS = 50


def mentioned(text: str) -> list[str]:
    """The addresses ``text`` mentions, lower-cased, in order, once each."""
    found = [m.group(1).rstrip(".").lower() for m in _MENTION.finditer(text or "")]
    return list(dict.fromkeys(found))[:MAX_MENTIONS]


def notify_mentions(request, comment, table, text: str, before: str | None = None) -> list[str]:
    """Mail the members ``text`` mentions (and ``before`` did not); their addresses."""
    wanted = [a for a in mentioned(text) if a not in set(mentioned(before or ""))]
    if not wanted:
        return []
    author_id = comment.user_id
    rows = request.dbsession.execute(
        sa.select(User.email, User.lang, ProjectMember.roles)
        .join(ProjectMember, ProjectMember.user_id == User.id)
        .where(
            ProjectMember.project_id == comment.project_id,
            sa.func.lower(User.email).in_(wanted),
            User.blocked.is_(False),
            User.id != author_id,
        )
    ).all()
    recipients = [row for row in rows if parse_roles(row.roles) - {NO_RIGHTS_ROLE}]
    if not recipients:
        return []
    identity = request.identity
    author = (
        identity.user.display_name if identity is not None and identity.user is not None else comment.created_by_email
    )
    site = site_url(request) or ""
    link = f"{site}/nc/{comment.project_id}/table/{quote(table.title, safe='')}"
    for row in recipients:
        lang = recipient_language(request, MAIL_KIND, user=row)
        subject, body = mail_text(MAIL_KIND, lang, author=author, table=table.title, comment=text, link=link)
        send_after_commit(request, Message(to=row.email, subject=subject, text=body))
    return [row.email for row in recipients]
