// The expanded record form for plugins' views: open a record in it, or add a record (in a
// stack, on a day) and open it to be filled in.
import { useState } from "react";
import { workbenchApi } from "../../app/api";
import { useAppDispatch } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { recordsApi, useCreateRecordMutation, type RecordRow } from "../../features/grid/api";
import { ExpandedRecord } from "../../features/grid/ExpandedRecord";
import type { Column } from "../../features/tables/api";
import { notify } from "../../features/ui/notify";
import { WhileOpen } from "../../features/ui/WhileOpen";
import type { RecordForm, RecordFormOptions } from "../hostApi";

export function useRecordForm({ tableId, projectId, columns, pkName, canEdit, canComment, onClose }: RecordFormOptions): RecordForm {
  const dispatch = useAppDispatch();
  const [createRecord] = useCreateRecordMutation();
  const [record, setRecord] = useState<RecordRow | null>(null);
  const add = async (values: RecordRow) => {
    const result = await createRecord({ tableId, values });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    const pk = result.data[pkName];
    const fresh = await dispatch(recordsApi.endpoints.record.initiate({ tableId, pk }, { subscribe: false, forceRefetch: true }));
    setRecord(fresh.data ?? { ...values, ...result.data });
  };
  const element = (
    <WhileOpen open={!!record}>
      <ExpandedRecord
        tableId={tableId}
        projectId={projectId}
        canEdit={canEdit}
        canComment={canComment}
        pkName={pkName}
        record={record}
        columns={columns as Column[]}
        onClose={() => {
          setRecord(null);
          // The views read their records again (the form may have changed one).
          dispatch(workbenchApi.util.invalidateTags([{ type: "Records", id: tableId }]));
          onClose?.();
        }}
      />
    </WhileOpen>
  );
  return { open: setRecord, add: (values) => void add(values), element };
}
