"""A single sign-on provider's settings, read from the ini (``workbench.<name>.<key>``; the
secrets come from the environment, see ``workbench.settings.ENV_OVERRIDES``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.accounts.sso.fetch import allowed_url
from workbench.settings import as_bool

#: seconds of clock difference allowed when checking a token's times
DEFAULT_LEEWAY = 60


@dataclass(frozen=True)
class ProviderSettings:
    name: str
    client_id: str
    client_secret: str
    #: plain-http endpoints (a local provider) are accepted
    allow_http: bool
    leeway: int
    scope: str
    #: the provider's addresses by key (``issuer``, ``token_url``, ...)
    urls: dict = field(default_factory=dict)

    def url(self, key: str) -> str:
        return self.urls[key]

    @property
    def configured(self) -> bool:
        """A client id, a secret, and every address over https (or http where allowed)."""
        if not (self.client_id and self.client_secret):
            return False
        return all(value and allowed_url(value, self.allow_http) for value in self.urls.values())


def provider_settings(settings: dict, name: str, *, urls: dict[str, str], scope: str) -> ProviderSettings:
    """The settings of provider ``name``; ``urls`` are its addresses' keys with their
    defaults (an ini value replaces one, e.g. to reach a local server)."""
    prefix = f"workbench.{name}."

    def get(key: str, default: str = "") -> str:
        return str(settings.get(prefix + key) or default).strip()

    return ProviderSettings(
        name=name,
        client_id=get("client_id"),
        client_secret=get("client_secret"),
        allow_http=as_bool(get("allow_http", "false")),
        leeway=int(get("leeway", str(DEFAULT_LEEWAY))),
        scope=get("scope", scope),
        urls={key: get(key, default).rstrip("/") for key, default in urls.items()},
    )
