"""A provider's two routes: the start (``auth.<name>.authorize``) and the code exchange
(``auth.<name>.token``), at NocoDB's paths and their short forms."""

from workbench.api import add_api_route


def add_routes(config, provider: str) -> None:
    add_api_route(config, f"auth.{provider}.authorize", f"/api/v1/auth/{provider}/authorize", f"/auth/{provider}")
    add_api_route(
        config,
        f"auth.{provider}.token",
        f"/api/v1/auth/{provider}/genTokenByCode",
        f"/api/v2/auth/{provider}/genTokenByCode",
        f"/auth/{provider}/genTokenByCode",
    )
