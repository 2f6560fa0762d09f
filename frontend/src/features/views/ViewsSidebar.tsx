// The table's views beside its workspace: open one (its route carries the view title), create
// one of each type, and per view rename, copy, share or delete (never the default view).
import { Alert, Button, H5, Icon, Menu, MenuDivider, MenuItem, Popover, type IconName } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { HttpError } from "../../app/http";
import type { Column } from "../tables/api";
import { TitleDialog } from "../ui/TitleDialog";
import { notify } from "../ui/notify";
import { useCatalogue } from "../../plugins/catalogue";
import { CreateViewDialog, useViewTypeLabel, type NewView } from "./CreateViewDialog";
import { ShareDialog } from "./ShareDialog";
import {
  useCreateViewMutation,
  useDeleteViewMutation,
  useUpdateViewMutation,
  validateViewTitle,
  viewKind,
  type ViewMeta,
} from "./api";
import { viewTypeOf } from "./viewTypes";
import "./views.css";

/** A view's icon, from its type in the catalogue (a type no plugin provides: a warning). */
const iconOf = (view: ViewMeta) => (viewTypeOf(view)?.icon ?? "warning-sign") as IconName;

export function ViewsSidebar({ tableId, views, active, columns, editable, onOpen, onRenamed, onDeleted }: {
  tableId: string;
  views: ViewMeta[];
  active: ViewMeta | null;
  columns: Column[];
  editable: boolean;
  onOpen(view: ViewMeta): void;
  onRenamed(view: ViewMeta, title: string): void;
  onDeleted(view: ViewMeta): void;
}) {
  const intl = useIntl();
  const [createView, createState] = useCreateViewMutation();
  const [updateView, updateState] = useUpdateViewMutation();
  const [deleteView] = useDeleteViewMutation();
  const [creating, setCreating] = useState<{ kind: string; copyOf?: ViewMeta } | null>(null);
  const catalogue = useCatalogue();
  const typeLabel = useViewTypeLabel();
  const creatable = [...catalogue.viewTypes].sort((a, b) => a.order - b.order);
  const [renaming, setRenaming] = useState<ViewMeta | null>(null);
  const [deleting, setDeleting] = useState<ViewMeta | null>(null);
  const [sharing, setSharing] = useState<ViewMeta | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titles = views.map((v) => v.title);

  const onCreate = async (view: NewView) => {
    if (!creating) return;
    const result = await createView({ tableId, kind: creating.kind, copyFromId: creating.copyOf?.id, ...view });
    if ("error" in result) return setError((result.error as HttpError).message);
    setCreating(null);
    onOpen({ ...result.data, title: result.data.title ?? view.title });
  };
  const onRename = async (title: string) => {
    if (!renaming) return;
    const result = await updateView({ tableId, viewId: renaming.id, body: { title } });
    if ("error" in result) return setError((result.error as HttpError).message);
    const view = renaming;
    setRenaming(null);
    onRenamed(view, result.data?.title ?? title);
  };
  const onDelete = async () => {
    if (!deleting) return;
    const view = deleting;
    setDeleting(null);
    const result = await deleteView({ tableId, viewId: view.id });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    onDeleted(view);
  };

  return (
    <aside className="wb-views" data-testid="views-sidebar">
      <H5 className="wb-views-head">
        <FormattedMessage id="views.title" />
      </H5>
      <Menu className="wb-views-list" data-testid="views-list">
        {views.map((view) => (
          <MenuItem
            key={view.id}
            icon={iconOf(view)}
            text={view.title}
            active={active?.id === view.id}
            onClick={() => onOpen(view)}
            data-testid="view-item"
            data-view={view.title}
            labelElement={
              editable ? (
                // Clicks in the menu (also those in its portal) must not open the view.
                <span onClick={(e) => e.stopPropagation()}>
                <Popover
                  placement="bottom-end"
                  content={
                    <Menu>
                      <MenuItem icon="edit" text={intl.formatMessage({ id: "views.rename" })} onClick={() => { setError(null); setRenaming(view); }} data-testid="view-rename" />
                      <MenuItem icon="duplicate" text={intl.formatMessage({ id: "views.copy" })} onClick={() => { setError(null); setCreating({ kind: viewKind(view) ?? String(view.type), copyOf: view }); }} data-testid="view-copy" />
                      <MenuItem icon="share" text={intl.formatMessage({ id: "share.title" })} onClick={() => setSharing(view)} data-testid="view-share" />
                      <MenuDivider />
                      <MenuItem
                        icon="trash"
                        intent="danger"
                        disabled={!!view.is_default}
                        text={intl.formatMessage({ id: "views.delete" })}
                        onClick={() => setDeleting(view)}
                        data-testid="view-delete"
                      />
                    </Menu>
                  }
                >
                  <Button
                    variant="minimal"
                    size="small"
                    icon="more"
                    aria-label={intl.formatMessage({ id: "views.menu" })}
                    data-testid="view-menu"
                  />
                </Popover>
                </span>
              ) : undefined
            }
          />
        ))}
      </Menu>
      {editable && (
        <>
          <H5 className="wb-views-head">
            <FormattedMessage id="views.create" />
          </H5>
          <Menu className="wb-views-create">
            {creatable.map((type) => (
              <MenuItem
                key={type.name}
                icon={type.icon as IconName}
                text={typeLabel(type.name)}
                labelElement={<Icon icon="plus" size={12} />}
                onClick={() => { setError(null); setCreating({ kind: type.name }); }}
                data-testid={`create-view-${type.name}`}
              />
            ))}
          </Menu>
        </>
      )}
      <CreateViewDialog
        kind={creating?.kind ?? null}
        copyOf={creating?.copyOf?.title}
        columns={columns}
        taken={titles}
        busy={createState.isLoading}
        serverError={error}
        onSubmit={onCreate}
        onCancel={() => setCreating(null)}
      />
      <TitleDialog
        isOpen={!!renaming}
        title={intl.formatMessage({ id: "views.rename" })}
        label={intl.formatMessage({ id: "views.title.label" })}
        initial={renaming?.title}
        submitLabel={intl.formatMessage({ id: "common.save" })}
        busy={updateState.isLoading}
        serverError={error}
        validate={(title) => {
          const id = validateViewTitle(title, titles, renaming?.title);
          return id ? intl.formatMessage({ id }) : null;
        }}
        onSubmit={onRename}
        onCancel={() => setRenaming(null)}
        testId="view-rename"
      />
      <Alert
        isOpen={!!deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={intl.formatMessage({ id: "views.delete" })}
        cancelButtonText={intl.formatMessage({ id: "common.cancel" })}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      >
        <FormattedMessage id="views.delete.confirm" values={{ title: deleting?.title ?? "" }} />
      </Alert>
      <ShareDialog view={sharing ? views.find((v) => v.id === sharing.id) ?? sharing : null} tableId={tableId} onClose={() => setSharing(null)} />
    </aside>
  );
}
