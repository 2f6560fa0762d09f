// A view's sorts and filters of the open tab only (the tab's sortsState and filterState):
// what a viewer, who cannot change the view's own, sorts and filters by for themselves.
// They live in the open tab and go when it closes; outside a project's tabs (a shared
// view) they live as long as the page shows the view.
import { useCallback, useState } from "react";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import type { TabFilter, TabSort, TabViewState } from "../../plugins/hostApi";
import { tabViewStateChanged } from "./tabsSlice";

const NONE: never[] = [];

export function useTabViewState(viewId: string | undefined): TabViewState {
  const dispatch = useAppDispatch();
  const tab = useAppSelector((s) => s.tabs.tabs.find((t) => t.id === s.tabs.activeId) ?? null);
  const [local, setLocal] = useState<{ sorts: TabSort[]; filters: TabFilter[] }>({ sorts: [], filters: [] });
  const inTab = !!tab && !!viewId;
  const setSorts = useCallback(
    (sorts: TabSort[]) => (inTab ? dispatch(tabViewStateChanged({ viewId: viewId!, sorts })) : setLocal((l) => ({ ...l, sorts }))),
    [dispatch, inTab, viewId],
  );
  const setFilters = useCallback(
    (filters: TabFilter[]) => (inTab ? dispatch(tabViewStateChanged({ viewId: viewId!, filters })) : setLocal((l) => ({ ...l, filters }))),
    [dispatch, inTab, viewId],
  );
  if (!inTab) return { ...local, setSorts, setFilters };
  return {
    sorts: tab.sortsState?.[viewId!] ?? NONE,
    filters: tab.filterState?.[viewId!] ?? NONE,
    setSorts,
    setFilters,
  };
}
