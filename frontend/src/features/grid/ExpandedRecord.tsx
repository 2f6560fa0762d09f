// A record expanded into a form: every field of the table, saved together; an invalid value
// keeps the form open with the server's message and everything typed.
import { Button, Callout, Checkbox, Drawer, DrawerSize, FormGroup, InputGroup, TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { useAppDispatch } from "../../app/hooks";
import type { Column } from "../tables/api";
import { recordsApi, useUpdateRecordMutation, type RecordRow } from "./api";
import { READ_ONLY_TYPES, cellText, parseInput } from "./cells";
import { FORM_RICH_TYPES, RecordFieldValue } from "./RecordFieldValue";
import { useLinkedRecordQuery } from "./linkedApi";
import { countedLinkFields } from "./richFields";

interface Props {
  tableId: string;
  projectId?: string;
  /** The user may edit records (links and files are edited in place). */
  canEdit?: boolean;
  pkName: string;
  record: RecordRow | null;
  columns: Column[];
  onClose(): void;
}

function RecordForm({ tableId, projectId, canEdit, pkName, record: initial, columns, onClose }: Props & { record: RecordRow }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // Read again after a link changes, so that counts, lookups and rollups are fresh.
  const [record, setRecord] = useState(initial);
  const [richValues, setRichValues] = useState<RecordRow>({});
  // Counted link fields show their records: one v1 read of those fields (kept fresh by tags).
  const linkTitles = countedLinkFields(columns).map((c) => c.title);
  const { data: linked } = useLinkedRecordQuery(
    { projectId: projectId ?? "", tableId, rowId: initial[pkName], fields: [pkName, ...linkTitles] },
    { skip: !projectId || linkTitles.length === 0 },
  );
  const shownValue = (column: Column) =>
    column.title in richValues
      ? richValues[column.title]
      : Array.isArray(linked?.[column.title])
        ? linked[column.title]
        : record[column.title];
  const reread = async () => {
    const result = await dispatch(
      recordsApi.endpoints.record.initiate({ tableId, pk: initial[pkName] }, { subscribe: false, forceRefetch: true }),
    );
    if (result.data) setRecord(result.data);
  };
  const [updateRecord, { isLoading }] = useUpdateRecordMutation();
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((c) => [c.title, cellText(record[c.title], c)])),
  );
  const [checks, setChecks] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(columns.filter((c) => c.uidt === "Checkbox").map((c) => [c.title, !!record[c.title]])),
  );
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    const values: RecordRow = {};
    for (const column of columns) {
      if (column.title in richValues && richValues[column.title] !== record[column.title]) {
        values[column.title] = richValues[column.title];
        continue;
      }
      if (READ_ONLY_TYPES.has(column.uidt) || FORM_RICH_TYPES.has(column.uidt)) continue;
      if (column.uidt === "Checkbox") {
        if (checks[column.title] !== !!record[column.title]) values[column.title] = checks[column.title];
      } else if (texts[column.title] !== cellText(record[column.title], column)) {
        values[column.title] = parseInput(texts[column.title], column);
      }
    }
    if (Object.keys(values).length === 0) return onClose();
    const result = await updateRecord({ tableId, pkName, pk: record[pkName], values });
    if ("error" in result) setError((result.error as HttpError).message);
    else onClose();
  };

  return (
    <>
      <div className="bp6-drawer-body wb-record-form" data-testid="expanded-record">
        {error && <Callout intent="danger" className="wb-gap" data-testid="record-error">{error}</Callout>}
        {columns.map((column) => {
          const id = `record-field-${column.id}`;
          const readOnly = READ_ONLY_TYPES.has(column.uidt);
          if (FORM_RICH_TYPES.has(column.uidt)) {
            return (
              <FormGroup key={column.id} label={column.title} labelInfo={<span className="bp6-text-muted">{column.uidt}</span>}>
                <RecordFieldValue
                  column={column}
                  value={shownValue(column)}
                  projectId={projectId}
                  tableId={tableId}
                  rowId={record[pkName]}
                  canEdit={canEdit !== false}
                  onChange={(value) => setRichValues((prev) => ({ ...prev, [column.title]: value }))}
                  onLinked={() => void reread()}
                />
              </FormGroup>
            );
          }
          if (column.uidt === "Checkbox") {
            return (
              <Checkbox
                key={column.id}
                label={column.title}
                checked={checks[column.title]}
                onChange={(e) => setChecks({ ...checks, [column.title]: e.currentTarget.checked })}
              />
            );
          }
          return (
            <FormGroup key={column.id} label={column.title} labelFor={id} labelInfo={<span className="bp6-text-muted">{column.uidt}</span>}>
              {column.uidt === "LongText" || column.uidt === "JSON" ? (
                <TextArea id={id} fill value={texts[column.title]} readOnly={readOnly} onChange={(e) => setTexts({ ...texts, [column.title]: e.currentTarget.value })} />
              ) : (
                <InputGroup id={id} value={texts[column.title]} readOnly={readOnly} onValueChange={(v) => setTexts({ ...texts, [column.title]: v })} data-testid="record-input" />
              )}
            </FormGroup>
          );
        })}
      </div>
      <div className="bp6-drawer-footer wb-record-footer">
        <Button onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button intent="primary" loading={isLoading} onClick={save} data-testid="record-save">
          {intl.formatMessage({ id: "common.save" })}
        </Button>
      </div>
    </>
  );
}

export function ExpandedRecord(props: Props) {
  const intl = useIntl();
  const { record, columns } = props;
  const pv = columns.find((c) => c.pv);
  const title = record ? (pv ? cellText(record[pv.title], pv) : "") || intl.formatMessage({ id: "grid.record" }) : "";
  return (
    <Drawer isOpen={!!record} onClose={props.onClose} title={title} size={DrawerSize.SMALL} icon="document">
      {record && <RecordForm key={String(record[props.pkName])} {...props} record={record} />}
    </Drawer>
  );
}
