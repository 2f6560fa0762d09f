"""The provider's settings, read from the ini (secrets from the environment)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from workbench.plugin_api import as_bool

PREFIX = "workbench.oidc."
#: seconds of clock difference allowed when checking an ID token's times
DEFAULT_LEEWAY = 60


@dataclass(frozen=True)
class OidcSettings:
    issuer: str
    client_id: str
    client_secret: str
    allow_http: bool
    leeway: int
    scope: str

    @property
    def configured(self) -> bool:
        if not (self.issuer and self.client_id and self.client_secret):
            return False
        scheme = urlsplit(self.issuer).scheme
        return scheme == "https" or (scheme == "http" and self.allow_http)


def oidc_settings(settings: dict) -> OidcSettings:
    get = lambda key, default="": str(settings.get(PREFIX + key) or default).strip()  # noqa: E731
    return OidcSettings(
        issuer=get("issuer").rstrip("/"),
        client_id=get("client_id"),
        client_secret=get("client_secret"),
        # Plain-http issuers (a local identity provider) only where the ini allows them.
        allow_http=as_bool(get("allow_http", "false")),
        leeway=int(get("leeway", str(DEFAULT_LEEWAY))),
        scope=get("scope", "openid email profile"),
    )
