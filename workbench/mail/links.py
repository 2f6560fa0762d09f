"""Where the links of a mail point."""

from __future__ import annotations


def site_url(request) -> str | None:
    """Where the links of a mail point. ``workbench.site_url`` in production: the Host
    header of the request is the caller's to choose, and a reset link on an attacker's
    host would hand them the token. In development the request's own address is used."""
    settings = request.registry.settings
    configured = (settings.get("workbench.site_url") or "").strip()
    if configured:
        return configured.rstrip("/")
    if settings.get("workbench.env") == "production":
        return None
    return request.application_url.rstrip("/")
