"""Links between tables: the relation of a link field (``relations``) and the schema
work of creating and deleting link fields (``schema``)."""


def includeme(config):
    """The links APIs of one record (nested v1 routes and v2 ``links``)."""
    config.include(".routes")
    config.scan(".views")
