"""The texts of the mails Workbench sends, in every interface language.

``catalogue.json`` holds, per kind of mail, a subject and a plain-text body for each of the
31 languages, with ``{placeholders}`` filled in when the mail is written. A mail goes out in
the language of its recipient when their account keeps one (the language they chose in
the app, ``wb_users.lang``); else the language the sender chose for it (an invitation's);
else the language of the request that caused it: the app's ``xc-lang`` header, else its
saved choice (the ``wb_lang`` cookie), else the best match of ``Accept-Language``, else
English.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from workbench.web.assets import DEFAULT_LANG, choose_language, match_language

CATALOGUE = Path(__file__).with_name("catalogue.json")
#: the header the web app sends with its current language
LANG_HEADER = "xc-lang"
LANG_COOKIE = "wb_lang"


@functools.cache
def catalogue() -> dict[str, dict[str, dict[str, str]]]:
    return json.loads(CATALOGUE.read_text(encoding="utf-8"))


def languages(kind: str) -> list[str]:
    return sorted(catalogue()[kind])


def request_language(request, kind: str) -> str:
    """The language to write a ``kind`` mail in for ``request``."""
    supported = languages(kind)
    asked = match_language(request.headers.get(LANG_HEADER) or "", supported)
    if asked:
        return asked
    return choose_language(request.cookies.get(LANG_COOKIE), request.headers.get("Accept-Language"), supported)


def asked_language(request, kind: str) -> str | None:
    """The request's language when it says one (the app's header or cookie, or the
    browser's ``Accept-Language``); None when it says none."""
    if not (
        request.headers.get(LANG_HEADER) or request.cookies.get(LANG_COOKIE) or request.headers.get("Accept-Language")
    ):
        return None
    return request_language(request, kind)


def supported(lang: str | None, kind: str) -> str | None:
    """``lang`` as a language ``kind`` mails are written in, or None."""
    if not lang:
        return None
    return match_language(str(lang), languages(kind))


def recipient_language(request, kind: str, user=None, chosen: str | None = None) -> str:
    """The language of a ``kind`` mail to ``user`` (an account, or None for an address
    without one): theirs if known, else ``chosen`` (by the sender), else the request's."""
    return supported(getattr(user, "lang", None), kind) or supported(chosen, kind) or request_language(request, kind)


def mail_text(kind: str, lang: str, **values) -> tuple[str, str]:
    """(subject, text) of a ``kind`` mail in ``lang`` (English if it has no such language)."""
    texts = catalogue()[kind]
    chosen = texts.get(lang) or texts[DEFAULT_LANG]
    return chosen["subject"].format(**values), chosen["text"].format(**values)
