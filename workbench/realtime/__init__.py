"""Realtime: the ``/ws`` websocket endpoint, the registry of live connections (the hub),
and the bus that fans row and meta changes out to them (``workbench.realtime.bus``; the
messages are described in ``workbench.realtime.messages``). The listener that builds the
messages is the built-in plugin ``realtime`` (``workbench.realtime.listeners``)."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.realtime.bus import make_bus
from workbench.realtime.hub import Hub


def includeme(config):
    hub = Hub()
    config.registry["realtime_hub"] = hub
    config.registry["realtime_bus"] = make_bus(config.get_settings(), hub)
    config.add_route("ws", "/ws")
    config.add_view("workbench.realtime.views.websocket", route_name="ws", permission=NO_PERMISSION_REQUIRED)
