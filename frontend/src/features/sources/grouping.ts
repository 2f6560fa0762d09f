// A project's tables grouped by the database (source) they live in, for the table list: a
// project with one source shows a plain list; with more, each source is a heading (its
// alias, else its database's name) over its tables, the built-in database first.
import type { ProjectSource } from "../projects/api";

export interface TableGroup<T> {
  source: ProjectSource;
  tables: T[];
}

/** A connected source is one whose config the API shows (the built-in one has none). */
export function isConnected(source: ProjectSource): boolean {
  return !source.is_default && !!source.config;
}

/** The heading of a connected source: its alias, its database's name, its file, its client. */
export function sourceName(source: ProjectSource): string {
  const connection = source.config?.connection;
  const name = source.alias?.trim() || connection?.database || connection?.filename || source.config?.client || source.type || "";
  return name || (source.id ?? "");
}

/** A group's heading: the connected database's name, else `builtIn` (the project's own). */
export function groupName(source: ProjectSource, builtIn: string): string {
  return isConnected(source) ? sourceName(source) : builtIn;
}

/**
 * The groups to show, or null when the project has one source or none (a plain list). A
 * source without tables still has its group (it may be removed); a table whose source is
 * not listed goes with the built-in one.
 */
export function groupTables<T extends { source_id?: string }>(tables: readonly T[], sources: readonly ProjectSource[] | undefined): TableGroup<T>[] | null {
  if (!sources || sources.length < 2) return null;
  const ordered = [...sources].sort((a, b) => Number(!!b.is_default) - Number(!!a.is_default) || (a.order ?? 0) - (b.order ?? 0));
  const groups = ordered.map((source) => ({ source, tables: [] as T[] }));
  const home = groups[0];
  for (const table of tables) {
    const group = groups.find((g) => g.source.id !== undefined && g.source.id === table.source_id) ?? home;
    group.tables.push(table);
  }
  return groups;
}
