// The gallery view's UI: the records as cards (opened in the expanded record form) and the
// cover field a new gallery asks for.
import { definePlugin, useRecordForm, type ViewProps } from "@workbench/plugin-api";
import { Gallery } from "./Gallery";
import { completeGallery, GallerySettings } from "./GallerySettings";

function GalleryView({ projectId, table, source, settings, can }: ViewProps) {
  const columns = table.columns;
  const shared = !!source.shared;
  const form = useRecordForm({
    tableId: table.id,
    projectId,
    columns: columns.filter((c) => !c.system || c.pk),
    pkName: columns.find((c) => c.pk)?.title ?? "Id",
    canEdit: can.editRecords,
    canComment: can.comment,
  });
  return (
    <>
      <Gallery source={source} columns={columns} coverId={settings.fk_cover_image_col_id as string | null | undefined} onOpen={shared ? undefined : form.open} />
      {!shared && form.element}
    </>
  );
}

export default definePlugin({
  id: "view_gallery",
  viewTypes: { gallery: { View: GalleryView, Settings: GallerySettings, completeSettings: completeGallery } },
});
