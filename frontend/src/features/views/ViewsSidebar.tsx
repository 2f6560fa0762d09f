// The table's views beside its workspace: open one (its route carries the view title), create
// one of each type, and per view rename, copy, share, choose its mode (collaborative, locked, or
// personal: seen by its creator only) or delete (never the default view).
import { Alert, Button, H5, Icon, Menu, MenuDivider, MenuItem, PopoverNext, type IconName } from "@blueprintjs/core";
import { useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { useParams } from "react-router";
import type { HttpError } from "../../app/http";
import type { Column } from "../tables/api";
import { TitleDialog } from "../ui/TitleDialog";
import { notify } from "../ui/notify";
import { useCapabilities } from "../projects/permissions";
import { useMeQuery } from "../session/api";
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

/** The modes of a view, with their icons: everyone may change a collaborative view; a locked
 * one only those who may lock views; a personal one is seen by its creator only. */
const MODES: { mode: string; icon: IconName }[] = [
  { mode: "collaborative", icon: "people" },
  { mode: "locked", icon: "lock" },
  { mode: "personal", icon: "person" },
];
const modeOf = (view: ViewMeta) => view.lock_type || "collaborative";

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
  const caps = useCapabilities();
  const { projectId = "" } = useParams();
  const me = useMeQuery({ projectId }, { skip: !projectId });
  /** Whether the user may put `view` in `mode` (the server refuses the others). */
  const mayChoose = (view: ViewMeta, mode: string) => {
    if (modeOf(view) === "locked" && !caps.viewLock) return false;
    if (mode === "locked") return caps.viewLock;
    if (mode === "personal") return !view.is_default && !!me.data?.id && view.created_by === me.data.id;
    return true;
  };
  const onMode = async (view: ViewMeta, mode: string) => {
    const result = await updateView({ tableId, viewId: view.id, body: { lock_type: mode } });
    if ("error" in result) return notify((result.error as HttpError).message, "danger");
    notify(intl.formatMessage({ id: `views.mode.${mode}.done` }, { title: view.title }), "success");
  };

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
              <>
              {modeOf(view) !== "collaborative" && (
                <Icon
                  icon={modeOf(view) === "personal" ? "person" : "lock"}
                  size={12}
                  className="wb-view-mode"
                  title={intl.formatMessage({ id: `views.mode.${modeOf(view)}` })}
                  data-testid="view-mode-icon"
                />
              )}
              {editable ? (
                // Clicks in the menu (also those in its portal) must not open the view.
                <span onClick={(e) => e.stopPropagation()}>
                <PopoverNext
                  placement="bottom-end"
                  // The focus stays where the chosen item puts it (its items open dialogs).
                  shouldReturnFocusOnClose={false}
                  content={
                    <Menu>
                      <MenuItem icon="edit" text={intl.formatMessage({ id: "views.rename" })} onClick={() => { setError(null); setRenaming(view); }} data-testid="view-rename" />
                      <MenuItem icon="duplicate" text={intl.formatMessage({ id: "views.copy" })} onClick={() => { setError(null); setCreating({ kind: viewKind(view) ?? String(view.type), copyOf: view }); }} data-testid="view-copy" />
                      <MenuItem icon="share" text={intl.formatMessage({ id: "share.title" })} onClick={() => setSharing(view)} data-testid="view-share" />
                      <MenuDivider title={intl.formatMessage({ id: "views.mode" })} />
                      {MODES.map(({ mode, icon }) => (
                        <MenuItem
                          key={mode}
                          icon={icon}
                          active={modeOf(view) === mode}
                          disabled={!mayChoose(view, mode)}
                          text={intl.formatMessage({ id: `views.mode.${mode}` })}
                          labelElement={
                            modeOf(view) === mode ? (
                              <Icon icon="small-tick" title={intl.formatMessage({ id: "views.mode.current" })} data-testid="view-mode-current" />
                            ) : (
                              intl.formatMessage({ id: `views.mode.${mode}.hint` })
                            )
                          }
                          onClick={() => modeOf(view) !== mode && onMode(view, mode)}
                          data-testid={`view-mode-${mode}`}
                        />
                      ))}
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
                </PopoverNext>
                </span>
              ) : undefined}
              </>
            }
          />
        ))}
      </Menu>
      {editable && (
        <>
          <H5 className="wb-views-head wb-views-create-head">
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
