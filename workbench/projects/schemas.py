"""Request bodies of the project endpoints, with their rules (a title of at most 50
characters, not starting with a space; colours in hex)."""

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from workbench.accounts.schemas import normalise_email
from workbench.security.roles import SELECTABLE_PROJECT_ROLES

PROJECT_TITLE_MAX = 50
COLOR_RE = re.compile(r"^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
#: a theme colour has no alpha: 3 or 6 hex digits
THEME_COLOR_RE = re.compile(r"^#?(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
DEFAULT_THEME = {"primaryColor": "#4351E8", "accentColor": "#FF4A8D"}


def check_project_title(value: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError("Project name is required")
    if value.startswith(" "):
        raise ValueError("Project name cannot start with a space")
    if len(value) > PROJECT_TITLE_MAX:
        raise ValueError(f"Project name must be at most {PROJECT_TITLE_MAX} characters long")
    return value


def check_color(value, name: str) -> str | None:
    """A colour: hex of 3, 4, 6 or 8 digits, ``#`` added if missing."""
    if value is None:
        return None
    if not isinstance(value, str) or not COLOR_RE.match(value):
        raise ValueError(f"{name} must be a hex colour of 3, 4, 6 or 8 digits")
    return value if value.startswith("#") else "#" + value


def theme_color(value, name: str) -> str:
    """A theme colour (hex of 3 or 6 digits, without alpha), or the default one when it is
    missing or invalid."""
    if not isinstance(value, str) or not THEME_COLOR_RE.match(value):
        return DEFAULT_THEME[name]
    return value if value.startswith("#") else "#" + value


def normalise_meta(value) -> dict:
    """Project meta from a JSON string or an object; the theme is validated and completed."""
    if value is None or value == "":
        value = {}
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise ValueError("must be a JSON object or a JSON string holding one") from None
    if not isinstance(value, dict):
        raise ValueError("must be a JSON object or a JSON string holding one")
    theme = value.get("theme") or {}
    if not isinstance(theme, dict):
        raise ValueError("theme must be an object")
    value = dict(value)
    value["theme"] = {**theme, **{name: theme_color(theme.get(name), name) for name in DEFAULT_THEME}}
    return value


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ProjectCreateBody(_Body):
    title: str
    description: str | None = Field(default=None, max_length=10_000)
    color: str | None = None
    meta: Any = None  # an object, or a JSON string holding one

    _title = field_validator("title")(classmethod(lambda cls, v: check_project_title(v)))
    _color = field_validator("color")(classmethod(lambda cls, v: check_color(v, "color")))
    _meta = field_validator("meta")(classmethod(lambda cls, v: normalise_meta(v)))


class ProjectUpdateBody(_Body):
    title: str | None = None
    description: str | None = Field(default=None, max_length=10_000)
    color: str | None = None
    meta: Any = None  # an object, or a JSON string holding one
    order: float | None = None

    @field_validator("title")
    @classmethod
    def _title(cls, value):
        return None if value is None else check_project_title(value)

    _color = field_validator("color")(classmethod(lambda cls, v: check_color(v, "color")))

    @field_validator("meta")
    @classmethod
    def _meta(cls, value):
        return None if value is None else normalise_meta(value)


def check_member_role(value: str) -> str:
    if value not in SELECTABLE_PROJECT_ROLES:
        raise ValueError(f"roles must be one of: {', '.join(SELECTABLE_PROJECT_ROLES)}")
    return value


class MemberInviteBody(_Body):
    email: str = Field(max_length=4000)
    roles: str
    #: the language of the mails, for those whose account keeps none (``de``, ``pt_BR``)
    lang: str | None = Field(default=None, max_length=16)

    @field_validator("email")
    @classmethod
    def _emails(cls, value: str) -> str:
        emails = [normalise_email(e) for e in value.split(",") if e.strip()]
        if not emails:
            raise ValueError("At least one email address is required")
        return ",".join(dict.fromkeys(emails))

    _roles = field_validator("roles")(classmethod(lambda cls, v: check_member_role(v)))


class MemberUpdateBody(_Body):
    roles: str

    _roles = field_validator("roles")(classmethod(lambda cls, v: check_member_role(v)))
