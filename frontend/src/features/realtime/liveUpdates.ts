// Live changes pushed on the realtime socket, applied to the store: a `data`
// message reloads its table's records (the grid's loaded pages and count, the card views'
// pages; RTK Query refetches what is on screen and keeps showing the old rows meanwhile, so
// the scroll position and selection stay) and tells the expanded record; a `meta` message
// reloads the project's tables, a table's columns and views, or a view's settings.
//
// Bursts are coalesced per table: at most one reload per COALESCE_MS. A table's reload waits
// while a component holds it (see liveBus) and while this page's own writes to the table are
// under way, so that their optimistic values do not blink back to the old ones. After a
// reconnection (events may have been missed) the open table and the project are read again.
import type { Dispatch, UnknownAction } from "@reduxjs/toolkit";
import { workbenchApi } from "../../app/api";
import type { LiveBus } from "./liveBus";

export const COALESCE_MS = 300;

export type LiveTag = string | { type: string; id: string };

export interface DataEvent {
  project_id?: string;
  table_id?: string;
  action?: string;
  ids?: unknown[] | null;
  by?: string | null;
}

export interface MetaEvent {
  project_id?: string;
  kind?: string;
  action?: string;
  id?: string;
  table_id?: string | null;
  view_id?: string | null;
  /** The record a `comment` event is about. */
  row_id?: string | null;
  by?: string | null;
}

const tag = (type: string, id: string): LiveTag => ({ type, id });

/** The cache tags a `meta` message makes stale. */
export function metaTags(event: MetaEvent): LiveTag[] {
  const pid = event.project_id ?? "";
  const tid = event.table_id ?? null;
  const id = event.id ?? "";
  const tablesList = tag("Table", `project:${pid}`);
  switch (event.kind) {
    case "project":
      return [tag("Project", id || pid), tag("Project", "LIST"), tablesList];
    case "table":
      return [tablesList, tag("Table", id), tag("Views", id), tag("Records", id)];
    case "column":
      // A field's values and the views' field lists change with it.
      return tid ? [tablesList, tag("Table", tid), tag("Records", tid), "View", "ViewSettings"] : [tablesList];
    case "view":
      return [
        ...(tid ? [tag("Views", tid), tag("Table", tid), tag("Records", tid)] : ["Views"]),
        tag("View", id),
        tag("ViewSettings", id),
      ];
    case "filter":
    case "sort":
      return [event.view_id ? tag("View", event.view_id) : "View", ...(tid ? [tag("Records", tid)] : ["Records"])];
    case "view_column":
    case "grid_column":
    case "form_column":
      // A field shown, hidden, moved or resized in a view (the view is not named).
      return ["View", "ViewSettings", ...(tid ? [tag("Records", tid)] : [])];
    case "member":
      return [tag("Members", pid), "Me"];
    case "comment":
      // A record's comments and its table's comment counts.
      return tid ? [tag("Comments", `${tid}:${event.row_id ?? ""}`), tag("CommentCounts", tid)] : ["Comments", "CommentCounts"];
    default:
      // Anything else of a table (a view's field, its share, a hook, ...) or of the project.
      return tid
        ? [tag("Table", tid), tag("Views", tid), "View", "ViewSettings", tag("Records", tid)]
        : [tablesList, tag("Project", pid)];
  }
}

interface Pending {
  tags: Map<string, LiveTag>;
  /** Changed records: undefined when none, null when too many to name. */
  ids: Set<unknown> | null | undefined;
  timer: ReturnType<typeof setTimeout> | null;
}

interface MutationEntry {
  status?: string;
  originalArgs?: unknown;
}

export interface LiveUpdatesOptions {
  dispatch: Dispatch<UnknownAction>;
  getState(): unknown;
  bus: LiveBus;
  now?(): number;
  windowMs?: number;
}

const PROJECT_KEY = "project:";

export class LiveUpdates {
  private pending = new Map<string, Pending>();
  private lastFlush = new Map<string, number>();
  private readyBefore = false;
  private readonly stopListening: () => void;

  constructor(private readonly options: LiveUpdatesOptions) {
    this.stopListening = options.bus.onRelease((tableId) => this.schedule(tableId));
  }

  /** A message from the socket (other kinds than data, meta and ready are ignored). */
  handle(message: Record<string, unknown>): void {
    const data = (message.data ?? {}) as Record<string, unknown>;
    if (message.event === "data") this.onData(data as DataEvent);
    else if (message.event === "meta") this.onMeta(data as MetaEvent);
    else if (message.event === "ready") this.onReady();
  }

  dispose(): void {
    this.stopListening();
    for (const entry of this.pending.values()) if (entry.timer) clearTimeout(entry.timer);
    this.pending.clear();
  }

  private onData(event: DataEvent): void {
    const tableId = event.table_id;
    if (!tableId) return;
    const ids = Array.isArray(event.ids) ? event.ids : null;
    this.enqueue(tableId, [tag("Records", tableId)], ids);
  }

  private onMeta(event: MetaEvent): void {
    const tags = metaTags(event);
    // A table's meta waits with its records (a column coming or going moves the cells too).
    const key = event.table_id ?? (event.kind === "table" && event.id ? event.id : `${PROJECT_KEY}${event.project_id ?? ""}`);
    this.enqueue(key, tags, undefined);
  }

  /** A reconnection: what changed while the socket was down was not heard of. */
  private onReady(): void {
    if (!this.readyBefore) {
      this.readyBefore = true;
      return;
    }
    const tableId = (this.options.getState() as { realtime?: { openTableId?: string | null } }).realtime?.openTableId;
    this.enqueue(`${PROJECT_KEY}*`, ["Project", "Members", "Me"], undefined);
    if (tableId) this.enqueue(tableId, ["Table", "Views", "View", "ViewSettings", "Records"], null);
  }

  private enqueue(key: string, tags: LiveTag[], ids: unknown[] | null | undefined): void {
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { tags: new Map(), ids: undefined, timer: null };
      this.pending.set(key, entry);
    }
    for (const t of tags) entry.tags.set(typeof t === "string" ? t : `${t.type}\u0000${t.id}`, t);
    if (ids === null) entry.ids = null;
    else if (ids !== undefined && entry.ids !== null) entry.ids = new Set([...(entry.ids ?? []), ...ids]);
    this.schedule(key);
  }

  private schedule(key: string): void {
    const entry = this.pending.get(key);
    if (!entry || entry.timer) return;
    if (this.options.bus.isHeld(key)) return; // the release schedules it again
    const now = this.now();
    const wait = (this.lastFlush.get(key) ?? -Infinity) + this.windowMs - now;
    if (wait <= 0 && !this.ownWritesPending(key)) {
      this.flush(key, entry, now);
      return;
    }
    entry.timer = setTimeout(() => {
      entry.timer = null;
      this.schedule(key);
    }, wait > 0 ? wait : this.windowMs);
  }

  private flush(key: string, entry: Pending, now: number): void {
    this.pending.delete(key);
    this.lastFlush.set(key, now);
    const tags = [...entry.tags.values()] as Parameters<typeof workbenchApi.util.invalidateTags>[0];
    this.options.dispatch(workbenchApi.util.invalidateTags(tags));
    if (entry.ids !== undefined && !key.startsWith(PROJECT_KEY)) {
      this.options.bus.emitRecords({ tableId: key, ids: entry.ids === null ? null : [...entry.ids] });
    }
  }

  /** Whether this page is writing to the table (or project) `key` right now. */
  private ownWritesPending(key: string): boolean {
    const mutations = (this.options.getState() as { api?: { mutations?: Record<string, MutationEntry | undefined> } }).api
      ?.mutations;
    return Object.values(mutations ?? {}).some((m) => {
      if (m?.status !== "pending" || !m.originalArgs || typeof m.originalArgs !== "object") return false;
      const args = m.originalArgs as { tableId?: unknown; projectId?: unknown };
      return args.tableId === key || `${PROJECT_KEY}${String(args.projectId)}` === key;
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private get windowMs(): number {
    return this.options.windowMs ?? COALESCE_MS;
  }
}
