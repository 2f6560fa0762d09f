"""Realtime: the ``/ws`` websocket endpoint and the registry of live connections."""

from pyramid.security import NO_PERMISSION_REQUIRED

from workbench.realtime.hub import Hub


def includeme(config):
    config.registry["realtime_hub"] = Hub()
    config.add_route("ws", "/ws")
    config.add_view("workbench.realtime.views.websocket", route_name="ws", permission=NO_PERMISSION_REQUIRED)
