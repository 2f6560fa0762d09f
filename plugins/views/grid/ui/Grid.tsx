// The grid: virtualised rows and columns over a view's records, read page by page as the user
// scrolls (useViewport); cells show values through their field types' cells and edit in place
// (useCellEditing); a cell or a block of them is selected with the mouse and the keys
// (useSelection, useGridKeys), copied, pasted into or cleared (useClipboard, useRangeEdits);
// records are added and deleted from the toolbar with undo (useRowActions); column edges drag
// to resize (useColumnWidths, saved per view) and headers drag to reorder. Records can be
// grouped by up to three fields (GroupRows: collapsible headers with the value and count);
// the footer shows each field's chosen aggregation (GridFooter); the row height and the
// frozen fields are the view's settings. The toolbar below searches, sorts, groups, filters
// and shows hidden fields (GridToolbar).
import { Button, NonIdealState, Spinner } from "@blueprintjs/core";
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  toast as notify,
  useFieldActions,
  useLiveHold,
  useRecordCount,
  useRecordForm,
  useRecordsReader,
  useRecordWriter,
  useTabViewState,
  WhileOpen,
  type FieldInfo,
  type RecordRow,
  type RecordSource,
  type ViewPermissions,
} from "@workbench/plugin-api";
import { fetchPages } from "./blockCopy";
import { CopyProgressDialog, CopyReadyDialog } from "./CopyDialogs";
import { GridFooter } from "./GridFooter";
import { GridHeader } from "./GridHeader";
import { GridPage } from "./GridPage";
import { GridToolbar, type Search } from "./GridToolbar";
import { isBoolean } from "./fields";
import { GroupRows } from "./GroupRows";
import { OwnTools, ownSort, ownWhere } from "./OwnTools";
import { groupingOf, groupsOfLevels, groupSort } from "./grouping";
import { EditHistory } from "./history";
import { ADD_FIELD_WIDTH, FOOTER_HEIGHT, HEADER_HEIGHT, MAX_FROZEN, rowHeightOf } from "./layout";
import { PAGE_SIZE, pageQuery } from "./pages";
import { PasteAddRows, PasteReport } from "./PasteDialogs";
import { RecordActions } from "./RecordActions";
import type { Cell } from "./range";
import { RowHeightMenu } from "./RowHeightMenu";
import { flatLayout, foldedAround, groupedLayout, groupTree } from "./rowLayout";
import { searchWhere } from "./search";
import { cellId, isDrawn } from "./aria";
import { useBlockCopy } from "./useBlockCopy";
import { useCellEditing } from "./useCellEditing";
import { useTyping, type EditingStore } from "./editingStore";
import { useClipboard } from "./useClipboard";
import { useColumnWidths } from "./useColumnWidths";
import { useGridKeys } from "./useGridKeys";
import { useRangeEdits } from "./useRangeEdits";
import { useRowActions } from "./useRowActions";
import { useSelection } from "./useSelection";
import { useViewport } from "./useViewport";
import { errorText, sharedViewColumns, viewApi } from "./viewApi";
import { arrangeColumns, draggedOrder, movedOrder } from "./viewOrder";
import { pagesFor } from "./virtual";

const NONE: never[] = [];

/** Groups the grid reads at most (the server's largest page). */
const MAX_GROUPS = 1000;

export function Grid({ table, projectId, source, can, settings = {}, saveSettings, onImport }: {
  table: { id: string; title: string; columns: FieldInfo[] };
  projectId?: string;
  /** The view (its sorts, filters and fields apply) or a shared link the records come from. */
  source: RecordSource;
  can: ViewPermissions;
  /** The view's settings (row height, frozen fields) and the means to change them. */
  settings?: Record<string, unknown>;
  saveSettings?(changes: Record<string, unknown>): Promise<boolean>;
  /** Open the import of records into the table, where the user may import. */
  onImport?(): void;
}) {
  const intl = useIntl();
  const gridId = useId();
  const tableId = table.id;
  const pkName = table.columns.find((c) => c.pk)?.title ?? "Id";
  const viewId = source.shared ? undefined : source.viewId;
  // A viewer's own sort and filters, kept in the open tab.
  const ownActive = !!viewId && !can.configureView;
  const own = useTabViewState(ownActive ? viewId : undefined);
  const views = viewApi();
  const { data: savedColumns } = views.useViewColumnsQuery(viewId ?? "", { skip: !viewId });
  // A shared view's fields come with the view's settings of them (grouping, footer, order).
  const viewColumns = useMemo(() => (source.shared ? { list: sharedViewColumns(table.columns) } : savedColumns), [source.shared, table.columns, savedColumns]);
  const { data: sortsData } = views.useViewSortsQuery(viewId ?? "", { skip: !viewId });
  const { data: filtersData } = views.useViewFiltersQuery(viewId ?? "", { skip: !viewId });
  const [addSort] = views.useAddSortMutation();
  const [updateViewColumn] = views.useUpdateViewColumnMutation();
  const fieldColumns = useMemo(() => table.columns.filter((c) => !c.system && !c.pk), [table.columns]);
  const { shown: columns, hidden } = useMemo(() => arrangeColumns(fieldColumns, viewColumns?.list), [fieldColumns, viewColumns]);
  const [search, setSearch] = useState<Search>({ fieldId: null, term: "" });
  const where = ownWhere(searchWhere(columns, search.fieldId, search.term), ownActive ? own.filters : [], fieldColumns);
  const { count: rowCount, estimated: countEstimated, isLoading } = useRecordCount(source, { where });
  const rowHeight = rowHeightOf(settings.row_height);
  const frozen = Math.min(typeof settings.frozen_columns === "number" ? settings.frozen_columns : 0, MAX_FROZEN, columns.length);
  // Grouped records are read group after group; the groups come with their counts.
  const groups = useMemo(() => (viewId || source.shared ? groupingOf(fieldColumns, viewColumns?.list) : []), [viewId, source.shared, fieldColumns, viewColumns]);
  const sort = groupSort(groups);
  // The records' order: the groups' first, then the viewer's own (the view's come after).
  const readSort = ownSort(sort, ownActive ? own.sorts : [], fieldColumns);
  const { data: groupData, currentData: currentGroups } = views.useGridGroupsQuery(
    { projectId: projectId ?? "", tableId, viewId: viewId ?? "", shared: source.shared, columnIds: groups.map((g) => g.column.id), sort: sort ?? "", where, limit: MAX_GROUPS },
    { skip: !sort || (!source.shared && (!projectId || !viewId)) },
  );
  // While a new grouping's groups are read, the headers of the one before are not drawn over
  // its records (a new search keeps them: the same fields, counts a moment old).
  const groupRows = currentGroups ?? (groupData && groupsOfLevels(groupData.list, groups) ? groupData : undefined);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const tree = useMemo(
    () => (sort && groupRows ? groupTree(groupRows.list.map((g) => ({ values: groups.map((l) => g[l.column.title]), count: Number(g.count) }))) : null),
    [sort, groupRows, groups],
  );
  const layout = useMemo(
    () => (tree ? groupedLayout(tree, collapsed, rowHeight) : flatLayout(rowCount, rowHeight)),
    [tree, collapsed, rowHeight, rowCount],
  );
  const toggleGroup = useCallback((key: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const reader = useRecordsReader();
  // The first page is read while the records are counted, not after: the first rows show a
  // round trip sooner (once the view's fields are known, which say how the records sort).
  const fieldsKnown = !viewId || !!viewColumns;
  useEffect(() => {
    if (isLoading && fieldsKnown) reader.read(source, pageQuery(0, where, readSort)).catch(() => undefined);
  }, [isLoading, fieldsKnown, reader, source, where, readSort]);
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
  const frozenWidth = widths.slice(0, frozen).reduce((a, b) => a + b, 0);
  const { viewport, rowsWin, colsWin, width, pages, flying, onScroll, syncScroll, scrollToCell: scrollTo } = useViewport({ scroller, layout, widths, frozenWidth });
  // A cell moved to in a folded group unfolds the groups around it, then scrolls into view.
  const unfoldedTo = useRef<{ row: number; col?: number } | null>(null);
  const scrollToCell = useCallback(
    (cell: { row: number; col?: number }) => {
      const folded = tree ? foldedAround(tree, collapsed, cell.row) : [];
      if (folded.length === 0) {
        scrollTo(cell);
        return;
      }
      unfoldedTo.current = cell;
      setCollapsed((prev) => new Set([...prev].filter((key) => !folded.includes(key))));
    },
    [tree, collapsed, scrollTo],
  );
  useLayoutEffect(() => {
    const cell = unfoldedTo.current;
    unfoldedTo.current = null;
    if (cell) scrollTo(cell);
  }, [scrollTo]);

  const recordAt = useCallback(
    (row: number): RecordRow | undefined => {
      const page = Math.floor(row / PAGE_SIZE);
      return reader.cached(source, pageQuery(page, where, readSort))?.[row - page * PAGE_SIZE];
    },
    [reader, source, where, readSort],
  );
  /** Load the pages holding rows first..last (for edits of rows scrolled out of view), a few
   * at a time so that a large block does not send every page's request at once. */
  const loadRows = useCallback(
    async (first: number, last: number) => {
      const load = (page: number) => reader.read(source, pageQuery(page, where, readSort));
      await fetchPages(pagesFor(first, last, PAGE_SIZE), load, new Map(), () => undefined);
    },
    [reader, source, where, readSort],
  );

  const selection = useSelection({ tableId, viewId, rowCount, columnCount: columns.length, pkName, recordAt, scrollToCell });
  const { active, block, setActive, setRangeEnd, dragging } = selection;
  const cells = useCellEditing({
    tableId, viewId, columns, pkName, canEdit: can.editRecords, writer, history, write, recordAt, selection, scrollToCell, scroller,
  });
  const editingNow = cells.current;
  const rangeEdits = useRangeEdits({ writer, pkName, columns, rowCount, recordAt, loadRows, write, history });
  const rows = useRowActions({
    tableId, projectId, pkName, allColumns: table.columns, canEdit: can.editRecords, rowCount, writer, history, write,
    rangeEdits, selection, recordAt, loadRows, scroller, syncScroll,
    // In a grouped grid a new record goes to its group, wherever that is: it opens in the
    // record form to be filled in.
    showAdded: (record) => {
      if (!sort) return false;
      form.open(record);
      return true;
    },
  });
  const blockCopy = useBlockCopy({ source, where, sort: readSort, columns });
  const clipboard = useClipboard({ columns, canEdit: can.editRecords, selection, cells, blockCopy, rangeEdits });
  const expandActive = () => {
    const record = active && recordAt(active.row);
    if (record) form.open(record);
  };
  const onGridKey = useGridKeys({
    columns, rowCount, viewportHeight: viewport.height, rowHeight, canEdit: can.editRecords, selection, cells, rangeEdits, replay: rows.replay, scrollToCell,
    onExpand: () => expandActive(),
  });
  // Live changes from others wait while a reload would move rows under an open editor, a
  // paste waiting for its answer or a copy reading its pages.
  const holdLive = !!rangeEdits.pending || !!rangeEdits.busy || !!blockCopy.progress;

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
  const dropField = (from: number, to: number) => {
    if (!viewId) return;
    const order = draggedOrder(columns.map((c, i) => orderOf(c.id, i)), from, to);
    if (order === null) return;
    void updateViewColumn({ viewId, tableId, columnId: columns[from].id, order });
  };
  const changeSettings = async (changes: Record<string, unknown>) => {
    if (saveSettings && !(await saveSettings(changes))) notify(intl.formatMessage({ id: "plugin.view_grid.grid.settingsFailed" }), "danger");
  };
  const sortBy = async (column: FieldInfo, direction: "asc" | "desc") => {
    if (!viewId) return;
    const result = await addSort({ viewId, tableId, columnId: column.id, direction });
    if ("error" in result) notify(errorText(result.error), "danger");
  };

  // The header is drawn again only when its props change (functions aside): its handlers
  // call the grid's latest ones.
  const hide = (column: FieldInfo) => {
    if (viewId) void updateViewColumn({ viewId, tableId, columnId: column.id, show: false });
  };
  const latest = useRef({ sortBy, moveField, dropField, changeSettings, fields, hide, rows, expandActive });
  latest.current = { sortBy, moveField, dropField, changeSettings, fields, hide, rows, expandActive };
  const headerFields = useMemo<typeof fields>(
    () => ({
      add: () => latest.current.fields.add(),
      edit: (column) => latest.current.fields.edit(column),
      remove: (column) => latest.current.fields.remove(column),
      update: (column, changes) => latest.current.fields.update(column, changes),
      element: null,
    }),
    [],
  );

  /** Whether a click landed on the box of a checkbox cell (its plugin cell's role=checkbox). */
  const onCheckbox = (cell: Cell, event: MouseEvent) =>
    isBoolean(columns[cell.col]?.uidt) && !!(event.target as Element).closest?.("[role=checkbox]");

  return (
    <div className="wb-grid" data-testid="grid">
      <RecordActions
        canEdit={can.editRecords}
        adding={rows.adding}
        hasActive={!!active}
        deleteCount={block ? block.bottom - block.top + 1 : 1}
        count={rowCount}
        estimated={!!countEstimated}
        onAdd={() => void latest.current.rows.addRecord()}
        onDelete={() => void latest.current.rows.deleteSelected()}
        onExpand={() => latest.current.expandActive()}
      />
      <GridToolbar
        tableId={tableId}
        viewId={can.configureView ? viewId : undefined}
        columns={columns}
        allColumns={fieldColumns}
        hidden={hidden}
        sorts={sortsData?.list ?? NONE}
        filters={filtersData?.list ?? NONE}
        groups={groups}
        onSearch={setSearchStable}
        extra={
          can.configureView && viewId && saveSettings ? (
            <RowHeightMenu value={rowHeight} onChange={(row_height) => void latest.current.changeSettings({ row_height })} />
          ) : ownActive ? (
            <OwnTools columns={fieldColumns} {...own} testPrefix="own" sortLabel="plugin.view_grid.own.sort" />
          ) : undefined
        }
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
        aria-activedescendant={
          active && isDrawn(active, rowsWin.runs, { first: colsWin.first, last: colsWin.last, frozen }) ? cellId(gridId, active) : undefined
        }
        data-row-height={rowHeight}
        style={{ ["--wb-row-height" as string]: `${rowHeight}px` }}
        onScroll={onScroll}
        onKeyDown={onGridKey}
        onCopy={clipboard.onCopy}
        onPaste={clipboard.onPaste}
        data-testid="grid-scroll"
      >
        <div className="wb-grid-content" role="presentation" style={{ height: HEADER_HEIGHT + rowsWin.contentHeight + FOOTER_HEIGHT, width: width + ADD_FIELD_WIDTH }}>
          <GridHeader
            columns={columns}
            colsWin={colsWin}
            widths={widths}
            width={width}
            frozen={frozen}
            can={can}
            viewId={viewId}
            fields={headerFields}
            resize={resize}
            onSort={(column, direction) => void latest.current.sortBy(column, direction)}
            onHide={(column) => latest.current.hide(column)}
            onMove={(index, delta) => latest.current.moveField(index, delta)}
            onDrop={(from, to) => latest.current.dropField(from, to)}
            onFreeze={(frozen_columns) => void latest.current.changeSettings({ frozen_columns })}
          />
          {isLoading && <Spinner size={20} className="wb-grid-spinner" />}
          {!isLoading && rowCount === 0 && !where && (
            <div className="wb-grid-empty" data-testid="grid-empty">
            <NonIdealState
              icon="th"
              title={intl.formatMessage({ id: "plugin.view_grid.empty.title" })}
              description={intl.formatMessage({ id: can.editRecords ? "plugin.view_grid.empty.description" : "plugin.view_grid.empty.readOnly" })}
              action={
                can.editRecords ? (
                  <div className="wb-grid-empty-actions">
                    <Button icon="add" intent="primary" onClick={() => void rows.addRecord()} data-testid="empty-add-record">
                      <FormattedMessage id="plugin.view_grid.empty.addRecord" />
                    </Button>
                    {onImport && (
                      <Button icon="upload" onClick={onImport} data-testid="empty-import-file">
                        <FormattedMessage id="plugin.view_grid.empty.import" />
                      </Button>
                    )}
                  </div>
                ) : undefined
              }
            />
            </div>
          )}
          {tree && (
            <GroupRows
              headers={rowsWin.headers}
              groups={groups}
              width={width}
              columnCount={columns.length + 1}
              projectId={projectId}
              tableId={tableId}
              onToggle={toggleGroup}
            />
          )}
          {pages.map((page) => (
            <GridPage
              key={page}
              gridId={gridId}
              source={source}
              projectId={projectId}
              pkName={pkName}
              where={where}
              sort={readSort}
              grouped={!!tree}
              page={page}
              deferRead={flying}
              runs={rowsWin.runs}
              rowTop={rowsWin.rowTop}
              columns={columns}
              colFirst={colsWin.first}
              colLast={colsWin.last}
              frozen={frozen}
              frozenWidth={frozenWidth}
              lefts={colsWin.lefts}
              width={width}
              widths={widths}
              active={active}
              block={block}
              editingStore={cells.store}
              canEdit={can.editRecords}
              onCellClick={(cell, event) => {
                const editing = editingNow();
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
                if (dragging.current && event.buttons === 1 && active && !editingNow()) setRangeEnd(cell);
              }}
              onCellDoubleClick={(cell, event) => {
                // Inside an open editor a double click selects a word or picks twice; it does
                // not start the edit again (which would drop what was typed).
                if (!editingNow() && !onCheckbox(cell, event)) cells.startEditing(cell);
              }}
              onEditText={cells.onEditText}
              onEditKey={cells.onEditKey}
              onEditValue={cells.onEditValue}
              onEditDone={() => cells.commit()}
              onEditBlur={cells.onEditBlur}
            />
          ))}
          <GridFooter
            source={source}
            where={where}
            columns={columns}
            viewColumns={viewColumns?.list}
            colsWin={colsWin}
            widths={widths}
            width={width}
            top={rowsWin.contentHeight}
            frozen={frozen}
            frozenWidth={frozenWidth}
            canChange={can.configureView && !!viewId}
          />
        </div>
      </div>
      <LiveHold tableId={tableId} editing={cells.store} busy={holdLive} />
      <WhileOpen open={!!blockCopy.progress}>
        <CopyProgressDialog progress={blockCopy.progress} onCancel={blockCopy.cancel} />
      </WhileOpen>
      <WhileOpen open={!!blockCopy.ready}>
        <CopyReadyDialog ready={blockCopy.ready} onCopy={() => void blockCopy.writeReady()} onClose={blockCopy.dropReady} />
      </WhileOpen>
      <WhileOpen open={!!rangeEdits.pending}>
        <PasteAddRows pending={rangeEdits.pending} onAnswer={rangeEdits.confirmPending} />
      </WhileOpen>
      <WhileOpen open={rangeEdits.invalid.length > 0}>
        <PasteReport invalid={rangeEdits.invalid} columns={columns} onClose={rangeEdits.closeInvalid} />
      </WhileOpen>
      {form.element}
      {fields.element}
    </div>
  );
}

/** Holds live changes (others', and the reloads that this page's own saves bring back) while
 * the user types into cells: an editor is open or closed a moment ago (Enter, then the next
 * record's first key), so that no reload lands between the keys; also while `busy`. Drawn
 * again alone when that changes. */
function LiveHold({ tableId, editing, busy }: { tableId: string; editing: EditingStore; busy: boolean }) {
  useLiveHold(tableId, useTyping(editing) || busy);
  return null;
}
