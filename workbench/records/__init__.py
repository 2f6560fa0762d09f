"""The records API over a project's tables: NocoDB's v1 (by project and table, with bulk
paths) and v2 (by table id) data endpoints."""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
