// A new gallery's settings in the create-view dialog: the field whose first image covers each
// card (optional; by default the first field that holds files).
import { chosenCover, CoverField, type FieldInfo, type ViewSettingsProps } from "@workbench/plugin-api";

const COVER = "fk_cover_image_col_id";

export function completeGallery(settings: Record<string, unknown>, columns: readonly FieldInfo[]): Record<string, unknown> {
  return { ...settings, [COVER]: chosenCover(settings, columns) || null };
}

export function GallerySettings({ value, onChange, columns }: ViewSettingsProps) {
  return <CoverField id="view-cover" value={chosenCover(value, columns)} columns={columns} onChange={(id) => onChange({ ...value, [COVER]: id })} testId="view-cover-field" />;
}
