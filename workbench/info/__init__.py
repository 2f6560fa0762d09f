"""App information endpoints: app info, health, version, plugin listing, the catalogue, the
feedback form."""

from workbench.api import add_api_route


def includeme(config):
    add_api_route(config, "info.app", "/api/v1/db/meta/nocodb/info", "/api/v2/meta/nocodb/info")
    add_api_route(config, "info.health", "/api/v1/health", "/api/v2/health")
    add_api_route(config, "info.version", "/api/v1/version", "/api/v2/meta/version")
    add_api_route(config, "info.plugins", "/api/v1/plugins", "/api/v2/plugins")
    add_api_route(config, "info.catalogue", "/api/v1/catalogue", "/api/v2/catalogue")
    add_api_route(config, "info.feedback_form", "/api/v1/feedback_form", "/api/v2/feedback_form")
    config.scan(".views")
