// The project home's import actions (quick import beside table creation): one per importer
// of the catalogue, into new tables, for creators and up; and "Import into this table" on a
// table's toolbar for editors and up (editors import with the one-table importers only).
import { Button, type IconName } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { useCatalogue } from "../../plugins/catalogue";
import { useCapabilities } from "../projects/permissions";
import { useImportWizard } from "./ImportContext";

/** The importers an editor may use into an existing table, by the plugin that provides them
 * (the server checks the same). */
export const EDITOR_IMPORTERS: readonly string[] = ["importer_csv"];

function useImporters() {
  const catalogue = useCatalogue();
  return catalogue.importers ?? [];
}

export function ImportActions() {
  const intl = useIntl();
  const caps = useCapabilities();
  const wizard = useImportWizard();
  const importers = useImporters();
  if (!caps.schema) return null;
  return (
    <>
      {importers.map((importer) => (
        <Button
          key={importer.name}
          icon={(importer.icon || "import") as IconName}
          onClick={() => wizard.open({ types: [importer.name] })}
          data-testid={`import-${importer.name}`}
        >
          <FormattedMessage id="import.action" values={{ type: intl.formatMessage({ id: importer.label, defaultMessage: importer.name }) }} />
        </Button>
      ))}
    </>
  );
}

export function ImportIntoTableButton({ table }: { table: { id: string; title: string } }) {
  const caps = useCapabilities();
  const wizard = useImportWizard();
  const importers = useImporters();
  if (!caps.dataEdit) return null;
  const types = importers.filter((i) => caps.schema || EDITOR_IMPORTERS.includes(i.plugin)).map((i) => i.name);
  if (!types.length) return null;
  return (
    <Button
      icon="import"
      variant="minimal"
      onClick={() => wizard.open({ types, table: { id: table.id, title: table.title } })}
      data-testid="import-into-table"
    >
      <FormattedMessage id="import.action.into" />
    </Button>
  );
}
