// The grid's header: a cell per field in view (its type's icon, its type in words on hover)
// with its menu (edit or delete the field for who may change the table; sort by it, hide it,
// move it, freeze the fields up to it for who may configure the view), dragged by its title to
// another place and an edge to drag or key-resize it, then the button that adds a field. The
// frozen fields stay beside the row numbers when the grid scrolls sideways.
import { Button, Icon, Menu, MenuDivider, MenuItem, PopoverNext, type IconName } from "@blueprintjs/core";
import { memo, useState, type DragEvent } from "react";
import { useIntl } from "react-intl";
import { fieldType, type FieldActions, type FieldInfo, type ViewPermissions } from "@workbench/plugin-api";
import { MAX_WIDTH, MIN_WIDTH } from "./columnWidth";
import { columnIndex } from "./aria";
import { ADD_FIELD_WIDTH, frozenPart, MAX_FROZEN, ROW_NUMBER_WIDTH } from "./layout";
import type { ColumnWidths } from "./useColumnWidths";
import { focusFirstItem, onMenuKeys } from "./menuKeys";
import { dropIndex } from "./viewOrder";
import type { ColumnWindow } from "./virtual";
import { sameProps } from "./sameProps";

const DRAG_TYPE = "application/x-workbench-field";

function GridHeaderView({ columns, colsWin, widths, width, frozen, can, viewId, fields, resize, onSort, onHide, onMove, onDrop, onFreeze }: {
  columns: FieldInfo[];
  colsWin: ColumnWindow;
  widths: number[];
  width: number;
  /** How many of the first fields are frozen. */
  frozen: number;
  can: ViewPermissions;
  viewId?: string;
  fields: FieldActions;
  resize: ColumnWidths;
  onSort(column: FieldInfo, direction: "asc" | "desc"): void;
  onHide(column: FieldInfo): void;
  onMove(index: number, delta: -1 | 1): void;
  /** A header dragged from `from` to `to` (its index among the fields once moved). */
  onDrop(from: number, to: number): void;
  onFreeze(count: number): void;
}) {
  const intl = useIntl();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<{ index: number; after: boolean } | null>(null);
  const typeLabel = (uidt: string) => {
    const type = fieldType(uidt);
    return type ? intl.formatMessage({ id: type.label, defaultMessage: uidt }) : uidt;
  };
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `plugin.view_grid.${id}` }, values);
  const movable = can.configureView && !!viewId;
  const frozenWidth = frozen > 0 ? colsWin.lefts[frozen - 1] + widths[frozen - 1] : 0;
  const side = (event: DragEvent, index: number) => {
    const box = event.currentTarget.getBoundingClientRect();
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const past = event.clientX > box.left + box.width / 2;
    return { index, after: rtl ? !past : past };
  };
  const cell = (column: FieldInfo, index: number) => {
    const dropClass = dropAt?.index === index && dragFrom !== null && dragFrom !== index ? (dropAt.after ? " wb-drop-after" : " wb-drop-before") : "";
    return (
      <div
        key={column.id}
        className={`wb-header-cell${index < frozen ? " wb-header-frozen" : ""}${dragFrom === index ? " wb-header-dragging" : ""}${dropClass}`}
        style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.lefts[index], width: widths[index] }}
        role="columnheader"
        aria-colindex={columnIndex(index)}
        data-testid="column-header"
        data-col={index}
        title={typeLabel(column.uidt)}
        onDragOver={
          movable
            ? (event) => {
                if (dragFrom === null) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                setDropAt(side(event, index));
              }
            : undefined
        }
        onDrop={
          movable
            ? (event) => {
                if (dragFrom === null) return;
                event.preventDefault();
                const at = side(event, index);
                onDrop(dragFrom, dropIndex(dragFrom, at.index, at.after));
                setDragFrom(null);
                setDropAt(null);
              }
            : undefined
        }
      >
        <Icon icon={(fieldType(column.uidt)?.icon ?? "blank") as IconName} size={14} className="wb-header-icon" data-testid="column-icon" />
        <span
          className="wb-header-title"
          draggable={movable}
          onDragStart={
            movable
              ? (event) => {
                  event.dataTransfer.setData(DRAG_TYPE, column.id);
                  event.dataTransfer.effectAllowed = "move";
                  setDragFrom(index);
                }
              : undefined
          }
          onDragEnd={() => {
            setDragFrom(null);
            setDropAt(null);
          }}
          data-testid="column-title"
        >
          {column.title}
        </span>
        {(can.editFields || can.configureView) && (
          <PopoverNext
            placement="bottom-end"
            // The focus stays where the chosen item puts it (its items open the field dialog or a confirmation).
            shouldReturnFocusOnClose={false}
            onOpened={focusFirstItem}
            content={
              <Menu onKeyDown={onMenuKeys}>
                {can.editFields && <MenuItem icon="edit" text={t("field.edit")} onClick={() => fields.edit(column)} data-testid="field-edit" />}
                {can.configureView && (
                  <>
                    <MenuItem icon="sort-asc" text={t("sort.asc")} onClick={() => onSort(column, "asc")} data-testid="sort-asc" />
                    <MenuItem icon="sort-desc" text={t("sort.desc")} onClick={() => onSort(column, "desc")} data-testid="sort-desc" />
                    <MenuItem icon="eye-off" text={t("field.hide")} disabled={!viewId} onClick={() => onHide(column)} data-testid="field-hide" />
                    <MenuItem icon="arrow-left" text={t("field.moveLeft")} disabled={index === 0} onClick={() => onMove(index, -1)} data-testid="field-move-left" />
                    <MenuItem icon="arrow-right" text={t("field.moveRight")} disabled={index === columns.length - 1} onClick={() => onMove(index, 1)} data-testid="field-move-right" />
                    {viewId && <MenuDivider />}
                    {viewId && index < MAX_FROZEN && index + 1 !== frozen && (
                      <MenuItem icon="lock" text={t("field.freeze")} onClick={() => onFreeze(index + 1)} data-testid="field-freeze" />
                    )}
                    {viewId && frozen > 0 && index < frozen && (
                      <MenuItem icon="unlock" text={t("field.unfreeze")} onClick={() => onFreeze(0)} data-testid="field-unfreeze" />
                    )}
                  </>
                )}
                {can.editFields && <MenuItem icon="trash" intent="danger" text={t("field.delete")} onClick={() => fields.remove(column)} data-testid="field-delete" />}
              </Menu>
            }
          >
            <Button variant="minimal" size="small" icon="caret-down" aria-label={t("field.menu")} data-testid="field-menu" />
          </PopoverNext>
        )}
        {can.configureView && viewId && (
          <div
            className="wb-col-resize"
            role="separator"
            aria-orientation="vertical"
            aria-label={t("field.resize", { title: column.title })}
            aria-valuemin={MIN_WIDTH}
            aria-valuemax={MAX_WIDTH}
            aria-valuenow={widths[index]}
            tabIndex={0}
            data-testid="column-resize"
            onPointerDown={(e) => resize.startResize(e, column.id, widths[index])}
            onPointerMove={resize.moveResize}
            onPointerUp={resize.endResize}
            onPointerCancel={resize.endResize}
            onKeyDown={(e) => resize.resizeByKey(e, column.id, widths[index])}
          />
        )}
      </div>
    );
  };
  const scrolling = [];
  for (let index = Math.max(colsWin.first, frozen); index <= colsWin.last; index += 1) scrolling.push(cell(columns[index], index));
  return (
    <div className="wb-grid-header" style={{ width: width + ADD_FIELD_WIDTH }} role="row" aria-rowindex={1}>
      <div className={frozenPart(frozen > 0)} role="presentation" style={{ width: ROW_NUMBER_WIDTH + frozenWidth }}>
        <div className="wb-row-number" aria-hidden="true">#</div>
        {columns.slice(0, frozen).map((column, index) => cell(column, index))}
      </div>
      {scrolling}
      {can.editFields && (
        // The last header holds the button that adds a field.
        <div className="wb-header-add" role="columnheader" style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.totalWidth }}>
          <Button
            variant="minimal"
            size="small"
            icon="plus"
            aria-label={t("field.add")}
            title={t("field.add")}
            onClick={fields.add}
            data-testid="add-field"
          />
        </div>
      )}
    </div>
  );
}

/** Drawn again only when its props change (not for a key typed into a cell). */
export const GridHeader = memo(GridHeaderView, sameProps);
