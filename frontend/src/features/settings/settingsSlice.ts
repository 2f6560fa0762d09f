// The local settings in the store. `loaded` stays false through the server render and the
// hydrating render, so both produce the same markup; the client loads the stored settings
// right after hydration.
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { Lang } from "../i18n/locales";
import { defaultSettings, type FeedbackForm, type LocalSettings } from "./settings";

export interface SettingsState {
  loaded: boolean;
  values: LocalSettings;
}

const initialState: SettingsState = { loaded: false, values: defaultSettings() };

export const settingsSlice = createSlice({
  name: "settings",
  initialState,
  reducers: {
    settingsLoaded(state, action: PayloadAction<LocalSettings>) {
      state.loaded = true;
      state.values = action.payload;
    },
    tokenChanged(state, action: PayloadAction<string>) {
      state.values.token = action.payload;
    },
    signedOut(state) {
      state.values.token = null;
      state.values.previewAs = null;
    },
    langChanged(state, action: PayloadAction<Lang>) {
      state.values.lang = action.payload;
    },
    previewAsChanged(state, action: PayloadAction<string | null>) {
      state.values.previewAs = action.payload;
    },
    feedbackPolled(state, action: PayloadAction<FeedbackForm>) {
      state.values.feedbackForm = action.payload;
    },
  },
  selectors: {
    selectSettingsLoaded: (state) => state.loaded,
    selectToken: (state) => state.values.token,
    selectLang: (state) => state.values.lang,
    selectPreviewAs: (state) => state.values.previewAs,
  },
});

export const { settingsLoaded, tokenChanged, signedOut, langChanged, feedbackPolled, previewAsChanged } =
  settingsSlice.actions;
export const { selectSettingsLoaded, selectToken, selectLang, selectPreviewAs } = settingsSlice.selectors;
