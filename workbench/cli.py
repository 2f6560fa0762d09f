"""The ``workbench`` command: ``migrate``, ``plugins``, ``plugin new|build|dev``, ``serve``,
``attachments gc``, ``backup``, ``restore``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from workbench.plugin_kit.cli import add_commands as add_plugin_commands


def _settings(config_uri: str) -> dict:
    import plaster

    from workbench.settings import load_settings

    loader = plaster.get_loader(config_uri, protocols=["wsgi"])
    here = str(Path(config_uri.split("#")[0]).resolve().parent)
    return load_settings(loader.get_settings("app:main"), here=here)


def cmd_migrate(args) -> int:
    from workbench.history.store import upgrade_sources
    from workbench.meta.migrate import upgrade

    settings = _settings(args.config)
    upgrade(settings["sqlalchemy.url"], secret=settings["workbench.secret"])
    print("meta database is up to date")
    # Projects made before record history get its table in their own database.
    sources = upgrade_sources(settings, settings["sqlalchemy.url"])
    print(f"history tables of {len(sources)} project source(s) are up to date")
    return 0


def cmd_plugins(args) -> int:
    from workbench.plugins import UnknownPluginError, load_plugins
    from workbench.plugins.catalogue import bundle_problems

    try:
        plugin_set = load_plugins(_settings(args.config))
    except UnknownPluginError as exc:
        print(exc, file=sys.stderr)
        return 2
    bundles = bundle_problems(plugin_set.infos)
    rows = [("NAME", "VERSION", "KIND", "ENABLED", "PROVIDES")]
    notes = []
    for info in plugin_set.infos:
        provides = ", ".join(name for names in info.provides.values() for name in names)
        rows.append((info.name, info.version, info.kind, "yes" if info.enabled else "no", provides or "-"))
        if info.requires:
            notes.append(f"{info.name} needs {', '.join(info.requires)}")
        notes += [f"{info.name}: {problem}" for problem in (*info.problems, *filter(None, [bundles.get(info.name)]))]
    widths = [max(len(r[c]) for r in rows) for c in range(4)]
    for row in rows:
        print("  ".join([*(cell.ljust(widths[c]) for c, cell in enumerate(row[:4])), row[4]]).rstrip())
    if notes:
        print()
        for note in notes:
            print(note)
    return 0


def cmd_attachments_gc(args) -> int:
    import plaster

    from workbench.storage.cleanup import sweep

    app = plaster.get_loader(args.config, protocols=["wsgi"]).get_wsgi_app()
    try:
        result = sweep(app.registry, grace=args.older_than * 3600, dry_run=args.dry_run)
    finally:
        app.registry["source_engines"].dispose_all()
        app.registry["db_engine"].dispose()
    verb = "would remove" if args.dry_run else "removed"
    for key in result.removed:
        print(f"{verb} {key}")
    print(f"{verb} {len(result.removed)} unreferenced file(s), kept {result.kept}")
    return 0


def cmd_backup(args) -> int:
    from workbench.backup import backup
    from workbench.backup.take import BackupError

    try:
        manifest = backup(_settings(args.config), Path(args.to))
    except BackupError as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    count = len(manifest["sqlite"]) + len(manifest["databases"])
    print(f"backed up the meta database, {count} project database(s) and the stored files to {args.to}")
    return 0


def cmd_restore(args) -> int:
    from workbench.backup import RestoreError, restore

    try:
        manifest = restore(_settings(args.config), Path(args.source))
    except RestoreError as exc:
        print(f"restore refused: {exc}", file=sys.stderr)
        return 1
    print(f"restored the backup of {manifest['created_at']} from {args.source}")
    return 0


def cmd_serve(args) -> int:
    from pyramid.scripts.pserve import main as pserve

    import workbench.serve  # noqa: F401  (patches gevent first)

    return pserve(["pserve", args.config]) or 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="workbench", description="Workbench administration")
    parser.add_argument("-c", "--config", default="development.ini", help="ini file (default: development.ini)")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="bring the meta database and the projects' history tables up to date").set_defaults(
        func=cmd_migrate
    )
    sub.add_parser(
        "plugins", help="list plugins: name, version, kind, enabled, what each provides and needs"
    ).set_defaults(func=cmd_plugins)
    add_plugin_commands(sub)
    sub.add_parser("serve", help="serve HTTP and /ws (same as pserve)").set_defaults(func=cmd_serve)
    attachments = sub.add_parser("attachments", help="attachment files").add_subparsers(dest="action", required=True)
    gc = attachments.add_parser("gc", help="remove stored files no record or meta object refers to")
    gc.add_argument("--older-than", type=float, default=24, metavar="HOURS", help="spare newer files (default 24)")
    gc.add_argument("--dry-run", action="store_true", help="only list what would be removed")
    gc.set_defaults(func=cmd_attachments_gc)
    taking = sub.add_parser("backup", help="back up the meta database, the projects' databases and files")
    taking.add_argument("--to", required=True, metavar="PATH", help="an empty or new folder")
    taking.set_defaults(func=cmd_backup)
    restoring = sub.add_parser("restore", help="rebuild an instance from a backup (empty data folder and databases)")
    restoring.add_argument("--from", dest="source", required=True, metavar="PATH", help="a backup folder")
    restoring.set_defaults(func=cmd_restore)
    args = parser.parse_args(argv)
    from workbench.settings import SettingsError

    try:
        return args.func(args)
    except SettingsError as exc:  # a setting to fix, not a crash: its message alone
        print(f"workbench: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
