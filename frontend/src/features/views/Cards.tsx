// Gallery and kanban bodies: records as cards (cover image from an Attachment field, then the
// fields); the kanban stacks cards by a SingleSelect field and, when `onMove` is given, moving
// a card (drag and drop, or its stack menu) changes that field.
import { Card, H5, HTMLSelect, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { useState, type DragEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { Column } from "../tables/api";
import { PAGE_SIZE, useRecordsPageQuery, type RecordRow, type SharedSource } from "../grid/api";
import { FieldValue } from "../grid/FieldValue";

export interface CardsSource {
  tableId: string;
  viewId?: string;
  shared?: SharedSource;
}

/** The first page of the view's records (cards show at most one page). */
export function useCardRows({ tableId, viewId, shared }: CardsSource) {
  const { data, isLoading, isError } = useRecordsPageQuery({ tableId, viewId, shared, offset: 0, limit: PAGE_SIZE });
  return { rows: data?.list ?? [], total: data?.pageInfo?.totalRows ?? data?.list.length ?? 0, isLoading, isError };
}

type FileObject = { url?: string; signedUrl?: string; signedPath?: string; path?: string; mimetype?: string };

/** The cover image of a card: the first image's signed link (it loads in <img> without a
 * token or a shared view's password, until it expires), else its external address. */
export function coverUrl(value: unknown): string | null {
  const list = Array.isArray(value) ? value : typeof value === "string" ? safeParse(value) : null;
  const first = Array.isArray(list) ? (list as FileObject[])[0] : null;
  if (!first) return null;
  const local = (path?: string) => (path ? `/${path.replace(/^\//, "")}` : null);
  const url = first.signedUrl || local(first.signedPath) || first.url || local(first.path);
  return url && (!first.mimetype || first.mimetype.startsWith("image/")) ? url : null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function RecordCard({ row, fields, cover, draggable, onDragStart, extra }: {
  row: RecordRow;
  fields: Column[];
  cover?: Column | null;
  draggable?: boolean;
  onDragStart?(e: DragEvent): void;
  extra?: React.ReactNode;
}) {
  const image = cover ? coverUrl(row[cover.title]) : null;
  const [first, ...rest] = fields;
  return (
    <Card className="wb-record-card" draggable={draggable} onDragStart={onDragStart} data-testid="record-card">
      {cover && (image ? <img className="wb-card-cover" src={image} alt="" /> : <div className="wb-card-cover wb-card-cover-empty" />)}
      {first && <H5 className="wb-card-title">{String(row[first.title] ?? "") || "\u00a0"}</H5>}
      {rest.map((c) => (
        <div key={c.id} className="wb-card-field">
          <span className="bp6-text-muted wb-card-label">{c.title}</span>
          <FieldValue value={row[c.title]} column={c} readOnly />
        </div>
      ))}
      {extra}
    </Card>
  );
}

/** The fields a card shows: display value first, then the others (no system or cover fields). */
export function cardFields(columns: readonly Column[], coverId?: string | null): Column[] {
  const shown = columns.filter((c) => !c.system && !c.pk && c.id !== coverId);
  return [...shown.filter((c) => c.pv), ...shown.filter((c) => !c.pv)];
}

export function Gallery({ source, columns, coverId }: { source: CardsSource; columns: Column[]; coverId?: string | null }) {
  const intl = useIntl();
  const { rows, isLoading } = useCardRows(source);
  const cover = columns.find((c) => c.id === coverId) ?? null;
  const fields = cardFields(columns, coverId);
  if (isLoading) return <Spinner size={24} />;
  if (rows.length === 0) return <NonIdealState icon="grid-view" title={intl.formatMessage({ id: "views.noRecords" })} />;
  return (
    <div className="wb-gallery" data-testid="gallery">
      {rows.map((row, i) => <RecordCard key={i} row={row} fields={fields} cover={cover} />)}
    </div>
  );
}

export const UNCATEGORIZED = "";

/** Cards per stack: one stack per option of the select field, plus one for records without a value. */
export function stacks(rows: readonly RecordRow[], field: Column): { key: string; rows: RecordRow[] }[] {
  const options = (field.colOptions?.options ?? []).map((o) => o.title);
  const groups = new Map<string, RecordRow[]>([[UNCATEGORIZED, []], ...options.map((o) => [o, []] as [string, RecordRow[]])]);
  for (const row of rows) {
    const value = row[field.title];
    const key = typeof value === "string" && groups.has(value) ? value : UNCATEGORIZED;
    groups.get(key)!.push(row);
  }
  return [...groups.entries()].map(([key, list]) => ({ key, rows: list }));
}

export function Kanban({ source, columns, groupId, coverId, pkName, onMove }: {
  source: CardsSource;
  columns: Column[];
  groupId?: string | null;
  coverId?: string | null;
  pkName?: string;
  /** Move a record to a stack (null: no value); absent in read-only kanbans. */
  onMove?(pk: unknown, value: string | null): void;
}) {
  const intl = useIntl();
  const { rows, isLoading } = useCardRows(source);
  const [over, setOver] = useState<string | null>(null);
  const field = columns.find((c) => c.id === groupId);
  if (!field) return <NonIdealState icon="th-disconnect" title={intl.formatMessage({ id: "views.kanban.noField" })} />;
  if (isLoading) return <Spinner size={24} />;
  const cover = columns.find((c) => c.id === coverId) ?? null;
  const fields = cardFields(columns, coverId).filter((c) => c.id !== field.id);
  const colour = (key: string) => field.colOptions?.options?.find((o) => o.title === key)?.color;
  const keyOf = (row: RecordRow) => (pkName ? row[pkName] : undefined);
  const drop = (e: DragEvent, key: string) => {
    e.preventDefault();
    setOver(null);
    const pk = e.dataTransfer.getData("text/x-record");
    if (pk && onMove) onMove(JSON.parse(pk), key || null);
  };
  return (
    <div className="wb-kanban" data-testid="kanban">
      {stacks(rows, field).map(({ key, rows: list }) => (
        <div
          key={key || "-"}
          className={`wb-stack${over === key ? " wb-stack-over" : ""}`}
          data-testid="kanban-stack"
          data-stack={key}
          onDragOver={onMove ? (e) => { e.preventDefault(); setOver(key); } : undefined}
          onDragLeave={() => setOver(null)}
          onDrop={onMove ? (e) => drop(e, key) : undefined}
        >
          <div className="wb-stack-head">
            <Tag minimal round style={colour(key) ? { background: colour(key) } : undefined}>
              {key || intl.formatMessage({ id: "views.kanban.uncategorized" })}
            </Tag>
            <span className="bp6-text-muted">{list.length}</span>
          </div>
          {list.map((row, i) => (
            <RecordCard
              key={String(keyOf(row) ?? i)}
              row={row}
              fields={fields}
              cover={cover}
              draggable={!!onMove}
              onDragStart={(e) => e.dataTransfer.setData("text/x-record", JSON.stringify(keyOf(row)))}
              extra={
                onMove && (
                  <HTMLSelect
                    minimal
                    className="wb-card-move"
                    value={key}
                    aria-label={intl.formatMessage({ id: "views.kanban.moveTo" })}
                    onChange={(e) => onMove(keyOf(row), e.currentTarget.value || null)}
                    data-testid="card-move"
                  >
                    <option value="">{intl.formatMessage({ id: "views.kanban.uncategorized" })}</option>
                    {(field.colOptions?.options ?? []).map((o) => <option key={o.title} value={o.title}>{o.title}</option>)}
                  </HTMLSelect>
                )
              }
            />
          ))}
          {list.length === 0 && (
            <p className="bp6-text-muted wb-stack-empty">
              <FormattedMessage id="views.kanban.empty" />
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
