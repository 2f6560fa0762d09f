// The active language and its catalogue (static text, not server data).
import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { DEFAULT_LANG, direction, type Lang } from "./locales";
import { enMessages, type Messages } from "./messages";

export interface LocaleState {
  lang: Lang;
  dir: "ltr" | "rtl";
  messages: Messages;
}

const initialState: LocaleState = { lang: DEFAULT_LANG, dir: "ltr", messages: enMessages };

export const localeSlice = createSlice({
  name: "locale",
  initialState,
  reducers: {
    localeLoaded(state, action: PayloadAction<{ lang: Lang; messages: Messages }>) {
      state.lang = action.payload.lang;
      state.dir = direction(action.payload.lang);
      state.messages = action.payload.messages;
    },
  },
  selectors: {
    selectLocale: (state) => state,
  },
});

export const { localeLoaded } = localeSlice.actions;
export const { selectLocale } = localeSlice.selectors;
