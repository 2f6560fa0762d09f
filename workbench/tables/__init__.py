"""Tables, columns and views: meta models, DDL through the data engine, and the meta API."""

from workbench.fields.roles import check_required
from workbench.views.kinds import default_view_type


def includeme(config):
    # a new table needs a primary key type, a default text type and a default view type:
    # without an enabled plugin providing each, the start stops naming what is missing
    check_required(config.registry["field_types"])
    default_view_type(config.registry)
    config.include(".routes")
    config.scan(".views")
