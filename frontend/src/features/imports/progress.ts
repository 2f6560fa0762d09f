// An import's progress comes from two sources, the realtime `import` events (when the socket
// delivers them) and polling GET /imports/{id} every second; the newest wins. Events carry
// no preview nor template, so those are kept from what was known.
import { isFinished, type ImportJob } from "./types";

const time = (job: ImportJob) => {
  const t = Date.parse(job.updated_at);
  return Number.isNaN(t) ? 0 : t;
};

const doneSum = (job: ImportJob) => Object.values(job.rows_done ?? {}).reduce((a, b) => a + (b ?? 0), 0);

/** Is `a` newer than `b`: later updated_at; at the same time, finished over running, then more rows done. */
export function isNewer(a: ImportJob, b: ImportJob): boolean {
  if (time(a) !== time(b)) return time(a) > time(b);
  if (isFinished(a) !== isFinished(b)) return isFinished(a);
  return doneSum(a) > doneSum(b);
}

/** The newer of `current` and `incoming` (the same import), keeping preview and template. */
export function mergeJob(current: ImportJob | null | undefined, incoming: ImportJob): ImportJob {
  if (!current || current.id !== incoming.id) return incoming;
  const [newer, older] = isNewer(incoming, current) ? [incoming, current] : [current, incoming];
  return { ...newer, template: newer.template ?? older.template, preview: newer.preview ?? older.preview };
}

export interface TableProgress {
  ref: string;
  /** The name chosen in the template, else the name in the file. */
  name: string;
  done: number;
  total: number | null;
}

/** Per table of the import: rows done and the total (null while unknown). */
export function tablesProgress(job: ImportJob): TableProgress[] {
  const refs = job.template?.tables.map((t) => t.ref_table_name) ?? Object.keys(job.rows_total ?? {});
  const all = [...new Set([...refs, ...Object.keys(job.rows_total ?? {})])];
  return all.map((ref) => ({
    ref,
    name: job.template?.tables.find((t) => t.ref_table_name === ref)?.table_name ?? ref,
    done: job.rows_done?.[ref] ?? 0,
    total: job.rows_total?.[ref] ?? null,
  }));
}

/** 0..1 over all tables, or null while a total is unknown. */
export function fraction(job: ImportJob): number | null {
  if (job.status === "done") return 1;
  const tables = tablesProgress(job);
  if (!tables.length || tables.some((t) => t.total === null)) return null;
  const total = tables.reduce((a, t) => a + (t.total ?? 0), 0);
  if (total === 0) return 1;
  return Math.min(1, tables.reduce((a, t) => a + t.done, 0) / total);
}
