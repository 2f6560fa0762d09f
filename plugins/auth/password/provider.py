"""The password provider: mounts its routes on NocoDB's auth paths."""

from workbench.plugin_api import add_api_route, mailer


class PasswordProvider:
    name = "password"
    icon = "key"
    kind = "form"
    title = "Email and password"

    def enabled(self, settings: dict) -> bool:
        return True

    def configure(self, config) -> None:
        r = lambda name, *paths: add_api_route(config, name, *paths)  # noqa: E731
        r("auth.signup", "/api/v1/auth/user/signup", "/api/v2/auth/user/signup", "/api/v1/db/auth/user/signup")
        r("auth.signin", "/api/v1/auth/user/signin", "/api/v2/auth/user/signin", "/api/v1/db/auth/user/signin")
        r(
            "auth.password.change",
            "/api/v1/auth/password/change",
            "/api/v2/auth/password/change",
            "/api/v1/db/auth/password/change",
        )
        r(
            "auth.password.forgot",
            "/api/v1/auth/password/forgot",
            "/api/v2/auth/password/forgot",
            "/api/v1/db/auth/password/forgot",
            "/auth/password/forgot",
        )
        r(
            "auth.token.validate",
            "/api/v1/auth/token/validate/{token}",
            "/api/v2/auth/token/validate/{token}",
            "/api/v1/db/auth/token/validate/{token}",
            "/auth/token/validate/{token}",
        )
        r(
            "auth.password.reset",
            "/api/v1/auth/password/reset/{token}",
            "/api/v2/auth/password/reset/{token}",
            "/api/v1/db/auth/password/reset/{token}",
            "/auth/password/reset/{token}",
        )
        config.scan("workbench_plugins.auth.password.views")
        config.scan("workbench_plugins.auth.password.reset")
        # Reset links go out by mail: a mail backend that is missing or misconfigured
        # stops the start-up rather than the first request.
        mailer(config.registry)
