// Imports for plugins' views: the project's import wizard, opened on a table.
import { useCallback } from "react";
import { useCatalogue } from "../catalogue";
import { EDITOR_IMPORTERS } from "../../features/imports/ImportActions";
import { useImportWizard } from "../../features/imports/ImportContext";
import { useCapabilities } from "../../features/projects/permissions";

/** Open the import of records into `table` (a file of any importer the user may use), or
 * null where the user may not import into it. */
export function useImportIntoTable(table: { id: string; title: string }): (() => void) | null {
  const caps = useCapabilities();
  const wizard = useImportWizard();
  const catalogue = useCatalogue();
  const types = (catalogue.importers ?? []).filter((i) => caps.schema || EDITOR_IMPORTERS.includes(i.plugin)).map((i) => i.name);
  const allowed = caps.dataEdit && types.length > 0;
  const key = types.join(",");
  const open = useCallback(
    () => wizard.open({ types: key.split(","), table: { id: table.id, title: table.title } }),
    [wizard, key, table.id, table.title],
  );
  return allowed ? open : null;
}
