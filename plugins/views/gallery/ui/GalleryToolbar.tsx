// The gallery's toolbar: the Fields menu (which fields the cards show, in which order, and
// whether empty ones are left out) and the field whose first image covers each card.
import { FormGroup, HTMLSelect } from "@blueprintjs/core";
import { useIntl } from "react-intl";
import { CardFieldsMenu, useCardFields, type ViewProps } from "@workbench/plugin-api";
import { holdsFiles } from "./GallerySettings";

const COVER = "fk_cover_image_col_id";

export function GalleryToolbar({ view, table, settings, can, saveSettings, saveMeta }: ViewProps) {
  const intl = useIntl();
  const coverId = (settings[COVER] as string | null | undefined) ?? null;
  const cards = useCardFields({ id: view.id, tableId: table.id }, table.columns, [coverId]);
  const meta = view.meta ?? {};
  const chooseCover = async (id: string) => {
    // The cover must come with the records: a hidden field is shown again.
    if ((await saveSettings?.({ [COVER]: id || null })) && id) await cards.setShown(id, true);
  };
  return (
    <div className="wb-card-toolbar" data-testid="card-toolbar">
      <CardFieldsMenu
        state={cards}
        readOnly={!can.configureView}
        hideEmpty={!!meta.hideEmpty}
        onHideEmptyChange={saveMeta ? (hide) => void saveMeta({ ...meta, hideEmpty: hide }) : undefined}
      />
      <FormGroup inline label={intl.formatMessage({ id: "plugin.view_gallery.coverField" })} labelFor="gallery-cover" className="wb-card-cover-choice">
        <HTMLSelect
          id="gallery-cover"
          minimal
          value={coverId ?? ""}
          disabled={!saveSettings}
          onChange={(e) => void chooseCover(e.currentTarget.value)}
          data-testid="card-cover-field"
        >
          <option value="">{intl.formatMessage({ id: "plugin.view_gallery.coverNone" })}</option>
          {table.columns.filter(holdsFiles).map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
        </HTMLSelect>
      </FormGroup>
    </div>
  );
}
