// One page of the grid's rows (the rows of it in view, each a GridRow); rows not read yet
// show placeholders.
import { useRef } from "react";
import { useCommentCounts, useRecordsPage, type FieldInfo, type RecordSource } from "@workbench/plugin-api";
import { GridRow, type RowHandlers } from "./GridRow";
import type { EditingStore } from "./editingStore";
import { pageQuery, PAGE_SIZE } from "./pages";
import type { Block, Cell } from "./range";
import { useLinkedValues } from "./useLinkedValues";

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
  const { rows: read, stale } = useRecordsPage(source, pageQuery(page, where, sort));
  const list = props.grouped && stale ? undefined : read;
  const withLinks = useLinkedValues({ ...props, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
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
