"""The data engine: engines of sources, the data unit of work, physical DDL, and the
query layer (``where`` parsing, filters, records) over the tables of a project."""


def includeme(config):
    from workbench.data.engines import SourceEngines
    from workbench.data.model import ModelCache

    config.registry["source_engines"] = SourceEngines(config.get_settings())
    config.registry["data_models"] = ModelCache()
