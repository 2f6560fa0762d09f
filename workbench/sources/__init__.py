"""Connected (external) databases: clients, connection configs, the host check, engines,
introspection into meta, and meta diff and sync."""


def includeme(config):
    from workbench.sources.connect import build_engine

    registry = config.registry
    engines = registry["source_engines"]
    engines.external = lambda source_config, timeout: build_engine(registry, source_config, timeout)
    config.include("workbench.sources.routes")
    config.scan("workbench.sources.views")
