// Local client settings: kept in localStorage, always merged with the defaults so
// that a missing or corrupt entry never breaks start-up.
import { bestMatch, DEFAULT_LANG, isSupported, type Lang } from "../i18n/locales";

export const SETTINGS_KEY = "workbench.settings";

export interface FeedbackForm {
  url?: string;
  createdAt?: string;
  isHidden?: boolean;
  lastFormPollDate?: string;
}

export interface LocalSettings {
  token: string | null;
  lang: Lang;
  darkMode: false;
  feedbackForm: FeedbackForm;
  filterAutoSave: boolean;
  previewAs: string | null;
  includeM2M: boolean;
  currentVersion: string | null;
  latestRelease: string | null;
  hiddenRelease: string | null;
}

export function defaultSettings(browserLanguages?: readonly string[]): LocalSettings {
  return {
    token: null,
    lang: bestMatch(browserLanguages),
    darkMode: false,
    feedbackForm: {},
    filterAutoSave: true,
    previewAs: null,
    includeM2M: false,
    currentVersion: null,
    latestRelease: null,
    hiddenRelease: null,
  };
}

/** Merge stored values over the defaults; dark mode stays off. A stored language that is not
 * supported falls back to en; with none stored, the browser's best match applies. */
export function mergeSettings(stored: unknown, browserLanguages?: readonly string[]): LocalSettings {
  const defaults = defaultSettings(browserLanguages);
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return defaults;
  const s = stored as Partial<Record<keyof LocalSettings, unknown>>;
  return {
    ...defaults,
    token: typeof s.token === "string" && s.token ? s.token : null,
    lang: isSupported(s.lang) ? s.lang : s.lang === undefined ? defaults.lang : DEFAULT_LANG,
    darkMode: false,
    feedbackForm:
      s.feedbackForm && typeof s.feedbackForm === "object" ? { ...(s.feedbackForm as FeedbackForm) } : {},
    filterAutoSave: typeof s.filterAutoSave === "boolean" ? s.filterAutoSave : defaults.filterAutoSave,
    previewAs: typeof s.previewAs === "string" ? s.previewAs : null,
    includeM2M: typeof s.includeM2M === "boolean" ? s.includeM2M : defaults.includeM2M,
    currentVersion: typeof s.currentVersion === "string" ? s.currentVersion : null,
    latestRelease: typeof s.latestRelease === "string" ? s.latestRelease : null,
    hiddenRelease: typeof s.hiddenRelease === "string" ? s.hiddenRelease : null,
  };
}

export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** What is stored, parsed; null when nothing (or nothing readable) is. */
function storedSettings(storage: SettingsStorage | undefined): unknown {
  try {
    const raw = storage?.getItem(SETTINGS_KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function readSettings(storage: SettingsStorage | undefined, browserLanguages?: readonly string[]): LocalSettings {
  return mergeSettings(storedSettings(storage), browserLanguages);
}

export function writeSettings(storage: SettingsStorage | undefined, settings: LocalSettings | Record<string, unknown>): void {
  try {
    storage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or disabled: the session then lasts as long as the page.
  }
}

/** Store only the settings that changed from `previous` to `next`, over what is stored now:
 * another tab (or anything else) may have stored a token or a language since this page
 * read them, and a change of this page's feedback poll must not put the old ones back. */
export function writeSettingsChanges(
  storage: SettingsStorage | undefined,
  previous: LocalSettings,
  next: LocalSettings,
): void {
  const changed = (Object.keys(next) as (keyof LocalSettings)[]).filter((key) => next[key] !== previous[key]);
  if (changed.length === 0) return;
  const stored = storedSettings(storage);
  // With nothing (readable) stored, the whole settings are written.
  const base = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : next;
  writeSettings(storage, { ...base, ...Object.fromEntries(changed.map((key) => [key, next[key]])) });
}
