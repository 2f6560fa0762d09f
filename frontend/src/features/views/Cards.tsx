// A record as a card (cover image from a field that holds files, the title, then the other
// fields), which the card views of plugins (gallery, kanban) show through the plugin API.
import { Card, H5 } from "@blueprintjs/core";
import type { DragEvent, ReactNode } from "react";
import type { Column } from "../tables/api";
import type { RecordRow } from "../grid/api";
import { FieldValue } from "../grid/FieldValue";
import { withBase } from "../../app/basePath";
import { imageSrcSet } from "../../app/images";
import { isEmptyValue } from "./cardLayout";

type FileObject = { url?: string; signedUrl?: string; signedPath?: string; path?: string; mimetype?: string };

/** The cover image of a card: the first image's signed link (it loads in <img> without a
 * token or a shared view's password, until it expires), else its external address. */
export function coverUrl(value: unknown): string | null {
  const list = Array.isArray(value) ? value : typeof value === "string" ? safeParse(value) : null;
  const first = Array.isArray(list) ? (list as FileObject[])[0] : null;
  if (!first) return null;
  const local = (path?: string) => (path ? withBase(`/${path.replace(/^\//, "")}`) : null);
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

/** A record as a card: cover, title, then the other fields the record carries (a view's
 * records carry only the fields it shows), without the empty ones when `hideEmpty`. A card
 * shows its cover across its top; a compact card is of one small height, its cover a
 * thumbnail beside the title and its fields cut to what fits. */
export function RecordCard({ row, fields, cover, draggable, onDragStart, onOpen, extra, hideEmpty, compact }: {
  row: RecordRow;
  fields: Column[];
  cover?: Column | null;
  draggable?: boolean;
  onDragStart?(e: DragEvent): void;
  /** Open the record (expanded form); absent where records do not open (shared views). */
  onOpen?(row: RecordRow): void;
  extra?: ReactNode;
  hideEmpty?: boolean;
  compact?: boolean;
}) {
  const image = cover ? coverUrl(row[cover.title]) : null;
  const [first, ...rest] = fields;
  const shown = rest.filter((c) => c.title in row && !(hideEmpty && isEmptyValue(row[c.title])));
  const coverElement = cover && (image ? <img className="wb-card-cover" src={image} srcSet={imageSrcSet(image)} sizes="(max-width: 767px) 100vw, 320px" alt="" data-testid="card-cover" /> : <div className="wb-card-cover wb-card-cover-empty" />);
  return (
    <Card
      className={`wb-record-card${compact ? " wb-record-card-compact" : " wb-record-card-tall"}`}
      draggable={draggable}
      onDragStart={onDragStart}
      interactive={!!onOpen}
      onClick={onOpen ? () => onOpen(row) : undefined}
      data-testid="record-card"
    >
      {!compact && coverElement}
      <div className="wb-card-head">
        {first && <H5 className="wb-card-title">{String(row[first.title] ?? "") || "\u00a0"}</H5>}
        {compact && coverElement}
      </div>
      <div className="wb-card-fields">
        {shown.map((c) => (
          <div key={c.id} className="wb-card-field" data-testid="card-field-value" data-field={c.title}>
            <span className="bp6-text-muted wb-card-label">{c.title}</span>
            <span className="wb-card-value">
              <FieldValue value={row[c.title]} column={c} readOnly />
            </span>
          </div>
        ))}
      </div>
      {extra}
    </Card>
  );
}

/** A field as a shared view's metadata gives it: whether the view shows it, and where. */
type ViewedColumn = Column & { show?: boolean; view_column_order?: number };

/** The fields a card shows: display value first, then the others (no system or cover fields).
 * Fields that say whether the view shows them (a shared view's) follow the view: the hidden
 * ones are left out and the others come in the view's order. */
export function cardFields(columns: readonly Column[], coverId?: string | null): Column[] {
  let shown: ViewedColumn[] = columns.filter((c) => !c.system && !c.pk && c.id !== coverId);
  if (shown.some((c) => typeof c.show === "boolean")) {
    shown = shown
      .filter((c) => c.pv || c.show !== false)
      .map((c, index) => ({ c, index }))
      .sort((a, b) => (a.c.view_column_order ?? a.index) - (b.c.view_column_order ?? b.index) || a.index - b.index)
      .map(({ c }) => c);
  }
  return [...shown.filter((c) => c.pv), ...shown.filter((c) => !c.pv)];
}
