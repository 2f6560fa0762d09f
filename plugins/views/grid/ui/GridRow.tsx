// One row of the grid: its number (with the record's comment count), then a cell per field
// in view, each showing its value through the field type's cell, or its editor while it is
// edited (with the server's refusal under it); a row not read yet shows placeholders. A row
// is drawn again only when its own props change (the handlers are read through a ref), so
// that typing into a cell or moving the active cell redraws one or two rows, not the page.
import { Callout } from "@blueprintjs/core";
import { memo, type KeyboardEvent, type MouseEvent, type ReactElement, type RefObject } from "react";
import { CommentBadge, FieldCell, FieldEditor, type FieldInfo, type RecordRow } from "@workbench/plugin-api";
import { cellId, columnIndex, rowIndex } from "./aria";
import { HEADER_HEIGHT, ROW_NUMBER_WIDTH } from "./layout";
import type { Cell } from "./range";
import type { Editing } from "./useCellEditing";

export interface RowHandlers {
  onCellClick(cell: Cell, event: MouseEvent): void;
  onCellEnter(cell: Cell, event: MouseEvent): void;
  onCellDoubleClick(cell: Cell, event: MouseEvent): void;
  onEditText(text: string): void;
  onEditKey(event: KeyboardEvent<HTMLElement>): void;
  onEditBlur(): void;
  onEditValue(value: unknown): void;
  onEditDone(): void;
}

export const GridRow = memo(function GridRow(props: {
  gridId: string;
  row: number;
  top: number;
  record: RecordRow | undefined;
  commentCount: number | undefined;
  projectId?: string;
  tableId: string;
  pkName: string;
  shared: boolean;
  columns: FieldInfo[];
  colFirst: number;
  colLast: number;
  frozen: number;
  frozenWidth: number;
  lefts: number[];
  widths: number[];
  width: number;
  /** The active cell's column when it is in this row, else -1. */
  activeCol: number;
  /** The selected block's columns when it spans this row, else -1. */
  blockLeft: number;
  blockRight: number;
  /** The cell edited in this row, if any. */
  editing: Editing | null;
  handlers: RefObject<RowHandlers>;
}) {
  const { row, record, columns, lefts, widths, editing, handlers } = props;
  const frozenCells: ReactElement[] = [];
  const cells: ReactElement[] = [];
  for (let col = 0; col <= props.colLast; col += 1) {
    if (col >= props.frozen && col < props.colFirst) col = props.colFirst;
    const column = columns[col];
    const isActive = props.activeCol === col;
    const isEditing = editing?.col === col;
    const selected = props.blockLeft >= 0 && col >= props.blockLeft && col <= props.blockRight;
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
        onMouseDown={(event) => handlers.current.onCellClick({ row, col }, event)}
        onMouseEnter={(event) => handlers.current.onCellEnter({ row, col }, event)}
        onDoubleClick={(event) => handlers.current.onCellDoubleClick({ row, col }, event)}
      >
        {isEditing && editing ? (
          <div className="wb-cell-editor">
            <FieldEditor
              column={column}
              editing={editing}
              value={record?.[column.title]}
              projectId={props.projectId}
              tableId={props.tableId}
              rowId={record?.[props.pkName]}
              onValue={(value) => handlers.current.onEditValue(value)}
              onDone={() => handlers.current.onEditDone()}
              onText={(text) => handlers.current.onEditText(text)}
              onKey={(event) => handlers.current.onEditKey(event)}
              onBlur={() => handlers.current.onEditBlur()}
            />
            {editing.error && (
              <Callout intent="danger" compact className="wb-cell-error" data-testid="cell-error">
                {editing.error}
              </Callout>
            )}
          </div>
        ) : record ? (
          <FieldCell value={record[column.title]} column={column} projectId={props.projectId} tableId={props.tableId} rowId={record[props.pkName]} readOnly={props.shared} />
        ) : (
          <span className="wb-cell-placeholder" />
        )}
      </div>,
    );
  }
  return (
    <div
      className="wb-grid-row"
      style={{ top: HEADER_HEIGHT + props.top, width: props.width }}
      role="row"
      aria-rowindex={rowIndex(row)}
      data-testid={record ? "grid-row" : "grid-row-loading"}
    >
      <div className="wb-row-frozen" role="presentation" style={{ width: ROW_NUMBER_WIDTH + props.frozenWidth }}>
        <div className={`wb-row-number${props.activeCol >= 0 ? " wb-row-number-active" : ""}`} role="rowheader" aria-colindex={1}>
          {row + 1}
          {record && <CommentBadge count={props.commentCount} />}
        </div>
        {frozenCells}
      </div>
      {cells}
    </div>
  );
});
