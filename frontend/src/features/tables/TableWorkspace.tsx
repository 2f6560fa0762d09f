// A table's workspace: its name (rename, delete) and the grid of its records.
import { Alert, Button, ButtonGroup, Card, H3, Spinner } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { useAppDispatch, useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import { tabClosed, tabPath, tabRenamed } from "../tabs/tabsSlice";
import { Grid } from "../grid/Grid";
import { useCapabilities } from "../projects/permissions";
import { TitleDialog } from "../ui/TitleDialog";
import { notify } from "../ui/notify";
import { useDeleteTableMutation, useTableQuery, useUpdateTableMutation } from "./api";
import { validateTableTitle } from "./validation";

export function TableWorkspace({ projectId, tableId }: { projectId: string; tableId: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const { data: table, isError, error } = useTableQuery(tableId);
  const [updateTable, updateState] = useUpdateTableMutation();
  const [deleteTable] = useDeleteTableMutation();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const tabId = `table:${tableId}`;
  const caps = useCapabilities();

  if (isError) return <Card>{(error as HttpError).message}</Card>;
  if (!table) return <Spinner size={24} />;

  const onRename = async (title: string) => {
    const result = await updateTable({ projectId, tableId, title });
    if ("error" in result) return setFormError((result.error as HttpError).message);
    setRenaming(false);
    const newTitle = result.data?.title ?? title;
    dispatch(tabRenamed({ id: tabId, title: newTitle }));
    navigate(tabPath(projectId, { id: tabId, type: "table", title: newTitle }), { replace: true });
  };
  const onDelete = async () => {
    const result = await deleteTable({ projectId, tableId });
    setDeleting(false);
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    dispatch(tabClosed(tabId));
    const { tabs, activeId } = store.getState().tabs;
    navigate(tabPath(projectId, tabs.find((t) => t.id === activeId) ?? null), { replace: true });
  };

  return (
    <Card data-testid="table-workspace" className="wb-workspace">
      <div className="wb-page-header">
        <H3 data-testid="table-title">{table.title}</H3>
        {caps.schema && <ButtonGroup variant="minimal">
          <Button icon="edit" onClick={() => { setFormError(null); setRenaming(true); }} data-testid="rename-table">
            <FormattedMessage id="project.rename" />
          </Button>
          <Button icon="trash" intent="danger" onClick={() => setDeleting(true)} data-testid="delete-table">
            <FormattedMessage id="project.delete" />
          </Button>
        </ButtonGroup>}
      </div>
      <Grid table={table} />
      <TitleDialog
        isOpen={renaming}
        title={intl.formatMessage({ id: "table.rename.title" })}
        label={intl.formatMessage({ id: "table.title.label" })}
        initial={table.title}
        submitLabel={intl.formatMessage({ id: "common.save" })}
        busy={updateState.isLoading}
        serverError={formError}
        validate={(title) => {
          const id = validateTableTitle(title);
          return id ? intl.formatMessage({ id }) : null;
        }}
        onSubmit={onRename}
        onCancel={() => setRenaming(false)}
        testId="table-title"
      />
      <Alert
        isOpen={deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "project.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={onDelete}
        onCancel={() => setDeleting(false)}
      >
        <FormattedMessage id="table.delete.confirm" values={{ title: table.title }} />
      </Alert>
    </Card>
  );
}
