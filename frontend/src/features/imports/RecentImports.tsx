// The project home's running and recent imports (the caller's, newest first) with their
// progress: read again every second while one runs, and on the socket's import events.
import { Button, H5 } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormattedMessage } from "react-intl";
import { useCapabilities } from "../projects/permissions";
import { useProjectImportsQuery } from "./api";
import { useImportWizard } from "./ImportContext";
import { onImportEvent } from "./importEvents";
import { StatusTag, TableProgressRows } from "./ImportProgress";
import { POLL_MS } from "./useImportJob";

const SHOWN = 10;

export function RecentImports({ projectId }: { projectId: string }) {
  const wizard = useImportWizard();
  // Only those who may import have imports (the server refuses the list to the others).
  const { dataEdit } = useCapabilities();
  const [poll, setPoll] = useState(0);
  const { data, refetch } = useProjectImportsQuery(projectId, { skip: !dataEdit, pollingInterval: poll });
  const running = !!data?.list.some((j) => j.status === "running");
  useEffect(() => setPoll(running ? POLL_MS : 0), [running]);
  useEffect(
    () => onImportEvent((job) => dataEdit && job.project_id === projectId && void refetch()),
    [projectId, refetch, dataEdit],
  );
  const list = (data?.list ?? []).filter((j) => j.status !== "preview").slice(0, SHOWN);
  if (!list.length) return null;
  return (
    <div className="wb-gap" data-testid="recent-imports">
      <H5>
        <FormattedMessage id="import.recent" />
      </H5>
      {list.map((job) => (
        <div key={job.id} className="wb-import-recent" data-testid="recent-import" data-status={job.status}>
          <div className="wb-import-recent-head">
            <strong>{job.file_name}</strong> <StatusTag status={job.status} />
            <Button variant="minimal" size="small" onClick={() => wizard.open({ types: [job.type], job })} data-testid="recent-import-open">
              <FormattedMessage id="import.details" />
            </Button>
          </div>
          <TableProgressRows job={job} />
        </div>
      ))}
    </div>
  );
}
