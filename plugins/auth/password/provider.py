"""The password provider: mounts its routes on NocoDB's auth paths."""

from workbench.api import add_api_route


class PasswordProvider:
    name = "password"
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
        config.scan("workbench_plugins.auth.password.views")
