// A new gallery's settings in the create-view dialog: the field whose first image covers each
// card (optional).
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { fieldType, type FieldInfo, type ViewSettingsProps } from "@workbench/plugin-api";

const COVER = "fk_cover_image_col_id";

/** A field that holds files (a card's cover). */
export function holdsFiles(c: Pick<FieldInfo, "uidt">): boolean {
  return !!fieldType(c.uidt)?.capabilities.holdsFiles;
}

/** The cover the settings name: by default the first field that holds files ("" for none). */
function coverOf(settings: Record<string, unknown>, columns: readonly FieldInfo[]): string {
  if (settings[COVER] === "") return "";
  const covers = columns.filter(holdsFiles);
  return covers.find((c) => c.id === settings[COVER])?.id ?? covers[0]?.id ?? "";
}

export function completeGallery(settings: Record<string, unknown>, columns: readonly FieldInfo[]): Record<string, unknown> {
  return { ...settings, [COVER]: coverOf(settings, columns) || null };
}

export function GallerySettings({ value, onChange, columns }: ViewSettingsProps) {
  const intl = useIntl();
  return (
    <FormGroup label={intl.formatMessage({ id: "plugin.view_gallery.coverField" })} labelFor="view-cover">
      <HTMLSelect id="view-cover" fill value={coverOf(value, columns)} onChange={(e) => onChange({ ...value, [COVER]: e.currentTarget.value })} data-testid="view-cover-field">
        <option value="">{intl.formatMessage({ id: "plugin.view_gallery.coverNone" })}</option>
        {columns.filter(holdsFiles).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
      </HTMLSelect>
    </FormGroup>
  );
}
