// UI state: the global loading flag (held while any request runs) and whether the
// client has hydrated.
import { createSlice } from "@reduxjs/toolkit";

export interface UiState {
  pendingRequests: number;
  /** Bumped when plugin bundles have been loaded (their registry lives outside the store). */
  pluginsVersion: number;
}

const initialState: UiState = { pendingRequests: 0, pluginsVersion: 0 };

export const uiSlice = createSlice({
  name: "ui",
  initialState,
  reducers: {
    requestStarted(state) {
      state.pendingRequests += 1;
    },
    requestFinished(state) {
      state.pendingRequests = Math.max(0, state.pendingRequests - 1);
    },
    pluginsLoaded(state) {
      state.pluginsVersion += 1;
    },
  },
  selectors: {
    selectLoading: (state) => state.pendingRequests > 0,
  },
});

export const { requestStarted, requestFinished, pluginsLoaded } = uiSlice.actions;
export const { selectLoading } = uiSlice.selectors;
