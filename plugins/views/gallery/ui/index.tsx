// The gallery view's UI: the records as cards (opened in the expanded record form), its
// toolbar (fields shown, cover) and the cover field a new gallery asks for.
import { cardFields, definePlugin, useCardFields, useRecordForm, type ViewProps } from "@workbench/plugin-api";
import { Gallery } from "./Gallery";
import { GalleryToolbar } from "./GalleryToolbar";
import { completeGallery, GallerySettings } from "./GallerySettings";

function GalleryView({ projectId, view, table, source, settings, can }: ViewProps) {
  const columns = table.columns;
  const shared = !!source.shared;
  const coverId = (settings.fk_cover_image_col_id as string | null | undefined) ?? null;
  const cards = useCardFields({ id: shared ? undefined : view.id, tableId: table.id }, columns, [coverId]);
  const form = useRecordForm({
    tableId: table.id,
    projectId,
    columns: columns.filter((c) => !c.system || c.pk),
    pkName: columns.find((c) => c.pk)?.title ?? "Id",
    canEdit: can.editRecords,
    canComment: can.comment,
  });
  // The display value is the title; then the fields the view shows, in its order (all of
  // them while the view's list loads; a shared view's metadata says which fields it shows).
  const title = columns.filter((c) => c.pv && !c.system);
  const fields = shared || cards.isLoading ? cardFields(columns, coverId) : [...title, ...cards.shown];
  return (
    <>
      <Gallery
        source={source}
        fields={fields}
        cover={columns.find((c) => c.id === coverId) ?? null}
        hideEmpty={!!view.meta?.hideEmpty}
        onOpen={shared ? undefined : form.open}
      />
      {!shared && form.element}
    </>
  );
}

export default definePlugin({
  id: "view_gallery",
  viewTypes: { gallery: { View: GalleryView, Toolbar: GalleryToolbar, Settings: GallerySettings, completeSettings: completeGallery } },
});
