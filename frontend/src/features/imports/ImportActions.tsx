// The project home's import actions (SPEC: quick import beside table creation): CSV, Excel
// and JSON into new tables for creators and up; and "Import into this table" on a table's
// toolbar for editors and up (editors import CSV only, SPEC §6).
import { Button } from "@blueprintjs/core";
import { FormattedMessage } from "react-intl";
import { useCapabilities } from "../projects/permissions";
import { useImportWizard } from "./ImportContext";
import type { ImportType } from "./types";

const TYPES: ImportType[] = ["csv", "excel", "json"];

export function ImportActions() {
  const caps = useCapabilities();
  const wizard = useImportWizard();
  if (!caps.schema) return null;
  return (
    <>
      {TYPES.map((type) => (
        <Button key={type} icon="import" onClick={() => wizard.open({ types: [type] })} data-testid={`import-${type}`}>
          <FormattedMessage id={`import.action.${type}`} />
        </Button>
      ))}
    </>
  );
}

export function ImportIntoTableButton({ table }: { table: { id: string; title: string } }) {
  const caps = useCapabilities();
  const wizard = useImportWizard();
  if (!caps.dataEdit) return null;
  return (
    <Button
      icon="import"
      variant="minimal"
      onClick={() => wizard.open({ types: caps.schema ? TYPES : ["csv"], table: { id: table.id, title: table.title } })}
      data-testid="import-into-table"
    >
      <FormattedMessage id="import.action.into" />
    </Button>
  );
}
