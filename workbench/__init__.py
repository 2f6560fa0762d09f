"""Workbench: the composition root.

``main`` builds the Pyramid Configurator and includes the feature packages in a fixed,
commented order. Each package's ``includeme`` registers its own routes, views, services
and request methods. Plugins come in last, through the plugin bridge, once the core is
in place, so that a plugin can rely on everything the core offers.
"""

from pyramid.config import Configurator
from pyramid.interfaces import IRoutesMapper

from workbench.request_class import freeze_request_extensions
from workbench.routing import IndexedRoutesMapper
from workbench.settings import load_settings
from workbench.web.base_path import BasePathApp

__version__ = "0.1.0"


def main(global_config, **settings):
    """Build the WSGI application from ini settings (PasteDeploy ``app_factory``)."""
    settings = load_settings(settings, here=global_config.get("here"))
    with Configurator(settings=settings) as config:
        config.include(configure)
        app = freeze_request_extensions(config.make_wsgi_app())
    base = settings["workbench.base_path"]
    return BasePathApp(app, base) if base else app


def configure(config):
    # Route matching by the path's leading segments (before any route is added).
    config.registry.registerUtility(IndexedRoutesMapper(), IRoutesMapper)
    # Errors first, so every later include's failures render as JSON {msg}.
    config.include("workbench.errors")
    # The JSON renderer and the route/view declaration helpers.
    config.include("workbench.api")
    # Request bodies: size limit and JSON parsing helpers.
    config.include("workbench.requests")
    # The meta database: engine, transaction-bound session per request.
    config.include("workbench.db")
    # Plugins are discovered early (registries are needed by auth, info and data),
    # but their own Pyramid configuration runs last (see plugin_bridge below).
    config.include("workbench.plugins")
    # Security: identity from tokens, roles and the permission matrix.
    config.include("workbench.security")
    # Rate limits of sign-ins, sign-ups, reset requests and shared-link passwords.
    config.include("workbench.ratelimits")
    # Accounts: sessions, refresh tokens, API tokens, app settings, users.
    config.include("workbench.accounts")
    # Projects (bases), their sources and members.
    config.include("workbench.projects")
    # The data engine: engines of sources, the data unit of work, table models.
    config.include("workbench.data")
    # Connected databases: their engines, routes and meta import (after the data engine).
    config.include("workbench.sources")
    # Tables, columns and views (meta API), then the downloads of records (CSV, XLSX) and
    # the records API over them.
    config.include("workbench.tables")
    config.include("workbench.exports")
    config.include("workbench.records")
    # View types (plugins), view sharing and the public API of shared views and bases.
    config.include("workbench.views")
    # App info, health, version, plugin listing.
    config.include("workbench.info")
    # Realtime websocket endpoint.
    config.include("workbench.realtime")
    # Row comments (announced on the realtime socket, mentions mailed).
    config.include("workbench.comments")
    # Record history and the project's audit log (restoring deleted records).
    config.include("workbench.history")
    # Webhooks: hooks of tables, their outbox and the worker delivering their events.
    config.include("workbench.hooks")
    # Attachment storage: uploads, downloads, the storage backend in use.
    config.include("workbench.storage")
    # Imports: uploads, their preview and template, jobs inserting in batches.
    config.include("workbench.imports")
    # The web app: built assets and the prerendered page of every app route (its HTML
    # pages answer only non-API paths no route claims, so plugin routes stay reachable).
    config.include("workbench.web")
    # API description (reads every view registered above, so it comes late).
    config.include("workbench.openapi")
    # Plugins' own routes and views, after the core is committed.
    config.commit()
    config.include("workbench.plugins.bridge")
