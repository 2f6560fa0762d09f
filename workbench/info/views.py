"""App info (read by clients at start-up), health, version, the plugin list and the catalogue."""

import datetime
import time

import sqlalchemy as sa
from pyramid.security import NO_PERMISSION_REQUIRED

from workbench import __version__
from workbench.accounts.services import any_user, app_settings
from workbench.api import api_view
from workbench.errors import BadRequest
from workbench.plugins.catalogue import bundle_problems, catalogue
from workbench.security.permissions import Permission
from workbench.web.assets import LANG_COOKIE, choose_language, match_language

_STARTED = time.monotonic()
#: when this process started, as the feedback form's date (the form changes with the settings)
_STARTED_AT = datetime.datetime.now(datetime.UTC).isoformat()


def _provider_enabled(request, name: str) -> bool:
    registry = request.registry["auth_providers"]
    return name in registry and bool(registry.get(name)().enabled(request.registry.settings))


@api_view(
    "info.app",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("info",),
    summary="App info: auth type, first-user flag, enabled sign-in providers, version",
)
def app_info(request):
    settings = request.registry.settings
    site_url = settings.get("workbench.site_url") or request.application_url
    has_users = any_user(request.dbsession)
    return {
        "ncSiteUrl": site_url,
        "authType": "jwt",
        "connectToExternalDB": False,
        "defaultLimit": 25,
        "firstUser": not has_users,
        "githubAuthEnabled": _provider_enabled(request, "github"),
        "googleAuthEnabled": _provider_enabled(request, "google"),
        "passwordAuthEnabled": _provider_enabled(request, "password"),
        "inviteOnlySignup": bool(app_settings(request)["invite_only_signup"]),
        "ncMin": False,
        "oneClick": False,
        "projectHasAdmin": has_users,
        "teleEnabled": False,
        "type": "rest",
        "version": __version__,
    }


@api_view(
    "info.health",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("info",),
    summary="Liveness: answers OK when the app and its meta database respond",
)
def health(request):
    request.dbsession.execute(sa.text("SELECT 1"))
    return {"message": "OK", "timestamp": int(time.time()), "uptime": round(time.monotonic() - _STARTED, 3)}


@api_view(
    "info.feedback_form",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("info",),
    summary="The feedback form the web app may offer: its address (workbench.feedback_form_url, empty for none)",
)
def feedback_form(request):
    url = (request.registry.settings.get("workbench.feedback_form_url") or "").strip()
    return {"url": url, "created_at": _STARTED_AT if url else None, "error": None}


@api_view("info.version", "GET", NO_PERMISSION_REQUIRED, tags=("info",), summary="The running version")
def version(request):
    return {"currentVersion": __version__, "releaseVersion": __version__}


@api_view(
    "info.plugins",
    "GET",
    Permission.ORG_PLUGINS_READ,
    tags=("info",),
    summary="Every plugin found: name, version, kind, whether it is enabled, what it provides and needs, "
    "and its problems",
)
def plugins(request):
    infos = request.registry["plugins"].infos
    bundles = bundle_problems(infos)
    listing = []
    for info in infos:
        item = info.as_dict()
        if info.name in bundles:
            item["problems"] = [*item["problems"], bundles[info.name]]
        listing.append(item)
    return {"list": listing}


def catalogue_language(request) -> str:
    """``?lang=``, else the ``wb_lang`` cookie, else Accept-Language, else English."""
    supported = request.registry["web_assets"].languages()
    asked = request.params.get("lang")
    if asked:
        lang = match_language(asked, supported)
        if lang is None:
            raise BadRequest(f"Unknown language '{asked[:20]}'")
        return lang
    return choose_language(request.cookies.get(LANG_COOKIE), request.headers.get("Accept-Language"), supported)


@api_view(
    "info.catalogue",
    "GET",
    NO_PERMISSION_REQUIRED,
    tags=("info",),
    summary="The plugin catalogue: field types, view types, importers (signed in), sign-in providers, "
    "UI bundles and their texts in one language",
    query=(("lang", "language of the texts (default: the wb_lang cookie, else Accept-Language, else en)"),),
    response={
        "type": "object",
        "description": "What the enabled plugins provide; texts in one language",
        "required": ["apiVersion", "fieldTypes", "viewTypes", "authProviders", "bundles", "messages"],
        "properties": {
            "apiVersion": {"type": "integer"},
            "fieldTypes": {"type": "array", "items": {"type": "object"}},
            "viewTypes": {"type": "array", "items": {"type": "object"}},
            "importers": {"type": "array", "items": {"type": "object"}, "description": "signed-in users only"},
            "notifiers": {"type": "array", "items": {"type": "object"}, "description": "signed-in users only"},
            "authProviders": {"type": "array", "items": {"type": "object"}},
            "bundles": {"type": "object", "additionalProperties": {"type": "object"}},
            "messages": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    },
)
def plugin_catalogue(request):
    signed_in = getattr(request.identity, "user_id", None) is not None
    return catalogue(request.registry).get(catalogue_language(request), signed_in=signed_in)
