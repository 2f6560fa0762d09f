// One page of the grid's rows (the rows of it in view): each cell shows its value through the
// field type's cell, or its editor while it is edited (with the server's refusal under it);
// rows not read yet show placeholders; a row's number carries its comment count.
import { Callout } from "@blueprintjs/core";
import type { KeyboardEvent, MouseEvent, ReactElement } from "react";
import { CommentBadge, FieldCell, FieldEditor, useCommentCounts, useRecordsPage, type FieldInfo, type RecordSource } from "@workbench/plugin-api";
import { cellId, columnIndex, rowIndex } from "./aria";
import type { Editing } from "./useCellEditing";
import { HEADER_HEIGHT, ROW_NUMBER_WIDTH } from "./layout";
import { pageQuery, PAGE_SIZE } from "./pages";
import { inBlock, type Block, type Cell } from "./range";
import { useLinkedValues } from "./useLinkedValues";

export interface GridPageProps {
  /** The grid's id, which its cells' ids start with. */
  gridId: string;
  source: RecordSource;
  projectId?: string;
  pkName: string;
  /** The search. */
  where?: string;
  /** Sorts before the view's own (the grouped fields). */
  sort?: string;
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
  editing: Editing | null;
  onCellClick(cell: Cell, event: MouseEvent): void;
  onCellEnter(cell: Cell, event: MouseEvent): void;
  onCellDoubleClick(cell: Cell, event: MouseEvent): void;
  onEditText(text: string): void;
  onEditKey(event: KeyboardEvent<HTMLElement>): void;
  onEditBlur(): void;
  onEditValue(value: unknown): void;
  onEditDone(): void;
}

export function GridPage(props: GridPageProps) {
  const { source, where, sort, page, runs, rowTop, columns, colFirst, colLast, lefts, widths, width, active, block, editing } = props;
  const { rows: list } = useRecordsPage(source, pageQuery(page, where, sort));
  const withLinks = useLinkedValues({ ...props, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
  const shared = !!source.shared;
  const commentCounts = useCommentCounts(source.tableId, list, props.pkName, shared);
  const rows = [];
  for (const run of runs) {
  const start = Math.max(run.first, page * PAGE_SIZE);
  const end = Math.min(run.last, page * PAGE_SIZE + PAGE_SIZE - 1);
  for (let row = start; row <= end; row += 1) {
    const record = withLinks(list?.[row - page * PAGE_SIZE]);
    const frozenCells: ReactElement[] = [];
    const cells: ReactElement[] = [];
    for (let col = 0; col <= colLast; col += 1) {
      if (col >= props.frozen && col < colFirst) col = colFirst;
      const column = columns[col];
      const isActive = active?.row === row && active.col === col;
      const isEditing = editing?.row === row && editing.col === col;
      const selected = inBlock(block, row, col);
      (col < props.frozen ? frozenCells : cells).push(
        <div
          key={column.id}
          className={`wb-cell${isActive ? " wb-cell-active" : ""}${selected ? " wb-cell-selected" : ""}`}
          style={{ insetInlineStart: ROW_NUMBER_WIDTH + lefts[col], width: widths[col] }}
          id={cellId(props.gridId, { row, col })}
          role="gridcell"
          aria-colindex={columnIndex(col)}
          data-row={row}
          data-col={col}
          aria-selected={selected || isActive}
          onMouseDown={(event) => props.onCellClick({ row, col }, event)}
          onMouseEnter={(event) => props.onCellEnter({ row, col }, event)}
          onDoubleClick={(event) => props.onCellDoubleClick({ row, col }, event)}
        >
          {isEditing ? (
            <div className="wb-cell-editor">
              <FieldEditor
                column={column}
                editing={editing}
                value={record?.[column.title]}
                projectId={props.projectId}
                tableId={source.tableId}
                rowId={record?.[props.pkName]}
                onValue={props.onEditValue}
                onDone={props.onEditDone}
                onText={props.onEditText}
                onKey={props.onEditKey}
                onBlur={props.onEditBlur}
              />
              {editing.error && (
                <Callout intent="danger" compact className="wb-cell-error" data-testid="cell-error">
                  {editing.error}
                </Callout>
              )}
            </div>
          ) : record ? (
            <FieldCell value={record[column.title]} column={column} projectId={props.projectId} tableId={source.tableId} rowId={record[props.pkName]} readOnly={shared} />
          ) : (
            <span className="wb-cell-placeholder" />
          )}
        </div>,
      );
    }
    rows.push(
      <div
        key={row}
        className="wb-grid-row"
        style={{ top: HEADER_HEIGHT + rowTop(row), width }}
        role="row"
        aria-rowindex={rowIndex(row)}
        data-testid={record ? "grid-row" : "grid-row-loading"}
      >
        <div className="wb-row-frozen" role="presentation" style={{ width: ROW_NUMBER_WIDTH + props.frozenWidth }}>
          <div className={`wb-row-number${active?.row === row ? " wb-row-number-active" : ""}`} role="rowheader" aria-colindex={1}>
            {row + 1}
            {record && <CommentBadge count={commentCounts[String(record[props.pkName])]} />}
          </div>
          {frozenCells}
        </div>
        {cells}
      </div>,
    );
  }
  }
  return <>{rows}</>;
}
