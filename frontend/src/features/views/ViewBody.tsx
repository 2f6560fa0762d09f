// The body of the open view in a table's workspace, by its type in the catalogue: the view
// type's toolbar and body from its plugin's bundle, given the table, where its records come
// from, the view's settings (read from its type's path) and what the user may do. While the
// bundle loads, an empty body of the same place holds the page still; a type no enabled
// plugin provides (or whose bundle failed) shows a notice, never another type's body.
import { Callout, NonIdealState, Spinner } from "@blueprintjs/core";
import { useLayoutEffect, useMemo, useState } from "react";
import { useIntl } from "react-intl";
import { workbenchApi } from "../../app/api";
import { useAppDispatch, useAppSelector, useAppStore } from "../../app/hooks";
import type { HttpError } from "../../app/http";
import type { CatalogueViewType } from "../../plugins/catalogue";
import type { FieldInfo, ViewProps, ViewTypeUI } from "../../plugins/hostApi";
import { PluginBoundary } from "../../plugins/PluginBoundary";
import { viewTypeUI } from "../../plugins/registry";
import { useCapabilities } from "../projects/permissions";
import type { TableMeta } from "../tables/api";
import { notify } from "../ui/notify";
import { parseMeta, useUpdateViewMutation, useUpdateViewSettingsMutation, useViewSettingsQuery, type ViewMeta } from "./api";
import { viewTypeOf } from "./viewTypes";

type BodyProps = { table: TableMeta; view: ViewMeta };

export function ViewBody({ table, view }: BodyProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  // A bundle's view appears once the bundles have loaded.
  const pluginsLoaded = useAppSelector((s) => s.ui.pluginsVersion) > 0;
  const store = useAppStore();
  // Opening a view reads its records afresh (others, or a shared form, may have added some).
  // Only records read before are dropped, before the view's body asks for its own (a layout
  // effect runs before the body's queries subscribe): a read still under way is left alone,
  // so the body's first request is the only one, never followed by a second of the same page.
  useLayoutEffect(() => {
    const tags = [{ type: "Records" as const, id: table.id }];
    if (workbenchApi.util.selectInvalidatedBy(store.getState(), tags).length > 0) dispatch(workbenchApi.util.invalidateTags(tags));
  }, [dispatch, store, table.id, view.id]);
  const type = viewTypeOf(view);
  const ui = type ? viewTypeUI(type.name) : null;
  if (type && ui) return <BundleView key={view.id} type={type} ui={ui} table={table} view={view} />;
  if (type?.bundle && !pluginsLoaded) return <ViewLoading />;
  return <UnknownView name={type ? intl.formatMessage({ id: type.label }) : String(view.type)} />;
}

/** The place of a view's body while what it needs loads. */
export function ViewLoading() {
  return (
    <div className="wb-view-loading" data-testid="view-loading">
      <Spinner size={24} />
    </div>
  );
}

/** A view whose type no enabled plugin draws: said plainly, never drawn as another type. */
export function UnknownView({ name }: { name: string }) {
  const intl = useIntl();
  return (
    <div data-testid="view-unavailable">
      <NonIdealState
        icon="warning-sign"
        title={intl.formatMessage({ id: "views.unavailable.title" })}
        description={intl.formatMessage({ id: "views.unavailable.body" }, { type: name })}
      />
    </div>
  );
}

function BundleView({ type, ui, table, view }: BodyProps & { type: CatalogueViewType; ui: ViewTypeUI & { pluginId: string } }) {
  const caps = useCapabilities();
  // Settings are read from the type's path when it answers GET there.
  const readable = type.readable && !!type.path;
  const settingsQuery = useViewSettingsQuery({ path: type.path ?? "", viewId: view.id }, { skip: !readable });
  const [updateSettings] = useUpdateViewSettingsMutation();
  const [updateView] = useUpdateViewMutation();
  const meta = useMemo(() => parseMeta(view.meta), [view.meta]);
  const [savedMeta, setSavedMeta] = useState<Record<string, unknown> | null>(null);
  // Types that answer no GET of their own (the grid) have their settings in the list of views;
  // the ones saved since are kept from the server's answer.
  const [savedSettings, setSavedSettings] = useState<{ viewId: string; settings: Record<string, unknown> } | null>(null);
  if (settingsQuery.isError) return <Callout intent="danger">{(settingsQuery.error as HttpError).message}</Callout>;
  if (readable && !settingsQuery.data) return <ViewLoading />;
  const saved = async (result: { error?: unknown }) => {
    if ("error" in result && result.error) notify((result.error as HttpError).message, "danger");
    return !("error" in result && result.error);
  };
  const props: ViewProps = {
    projectId: table.project_id ?? "",
    tableId: table.id,
    view: { id: view.id, title: view.title, type: Number(type.type), meta: savedMeta ?? meta },
    readOnly: !caps.viewConfigure,
    table: { id: table.id, title: table.title, columns: (table.columns ?? []) as FieldInfo[] },
    source: { tableId: table.id, viewId: view.id },
    settings: readable ? (settingsQuery.data ?? {}) : { ...(view.view ?? {}), ...(savedSettings?.viewId === view.id ? savedSettings.settings : {}) },
    can: { editRecords: caps.dataEdit, configureView: caps.viewConfigure, editFields: caps.schema, comment: caps.comment },
    saveSettings:
      caps.viewConfigure && type.path
        ? async (changes) => {
            const result = await updateSettings({ path: type.path ?? "", viewId: view.id, body: changes });
            if (!readable && result.data) setSavedSettings({ viewId: view.id, settings: result.data });
            return saved(result);
          }
        : undefined,
    saveMeta: caps.viewConfigure
      ? async (next) => {
          setSavedMeta(next);
          return saved(await updateView({ tableId: table.id, viewId: view.id, body: { meta: next } }));
        }
      : undefined,
  };
  return (
    <PluginBoundary pluginId={ui.pluginId} fallback={<UnknownView name={type.name} />}>
      {ui.Toolbar && <ui.Toolbar {...props} />}
      <ui.View {...props} />
    </PluginBoundary>
  );
}
