"""A provider's two views, made for it: the start (``auth.<name>.authorize``), which sends the
visitor to the provider, and the finish (``auth.<name>.token``), which takes the code and
state the provider sent back and signs the visitor in. Both answer 404 while the provider is
not configured.

A provider gives what is its own: its settings, the address it is sent to, the exchange of a
code for the identity it vouches for, and its words (the refusal and the API's summaries).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.accounts.sso.finish import sign_in
from workbench.accounts.sso.routes import add_routes
from workbench.accounts.sso.settings import ProviderSettings
from workbench.accounts.sso.start import Started, begin, redirect
from workbench.api import add_api_view
from workbench.errors import NotFound

TOKEN_RESPONSE = {"type": "object", "properties": {"token": {"type": "string"}}, "required": ["token"]}


@dataclass(frozen=True)
class ProviderWords:
    #: the refusal while the provider is not configured ("Sign-in with GitHub is not configured")
    not_configured: str
    #: the start's summary in the API's description
    start: str
    #: the finish's summary in the API's description
    finish: str
    #: who returned the code and state ("GitHub", "the provider")
    returned_by: str


def add_views(
    config,
    name: str,
    *,
    settings: Callable[[dict], ProviderSettings],
    authorize_url: Callable[[object, ProviderSettings, Started], str],
    exchange: Callable[[object, ProviderSettings, str, Started], dict],
    words: ProviderWords,
) -> None:
    """Add provider ``name``'s start and finish, their routes (``add_routes``) and views:
    ``settings(registry_settings)`` reads its settings, ``authorize_url(request, conf,
    started)`` is where the visitor is sent, ``exchange(request, conf, code, started)``
    answers ``{email, verified, firstname, lastname}``."""

    def configured(request) -> ProviderSettings:
        conf = settings(request.registry.settings)
        if not conf.configured:
            raise NotFound(words.not_configured)
        return conf

    def authorize(request):
        conf = configured(request)
        started, cookie = begin(request, name)
        return redirect(request, name, authorize_url(request, conf, started), cookie)

    def gen_token_by_code(request):
        conf = configured(request)
        return sign_in(request, name, lambda code, started: exchange(request, conf, code, started))

    add_routes(config, name)
    add_api_view(
        config, authorize, f"auth.{name}.authorize", "GET", NO_PERMISSION_REQUIRED, tags=("auth",), summary=words.start
    )
    add_api_view(
        config,
        gen_token_by_code,
        f"auth.{name}.token",
        "POST",
        NO_PERMISSION_REQUIRED,
        tags=("auth",),
        response=TOKEN_RESPONSE,
        query=tuple((part, f"the {part} {words.returned_by} returned") for part in ("code", "state")),
        summary=words.finish,
    )
