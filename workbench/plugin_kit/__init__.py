"""The kit for plugin authors: ``workbench plugin new`` scaffolds a plugin distribution of
one kind (its templates are in ``templates/``), ``workbench plugin build`` builds its UI
bundle into the package and ``workbench plugin dev`` rebuilds it on every change.

A plugin's bundle is built by ``js/build.mjs`` against the modules the host shares with
bundles (``js/shared-modules.json``); its TypeScript declarations of
``@workbench/plugin-api`` are ``types/workbench-plugin-api.d.ts``. Both are written from the
host's sources by ``frontend/scripts/plugin-kit.mjs``.
"""
