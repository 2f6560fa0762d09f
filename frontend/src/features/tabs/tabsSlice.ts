// Open items of a project as tabs: types table, view and auth. Opening reuses an
// existing tab; closing the active one moves to the previous tab, else the next, else the
// project home (active = null); renaming changes the title (the shell updates the route).
// A tab keeps its own sorts and filters of each view (sortsState, filterState: a viewer's,
// who cannot save the view's), gone when the tab closes.
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { TabFilter, TabSort } from "../../plugins/hostApi";

export type TabType = "table" | "view" | "auth";

export interface Tab {
  id: string;
  type: TabType;
  title: string;
  viewTitle?: string;
  /** The tab's own sorts of each view, by view id. */
  sortsState?: Record<string, TabSort[]>;
  /** The tab's own filter conditions of each view, by view id. */
  filterState?: Record<string, TabFilter[]>;
}

export interface TabsState {
  projectId: string | null;
  tabs: Tab[];
  activeId: string | null;
}

const initialState: TabsState = { projectId: null, tabs: [], activeId: null };

export const tabsSlice = createSlice({
  name: "tabs",
  initialState,
  reducers: {
    /** A different project: forget the previous project's tabs. */
    projectEntered(state, action: PayloadAction<string>) {
      if (state.projectId !== action.payload) return { projectId: action.payload, tabs: [], activeId: null };
      return state;
    },
    tabOpened(state, action: PayloadAction<Tab>) {
      const existing = state.tabs.find((t) => t.id === action.payload.id);
      if (existing) Object.assign(existing, { ...action.payload, sortsState: existing.sortsState, filterState: existing.filterState });
      else state.tabs.push(action.payload);
      state.activeId = action.payload.id;
    },
    homeShown(state) {
      state.activeId = null;
    },
    tabClosed(state, action: PayloadAction<string>) {
      const index = state.tabs.findIndex((t) => t.id === action.payload);
      if (index < 0) return;
      state.tabs.splice(index, 1);
      if (state.activeId === action.payload) {
        const next = state.tabs[index - 1] ?? state.tabs[index] ?? null;
        state.activeId = next ? next.id : null;
      }
    },
    /** The active tab's own sorts (or filters) of a view. */
    tabViewStateChanged(state, action: PayloadAction<{ viewId: string; sorts?: TabSort[]; filters?: TabFilter[] }>) {
      const tab = state.tabs.find((t) => t.id === state.activeId);
      if (!tab) return;
      const { viewId, sorts, filters } = action.payload;
      if (sorts) tab.sortsState = { ...tab.sortsState, [viewId]: sorts };
      if (filters) tab.filterState = { ...tab.filterState, [viewId]: filters };
    },
    tabRenamed(state, action: PayloadAction<{ id: string; title: string }>) {
      const tab = state.tabs.find((t) => t.id === action.payload.id);
      if (tab) tab.title = action.payload.title;
    },
  },
  selectors: {
    selectTabs: (state) => state.tabs,
    selectActiveTab: (state) => state.tabs.find((t) => t.id === state.activeId) ?? null,
  },
});

export const { projectEntered, tabOpened, homeShown, tabClosed, tabRenamed, tabViewStateChanged } = tabsSlice.actions;
export const { selectTabs, selectActiveTab } = tabsSlice.selectors;

/** The route of a tab in project `projectId` (project type nc), or the project home. */
export function tabPath(projectId: string, tab: Tab | null): string {
  const base = `/nc/${encodeURIComponent(projectId)}`;
  if (!tab) return base;
  if (tab.type === "auth") return `${base}/auth`;
  const view = tab.viewTitle ? `/${encodeURIComponent(tab.viewTitle)}` : "";
  return `${base}/${tab.type}/${encodeURIComponent(tab.title)}${view}`;
}
