"""The web app: Pyramid serves the built frontend (``frontend/dist``), no Node at run time.

- ``/assets/*``: the content-hashed bundles, cached for a year.
- Any other GET that no route answers and that is not an API path gets the HTML page of the
  app: the shell of the requested route prerendered at build time (one per route and
  language, see ``frontend/scripts/prerender.mjs``) with the initial state inlined (app info,
  the locale's messages, the theme). Paths the route table does not know get the 404 shell
  with status 404. API paths keep the core's JSON ``{msg}`` 404.
- When the frontend has not been built, a plain page says how to build it.
"""

from workbench.web.assets import WebAssets, default_dist_dir, default_i18n_dir


def includeme(config):
    settings = config.registry.settings
    dist = settings.get("workbench.web.dist") or default_dist_dir()
    i18n = settings.get("workbench.web.i18n") or default_i18n_dir()
    config.registry["web_assets"] = WebAssets(dist, i18n)
    config.include(".routes")
    config.scan(".views")
