"""Projects (bases): the project, its default source and its members."""


def includeme(config):
    config.include(".routes")
    config.scan(".views")
