"""The one place where plugins configure Pyramid: ``configure_pyramid`` is called here."""


def includeme(config):
    plugin_set = config.registry["plugins"]
    plugin_set.manager.hook.configure_pyramid(config=config)
