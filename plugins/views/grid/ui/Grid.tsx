// The grid: virtualised rows and columns over a view's records, read page by page as the user
// scrolls (useViewport); cells show values through their field types' cells and edit in place
// (useCellEditing); a cell or a block of them is selected with the mouse and the keys
// (useSelection, useGridKeys), copied, pasted into or cleared (useClipboard, useRangeEdits);
// records are added and deleted from the toolbar with undo (useRowActions); column edges drag
// to resize (useColumnWidths, saved per view). The toolbar below searches, sorts, filters and
// shows hidden fields (GridToolbar).
import { Button, Spinner } from "@blueprintjs/core";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MouseEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  toast as notify,
  useFieldActions,
  useLiveHold,
  useRecordCount,
  useRecordForm,
  useRecordsReader,
  useRecordWriter,
  type FieldInfo,
  type RecordRow,
  type RecordSource,
  type ViewPermissions,
} from "@workbench/plugin-api";
import { fetchPages } from "./blockCopy";
import { CopyProgressDialog, CopyReadyDialog } from "./CopyDialogs";
import { GridHeader } from "./GridHeader";
import { GridPage } from "./GridPage";
import { GridToolbar, type Search } from "./GridToolbar";
import { isBoolean } from "./fields";
import { EditHistory } from "./history";
import { cellId } from "./aria";
import { ADD_FIELD_WIDTH, HEADER_HEIGHT } from "./layout";
import { PAGE_SIZE, pageQuery } from "./pages";
import { PasteAddRows, PasteReport } from "./PasteDialogs";
import type { Cell } from "./range";
import { searchWhere } from "./search";
import { useBlockCopy } from "./useBlockCopy";
import { useCellEditing } from "./useCellEditing";
import { useClipboard } from "./useClipboard";
import { useColumnWidths } from "./useColumnWidths";
import { useGridKeys } from "./useGridKeys";
import { useRangeEdits } from "./useRangeEdits";
import { useRowActions } from "./useRowActions";
import { useSelection } from "./useSelection";
import { useViewport } from "./useViewport";
import { errorText, viewApi } from "./viewApi";
import { arrangeColumns, movedOrder } from "./viewOrder";
import { pagesFor } from "./virtual";

export function Grid({ table, projectId, source, can }: {
  table: { id: string; title: string; columns: FieldInfo[] };
  projectId?: string;
  /** The view (its sorts, filters and fields apply) or a shared link the records come from. */
  source: RecordSource;
  can: ViewPermissions;
}) {
  const intl = useIntl();
  const gridId = useId();
  const tableId = table.id;
  const pkName = table.columns.find((c) => c.pk)?.title ?? "Id";
  const viewId = source.shared ? undefined : source.viewId;
  const views = viewApi();
  const { data: viewColumns } = views.useViewColumnsQuery(viewId ?? "", { skip: !viewId });
  const { data: sortsData } = views.useViewSortsQuery(viewId ?? "", { skip: !viewId });
  const { data: filtersData } = views.useViewFiltersQuery(viewId ?? "", { skip: !viewId });
  const [addSort] = views.useAddSortMutation();
  const [updateViewColumn] = views.useUpdateViewColumnMutation();
  const fieldColumns = useMemo(() => table.columns.filter((c) => !c.system && !c.pk), [table.columns]);
  const { shown: columns, hidden } = useMemo(() => arrangeColumns(fieldColumns, viewColumns?.list), [fieldColumns, viewColumns]);
  const [search, setSearch] = useState<Search>({ fieldId: null, term: "" });
  const where = searchWhere(columns, search.fieldId, search.term);
  const { count: rowCount, isLoading } = useRecordCount(source, { where });
  const reader = useRecordsReader();
  const writer = useRecordWriter({ id: tableId, projectId, pkName });
  const scroller = useRef<HTMLDivElement>(null);
  const history = useRef(new EditHistory());
  // Cell writes go to the server one after the other, so an undo never overtakes its edit.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const write = <T,>(send: () => PromiseLike<T>): Promise<T> => {
    const next = queue.current.then(send, send);
    queue.current = next.catch(() => undefined);
    return next;
  };
  useEffect(() => {
    history.current = new EditHistory();
  }, [tableId, viewId]);

  const resize = useColumnWidths({ columns, viewColumns: viewColumns?.list, viewId: can.configureView ? viewId : undefined, scroller });
  const { widths } = resize;
  const { viewport, rowsWin, colsWin, width, pages, onScroll, syncScroll, scrollToCell } = useViewport({ scroller, rowCount, widths });

  const recordAt = useCallback(
    (row: number): RecordRow | undefined => {
      const page = Math.floor(row / PAGE_SIZE);
      return reader.cached(source, pageQuery(page, where))?.[row - page * PAGE_SIZE];
    },
    [reader, source, where],
  );
  /** Load the pages holding rows first..last (for edits of rows scrolled out of view), a few
   * at a time so that a large block does not send every page's request at once. */
  const loadRows = useCallback(
    async (first: number, last: number) => {
      const load = (page: number) => reader.read(source, pageQuery(page, where));
      await fetchPages(pagesFor(first, last, PAGE_SIZE), load, new Map(), () => undefined);
    },
    [reader, source, where],
  );

  const selection = useSelection({ tableId, viewId, rowCount, columnCount: columns.length, pkName, recordAt, scrollToCell });
  const { active, block, setActive, setRangeEnd, dragging } = selection;
  const cells = useCellEditing({
    tableId, viewId, columns, pkName, canEdit: can.editRecords, writer, history, write, recordAt, selection, scrollToCell, scroller,
  });
  const { editing } = cells;
  const rangeEdits = useRangeEdits({ writer, pkName, columns, rowCount, recordAt, loadRows, write, history });
  const rows = useRowActions({
    tableId, projectId, pkName, allColumns: table.columns, canEdit: can.editRecords, rowCount, writer, history, write,
    rangeEdits, selection, recordAt, loadRows, scroller, syncScroll,
  });
  const blockCopy = useBlockCopy({ source, where, columns });
  const clipboard = useClipboard({ columns, canEdit: can.editRecords, selection, cells, blockCopy, rangeEdits });
  const expandActive = () => {
    const record = active && recordAt(active.row);
    if (record) form.open(record);
  };
  const onGridKey = useGridKeys({
    columns, rowCount, viewportHeight: viewport.height, canEdit: can.editRecords, selection, cells, rangeEdits, replay: rows.replay, scrollToCell,
    onExpand: () => expandActive(),
  });
  // Live changes from others wait while a reload would move rows under an open editor, a
  // paste waiting for its answer or a copy reading its pages.
  useLiveHold(tableId, !!editing || !!rangeEdits.pending || !!rangeEdits.busy || !!blockCopy.progress);

  const form = useRecordForm({
    tableId, projectId, columns: [...columns, ...hidden], pkName, canEdit: can.editRecords, canComment: can.comment,
    onClose: () => scroller.current?.focus(),
  });
  const fields = useFieldActions({ id: tableId, projectId, columns: table.columns });
  const setSearchStable = useCallback((next: Search) => {
    setSearch((prev) => (prev.fieldId === next.fieldId && prev.term === next.term ? prev : next));
  }, []);
  const orderOf = (columnId: string, index: number) => viewColumns?.list.find((vc) => vc.fk_column_id === columnId)?.order ?? index + 1;
  const moveField = (index: number, delta: -1 | 1) => {
    if (!viewId) return;
    const order = movedOrder(columns.map((c, i) => orderOf(c.id, i)), index, delta);
    if (order === null) return;
    void updateViewColumn({ viewId, tableId, columnId: columns[index].id, order });
  };
  const sortBy = async (column: FieldInfo, direction: "asc" | "desc") => {
    if (!viewId) return;
    const result = await addSort({ viewId, tableId, columnId: column.id, direction });
    if ("error" in result) notify(errorText(result.error), "danger");
  };

  /** Whether a click landed on the box of a checkbox cell (its plugin cell's role=checkbox). */
  const onCheckbox = (cell: Cell, event: MouseEvent) =>
    isBoolean(columns[cell.col]?.uidt) && !!(event.target as Element).closest?.("[role=checkbox]");

  return (
    <div className="wb-grid" data-testid="grid">
      <div className="wb-grid-toolbar">
        {can.editRecords && (
          <>
            <Button icon="add" intent="primary" size="small" loading={rows.adding} onClick={() => void rows.addRecord()} data-testid="add-record">
              <FormattedMessage id="plugin.view_grid.grid.addRecord" />
            </Button>
            <Button icon="trash" size="small" variant="minimal" intent="danger" disabled={!active} onClick={() => void rows.deleteSelected()} data-testid="delete-record">
              {block && block.bottom > block.top ? (
                <FormattedMessage id="plugin.view_grid.grid.deleteRecords" values={{ count: block.bottom - block.top + 1 }} />
              ) : (
                <FormattedMessage id="plugin.view_grid.grid.deleteRecord" />
              )}
            </Button>
          </>
        )}
        <Button icon="maximize" size="small" variant="minimal" disabled={!active} onClick={expandActive} data-testid="expand-record">
          <FormattedMessage id="plugin.view_grid.grid.expandRecord" />
        </Button>
        <span className="bp6-text-muted" data-testid="record-count">
          {intl.formatMessage({ id: "plugin.view_grid.grid.count" }, { count: rowCount })}
        </span>
      </div>
      <GridToolbar
        tableId={tableId}
        viewId={can.configureView ? viewId : undefined}
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
        aria-label={table.title}
        aria-rowcount={rowCount + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable
        aria-readonly={!can.editRecords || undefined}
        aria-activedescendant={active && !editing && active.col < columns.length ? cellId(gridId, active) : undefined}
        onScroll={onScroll}
        onKeyDown={onGridKey}
        onCopy={clipboard.onCopy}
        onPaste={clipboard.onPaste}
        data-testid="grid-scroll"
      >
        <div className="wb-grid-content" role="presentation" style={{ height: HEADER_HEIGHT + rowsWin.contentHeight, width: width + ADD_FIELD_WIDTH }}>
          <GridHeader
            columns={columns}
            colsWin={colsWin}
            widths={widths}
            width={width}
            can={can}
            viewId={viewId}
            fields={fields}
            resize={resize}
            onSort={(column, direction) => void sortBy(column, direction)}
            onHide={(column) => viewId && void updateViewColumn({ viewId, tableId, columnId: column.id, show: false })}
            onMove={moveField}
          />
          {isLoading && <Spinner size={20} className="wb-grid-spinner" />}
          {pages.map((page) => (
            <GridPage
              key={page}
              gridId={gridId}
              source={source}
              projectId={projectId}
              pkName={pkName}
              where={where}
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
                  cells.commit({ to: cell });
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
                if (!editing && onCheckbox(cell, event)) cells.startEditing(cell);
              }}
              onCellEnter={(cell, event) => {
                if (dragging.current && event.buttons === 1 && active && !editing) setRangeEnd(cell);
              }}
              onCellDoubleClick={(cell, event) => {
                // Inside an open editor a double click selects a word or picks twice; it does
                // not start the edit again (which would drop what was typed).
                if (!editing && !onCheckbox(cell, event)) cells.startEditing(cell);
              }}
              onEditText={cells.onEditText}
              onEditKey={cells.onEditKey}
              onEditValue={cells.onEditValue}
              onEditDone={() => cells.commit()}
              onEditBlur={cells.onEditBlur}
            />
          ))}
        </div>
      </div>
      <CopyProgressDialog progress={blockCopy.progress} onCancel={blockCopy.cancel} />
      <CopyReadyDialog ready={blockCopy.ready} onCopy={() => void blockCopy.writeReady()} onClose={blockCopy.dropReady} />
      <PasteAddRows pending={rangeEdits.pending} onAnswer={rangeEdits.confirmPending} />
      <PasteReport invalid={rangeEdits.invalid} columns={columns} onClose={rangeEdits.closeInvalid} />
      {form.element}
      {fields.element}
    </div>
  );
}
