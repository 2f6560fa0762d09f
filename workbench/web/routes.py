"""Routes of the web app. App pages have no routes of their own: they are answered by the
not-found view for HTML paths (see ``views.app_page``), so that plugin routes added later
are never shadowed by a catch-all."""


def includeme(config):
    config.add_route("web.assets", "/assets/*subpath")
    config.add_route("web.plugin_ui", "/plugins-ui/{plugin}/*subpath")
