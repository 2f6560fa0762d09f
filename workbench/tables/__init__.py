"""Tables, columns and views: meta models, DDL through the data engine, and the meta API."""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
