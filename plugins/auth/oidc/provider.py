"""The OpenID Connect provider: its button, settings and routes."""

from workbench.plugin_api import add_api_route

from .config import oidc_settings


class OidcProvider:
    name = "oidc"
    icon = "log-in"
    kind = "redirect"
    label = "label"
    title = "Single sign-on"

    def enabled(self, settings: dict) -> bool:
        return oidc_settings(settings).configured

    def configure(self, config) -> None:
        add_api_route(config, "auth.oidc.authorize", "/api/v1/auth/oidc/authorize", "/auth/oidc")
        add_api_route(
            config,
            "auth.oidc.token",
            "/api/v1/auth/oidc/genTokenByCode",
            "/api/v2/auth/oidc/genTokenByCode",
            "/auth/oidc/genTokenByCode",
        )
        config.scan("workbench_plugins.auth.oidc.views")
