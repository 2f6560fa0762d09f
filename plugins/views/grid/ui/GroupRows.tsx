// The headers of a grouped grid's groups in view: the grouped field, the group's value as its
// cell shows it and how many records it holds; a click folds or unfolds the group. Each is a
// row of the grid whose one cell spans the columns; its button says whether it is folded.
import { Button, Icon, Tag, type IconName } from "@blueprintjs/core";
import { memo } from "react";
import { useIntl } from "react-intl";
import { FieldCell, fieldType } from "@workbench/plugin-api";
import type { GroupLevel } from "./grouping";
import { HEADER_HEIGHT } from "./layout";
import type { HeaderItem } from "./rowLayout";
import { sameProps } from "./sameProps";

function GroupRowsView({ headers, groups, width, columnCount, projectId, tableId, onToggle }: {
  headers: { item: HeaderItem; top: number }[];
  groups: GroupLevel[];
  width: number;
  /** The grid's columns (with the row numbers'), which a header's cell spans. */
  columnCount: number;
  projectId?: string;
  tableId: string;
  onToggle(key: string): void;
}) {
  const intl = useIntl();
  return (
    <>
      {headers.map(({ item, top }) => {
        const { group, collapsed } = item;
        const level = groups[group.level];
        if (!level) return null;
        const { column } = level;
        const empty = group.value === null || group.value === undefined || group.value === "";
        const label = intl.formatMessage(
          { id: collapsed ? "plugin.view_grid.group.expand" : "plugin.view_grid.group.collapse" },
          { field: column.title },
        );
        return (
          <div
            key={group.key}
            className={`wb-group-header wb-group-level-${group.level}`}
            style={{ top: HEADER_HEIGHT + top, width }}
            role="row"
            data-testid="group-header"
            data-level={group.level}
            onClick={() => onToggle(group.key)}
          >
            <div className="wb-group-label" role="gridcell" aria-colindex={1} aria-colspan={columnCount} style={{ paddingInlineStart: 8 + group.level * 20 }}>
              <Button
                variant="minimal"
                size="small"
                icon={collapsed ? "chevron-right" : "chevron-down"}
                aria-expanded={!collapsed}
                aria-label={label}
                onClick={(event) => {
                  event.stopPropagation();
                  onToggle(group.key);
                }}
                data-testid="group-toggle"
              />
              <Icon icon={(fieldType(column.uidt)?.icon ?? "blank") as IconName} size={12} className="wb-group-icon" />
              <span className="wb-group-field">{column.title}</span>
              <span className="wb-group-value" data-testid="group-value">
                {empty ? (
                  <span className="bp6-text-muted">{intl.formatMessage({ id: "plugin.view_grid.group.empty" })}</span>
                ) : (
                  <FieldCell value={group.value} column={column} projectId={projectId} tableId={tableId} readOnly />
                )}
              </span>
              <Tag round minimal data-testid="group-records">
                {intl.formatMessage({ id: "plugin.view_grid.grid.count" }, { count: group.count })}
              </Tag>
            </div>
          </div>
        );
      })}
    </>
  );
}

/** Drawn again only when its props change (not for a key typed into a cell). */
export const GroupRows = memo(GroupRowsView, sameProps);
