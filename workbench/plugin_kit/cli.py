"""``workbench plugin new | build | dev``: the kit's commands."""

from __future__ import annotations

import sys
from pathlib import Path

from workbench.plugin_kit.names import KIND_WORDS, KINDS, KitError

DEV_HELP = """\
Serving {name}'s bundle from {static} while this runs: each change under {ui}
(or to messages.json) is built again, and open pages reload it when the server watches
bundles. For that, once:
  pip install -e {root}          (the server then serves the bundle from this folder)
and start the server with WORKBENCH_PLUGINS_WATCH=1 (or workbench.plugins.watch = true).
"""


def add_commands(sub) -> None:
    plugin = sub.add_parser("plugin", help="write and build a plugin (see docs/plugins.md)")
    actions = plugin.add_subparsers(dest="action", required=True)
    new = actions.add_parser("new", help="scaffold a plugin distribution")
    new.add_argument("name", help="the plugin's name (lower case, digits, _): what the ini disables")
    new.add_argument("--kind", required=True, choices=KINDS)
    new.add_argument("--dir", type=Path, help="the folder to create (default ./workbench-<name>)")
    new.set_defaults(func=cmd_new)
    build = actions.add_parser("build", help="build a plugin's UI bundle into its package (<package>/static)")
    build.add_argument("dir", type=Path, nargs="?", default=Path("."), help="the distribution (default .)")
    build.set_defaults(func=cmd_build)
    dev = actions.add_parser("dev", help="rebuild a plugin's UI bundle on every change")
    dev.add_argument("dir", type=Path, nargs="?", default=Path("."), help="the distribution (default .)")
    dev.set_defaults(func=cmd_dev)


def _fail(exc: KitError) -> int:
    print(f"error: {exc}", file=sys.stderr)
    return 2


def cmd_new(args) -> int:
    from workbench.plugin_kit.scaffold import new_plugin

    dest = args.dir or Path("workbench-" + args.name.replace("_", "-"))
    try:
        names, _written = new_plugin(args.name, args.kind, dest)
    except KitError as exc:
        return _fail(exc)
    print(f"wrote {names.dist} ({KIND_WORDS[names.kind]} {names.name}) in {dest}")
    print(f"next: workbench plugin build {dest} && pip install {dest}, then restart Workbench")
    return 0


def cmd_build(args) -> int:
    from workbench.plugin_kit.bundle import build
    from workbench.plugin_kit.project import read_project

    try:
        project = read_project(args.dir)
        bundle = build(project)
    except KitError as exc:
        return _fail(exc)
    print(f"built {bundle}")
    return 0


def cmd_dev(args) -> int:
    from workbench.plugin_kit.bundle import watch
    from workbench.plugin_kit.project import read_project

    try:
        project = read_project(args.dir)
        process = watch(project)
    except KitError as exc:
        return _fail(exc)
    print(DEV_HELP.format(name=project.name, static=project.static_dir, ui=project.ui_dir, root=project.root))
    try:
        return process.wait()
    except KeyboardInterrupt:
        process.terminate()
        process.wait()
        return 0
