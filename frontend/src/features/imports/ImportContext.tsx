// One import wizard per project shell, opened from the project home, a table's toolbar or the
// list of imports; it lives above the routes, so opening the imported table keeps it open.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { ImportWizard, type WizardRequest } from "./ImportWizard";

interface ImportWizardApi {
  open(request: WizardRequest): void;
}

const Context = createContext<ImportWizardApi>({ open: () => {} });

export function useImportWizard(): ImportWizardApi {
  return useContext(Context);
}

export function ImportProvider({
  projectId,
  takenTables,
  onOpenTable,
  children,
}: {
  projectId: string;
  takenTables: readonly string[];
  onOpenTable(title: string): void;
  children: ReactNode;
}) {
  const [request, setRequest] = useState<WizardRequest | null>(null);
  const open = useCallback((next: WizardRequest) => setRequest(next), []);
  const api = useMemo(() => ({ open }), [open]);
  return (
    <Context.Provider value={api}>
      {children}
      <ImportWizard
        key={projectId}
        projectId={projectId}
        request={request}
        takenTables={takenTables}
        onClose={() => setRequest(null)}
        onOpenTable={onOpenTable}
      />
    </Context.Provider>
  );
}
