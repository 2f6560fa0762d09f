// A record expanded into a form: every field of the table, each edited by its field type's
// editor (the host's input as the fallback), saved together by the save button; an invalid
// value keeps the form open with the server's message under the field it names (else above
// the form) and everything typed. A live change to the record (someone else's edit) is read
// in without touching the fields being edited; a record deleted meanwhile can no longer be
// saved and says so.
import { Button, Callout, Drawer, DrawerSize, FormGroup } from "@blueprintjs/core";
import { useEffect, useRef, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import { useFieldTypeLabel } from "../../plugins/catalogue";
import { useAppDispatch } from "../../app/hooks";
import type { Column } from "../tables/api";
import { recordsApi, useUpdateRecordMutation, type RecordRow } from "./api";
import { isReadOnlyType, cellText } from "./cells";
import { RecordFieldEditor } from "./RecordFieldEditor";
import { changedValues, fieldOfError, refreshedForm, type Edited } from "./recordForm";
import { touchesRecord } from "../realtime/liveBus";
import { useLiveRecords } from "../realtime/useLive";
import { isShownAsValue, RecordFieldValue } from "./RecordFieldValue";
import { useLinkedRecordQuery } from "./linkedApi";
import { countedLinkFields } from "./richFields";
import { CommentsPane } from "../comments/CommentsPane";
import { HistoryPane } from "../history/HistoryPane";
import { useCapabilities } from "../projects/permissions";
import { useInlineSwipe } from "../ui/swipe";

interface Props {
  tableId: string;
  projectId?: string;
  /** The user may edit records (links and files are edited in place). */
  canEdit?: boolean;
  /** Whether the user may write comments (commenters and up); comments show with a project. */
  canComment?: boolean;
  pkName: string;
  record: RecordRow | null;
  columns: Column[];
  onClose(): void;
}

const fieldId = (column: Column) => `record-field-${column.id}`;

function RecordForm({ tableId, projectId, canEdit, canComment, pkName, record: initial, columns, onClose }: Props & { record: RecordRow }) {
  const intl = useIntl();
  const caps = useCapabilities();
  const typeLabel = useFieldTypeLabel();
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
  // Values given by the field types' editors; text typed in the host's inputs (the fallback).
  const [edited, setEdited] = useState<Edited>({});
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((c) => [c.title, cellText(record[c.title], c)])),
  );
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [gone, setGone] = useState(false);
  // Bumped for a field whose editor starts again from a value changed elsewhere.
  const [revisions, setRevisions] = useState<Record<string, number>>({});
  const current = useRef({ record, edited, texts });
  current.current = { record, edited, texts };
  useLiveRecords(tableId, (change) => {
    if (!touchesRecord(change, tableId, initial[pkName])) return;
    void dispatch(
      recordsApi.endpoints.record.initiate({ tableId, pk: initial[pkName] }, { subscribe: false, forceRefetch: true }),
    ).then((result) => {
      // A failed read still carries the record read before: the error decides.
      if (result.isError) {
        if ((result.error as HttpError | undefined)?.status === 404) setGone(true);
      } else if (result.data) {
        const { record: before, edited: given, texts: typed } = current.current;
        const next = refreshedForm(columns, before, result.data, given, typed);
        setTexts(next.texts);
        setRecord(result.data);
        if (next.renewed.length > 0) {
          setRevisions((prev) => ({ ...prev, ...Object.fromEntries(next.renewed.map((t) => [t, (prev[t] ?? 0) + 1])) }));
        }
      }
    });
  });
  const editable = columns.filter((c) => !isReadOnlyType(c.uidt) && !isShownAsValue(c.uidt));
  // The field a refused save names takes the focus (and so comes into view) for its fix.
  useEffect(() => {
    const column = error?.field ? columns.find((c) => c.title === error.field) : undefined;
    if (column) document.getElementById(fieldId(column))?.focus();
    // Once per refusal: not again when the parent gives a new columns array.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);

  const save = async () => {
    const values: RecordRow = {};
    for (const column of columns) {
      if (column.title in richValues && richValues[column.title] !== record[column.title]) {
        values[column.title] = richValues[column.title];
      }
    }
    Object.assign(values, changedValues(editable, record, edited, texts));
    if (Object.keys(values).length === 0) return onClose();
    const result = await updateRecord({ tableId, pkName, pk: record[pkName], values });
    if ("error" in result) {
      const message = (result.error as HttpError).message;
      // Under the field it names when that field has an editor here (links and files: above).
      setError({ message, field: fieldOfError(message, columns.filter((c) => !isShownAsValue(c.uidt))) });
    } else onClose();
  };

  return (
    <>
      <div className="bp6-drawer-body wb-record-form" data-testid="expanded-record">
        {gone && (
          <Callout intent="warning" className="wb-gap" data-testid="record-gone">
            <FormattedMessage id="live.recordDeleted" />
          </Callout>
        )}
        {error && !error.field && <Callout intent="danger" className="wb-gap" data-testid="record-error">{error.message}</Callout>}
        {columns.map((column) => {
          const id = fieldId(column);
          const label = { label: column.title, labelInfo: <span className="bp6-text-muted">{typeLabel(column.uidt)}</span> };
          if (isShownAsValue(column.uidt)) {
            return (
              <FormGroup key={column.id} {...label}>
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
          const invalid = error?.field === column.title;
          return (
            <FormGroup
              key={column.id}
              {...label}
              labelFor={id}
              intent={invalid ? "danger" : "none"}
              helperText={invalid && <span role="alert" data-testid="record-error">{error.message}</span>}
            >
              <RecordFieldEditor
                key={revisions[column.title] ?? 0}
                column={column}
                id={id}
                value={record[column.title]}
                text={texts[column.title]}
                checked={column.title in edited ? !!edited[column.title].v : !!record[column.title]}
                projectId={projectId}
                tableId={tableId}
                rowId={record[pkName]}
                readOnly={isReadOnlyType(column.uidt) || canEdit === false}
                invalid={invalid}
                onValue={(value) => setEdited((prev) => ({ ...prev, [column.title]: { v: value } }))}
                onText={(text) => {
                  setTexts((prev) => ({ ...prev, [column.title]: text }));
                  // Text typed in the host's input replaces what a failed editor gave.
                  setEdited(({ [column.title]: _, ...rest }) => rest);
                }}
              />
            </FormGroup>
          );
        })}
        {projectId && (
          <div className="wb-record-panes">
            <CommentsPane projectId={projectId} tableId={tableId} rowId={String(initial[pkName])} canComment={!!canComment} />
            {caps.history && <HistoryPane tableId={tableId} rowId={String(initial[pkName])} />}
          </div>
        )}
      </div>
      <div className="bp6-drawer-footer wb-record-footer">
        <Button onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button intent="primary" loading={isLoading} disabled={gone} onClick={save} data-testid="record-save">
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
  // A swipe along the reading direction puts the record away (on a phone it fills the screen).
  const swipe = useInlineSwipe((way) => way === "forward" && props.onClose());
  return (
    <Drawer isOpen={!!record} onClose={props.onClose} title={title} size={DrawerSize.SMALL} icon="document" className="wb-record-drawer">
      {record && (
        <div className="wb-record-swipe" {...swipe}>
          <RecordForm key={String(record[props.pkName])} {...props} record={record} />
        </div>
      )}
    </Drawer>
  );
}
