"""Views beyond the default grid: view types as plugins, the views meta API, sharing views
and bases by public link, and the public (no sign-in) API of shared views and bases.

View types come from the ``view_types`` registry (``register_view_types``); a type whose
plugin is disabled is hidden: its views are not listed and new ones are refused.
"""


def includeme(config):
    config.include(".routes")
    config.scan(".api")
