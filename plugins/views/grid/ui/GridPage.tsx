// One page of the grid's rows (the rows of it in view, each a GridRow); rows not read yet
// show placeholders.
import { useEffect, useRef, useState } from "react";
import { useCommentCounts, useRecordsPage, useRecordsReader, type FieldInfo, type RecordSource } from "@workbench/plugin-api";
import { GridRow, type RowHandlers } from "./GridRow";
import type { EditingStore } from "./editingStore";
import { pageQuery, PAGE_SIZE } from "./pages";
import type { Block, Cell } from "./range";
import { useLinkedValues } from "./useLinkedValues";

/** How long a page scrolled into view by a fling waits before it reads its records: the pages
 * flown past are not read (each read and its answer would take a part of the frames). */
const DEFERRED_READ_MS = 80;

/** A page of rows, with the handlers its rows call (RowHandlers). */
export interface GridPageProps extends RowHandlers {
  /** The grid's id, which its cells' ids start with. */
  gridId: string;
  source: RecordSource;
  projectId?: string;
  pkName: string;
  /** The search. */
  where?: string;
  /** Sorts before the view's own (the grouped fields, then the viewer's own). */
  sort?: string;
  /** The records are grouped: rows read for another grouping or search are not drawn under
   * this one's headers (they show as placeholders until this grouping's arrive). */
  grouped: boolean;
  page: number;
  /** The grid is being flung (its last scroll went further than its height): a page not read
   * before reads its records only once it has stayed in view a moment. */
  deferRead: boolean;
  /** The runs of rows in view (the rows of collapsed groups are left out). */
  runs: { first: number; last: number }[];
  rowTop(row: number): number;
  columns: FieldInfo[];
  colFirst: number;
  colLast: number;
  /** How many of the first fields are frozen (drawn beside the row numbers) and their width. */
  frozen: number;
  frozenWidth: number;
  lefts: number[];
  widths: number[];
  width: number;
  active: Cell | null;
  /** The selected block when more than the active cell is selected. */
  block: Block | null;
  /** The open editor (each row draws it when it is in that row). */
  editingStore: EditingStore;
  /** The user may edit the records. */
  canEdit: boolean;
}

export function GridPage(props: GridPageProps) {
  const { source, where, sort, page, runs, rowTop, active, block, editingStore } = props;
  const query = pageQuery(page, where, sort);
  const reader = useRecordsReader();
  const [due, setDue] = useState(() => !props.deferRead || reader.cached(source, query) !== undefined);
  useEffect(() => {
    if (due) return;
    const timer = window.setTimeout(() => setDue(true), DEFERRED_READ_MS);
    return () => window.clearTimeout(timer);
  }, [due]);
  const { rows: read, stale } = useRecordsPage(source, query, { skip: !due });
  const list = props.grouped && stale ? undefined : read;
  const withLinks = useLinkedValues({ ...props, offset: page * PAGE_SIZE, limit: PAGE_SIZE, skip: !due });
  const shared = !!source.shared;
  const commentCounts = useCommentCounts(source.tableId, list, props.pkName, shared);
  // The rows call the latest handlers through this (its identity stays, so that a row whose
  // own props are the same is not drawn again: moving the active cell redraws two rows).
  const handlers = useRef<RowHandlers>(props);
  handlers.current = props;
  const rows = [];
  for (const run of runs) {
    const start = Math.max(run.first, page * PAGE_SIZE);
    const end = Math.min(run.last, page * PAGE_SIZE + PAGE_SIZE - 1);
    for (let row = start; row <= end; row += 1) {
      const record = withLinks(list?.[row - page * PAGE_SIZE]);
      const inRows = !!block && row >= block.top && row <= block.bottom;
      rows.push(
        <GridRow
          key={row}
          gridId={props.gridId}
          row={row}
          top={rowTop(row)}
          record={record}
          commentCount={record ? commentCounts[String(record[props.pkName])] : undefined}
          projectId={props.projectId}
          tableId={source.tableId}
          pkName={props.pkName}
          shared={shared}
          canEdit={props.canEdit}
          columns={props.columns}
          colFirst={props.colFirst}
          colLast={props.colLast}
          frozen={props.frozen}
          frozenWidth={props.frozenWidth}
          lefts={props.lefts}
          widths={props.widths}
          width={props.width}
          activeCol={active?.row === row ? active.col : -1}
          blockLeft={inRows ? block.left : -1}
          blockRight={inRows ? block.right : -1}
          editingStore={editingStore}
          handlers={handlers}
        />,
      );
    }
  }
  return <>{rows}</>;
}
