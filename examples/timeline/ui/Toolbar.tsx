// The timeline's toolbar: the field where records start, the one where they end (or none:
// a record lasts its start day), and the zoom (the width of a day). Each change is saved in
// the view's settings; people who may not change the view see them disabled.
import { Button, ButtonGroup, HTMLSelect } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import type { ViewProps } from "@workbench/plugin-api";
import { timelineApi, type TimelineSettings } from "./api";

const DATE_TYPES = ["Date", "DateTime"];
const MIN_WIDTH = 4;
const MAX_WIDTH = 80;

export function Toolbar({ tableId, view, readOnly }: ViewProps) {
  const intl = useIntl();
  const api = timelineApi();
  const settings = api.useSettingsQuery(view.id).data;
  const columns = api.useTableQuery(tableId).data?.columns ?? [];
  const [saveSettings] = api.useSaveSettingsMutation();
  if (!settings) return null;
  const dates = columns.filter((c) => DATE_TYPES.includes(c.uidt));
  const save = (body: Partial<TimelineSettings>) => void saveSettings({ viewId: view.id, body }).unwrap().catch(() => undefined);
  const zoom = (factor: number) => save({ day_width: Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, settings.day_width * factor))) });
  return (
    <div data-testid="timeline-toolbar" style={{ display: "flex", gap: 12, alignItems: "center", padding: "6px 8px", borderBottom: "1px solid #dce0e5", flexWrap: "wrap" }}>
      <label style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
        {intl.formatMessage({ id: "plugin.timeline.starts" })}
        <HTMLSelect
          value={settings.fk_start_column_id ?? ""}
          disabled={readOnly}
          onChange={(e) => save({ fk_start_column_id: e.currentTarget.value || null })}
          data-testid="timeline-start"
        >
          <option value="">{intl.formatMessage({ id: "plugin.timeline.choose" })}</option>
          {dates.map((c) => (
            <option key={c.id} value={c.id}>{c.title}</option>
          ))}
        </HTMLSelect>
      </label>
      <label style={{ display: "inline-flex", gap: 6, alignItems: "center" }}>
        {intl.formatMessage({ id: "plugin.timeline.ends" })}
        <HTMLSelect
          value={settings.fk_end_column_id ?? ""}
          disabled={readOnly}
          onChange={(e) => save({ fk_end_column_id: e.currentTarget.value || null })}
          data-testid="timeline-end"
        >
          <option value="">{intl.formatMessage({ id: "plugin.timeline.sameDay" })}</option>
          {dates.map((c) => (
            <option key={c.id} value={c.id}>{c.title}</option>
          ))}
        </HTMLSelect>
      </label>
      <ButtonGroup>
        <Button icon="zoom-out" disabled={readOnly || settings.day_width <= MIN_WIDTH} aria-label={intl.formatMessage({ id: "plugin.timeline.zoomOut" })} onClick={() => zoom(1 / 1.5)} />
        <Button icon="zoom-in" disabled={readOnly || settings.day_width >= MAX_WIDTH} aria-label={intl.formatMessage({ id: "plugin.timeline.zoomIn" })} onClick={() => zoom(1.5)} />
      </ButtonGroup>
    </div>
  );
}
