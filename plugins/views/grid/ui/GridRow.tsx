// One row of the grid: its number (with the record's comment count), then a cell per field
// in view, each showing its value through the field type's cell, or its editor while it is
// edited (with the server's refusal under it); a row not read yet shows placeholders (drawn
// by the cells' style: no element more for each cell of the rows flown past). A row
// is drawn again only when its own props change (the handlers are read through a ref) or an
// editor opens or closes in it, and so is each of its cells: moving the active cell redraws
// two cells (and their rows' numbers), opening an editor its cell, and a key typed into an
// editor that editor alone. The active cell keeps its editor ready, hidden, when the field's
// editor can wait so: the key that opens it only shows it (nothing is made or laid out anew
// before the frame that shows the key).
import { Callout } from "@blueprintjs/core";
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactElement, type RefObject } from "react";
import { CommentBadge, FieldCell, FieldEditor, type FieldInfo, type RecordRow } from "@workbench/plugin-api";
import { cellId, columnIndex, rowIndex } from "./aria";
import { frozenPart, HEADER_HEIGHT, ROW_NUMBER_WIDTH } from "./layout";
import type { Cell } from "./range";
import { useEditingIn, type Editing, type EditingStore } from "./editingStore";
import { keepsReadyEditor } from "./fields";

export interface RowHandlers {
  onCellClick(cell: Cell, event: MouseEvent): void;
  onCellEnter(cell: Cell, event: MouseEvent): void;
  onCellDoubleClick(cell: Cell, event: MouseEvent): void;
  /** What the editor's text input typed; the editor's new state to show (null: unchanged). */
  onEditText(text: string): Editing | null;
  onEditKey(event: KeyboardEvent<HTMLElement>): void;
  onEditBlur(): void;
  /** The value a field type's editor gave; the editor's new state to show (null: unchanged). */
  onEditValue(value: unknown): Editing | null;
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
  /** The user may edit the records. */
  canEdit: boolean;
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
  /** The open editor, drawn by the row it is in. */
  editingStore: EditingStore;
  handlers: RefObject<RowHandlers>;
}) {
  const { row, record, columns, lefts, widths, handlers } = props;
  const editing = useEditingIn(props.editingStore, row);
  const rowId = record?.[props.pkName];
  const frozenCells: ReactElement[] = [];
  const cells: ReactElement[] = [];
  for (let col = 0; col <= props.colLast; col += 1) {
    if (col >= props.frozen && col < props.colFirst) col = props.colFirst;
    const column = columns[col];
    (col < props.frozen ? frozenCells : cells).push(
      <GridCell
        key={column.id}
        gridId={props.gridId}
        row={row}
        col={col}
        column={column}
        left={lefts[col]}
        width={widths[col]}
        active={props.activeCol === col}
        ready={props.activeCol === col && props.canEdit && !props.shared && !!record && keepsReadyEditor(column.uidt)}
        selected={props.blockLeft >= 0 && col >= props.blockLeft && col <= props.blockRight}
        loaded={!!record}
        value={record?.[column.title]}
        rowId={rowId}
        projectId={props.projectId}
        tableId={props.tableId}
        shared={props.shared}
        editing={editing?.col === col ? editing : null}
        handlers={handlers}
      />,
    );
  }
  // The row number keeps its place when scrolling sideways; with frozen fields, beside them in
  // their part of the row (a part that costs every row drawn a box more, so only then).
  const number = (
    <div className={`wb-row-number${props.activeCol >= 0 ? " wb-row-number-active" : ""}`} role="rowheader" aria-colindex={1}>
      {row + 1}
      {record && <CommentBadge count={props.commentCount} />}
    </div>
  );
  return (
    <div
      className={`wb-grid-row${editing ? " wb-grid-row-editing" : ""}`}
      style={{ top: HEADER_HEIGHT + props.top, width: props.width }}
      role="row"
      aria-rowindex={rowIndex(row)}
      data-testid={record ? "grid-row" : "grid-row-loading"}
    >
      {props.frozen > 0 ? (
        <div className={frozenPart(true)} role="presentation" style={{ width: ROW_NUMBER_WIDTH + props.frozenWidth }}>
          {number}
          {frozenCells}
        </div>
      ) : (
        number
      )}
      {cells}
    </div>
  );
});

/** One cell: its field type's cell, or its editor while it is edited. A cell is drawn again
 * only when its own props change, so that opening an editor or moving the active cell draws
 * the cells it changes, not every cell of their rows. */
const GridCell = memo(function GridCell(props: {
  gridId: string;
  row: number;
  col: number;
  column: FieldInfo;
  left: number;
  width: number;
  active: boolean;
  /** The cell keeps its editor ready (hidden until the edit opens). */
  ready: boolean;
  selected: boolean;
  /** Whether the row's record is read (else a placeholder shows). */
  loaded: boolean;
  value: unknown;
  rowId: unknown;
  projectId?: string;
  tableId: string;
  shared: boolean;
  /** The editor open in this cell, or null. */
  editing: Editing | null;
  handlers: RefObject<RowHandlers>;
}) {
  const { row, col, column, active, ready, selected, editing, handlers } = props;
  const cell = { row, col };
  // The value as shown is the same element while the ready editor opens and closes over it,
  // so it is not drawn again then.
  const { value, projectId, tableId, rowId, shared } = props;
  const shown = useMemo(
    () => <FieldCell value={value} column={column} projectId={projectId} tableId={tableId} rowId={rowId} readOnly={shared} />,
    [value, column, projectId, tableId, rowId, shared],
  );
  const editorProps = { column, value, projectId, tableId, rowId, handlers };
  return (
    <div
      className={`wb-cell${active ? " wb-cell-active" : ""}${editing ? " wb-cell-editing" : ""}${selected ? " wb-cell-selected" : ""}${props.loaded ? "" : " wb-cell-loading"}`}
      style={{ insetInlineStart: ROW_NUMBER_WIDTH + props.left, width: props.width }}
      id={cellId(props.gridId, cell)}
      role="gridcell"
      aria-colindex={columnIndex(col)}
      data-row={row}
      data-col={col}
      aria-selected={selected || active}
      onMouseDown={(event) => handlers.current.onCellClick(cell, event)}
      onMouseEnter={(event) => handlers.current.onCellEnter(cell, event)}
      onDoubleClick={(event) => handlers.current.onCellDoubleClick(cell, event)}
    >
      {editing && !ready ? (
        <EditedCell {...editorProps} editing={editing} />
      ) : props.loaded ? (
        shown
      ) : null}
      {ready && <EditedCell {...editorProps} editing={editing} ready />}
    </div>
  );
});

/** The cell's editor with the server's refusal under it. What is typed is this cell's own
 * state (the grid keeps it for the save without drawing anything else again); the editor
 * starts over from `editing` when the grid opens it anew (after a refusal, say). A `ready`
 * cell's editor is drawn over its value and stays while no edit is open (`editing` null),
 * hidden and empty. */
function EditedCell({ column, editing, value, projectId, tableId, rowId, handlers, ready = false }: {
  column: FieldInfo;
  editing: Editing | null;
  value: unknown;
  projectId?: string;
  tableId: string;
  rowId: unknown;
  handlers: RefObject<RowHandlers>;
  ready?: boolean;
}) {
  // The value a field type's editor reports as it opens (from the typed key it starts from)
  // is on screen in it already, so the cell is not drawn again for it: drawing an input again,
  // even unchanged, touches its attributes, and the browser then draws a frame of nothing new,
  // which the next key has to wait a whole frame behind. The editor's next report carries it.
  // (The host's text input shows the draft's text, so what it reports is always drawn.)
  // An editor opens as it is drawn, or, kept ready, as its edit opens (the editor reports
  // from its layout effects, before this cell's own effects run, hence noted here).
  const opening = useRef(true);
  const [opened, setOpened] = useState(editing);
  const [shownDraft, setDraft] = useState(editing);
  if (opened !== editing) {
    if (!opened) opening.current = true;
    setOpened(editing);
    setDraft(editing);
  }
  const draft = shownDraft ?? STANDBY;
  const standby = !editing;
  useEffect(() => {
    opening.current = false;
  }, [standby]);
  const show = (next: Editing | null) => {
    if (next) setDraft(next);
  };
  const showValue = (next: Editing | null) => {
    if (next && !(opening.current && next.error === draft.error)) setDraft(next);
  };
  return (
    <div className={`wb-cell-editor${ready ? " wb-cell-editor-ready" : ""}${standby ? " wb-cell-editor-standby" : ""}`}>
      <FieldEditor
        column={column}
        editing={draft}
        standby={standby}
        value={value}
        projectId={projectId}
        tableId={tableId}
        rowId={rowId}
        onValue={(next) => showValue(handlers.current.onEditValue(next))}
        onDone={() => handlers.current.onEditDone()}
        onText={(text) => show(handlers.current.onEditText(text))}
        onKey={(event) => handlers.current.onEditKey(event)}
        onBlur={() => handlers.current.onEditBlur()}
      />
      {draft.error && (
        <Callout intent="danger" compact className="wb-cell-error" data-testid="cell-error">
          {draft.error}
        </Callout>
      )}
    </div>
  );
}

/** The state of an editor kept ready while no edit is open. */
const STANDBY: Editing = { row: -1, col: -1, text: "", error: null, saving: false };
