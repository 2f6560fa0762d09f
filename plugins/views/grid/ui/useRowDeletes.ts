// Deleting records from the grid with undo: the records, and the records their link fields
// point to, are read first (one v1 read per hundred records), then deleted in one request.
// Undo inserts them again under their own keys and links them back; redo deletes them again.
import type { FieldInfo as Column, RecordRow, RecordWriter } from "@workbench/plugin-api";
import { snapshotOf, whereKeys, type Removal, type RemovedRecord } from "./rowRemoval";

/** Records one delete may remove (and undo bring back). */
export const DELETE_LIMIT = 1000;
const READ_CHUNK = 100;
/** Link requests of one undo sent at the same time. */
const LINK_CONCURRENCY = 4;

type Write = <T>(send: () => PromiseLike<T>) => Promise<T>;

function failure(result: unknown): string | null {
  const error = (result as { error?: { message?: string } }).error;
  return error ? (error.message ?? String(error)) : null;
}

export function useRowDeletes({ projectId, writer, pkName, columns, write }: {
  projectId?: string;
  /** Writes to the table's records. */
  writer: RecordWriter;
  pkName: string;
  /** Every field of the table, hidden ones too. */
  columns: readonly Column[];
  write: Write;
}) {
  /** What undo needs of the records of `keys`, read from the server; throws the server's message. */
  const snapshot = async (keys: readonly unknown[]): Promise<RemovedRecord[]> => {
    if (!projectId) throw new Error("Project id not found");
    const rows: RecordRow[] = [];
    for (let i = 0; i < keys.length; i += READ_CHUNK) {
      const chunk = keys.slice(i, i + READ_CHUNK);
      const where = whereKeys(pkName, chunk);
      if (where) {
        const result = await writer.readWithLinks(where, chunk.length);
        if (failure(result)) throw new Error(failure(result)!);
        rows.push(...(result.data ?? []));
      } else {
        for (const pk of chunk) {
          const result = await writer.readOneWithLinks(pk);
          if (failure(result)) throw new Error(failure(result)!);
          if (result.data) rows.push(result.data);
        }
      }
    }
    const byKey = new Map(rows.map((row) => [String(row[pkName]), row]));
    const found = keys.map((key) => byKey.get(String(key))).filter((row): row is RecordRow => !!row);
    return snapshotOf(found, columns, pkName);
  };

  /** Delete the records of `removal` (null on success, else the server's message). */
  const remove = async (removal: Removal): Promise<string | null> => {
    const keys = removal.removed.map((r) => ({ [pkName]: r.pk }));
    return failure(await write(() => writer.deleteMany(keys)));
  };

  /** Insert the records of `removal` again and link them back (null on success, else the
   * server's message). */
  const restore = async (removal: Removal): Promise<string | null> => {
    const created = failure(await write(() => writer.createMany(removal.removed.map((r) => r.values))));
    if (created) return created;
    const jobs = removal.removed.flatMap((record) =>
      record.links.map((link) => () => writer.link(link.columnId, record.pk, link.keys.map((key) => ({ [link.pkTitle]: key })))),
    );
    let problem: string | null = null;
    for (let i = 0; i < jobs.length; i += LINK_CONCURRENCY) {
      const results = await write(() => Promise.all(jobs.slice(i, i + LINK_CONCURRENCY).map((job) => job())));
      problem ??= results.map(failure).find((message) => message !== null) ?? null;
    }
    return problem;
  };

  return { snapshot, remove, restore };
}
