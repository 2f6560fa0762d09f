// The grid's footer, kept at the bottom of the grid: under each field the aggregation the view
// chose for it (count, empty, filled, unique, sum, average, ... as its type offers), over the
// records the view and the search show; a click on it picks another (who may configure the
// view). All the footer's figures come from one request. It is the grid's last row, a cell
// under each field.
import { Menu, MenuItem, PopoverNext } from "@blueprintjs/core";
import { memo, useMemo } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { fieldText, fieldType, type FieldInfo, type RecordSource } from "@workbench/plugin-api";
import { FOOTER_HEIGHT, frozenPart, ROW_NUMBER_WIDTH } from "./layout";
import { viewApi, type ViewColumn } from "./viewApi";
import { columnIndex } from "./aria";
import { focusFirstItem, onMenuKeys } from "./menuKeys";
import type { ColumnWindow } from "./virtual";
import { sameProps } from "./sameProps";

/** Aggregations whose result is a value of the field (shown as its cell's text). */
const FIELD_VALUED = new Set(["min", "max", "earliest", "latest"]);
const NONE = "none";

/** The aggregations a field's type offers. */
export function aggregationsOf(column: FieldInfo): string[] {
  return fieldType(column.uidt)?.capabilities.aggregations ?? [];
}

function figure(intl: IntlShape, column: FieldInfo, name: string, value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (FIELD_VALUED.has(name)) return fieldText(value, column);
  if (typeof value === "number") return intl.formatNumber(value, { maximumFractionDigits: 2 });
  return String(value);
}

function GridFooterView({ source, where, columns, viewColumns, colsWin, widths, width, top, frozen, frozenWidth, canChange }: {
  source: RecordSource;
  where?: string;
  columns: FieldInfo[];
  viewColumns?: ViewColumn[];
  colsWin: ColumnWindow;
  widths: number[];
  width: number;
  /** The height of the rows above (the footer sits under them, or at the bottom of the grid). */
  top: number;
  frozen: number;
  frozenWidth: number;
  canChange: boolean;
}) {
  const intl = useIntl();
  const viewId = source.shared ? undefined : source.viewId;
  const chosen = useMemo(() => {
    const byColumn = new Map((viewColumns ?? []).map((vc) => [vc.fk_column_id, vc.aggregation]));
    return columns.map((c) => {
      const name = byColumn.get(c.id);
      return name && name !== NONE && aggregationsOf(c).includes(name) ? name : null;
    });
  }, [columns, viewColumns]);
  const wanted = columns.flatMap((c, i) => (chosen[i] ? [{ field: c.id, type: chosen[i]! }] : []));
  const views = viewApi();
  const { data } = views.useGridAggregatesQuery(
    { tableId: source.tableId, viewId: viewId ?? "", shared: source.shared, where, wanted },
    { skip: (!viewId && !source.shared) || wanted.length === 0 },
  );
  const [update] = views.useUpdateViewColumnMutation();
  const label = (name: string) => intl.formatMessage({ id: `plugin.view_grid.aggregate.${name}` });

  const cell = (column: FieldInfo, index: number) => {
    const name = chosen[index];
    const value = name ? data?.[column.title]?.[name] : undefined;
    const body = (
      <div
        key={column.id}
        className={`wb-footer-cell${name ? "" : " wb-footer-unset"}`}
        style={{ insetInlineStart: ROW_NUMBER_WIDTH + colsWin.lefts[index], width: widths[index] }}
        data-testid="footer-cell"
        data-col={index}
        role="gridcell"
        aria-colindex={columnIndex(index)}
        tabIndex={canChange ? 0 : undefined}
        aria-haspopup={canChange ? "menu" : undefined}
        title={canChange ? intl.formatMessage({ id: "plugin.view_grid.aggregate.choose" }, { field: column.title }) : undefined}
      >
        {name ? (
          <>
            <span className="wb-footer-label">{label(name)}</span>
            <span className="wb-footer-value" data-testid="footer-value">{data ? figure(intl, column, name, value) : "…"}</span>
          </>
        ) : (
          canChange && <span className="wb-footer-hint">{intl.formatMessage({ id: "plugin.view_grid.aggregate.summary" })}</span>
        )}
      </div>
    );
    if (!canChange || !viewId) return body;
    return (
      <PopoverNext
        onOpened={focusFirstItem}
        key={column.id}
        placement="top"
        content={
          <Menu onKeyDown={onMenuKeys}>
            {[NONE, ...aggregationsOf(column)].map((option) => (
              <MenuItem
                key={option}
                text={label(option)}
                icon={(name ?? NONE) === option ? "tick" : "blank"}
                onClick={() => void update({ viewId, tableId: source.tableId, columnId: column.id, aggregation: option === NONE ? null : option })}
                data-testid={`aggregate-${option}`}
              />
            ))}
          </Menu>
        }
      >
        {body}
      </PopoverNext>
    );
  };
  const scrolling = [];
  for (let index = Math.max(colsWin.first, frozen); index <= colsWin.last; index += 1) scrolling.push(cell(columns[index], index));
  return (
    <div className="wb-grid-footer" role="row" style={{ width, marginTop: top, height: FOOTER_HEIGHT }} data-testid="grid-footer">
      <div className={frozenPart(frozen > 0)} role="presentation" style={{ width: ROW_NUMBER_WIDTH + frozenWidth }}>
        <div className="wb-row-number" />
        {columns.slice(0, frozen).map((column, index) => cell(column, index))}
      </div>
      {scrolling}
    </div>
  );
}

/** Drawn again only when its props change (not for a key typed into a cell). */
export const GridFooter = memo(GridFooterView, sameProps);
