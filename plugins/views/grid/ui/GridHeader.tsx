// The grid's header: a cell per field in view (its type on hover) with its menu (edit or
// delete the field for who may change the table; sort by it, hide it, move it for who may
// configure the view) and an edge to drag or key-resize it, then the button that adds a field.
import { Button, Menu, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { fieldType, type FieldActions, type FieldInfo, type ViewPermissions } from "@workbench/plugin-api";
import { MAX_WIDTH, MIN_WIDTH } from "./columnWidth";
import { columnIndex } from "./aria";
import { ADD_FIELD_WIDTH, ROW_NUMBER_WIDTH } from "./layout";
import type { ColumnWidths } from "./useColumnWidths";
import type { ColumnWindow } from "./virtual";

export function GridHeader({ columns, colsWin, widths, width, can, viewId, fields, resize, onSort, onHide, onMove }: {
  columns: FieldInfo[];
  colsWin: ColumnWindow;
  widths: number[];
  width: number;
  can: ViewPermissions;
  viewId?: string;
  fields: FieldActions;
  resize: ColumnWidths;
  onSort(column: FieldInfo, direction: "asc" | "desc"): void;
  onHide(column: FieldInfo): void;
  onMove(index: number, delta: -1 | 1): void;
}) {
  const intl = useIntl();
  const typeLabel = (uidt: string) => {
    const type = fieldType(uidt);
    return type ? intl.formatMessage({ id: type.label, defaultMessage: uidt }) : uidt;
  };
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `plugin.view_grid.${id}` }, values);
  return (
    <div className="wb-grid-header" style={{ width: width + ADD_FIELD_WIDTH }} role="row" aria-rowindex={1}>
      <div className="wb-row-number" aria-hidden="true">#</div>
      {columns.slice(colsWin.first, colsWin.last + 1).map((column, i) => {
        const index = colsWin.first + i;
        return (
          <div
            key={column.id}
            className="wb-header-cell"
            style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.lefts[index], width: widths[index] }}
            role="columnheader"
            aria-colindex={columnIndex(index)}
            data-testid="column-header"
            data-col={index}
            title={typeLabel(column.uidt)}
          >
            <span className="wb-header-title">{column.title}</span>
            {(can.editFields || can.configureView) && (
              <PopoverNext
                placement="bottom-end"
                // The focus stays where the chosen item puts it (its items open the field dialog or a confirmation).
                shouldReturnFocusOnClose={false}
                content={
                  <Menu>
                    {can.editFields && <MenuItem icon="edit" text={t("field.edit")} onClick={() => fields.edit(column)} data-testid="field-edit" />}
                    {can.configureView && (
                      <>
                        <MenuItem icon="sort-asc" text={t("sort.asc")} onClick={() => onSort(column, "asc")} data-testid="sort-asc" />
                        <MenuItem icon="sort-desc" text={t("sort.desc")} onClick={() => onSort(column, "desc")} data-testid="sort-desc" />
                        <MenuItem icon="eye-off" text={t("field.hide")} disabled={!viewId} onClick={() => onHide(column)} data-testid="field-hide" />
                        <MenuItem icon="arrow-left" text={t("field.moveLeft")} disabled={index === 0} onClick={() => onMove(index, -1)} data-testid="field-move-left" />
                        <MenuItem icon="arrow-right" text={t("field.moveRight")} disabled={index === columns.length - 1} onClick={() => onMove(index, 1)} data-testid="field-move-right" />
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
      })}
      {can.editFields && (
        <div className="wb-header-add" style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.totalWidth }}>
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
