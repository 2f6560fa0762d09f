// A running or finished import: per table "x of y records", the rows refused (row, column,
// message), the fatal error of a failed one, and when done the links to the tables it
// created or filled.
import { Callout, HTMLTable, ProgressBar, Tag } from "@blueprintjs/core";
import { FormattedMessage, useIntl } from "react-intl";
import { tablesProgress } from "./progress";
import type { ImportJob, ImportStatus } from "./types";

const STATUS_INTENT: Record<ImportStatus, "none" | "primary" | "success" | "danger" | "warning"> = {
  preview: "none",
  running: "primary",
  done: "success",
  failed: "danger",
  cancelled: "warning",
};

export function StatusTag({ status }: { status: ImportStatus }) {
  return (
    <Tag intent={STATUS_INTENT[status]} minimal data-testid="import-status" data-status={status}>
      <FormattedMessage id={`import.status.${status}`} />
    </Tag>
  );
}

export function TableProgressRows({ job }: { job: ImportJob }) {
  const intl = useIntl();
  return (
    <>
      {tablesProgress(job).map((t) => (
        <div key={t.ref} className="wb-import-progress-row" data-testid="import-table-progress" data-ref={t.ref}>
          <span className="wb-import-progress-name">{t.name}</span>
          <span className="bp6-text-muted" data-testid="import-records">
            {t.total === null
              ? intl.formatMessage({ id: "import.progress.recordsSoFar" }, { done: intl.formatNumber(t.done) })
              : intl.formatMessage({ id: "import.progress.records" }, { done: intl.formatNumber(t.done), total: intl.formatNumber(t.total) })}
          </span>
          <ProgressBar
            intent={job.status === "failed" ? "danger" : job.status === "done" ? "success" : "primary"}
            stripes={job.status === "running"}
            animate={job.status === "running"}
            value={job.status === "done" ? 1 : t.total ? t.done / t.total : t.total === 0 ? 1 : undefined}
          />
        </div>
      ))}
    </>
  );
}

export function ImportProgress({ job, onOpenTable }: { job: ImportJob; onOpenTable(title: string): void }) {
  return (
    <div data-testid="import-progress" data-status={job.status}>
      <p>
        <strong>{job.file_name}</strong> <StatusTag status={job.status} />
      </p>
      <TableProgressRows job={job} />
      {job.status === "failed" && job.msg && (
        <Callout intent="danger" className="wb-gap" data-testid="import-failed">{job.msg}</Callout>
      )}
      {job.status === "cancelled" && (
        <Callout intent="warning" className="wb-gap" data-testid="import-cancelled">
          <FormattedMessage id="import.cancelled" />
        </Callout>
      )}
      {job.status === "done" && job.tables.length > 0 && (
        <div className="wb-gap" data-testid="import-done">
          <FormattedMessage id="import.done" />
          <ul className="wb-plain-list">
            {job.tables.map((t) => (
              <li key={t.id}>
                <a href="#" onClick={(e) => { e.preventDefault(); onOpenTable(t.title); }} data-testid="import-open-table">
                  {t.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {job.error_count > 0 && (
        <div className="wb-gap" data-testid="import-errors">
          <FormattedMessage id="import.errors.count" values={{ count: job.error_count }} />
          <HTMLTable compact striped className="wb-import-errors">
            <thead>
              <tr>
                <th><FormattedMessage id="import.errors.row" /></th>
                <th><FormattedMessage id="import.errors.column" /></th>
                <th><FormattedMessage id="import.errors.message" /></th>
              </tr>
            </thead>
            <tbody>
              {job.errors.map((e, i) => (
                <tr key={i} data-testid="import-error-row">
                  <td>{e.row}</td>
                  <td>{e.column ?? ""}</td>
                  <td>{e.msg}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}
