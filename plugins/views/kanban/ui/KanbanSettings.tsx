// A new kanban's settings in the create-view dialog: the single-choice field whose options
// make its stacks, and the field whose first image covers each card (optional).
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { chosenCover, CoverField, type FieldInfo, type ViewSettingsProps } from "@workbench/plugin-api";
import { isSingleChoice } from "./fields";

const GROUP = "fk_grp_col_id";
const COVER = "fk_cover_image_col_id";

/** The fields the settings name, each defaulting to the first fitting one ("" for none). */
function chosen(settings: Record<string, unknown>, columns: readonly FieldInfo[]) {
  const groups = columns.filter(isSingleChoice);
  const group = groups.find((c) => c.id === settings[GROUP])?.id ?? groups[0]?.id ?? "";
  return { groups, group, cover: chosenCover(settings, columns) };
}

/** A new kanban's fields: its stacks' field (it needs one) and its cover, if any. */
export function completeKanban(settings: Record<string, unknown>, columns: readonly FieldInfo[]): Record<string, unknown> | null {
  const { group, cover } = chosen(settings, columns);
  return group ? { ...settings, [GROUP]: group, [COVER]: cover || null } : null;
}

export function KanbanSettings({ value, onChange, columns }: ViewSettingsProps) {
  const intl = useIntl();
  const { groups, group, cover } = chosen(value, columns);
  return (
    <>
      <FormGroup
        label={intl.formatMessage({ id: "plugin.view_kanban.groupField" })}
        labelFor="view-group"
        helperText={groups.length === 0 ? intl.formatMessage({ id: "plugin.view_kanban.needsSelect" }) : undefined}
        intent={groups.length === 0 ? "danger" : "none"}
      >
        <HTMLSelect id="view-group" fill value={group} onChange={(e) => onChange({ ...value, [GROUP]: e.currentTarget.value })} data-testid="view-group-field">
          {groups.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </HTMLSelect>
      </FormGroup>
      <CoverField id="view-cover" value={cover} columns={columns} onChange={(id) => onChange({ ...value, [COVER]: id })} testId="view-cover-field" />
    </>
  );
}
