"""Workbench's built-in plugins (installed as the ``workbench_plugins`` package)."""
