// The gallery's toolbar: the host's card toolbar (the Fields menu and the cover field).
import { CardToolbar, type ViewProps } from "@workbench/plugin-api";

export function GalleryToolbar(props: ViewProps) {
  return <CardToolbar {...props} />;
}
