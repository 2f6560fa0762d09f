"""The signed-in user's profile: the name shown for them (NocoDB's ``display_name``), the
interface language the mails to them are written in (``lang``), and their avatar, uploaded
as an image of a checked type and size; anyone with an avatar's address (which carries its
digest) reads it."""

from __future__ import annotations

import unicodedata

from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.accounts import avatars
from workbench.accounts.models import User, UserAvatar
from workbench.accounts.services import user_json
from workbench.api import api_view
from workbench.errors import BadRequest, NotFound
from workbench.mail.catalogue import languages
from workbench.security.permissions import Permission

TAGS = ("auth",)
#: the longest display name
MAX_NAME = 255
# An avatar is data, never a page of ours; its address changes with it.
AVATAR_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "public, max-age=31536000, immutable",
}


def _display_name(value) -> str | None:
    """The name as stored: trimmed, None when blank; 400 unless text of at most MAX_NAME
    characters without control characters."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise BadRequest("display_name must be text")
    name = " ".join(value.split())
    if len(name) > MAX_NAME:
        raise BadRequest(f"display_name may be at most {MAX_NAME} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in name):
        raise BadRequest("display_name may not contain control characters")
    return name or None


def _lang(value) -> str | None:
    """A language of the interface (``de``, ``pt_BR``), or None; 400 otherwise."""
    if value is None or value == "":
        return None
    known = languages("invitation")
    if not isinstance(value, str) or value not in known:
        raise BadRequest(f"lang must be one of {', '.join(known)}")
    return value


@api_view(
    "user.profile",
    "PATCH",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    body={
        "type": "object",
        "properties": {
            "display_name": {"type": ["string", "null"], "maxLength": MAX_NAME},
            "lang": {"type": ["string", "null"], "maxLength": 16},
        },
    },
    summary=(
        "Change the name shown for me (display_name; blank: first and last name, else the email)"
        " or the language of the mails sent to me (lang: an interface language)"
    ),
)
def update_profile(request):
    body = request.json_payload
    if not isinstance(body, dict):
        raise BadRequest("Expected a JSON object")
    user = request.identity.user
    if "display_name" in body:
        user.chosen_name = _display_name(body["display_name"])
    if "lang" in body:
        user.lang = _lang(body["lang"])
    request.dbsession.flush()
    return user_json(user)


def _avatar_file(request) -> bytes:
    if not (request.content_type or "").startswith("multipart/form-data"):
        raise BadRequest("Expected a multipart/form-data body with the image")
    try:
        fields = request.POST
    except (ValueError, TypeError, KeyError, UnicodeDecodeError):
        raise BadRequest("Malformed multipart body") from None
    parts = [v for v in fields.values() if getattr(v, "filename", None) is not None and getattr(v, "file", None)]
    if len(parts) != 1:
        raise BadRequest("Send one image")
    return parts[0].file.read(avatars.MAX_BYTES + 1)


@api_view(
    "user.avatar",
    "POST",
    Permission.ACCOUNT_MANAGE,
    tags=TAGS,
    summary="Upload my avatar: one PNG, JPEG, GIF or WebP image (multipart), at most 1 MB and 4096 pixels a side",
)
def upload_avatar(request):
    data = _avatar_file(request)
    mimetype = avatars.checked_image(data)
    user = request.identity.user
    avatar = request.dbsession.get(UserAvatar, user.id)
    if avatar is None:
        avatar = UserAvatar(user_id=user.id)
        request.dbsession.add(avatar)
    avatar.mimetype = mimetype
    avatar.data = data
    user.avatar_digest = avatars.digest(data)
    request.dbsession.flush()
    return user_json(user)


@api_view("user.avatar", "DELETE", Permission.ACCOUNT_MANAGE, tags=TAGS, summary="Remove my avatar")
def delete_avatar(request):
    user = request.identity.user
    avatar = request.dbsession.get(UserAvatar, user.id)
    if avatar is not None:
        request.dbsession.delete(avatar)
    user.avatar_digest = None
    request.dbsession.flush()
    return user_json(user)


@api_view(
    "user.avatar.image",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=TAGS,
    response={"type": "string"},
    summary="A user's avatar image, at the address their profile gives",
)
def avatar_image(request):
    user = request.dbsession.get(User, request.matchdict["user_id"])
    if user is None or not user.avatar_digest or user.avatar_digest != request.matchdict["digest"]:
        raise NotFound("Avatar not found")
    avatar = request.dbsession.get(UserAvatar, user.id)
    if avatar is None:
        raise NotFound("Avatar not found")
    response = Response(body=avatar.data, content_type=avatar.mimetype)
    response.headers.update(AVATAR_HEADERS)
    return response
