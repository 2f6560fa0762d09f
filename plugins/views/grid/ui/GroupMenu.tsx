// The toolbar's Group button (with the number of grouped fields): pick up to three fields to
// group the records by, each in ascending or descending order, change or remove them.
import { Button, Callout, HTMLSelect, Icon, PopoverNext, Tag, type IconName } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { fieldType, type FieldInfo } from "@workbench/plugin-api";
import { MAX_GROUP_FIELDS, groupingChanges, type GroupLevel } from "./grouping";
import { errorText, viewApi } from "./viewApi";

/** Fields whose values records can be grouped by. */
export function groupableColumns(columns: readonly FieldInfo[]): FieldInfo[] {
  return columns.filter((c) => fieldType(c.uidt)?.capabilities.groupable ?? false);
}

export function GroupMenu({ tableId, viewId, columns, levels }: {
  tableId: string;
  viewId: string;
  columns: FieldInfo[];
  levels: GroupLevel[];
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `plugin.view_grid.group.${id}` });
  const [update] = viewApi().useUpdateViewColumnMutation();
  const [error, setError] = useState<string | null>(null);
  const groupable = groupableColumns(columns);
  const apply = async (next: GroupLevel[]) => {
    const results = await Promise.all(
      groupingChanges(levels, next).map(({ columnId, settings }) => update({ viewId, tableId, columnId, ...settings })),
    );
    const failed = results.find((r) => "error" in r && r.error);
    setError(failed && "error" in failed ? errorText(failed.error) : null);
  };
  const choices = (current?: FieldInfo) => groupable.filter((c) => c.id === current?.id || !levels.some((l) => l.column.id === c.id));
  const option = (c: FieldInfo) => <option key={c.id} value={c.id}>{c.title}</option>;
  const content = (
    <div className="wb-group-menu" data-testid="group-menu">
      {error && <Callout intent="danger" compact>{error}</Callout>}
      {levels.length === 0 && <div className="bp6-text-muted">{t("none")}</div>}
      {levels.map((level, i) => (
        <div key={level.column.id} className="wb-group-level" data-testid="group-level">
          <Icon icon={(fieldType(level.column.uidt)?.icon ?? "blank") as IconName} size={14} />
          <HTMLSelect
            value={level.column.id}
            aria-label={t(i === 0 ? "groupBy" : "thenBy")}
            onChange={(e) => {
              const column = groupable.find((c) => c.id === e.currentTarget.value);
              if (column) void apply(levels.map((l, j) => (j === i ? { ...l, column } : l)));
            }}
            data-testid="group-field"
          >
            {choices(level.column).map(option)}
          </HTMLSelect>
          <HTMLSelect
            value={level.direction}
            aria-label={t("order")}
            onChange={(e) => void apply(levels.map((l, j) => (j === i ? { ...l, direction: e.currentTarget.value as "asc" | "desc" } : l)))}
            data-testid="group-direction"
          >
            <option value="asc">{intl.formatMessage({ id: "plugin.view_grid.sort.direction.asc" })}</option>
            <option value="desc">{intl.formatMessage({ id: "plugin.view_grid.sort.direction.desc" })}</option>
          </HTMLSelect>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t("remove")}
            onClick={() => void apply(levels.filter((_, j) => j !== i))}
            data-testid="group-remove"
          />
        </div>
      ))}
      {levels.length < MAX_GROUP_FIELDS && choices().length > 0 && (
        <HTMLSelect
          value=""
          onChange={(e) => {
            const column = groupable.find((c) => c.id === e.currentTarget.value);
            if (column) void apply([...levels, { column, direction: "asc" }]);
          }}
          data-testid="group-add"
        >
          <option value="">{t(levels.length === 0 ? "pick" : "pickSub")}</option>
          {choices().map(option)}
        </HTMLSelect>
      )}
    </div>
  );
  return (
    <PopoverNext content={content} placement="bottom-start">
      <Button icon="layout-group-by" variant="minimal" active={levels.length > 0} data-testid="group-button">
        <FormattedMessage id="plugin.view_grid.group.title" />
        {levels.length > 0 && <Tag round minimal className="wb-tool-count" data-testid="group-count">{levels.length}</Tag>}
      </Button>
    </PopoverNext>
  );
}
