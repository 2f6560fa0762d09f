// The grid: virtualised rows and columns over a table's records, fetched page by page as
// the user scrolls; cells render through the field type's plugin UI when one is loaded;
// double-click, Enter or typing edits a cell in place (an invalid value keeps the editor
// open with the server's message and the typed text); arrow keys move; rows are added and
// deleted from the toolbar. Shift+click, shift+arrows, a drag or Ctrl/Cmd+A select a block
// of cells to copy (as TSV, its unloaded rows fetched first), paste into, or clear; column
// edges drag to resize (saved per view).
import { Alert, Button, Callout, Menu, MenuItem, Popover, Spinner } from "@blueprintjs/core";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { fieldTypeUI } from "../../plugins/registry";
import {
  useAddColumnMutation,
  useDeleteColumnMutation,
  useUpdateColumnMutation,
  type Column,
  type ColumnBody,
  type TableMeta,
} from "../tables/api";
import { FieldDialog } from "./FieldDialog";
import { capabilities, useCapabilities } from "../projects/permissions";
import { EditHistory } from "./history";
import { ExpandedRecord } from "./ExpandedRecord";
import { CommentBadge, usePageCommentCounts } from "../comments/CommentBadge";
import { GridToolbar, type Search } from "./GridToolbar";
import { searchWhere } from "./search";
import {
  arrangeColumns,
  movedOrder,
  useAddSortMutation,
  useResizeViewColumnMutation,
  useUpdateViewColumnMutation,
  useViewColumnsQuery,
  useViewFiltersQuery,
  useViewSortsQuery,
} from "./viewApi";
import { notify } from "../ui/notify";
import {
  PAGE_SIZE,
  recordsApi,
  useCreateRecordMutation,
  useRecordCountQuery,
  useRecordsPageQuery,
  useUpdateRecordMutation,
  type RecordRow,
  type SharedSource,
} from "./api";
import { isReadOnlyType, cellText, parseInput } from "./cells";
import { CellEditor, type Editing } from "./CellEditor";
import { FieldValue } from "./FieldValue";
import { isDialogEdited, isSelfSaving } from "./richFields";
import { isBoolean, useFieldTypeLabel } from "../../plugins/catalogue";
import { useLinkedValues } from "./useLinkedValues";
import { columnWindow, pagesFor, rowWindow, scrollLeftForColumn, scrollTopForRow } from "./virtual";
import { MAX_WIDTH, MIN_WIDTH, WIDTH_STEP, clampWidth, parseWidth, resizedWidth } from "./columnWidth";
import { blockOf, extendSelection, inBlock, isRange, type Block } from "./range";
import { parseTsv } from "./tsv";
import { isBatch } from "./history";
import { useRangeEdits } from "./useRangeEdits";
import { DELETE_LIMIT, useRowDeletes } from "./useRowDeletes";
import { isRemoval, type Removal } from "./rowRemoval";
import { PasteAddRows, PasteReport } from "./PasteDialogs";
import { CopyProgressDialog, CopyReadyDialog } from "./CopyDialogs";
import { useBlockCopy } from "./useBlockCopy";
import { BLOCK_CELL_LIMIT, cellCount, fetchPages } from "./blockCopy";
import { useLiveHold } from "../realtime/useLive";
import { useFollowRecord } from "./followRecord";

export const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 32;
const ROW_NUMBER_WIDTH = 64;
const ADD_FIELD_WIDTH = 48;
/** How long the arrow keys must pause before a keyboard resize is saved. */
const KEY_RESIZE_SAVE_MS = 400;

interface Cell {
  row: number;
  col: number;
}

interface PageProps {
  tableId: string;
  projectId?: string;
  pkName: string;
  viewId?: string;
  where?: string;
  shared?: SharedSource;
  page: number;
  first: number;
  last: number;
  rowTop(row: number): number;
  columns: Column[];
  colFirst: number;
  colLast: number;
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

function GridPage(props: PageProps) {
  const { tableId, viewId, where, shared, page, first, last, rowTop, columns, colFirst, colLast, lefts, widths, width, active, block, editing } = props;
  const { data } = useRecordsPageQuery({ tableId, viewId, where, shared, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
  const withLinks = useLinkedValues({ ...props, offset: page * PAGE_SIZE, limit: PAGE_SIZE });
  const commentCounts = usePageCommentCounts(tableId, data?.list, props.pkName, !!shared);
  const rows = [];
  const start = Math.max(first, page * PAGE_SIZE);
  const end = Math.min(last, page * PAGE_SIZE + PAGE_SIZE - 1);
  for (let row = start; row <= end; row += 1) {
    const record = withLinks(data?.list[row - page * PAGE_SIZE]);
    const cells = [];
    for (let col = colFirst; col <= colLast; col += 1) {
      const column = columns[col];
      const isActive = active?.row === row && active.col === col;
      const isEditing = editing?.row === row && editing.col === col;
      const selected = inBlock(block, row, col);
      cells.push(
        <div
          key={column.id}
          className={`wb-cell${isActive ? " wb-cell-active" : ""}${selected ? " wb-cell-selected" : ""}`}
          style={{ insetInlineStart: ROW_NUMBER_WIDTH + lefts[col], width: widths[col] }}
          data-row={row}
          data-col={col}
          aria-selected={selected || isActive}
          onMouseDown={(event) => props.onCellClick({ row, col }, event)}
          onMouseEnter={(event) => props.onCellEnter({ row, col }, event)}
          onDoubleClick={(event) => props.onCellDoubleClick({ row, col }, event)}
        >
          {isEditing ? (
            <div className="wb-cell-editor">
              <CellEditor
                column={column}
                editing={editing}
                value={record?.[column.title]}
                projectId={props.projectId}
                tableId={tableId}
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
            <FieldValue value={record[column.title]} column={column} projectId={props.projectId} tableId={tableId} rowId={record[props.pkName]} readOnly={!!shared} />
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
        aria-rowindex={row + 1}
        data-testid={record ? "grid-row" : "grid-row-loading"}
      >
        <div className={`wb-row-number${active?.row === row ? " wb-row-number-active" : ""}`}>
          {row + 1}
          {record && <CommentBadge count={commentCounts[String(record[props.pkName])]} />}
        </div>
        {cells}
      </div>,
    );
  }
  return <>{rows}</>;
}

const READ_ONLY_CAPS = capabilities({});

/** `viewId` picks the grid view (else the table's default); `readOnly` offers no edits; `shared`
 * reads a public shared view's rows (read-only, no saved view state). */
export function Grid({ table, viewId: chosenViewId, readOnly, shared }: {
  table: TableMeta;
  viewId?: string;
  readOnly?: boolean;
  shared?: SharedSource;
}) {
  const intl = useIntl();
  const typeLabel = useFieldTypeLabel();
  const store = useAppStore();
  const tableId = table.id;
  const pk = (table.columns ?? []).find((c) => c.pk);
  const pkName = pk?.title ?? "Id";
  const viewId =
    chosenViewId ??
    ((table.views ?? []).find((v) => (v as { is_default?: boolean }).is_default)?.id ?? table.views?.[0]?.id);
  const skipView = !viewId || !!shared;
  const { data: viewColumns } = useViewColumnsQuery(viewId ?? "", { skip: skipView });
  const { data: sortsData } = useViewSortsQuery(viewId ?? "", { skip: skipView });
  const { data: filtersData } = useViewFiltersQuery(viewId ?? "", { skip: skipView });
  const [addSort] = useAddSortMutation();
  const [updateViewColumn] = useUpdateViewColumnMutation();
  const fieldColumns = useMemo(() => (table.columns ?? []).filter((c) => !c.system && !c.pk), [table.columns]);
  const { shown: columns, hidden } = useMemo(
    () => arrangeColumns(fieldColumns, viewColumns?.list),
    [fieldColumns, viewColumns],
  );
  const [search, setSearch] = useState<Search>({ fieldId: null, term: "" });
  const where = searchWhere(columns, search.fieldId, search.term);
  const { data: countData, isLoading } = useRecordCountQuery({ tableId, viewId, where, shared });
  const contextCaps = useCapabilities();
  const caps = readOnly || shared ? READ_ONLY_CAPS : contextCaps;
  const rowCount = countData?.count ?? 0;
  const [createRecord, createState] = useCreateRecordMutation();
  const [updateRecord] = useUpdateRecordMutation();
  const scroller = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, left: 0 });
  const [viewport, setViewport] = useState({ width: 800, height: 480 });
  const [active, setActive] = useState<Cell | null>(null);
  // The other corner of a selected block (the active cell is its anchor), or null.
  const [rangeEnd, setRangeEnd] = useState<Cell | null>(null);
  const selection = active ? { anchor: active, focus: rangeEnd ?? active } : null;
  const block = selection && isRange(selection) ? blockOf(selection) : null;
  // Widths being dragged or just saved, by column id, over the view's stored ones.
  const [localWidths, setLocalWidths] = useState<Record<string, number>>({});
  const resizing = useRef<{ columnId: string; x: number; width: number } | null>(null);
  const keyResizeTimers = useRef<Record<string, ReturnType<typeof setTimeout>>>({});
  const [resizeViewColumn] = useResizeViewColumnMutation();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The latest editor state, for a plugin editor that changes the value and finishes in one go.
  const editingRef = useRef<Editing | null>(null);
  editingRef.current = editing;
  // Escape closes the editor; the blur that follows must not save.
  const cancelled = useRef(false);
  const history = useRef(new EditHistory());
  // Cell writes go to the server one after the other, so an undo never overtakes its edit.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const write = <T,>(send: () => PromiseLike<T>): Promise<T> => {
    const next = queue.current.then(send, send);
    queue.current = next.catch(() => undefined);
    return next;
  };
  const [expanded, setExpanded] = useState<RecordRow | null>(null);
  const [addColumn, addColumnState] = useAddColumnMutation();
  const [updateColumn, updateColumnState] = useUpdateColumnMutation();
  const [deleteColumn] = useDeleteColumnMutation();
  const [fieldDialog, setFieldDialog] = useState<{ column: Column | null } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [deletingField, setDeletingField] = useState<Column | null>(null);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight - HEADER_HEIGHT });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rowsWin = rowWindow(scroll.top, viewport.height, rowCount, ROW_HEIGHT);
  const widths = useMemo(
    () =>
      columns.map(
        (c) => localWidths[c.id] ?? parseWidth(viewColumns?.list.find((vc) => vc.fk_column_id === c.id)?.width),
      ),
    [columns, viewColumns, localWidths],
  );
  const colsWin = columnWindow(scroll.left, viewport.width - ROW_NUMBER_WIDTH, widths);
  const width = ROW_NUMBER_WIDTH + colsWin.totalWidth;
  const pages = pagesFor(rowsWin.first, rowsWin.last, PAGE_SIZE);

  const recordAt = useCallback(
    (row: number): RecordRow | undefined => {
      const page = Math.floor(row / PAGE_SIZE);
      const args = { tableId, viewId, where, shared, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
      return recordsApi.endpoints.recordsPage.select(args)(store.getState()).data?.list[row - page * PAGE_SIZE];
    },
    [store, tableId, viewId, where, shared],
  );

  /** Load the pages holding rows first..last (for edits of rows scrolled out of view), a few
   * at a time so that a large block does not send every page's request at once. */
  const loadRows = useCallback(
    async (first: number, last: number) => {
      const load = async (page: number) => {
        const args = { tableId, viewId, where, shared, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
        const result = await store.dispatch(recordsApi.endpoints.recordsPage.initiate(args, { subscribe: false }));
        return result.data?.list ?? [];
      };
      await fetchPages(pagesFor(first, last, PAGE_SIZE), load, new Map(), () => undefined);
    },
    [store, tableId, viewId, where, shared],
  );

  /** Scroll the grid so that `cell` is in view (rows and columns alike); the row alone when
   * no column is given. */
  const scrollToCell = useCallback(
    (cell: { row: number; col?: number }) => {
      const el = scroller.current;
      if (!el) return;
      const h = viewport.height;
      const top = rowWindow(el.scrollTop, h, rowCount, ROW_HEIGHT, 0).rowTop(cell.row);
      let moved = false;
      if (top < el.scrollTop) {
        el.scrollTop = scrollTopForRow(cell.row, h, rowCount, ROW_HEIGHT);
        moved = true;
      } else if (top + ROW_HEIGHT > el.scrollTop + h) {
        el.scrollTop = scrollTopForRow(Math.max(0, cell.row - Math.floor(h / ROW_HEIGHT) + 1), h, rowCount, ROW_HEIGHT);
        moved = true;
      }
      if (cell.col !== undefined) {
        // Cells sit right of the sticky row numbers; scrollLeft is negative right-to-left.
        const rtl = getComputedStyle(el).direction === "rtl";
        const left = scrollLeftForColumn(cell.col, Math.abs(el.scrollLeft), viewport.width - ROW_NUMBER_WIDTH, colsWin.lefts, widths);
        if (left !== null) {
          el.scrollLeft = rtl ? -left : left;
          moved = true;
        }
      }
      if (moved) setScroll({ top: el.scrollTop, left: Math.abs(el.scrollLeft) });
    },
    [viewport.height, viewport.width, rowCount, colsWin.lefts, widths],
  );

  /** Whether a click landed on the box of a checkbox cell (its plugin cell's role=checkbox). */
  const onCheckbox = (cell: Cell, event: MouseEvent) =>
    isBoolean(columns[cell.col]?.uidt) && !!(event.target as Element).closest?.("[role=checkbox]");

  const startEditing = (cell: Cell, text?: string) => {
    if (!caps.dataEdit) return;
    const column = columns[cell.col];
    if (!column || isReadOnlyType(column.uidt)) return;
    const record = recordAt(cell.row);
    if (!record) return;
    if (isBoolean(column.uidt)) {
      void save(cell, !record[column.title]);
      return;
    }
    cancelled.current = false;
    // A plugin editor works with values and starts from the typed key as fits its type (text
    // from it, a select filters its options by it, ...); a dialog opens on the current value.
    const typed = text !== undefined && !isDialogEdited(column.uidt) ? text : undefined;
    const pristine = !!fieldTypeUI(column.uidt)?.Editor;
    setEditing({ ...cell, text: text ?? cellText(record[column.title], column), typed, pristine, error: null, saving: false });
  };

  const save = async (cell: Cell, value: unknown): Promise<boolean> => {
    const column = columns[cell.col];
    const record = recordAt(cell.row);
    if (!record || !column) return true;
    if (record[column.title] === value) return true;
    // Recorded at once, so that an undo pressed while the save is under way still finds it.
    const entry = { pk: record[pkName], field: column.title, before: record[column.title], after: value };
    history.current.record(entry);
    const result = await write(() => updateRecord({ tableId, pkName, pk: entry.pk, values: { [entry.field]: value } }));
    if ("error" in result) {
      history.current.discard(entry);
      const message = (result.error as HttpError).message;
      if (isBoolean(column.uidt)) notify(message, "danger");
      return Promise.reject(message);
    }
    return true;
  };

  const rangeEdits = useRangeEdits({ tableId, pkName, columns, rowCount, recordAt, loadRows, write, history });

  const rowDeletes = useRowDeletes({ projectId: table.project_id, tableId, pkName, columns: table.columns ?? [], write });

  /** Undo (or redo) the last cell edit, the last paste or cleared range, or the last deleted
   * records, as a whole. */
  const replay = async (direction: "undo" | "redo") => {
    if (!caps.dataEdit) return;
    const edit = direction === "undo" ? history.current.undo() : history.current.redo();
    if (!edit) return;
    if (isRemoval(edit)) {
      const problem = direction === "undo" ? await rowDeletes.restore(edit) : await rowDeletes.remove(edit);
      if (problem) notify(problem, "danger");
      if (problem && direction === "redo") history.current.restoreRedo(edit);
      // An undo that inserted the records but could not link one back keeps the records.
      if (problem && direction === "undo" && !(await recordsExist(edit))) history.current.restoreUndo(edit);
      return;
    }
    if (isBatch(edit)) {
      if (!(await rangeEdits.replayBatch(edit, direction))) {
        if (direction === "undo") history.current.restoreUndo(edit);
        else history.current.restoreRedo(edit);
      }
      return;
    }
    const value = direction === "undo" ? edit.before : edit.after;
    const result = await write(() => updateRecord({ tableId, pkName, pk: edit.pk, values: { [edit.field]: value } }));
    if ("error" in result) {
      if (direction === "undo") history.current.restoreUndo(edit);
      else history.current.restoreRedo(edit);
      notify((result.error as HttpError).message, "danger");
    }
  };

  const blockCopy = useBlockCopy({
    pageArgs: (page) => ({ tableId, viewId, where, shared, offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
    columns,
  });
  // Live changes from others wait while a reload would move rows under an open editor, a
  // paste waiting for its answer or a copy reading its pages.
  useLiveHold(tableId, !!editing || !!rangeEdits.pending || !!rangeEdits.busy || !!blockCopy.progress);
  // The selection stays on its record when a live reload adds or removes rows above it.
  useFollowRecord({
    tableId,
    active,
    pkName,
    recordAt,
    onMoved: (delta) => {
      setActive((cell) => cell && { ...cell, row: cell.row + delta });
      setRangeEnd((cell) => cell && { ...cell, row: Math.max(0, cell.row + delta) });
    },
  });
  /** Copy the active cell, or the selected block as tab-separated text (its rows not loaded
   * yet are fetched first). */
  const onCopy = (event: ClipboardEvent) => {
    if (editing || !active) return;
    const area = block ?? { top: active.row, bottom: active.row, left: active.col, right: active.col };
    blockCopy.copy(event, area, !block);
  };

  /** Paste one value into the active cell, a block of text from the active cell (or the top
   * left of the selection), or one value into every cell of the selection. */
  const onPaste = (event: ClipboardEvent) => {
    if (editing || !active || !caps.dataEdit) return;
    event.preventDefault();
    const text = event.clipboardData.getData("text/plain");
    const parsed = /[\t\n\r]/.test(text.replace(/\r?\n$/, "")) ? parseTsv(text) : [[text.replace(/\r?\n$/, "")]];
    const single = parsed.length === 1 && parsed[0].length === 1;
    if (single && !block) {
      const column = columns[active.col];
      if (!column || isReadOnlyType(column.uidt)) return;
      save(active, parseInput(parsed[0][0], column)).catch((message) => notify(String(message), "danger"));
      return;
    }
    const start = block ? { row: block.top, col: block.left } : active;
    const filled = single && block
      ? Array.from({ length: block.bottom - block.top + 1 }, () => Array.from({ length: block.right - block.left + 1 }, () => parsed[0][0]))
      : parsed;
    rangeEdits.paste(filled, start);
  };

  /** Close the editor and save its value, then move the active cell (by a step, or to the
   * cell that was clicked). The editor closes and the cursor moves at once, so what is typed
   * next goes to the new cell; the save follows in the background. If the server refuses the
   * value, the editor opens again where it was, with the text and the server's message (or,
   * when another edit has begun meanwhile, the message shows in a toast). */
  const commit = (move?: { dRow: number; dCol: number } | { to: Cell }) => {
    const editing = editingRef.current;
    if (!editing || editing.saving) return;
    const column = columns[editing.col];
    const close = () => {
      editingRef.current = null;
      setEditing(null);
      if (move) moveTo("to" in move ? move.to : { row: editing.row + move.dRow, col: editing.col + move.dCol });
      scroller.current?.focus();
    };
    if (column && isSelfSaving(column.uidt)) {
      // The link picker saved each change through the links API already.
      editingRef.current = null;
      setEditing(null);
      scroller.current?.focus();
      return;
    }
    if (!editing.value && editing.pristine) {
      // A plugin editor left as it opened: close without writing.
      close();
      return;
    }
    const saved = save(editing, editing.value ? editing.value.v : parseInput(editing.text, column));
    close();
    saved.catch((message) => {
      if (editingRef.current) {
        notify(`${column?.title ?? ""}: ${String(message)}`, "danger");
        return;
      }
      // A plugin editor opens again from the text it sent (its own state went with it);
      // the text input keeps `text`.
      const refused = editing.value?.v;
      const typed = typeof refused === "string" ? refused : editing.typed;
      const reopened = { ...editing, typed, saving: false, error: String(message) };
      editingRef.current = reopened;
      setEditing(reopened);
      setActive({ row: editing.row, col: editing.col });
      setRangeEnd(null);
      scrollToCell(editing);
    });
  };

  const moveTo = (cell: Cell) => {
    if (rowCount === 0 || columns.length === 0) return;
    const next = {
      row: Math.min(rowCount - 1, Math.max(0, cell.row)),
      col: Math.min(columns.length - 1, Math.max(0, cell.col)),
    };
    setActive(next);
    setRangeEnd(null);
    scrollToCell(next);
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !active) return;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === "z") {
      event.preventDefault();
      void replay(event.shiftKey ? "redo" : "undo");
      return;
    }
    if (mod && event.key.toLowerCase() === "y") {
      event.preventDefault();
      void replay("redo");
      return;
    }
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1], Tab: [0, event.shiftKey ? -1 : 1],
    };
    const arrow = event.key.startsWith("Arrow") ? moves[event.key] : undefined;
    if (arrow && event.shiftKey && selection) {
      event.preventDefault();
      const next = extendSelection(selection, arrow[0], arrow[1], rowCount, columns.length);
      setRangeEnd(next.focus);
      scrollToCell(next.focus);
      return;
    }
    if (mod && event.key.toLowerCase() === "a" && rowCount > 0 && columns.length > 0) {
      // Select every cell of the grid (its rows need not be loaded: a copy fetches them).
      event.preventDefault();
      setActive({ row: 0, col: 0 });
      setRangeEnd({ row: rowCount - 1, col: columns.length - 1 });
      return;
    }
    if (event.key === "Escape" && rangeEnd) {
      event.preventDefault();
      setRangeEnd(null);
      return;
    }
    const pageRows = Math.max(1, Math.floor(viewport.height / ROW_HEIGHT) - 1);
    const jumps: Record<string, Cell> = {
      PageDown: { row: active.row + pageRows, col: active.col },
      PageUp: { row: active.row - pageRows, col: active.col },
      Home: mod ? { row: 0, col: 0 } : { row: active.row, col: 0 },
      End: mod ? { row: rowCount - 1, col: columns.length - 1 } : { row: active.row, col: columns.length - 1 },
    };
    if (jumps[event.key]) {
      event.preventDefault();
      moveTo(jumps[event.key]);
      return;
    }
    if ((event.key === "Delete" || event.key === "Backspace") && caps.dataEdit && block) {
      event.preventDefault();
      if (cellCount(block) > BLOCK_CELL_LIMIT) {
        notify(intl.formatMessage({ id: "grid.block.tooLarge" }, { cells: cellCount(block), limit: BLOCK_CELL_LIMIT }), "warning");
        return;
      }
      void rangeEdits.clear(block);
      return;
    }
    if ((event.key === "Delete" || event.key === "Backspace") && caps.dataEdit) {
      const column = columns[active.col];
      if (column && !isReadOnlyType(column.uidt)) {
        event.preventDefault();
        save(active, isBoolean(column.uidt) ? false : null).catch((message) => notify(String(message), "danger"));
      }
      return;
    }
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo({ row: active.row + move[0], col: active.col + move[1] });
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      startEditing(active);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      startEditing(active, event.key);
    }
  };

  const onEditKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit({ dRow: 1, dCol: 0 });
    } else if (event.key === "Tab") {
      event.preventDefault();
      commit({ dRow: 0, dCol: event.shiftKey ? -1 : 1 });
    } else if (event.key === "Escape") {
      event.preventDefault();
      cancelled.current = true;
      setEditing(null);
      scroller.current?.focus();
    }
  };

  const isRtl = () => !!scroller.current && getComputedStyle(scroller.current).direction === "rtl";
  const saveWidth = async (columnId: string, width: number) => {
    if (!viewId) return;
    const result = await resizeViewColumn({ viewId, columnId, width });
    if ("error" in result) {
      notify((result.error as HttpError).message, "danger");
      setLocalWidths(({ [columnId]: _dropped, ...rest }) => rest);
    }
  };
  const startResize = (event: PointerEvent<HTMLDivElement>, columnId: string, width: number) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    resizing.current = { columnId, x: event.clientX, width };
  };
  const moveResize = (event: PointerEvent<HTMLDivElement>) => {
    const drag = resizing.current;
    if (!drag) return;
    const next = resizedWidth(drag.width, event.clientX - drag.x, isRtl());
    setLocalWidths((prev) => (prev[drag.columnId] === next ? prev : { ...prev, [drag.columnId]: next }));
  };
  const endResize = (event: PointerEvent<HTMLDivElement>) => {
    const drag = resizing.current;
    if (!drag) return;
    resizing.current = null;
    const next = resizedWidth(drag.width, event.clientX - drag.x, isRtl());
    setLocalWidths((prev) => ({ ...prev, [drag.columnId]: next }));
    if (next !== drag.width) void saveWidth(drag.columnId, next);
  };
  /** Arrow keys on a focused column edge narrow or widen the column by WIDTH_STEP. */
  const resizeByKey = (event: KeyboardEvent<HTMLDivElement>, columnId: string, width: number) => {
    const grow = { ArrowRight: 1, ArrowLeft: -1, ArrowUp: 1, ArrowDown: -1 }[event.key];
    if (!grow) return;
    event.preventDefault();
    event.stopPropagation();
    const horizontal = event.key === "ArrowRight" || event.key === "ArrowLeft";
    const next = clampWidth(width + grow * WIDTH_STEP * (horizontal && isRtl() ? -1 : 1));
    if (next === width) return;
    setLocalWidths((prev) => ({ ...prev, [columnId]: next }));
    // Saved once the keys pause, so that a run of presses is one request.
    clearTimeout(keyResizeTimers.current[columnId]);
    keyResizeTimers.current[columnId] = setTimeout(() => void saveWidth(columnId, next), KEY_RESIZE_SAVE_MS);
  };

  const addRecord = async () => {
    const result = await createRecord({ tableId, values: {} });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    const row = rowCount; // the new record comes last
    setActive({ row, col: 0 });
    requestAnimationFrame(() => {
      const el = scroller.current;
      if (el) {
        el.scrollTop = el.scrollHeight;
        setScroll({ top: el.scrollTop, left: Math.abs(el.scrollLeft) });
        el.focus();
      }
    });
  };

  /** Whether the first record of a removal is in the table (an undo got as far as inserting them). */
  const recordsExist = async (removal: Removal) => {
    const pk = removal.removed[0]?.pk;
    if (pk === undefined) return false;
    const result = await store.dispatch(recordsApi.endpoints.record.initiate({ tableId, pk }, { subscribe: false, forceRefetch: true }));
    return !!result.data;
  };

  /** Delete the active record, or every record of the selected block's rows; a toast offers
   * to undo it, as Ctrl+Z does. */
  const deleteSelected = async () => {
    if (!active) return;
    const top = block ? block.top : active.row;
    const bottom = block ? block.bottom : active.row;
    if (bottom - top + 1 > DELETE_LIMIT) {
      notify(intl.formatMessage({ id: "grid.delete.tooMany" }, { count: bottom - top + 1, limit: DELETE_LIMIT }), "warning");
      return;
    }
    await loadRows(top, bottom);
    const keys: unknown[] = [];
    for (let row = top; row <= bottom; row += 1) {
      const record = recordAt(row);
      if (record) keys.push(record[pkName]);
    }
    if (!keys.length) return;
    let removal: Removal;
    try {
      removal = { removed: await rowDeletes.snapshot(keys) };
    } catch (error) {
      return notify(error instanceof Error ? error.message : String(error), "danger");
    }
    const problem = await rowDeletes.remove(removal);
    if (problem) return notify(problem, "danger");
    history.current.record(removal);
    const left = rowCount - keys.length;
    setActive(left > 0 ? { row: Math.min(top, left - 1), col: active.col } : null);
    setRangeEnd(null);
    notify(intl.formatMessage({ id: "grid.deleted" }, { count: keys.length }), "primary", {
      text: intl.formatMessage({ id: "common.undo" }),
      onClick: () => void undoRemoval(removal),
    });
  };

  /** The toast's undo: the last step, as Ctrl+Z; or, if edits came after it, these records alone. */
  const undoRemoval = async (removal: Removal) => {
    if (history.current.last === removal) return replay("undo");
    const problem = await rowDeletes.restore(removal);
    if (problem) return notify(problem, "danger");
    history.current.discard(removal);
  };

  useEffect(() => {
    setActive(null);
    setRangeEnd(null);
    setEditing(null);
    history.current = new EditHistory();
  }, [tableId, viewId]);

  // A drag selects cells until the mouse button is released anywhere.
  const dragging = useRef(false);
  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener("mouseup", stop);
    return () => window.removeEventListener("mouseup", stop);
  }, []);

  const saveField = async (body: ColumnBody) => {
    const column = fieldDialog?.column;
    const result = column
      ? await updateColumn({ tableId, columnId: column.id, body })
      : await addColumn({ tableId, body });
    if ("error" in result) return setFieldError((result.error as HttpError).message);
    setFieldDialog(null);
  };
  const removeField = async () => {
    if (!deletingField) return;
    const result = await deleteColumn({ tableId, columnId: deletingField.id });
    setDeletingField(null);
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };
  const allTitles = (table.columns ?? []).map((c) => c.title);
  const setSearchStable = useCallback((next: Search) => {
    setSearch((prev) => (prev.fieldId === next.fieldId && prev.term === next.term ? prev : next));
  }, []);
  const orderOf = (columnId: string, index: number) =>
    viewColumns?.list.find((vc) => vc.fk_column_id === columnId)?.order ?? index + 1;
  const moveField = (index: number, delta: -1 | 1) => {
    if (!viewId) return;
    const order = movedOrder(columns.map((c, i) => orderOf(c.id, i)), index, delta);
    if (order === null) return;
    void updateViewColumn({ viewId, tableId, columnId: columns[index].id, order });
  };
  const sortBy = async (column: Column, direction: "asc" | "desc") => {
    if (!viewId) return;
    const result = await addSort({ viewId, tableId, columnId: column.id, direction });
    if ("error" in result) notify((result.error as HttpError).message, "danger");
  };

  return (
    <div className="wb-grid" data-testid="grid">
      <div className="wb-grid-toolbar">
        {caps.dataEdit && (
          <>
            <Button icon="add" intent="primary" size="small" loading={createState.isLoading} onClick={addRecord} data-testid="add-record">
              <FormattedMessage id="grid.addRecord" />
            </Button>
            <Button icon="trash" size="small" variant="minimal" intent="danger" disabled={!active} onClick={() => void deleteSelected()} data-testid="delete-record">
              {block && block.bottom > block.top ? (
                <FormattedMessage id="grid.deleteRecords" values={{ count: block.bottom - block.top + 1 }} />
              ) : (
                <FormattedMessage id="grid.deleteRecord" />
              )}
            </Button>
          </>
        )}
        <Button icon="maximize" size="small" variant="minimal" disabled={!active} onClick={() => active && setExpanded(recordAt(active.row) ?? null)} data-testid="expand-record">
          <FormattedMessage id="grid.expandRecord" />
        </Button>
        <span className="bp6-text-muted" data-testid="record-count">
          {intl.formatMessage({ id: "grid.count" }, { count: rowCount })}
        </span>
      </div>
      <GridToolbar
        tableId={tableId}
        viewId={caps.viewConfigure ? viewId : undefined}
        columns={columns}
        allColumns={fieldColumns}
        hidden={hidden}
        sorts={sortsData?.list ?? []}
        filters={filtersData?.list ?? []}
        onSearch={setSearchStable}
      />
      <div
        className="wb-grid-scroll"
        ref={scroller}
        tabIndex={0}
        role="grid"
        aria-rowcount={rowCount}
        onScroll={(e) => setScroll({ top: e.currentTarget.scrollTop, left: Math.abs(e.currentTarget.scrollLeft) })}
        onKeyDown={onGridKey}
        onCopy={onCopy}
        onPaste={onPaste}
        data-testid="grid-scroll"
      >
        <div className="wb-grid-content" style={{ height: HEADER_HEIGHT + rowsWin.contentHeight, width: width + ADD_FIELD_WIDTH }}>
          <div className="wb-grid-header" style={{ width: width + ADD_FIELD_WIDTH }} role="row">
            <div className="wb-row-number">#</div>
            {columns.slice(colsWin.first, colsWin.last + 1).map((column, i) => (
              <div
                key={column.id}
                className="wb-header-cell"
                style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.lefts[colsWin.first + i], width: widths[colsWin.first + i] }}
                role="columnheader"
                data-testid="column-header"
                data-col={colsWin.first + i}
                title={typeLabel(column.uidt)}
              >
                <span className="wb-header-title">{column.title}</span>
                {(caps.schema || caps.viewConfigure) && <Popover
                  placement="bottom-end"
                  content={
                    <Menu>
                      {caps.schema && <MenuItem icon="edit" text={intl.formatMessage({ id: "field.edit" })} onClick={() => { setFieldError(null); setFieldDialog({ column }); }} data-testid="field-edit" />}
                      {caps.viewConfigure && <>
                      <MenuItem icon="sort-asc" text={intl.formatMessage({ id: "sort.asc" })} onClick={() => void sortBy(column, "asc")} data-testid="sort-asc" />
                      <MenuItem icon="sort-desc" text={intl.formatMessage({ id: "sort.desc" })} onClick={() => void sortBy(column, "desc")} data-testid="sort-desc" />
                      <MenuItem icon="eye-off" text={intl.formatMessage({ id: "field.hide" })} disabled={!viewId} onClick={() => viewId && void updateViewColumn({ viewId, tableId, columnId: column.id, show: false })} data-testid="field-hide" />
                      <MenuItem icon="arrow-left" text={intl.formatMessage({ id: "field.moveLeft" })} disabled={colsWin.first + i === 0} onClick={() => moveField(colsWin.first + i, -1)} data-testid="field-move-left" />
                      <MenuItem icon="arrow-right" text={intl.formatMessage({ id: "field.moveRight" })} disabled={colsWin.first + i === columns.length - 1} onClick={() => moveField(colsWin.first + i, 1)} data-testid="field-move-right" />
                      </>}
                      {caps.schema && <MenuItem icon="trash" intent="danger" text={intl.formatMessage({ id: "field.delete" })} onClick={() => setDeletingField(column)} data-testid="field-delete" />}
                    </Menu>
                  }
                >
                  <Button variant="minimal" size="small" icon="caret-down" aria-label={intl.formatMessage({ id: "field.menu" })} data-testid="field-menu" />
                </Popover>}
                {caps.viewConfigure && viewId && (
                  <div
                    className="wb-col-resize"
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={intl.formatMessage({ id: "field.resize" }, { title: column.title })}
                    aria-valuemin={MIN_WIDTH}
                    aria-valuemax={MAX_WIDTH}
                    aria-valuenow={widths[colsWin.first + i]}
                    tabIndex={0}
                    data-testid="column-resize"
                    onPointerDown={(e) => startResize(e, column.id, widths[colsWin.first + i])}
                    onPointerMove={moveResize}
                    onPointerUp={endResize}
                    onPointerCancel={endResize}
                    onKeyDown={(e) => resizeByKey(e, column.id, widths[colsWin.first + i])}
                  />
                )}
              </div>
            ))}
            {caps.schema && <div className="wb-header-add" style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.totalWidth }}>
              <Button
                variant="minimal"
                size="small"
                icon="plus"
                aria-label={intl.formatMessage({ id: "field.add" })}
                title={intl.formatMessage({ id: "field.add" })}
                onClick={() => { setFieldError(null); setFieldDialog({ column: null }); }}
                data-testid="add-field"
              />
            </div>}
          </div>
          {isLoading && <Spinner size={20} className="wb-grid-spinner" />}
          {pages.map((page) => (
            <GridPage
              key={page}
              tableId={tableId}
              projectId={table.project_id}
              pkName={pkName}
              viewId={viewId}
              where={where}
              shared={shared}
              page={page}
              first={rowsWin.first}
              last={rowsWin.last}
              rowTop={rowsWin.rowTop}
              columns={columns}
              colFirst={colsWin.first}
              colLast={colsWin.last}
              lefts={colsWin.lefts}
              width={width}
              widths={widths}
              active={active}
              block={block}
              editing={editing}
              onCellClick={(cell, event) => {
                if (editing && (editing.row !== cell.row || editing.col !== cell.col)) {
                  // A click on another cell saves the edit and makes that cell the active
                  // one (focus stays put until then, so no blur saves a second time).
                  event.preventDefault();
                  dragging.current = false;
                  commit({ to: cell });
                  return;
                }
                if (event.shiftKey && active && !editing) {
                  event.preventDefault();
                  setRangeEnd(cell);
                  return;
                }
                setActive(cell);
                setRangeEnd(null);
                dragging.current = !editing;
                // A click on a checkbox's box toggles it.
                if (!editing && onCheckbox(cell, event)) startEditing(cell);
              }}
              onCellEnter={(cell, event) => {
                if (dragging.current && event.buttons === 1 && active && !editing) setRangeEnd(cell);
              }}
              onCellDoubleClick={(cell, event) => {
                // Inside an open editor a double click selects a word or picks twice; it does
                // not start the edit again (which would drop what was typed).
                if (!editing && !onCheckbox(cell, event)) startEditing(cell);
              }}
              onEditText={(text) => editing && setEditing({ ...editing, text, pristine: false, error: null })}
              onEditKey={onEditKey}
              onEditValue={(value) => {
                if (!editingRef.current) return;
                // An editor opened again repeats the refused value: its error stays.
                if (editingRef.current.value && Object.is(editingRef.current.value.v, value)) return;
                editingRef.current = { ...editingRef.current, value: { v: value }, error: null };
                setEditing(editingRef.current);
              }}
              onEditDone={() => commit()}
              onEditBlur={() => {
                if (editing && !editing.error && !cancelled.current) commit();
              }}
            />
          ))}
        </div>
      </div>
      <CopyProgressDialog progress={blockCopy.progress} onCancel={blockCopy.cancel} />
      <CopyReadyDialog ready={blockCopy.ready} onCopy={() => void blockCopy.writeReady()} onClose={blockCopy.dropReady} />
      <PasteAddRows pending={rangeEdits.pending} onAnswer={rangeEdits.confirmPending} />
      <PasteReport invalid={rangeEdits.invalid} columns={columns} onClose={rangeEdits.closeInvalid} />
      <ExpandedRecord
        tableId={tableId}
        projectId={table.project_id}
        canEdit={caps.dataEdit}
        canComment={caps.comment}
        pkName={pkName}
        record={expanded}
        columns={[...columns, ...hidden]}
        onClose={() => {
          setExpanded(null);
          scroller.current?.focus();
        }}
      />
      <FieldDialog
        isOpen={!!fieldDialog}
        column={fieldDialog?.column}
        taken={allTitles}
        busy={addColumnState.isLoading || updateColumnState.isLoading}
        serverError={fieldError}
        columns={table.columns}
        projectId={table.project_id}
        onSubmit={saveField}
        onCancel={() => setFieldDialog(null)}
      />
      <Alert
        isOpen={!!deletingField}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "field.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={removeField}
        onCancel={() => setDeletingField(null)}
      >
        <FormattedMessage id="field.delete.confirm" values={{ title: deletingField?.title ?? "" }} />
      </Alert>
    </div>
  );
}
