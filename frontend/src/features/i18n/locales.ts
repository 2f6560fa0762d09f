// The 31 interface languages, best-match selection and text direction.

export const LANGUAGES = [
  "ar", "bn_IN", "da", "de", "en", "es", "fa", "fi", "fr", "he", "hi", "hr", "id", "it", "ja", "ko",
  "lv", "nl", "no", "pl", "pt", "pt_BR", "ru", "sl", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
] as const;

/** Each language by its own name. */
export const LANGUAGE_NAMES: Record<string, string> = {
  ar: "العربية", bn_IN: "বাংলা", da: "Dansk", de: "Deutsch", en: "English", es: "Español", fa: "فارسی",
  fi: "Suomi", fr: "Français", he: "עברית", hi: "हिन्दी", hr: "Hrvatski", id: "Bahasa Indonesia",
  it: "Italiano", ja: "日本語", ko: "한국어", lv: "Latviešu", nl: "Nederlands", no: "Norsk", pl: "Polski",
  pt: "Português", pt_BR: "Português (Brasil)", ru: "Русский", sl: "Slovenščina", sv: "Svenska", th: "ไทย",
  tr: "Türkçe", uk: "Українська", vi: "Tiếng Việt", "zh-Hans": "简体中文", "zh-Hant": "繁體中文",
};

export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "en";
/** Right-to-left languages. */
export const RTL_LANGS: readonly string[] = ["ar", "fa"];

export function isSupported(lang: unknown): lang is Lang {
  return typeof lang === "string" && (LANGUAGES as readonly string[]).includes(lang);
}

export function direction(lang: string): "rtl" | "ltr" {
  return RTL_LANGS.includes(lang) ? "rtl" : "ltr";
}

/** The BCP 47 tag react-intl should format with. */
export function intlLocale(lang: string): string {
  return lang.replace("_", "-");
}

/** Map one browser language tag (e.g. "pt-BR", "zh-TW", "nb") to a supported language, or null. */
export function matchLanguage(tag: string): Lang | null {
  const lower = tag.trim().replace("_", "-").toLowerCase();
  if (!lower) return null;
  const exact = LANGUAGES.find((l) => l.replace("_", "-").toLowerCase() === lower);
  if (exact) return exact;
  const [base, ...rest] = lower.split("-");
  if (base === "zh") {
    const traditional = rest.some((r) => ["hant", "tw", "hk", "mo"].includes(r));
    return traditional ? "zh-Hant" : "zh-Hans";
  }
  if (base === "nb" || base === "nn") return "no";
  if (base === "bn") return "bn_IN";
  if (base === "iw") return "he";
  if (base === "in") return "id";
  return LANGUAGES.find((l) => l.toLowerCase() === base) ?? null;
}

/** The first of the browser's languages that we support, else en. */
export function bestMatch(browserLanguages: readonly string[] | undefined): Lang {
  for (const tag of browserLanguages ?? []) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

/** Plugin messages live under plugin.<id>.* so that they never collide with the host's. */
export function namespacePluginMessages(pluginId: string, messages: Record<string, string>): Record<string, string> {
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(pluginId)) throw new Error(`invalid plugin id: ${pluginId}`);
  const prefix = `plugin.${pluginId}.`;
  return Object.fromEntries(
    Object.entries(messages).map(([key, value]) => [key.startsWith(prefix) ? key : prefix + key, value]),
  );
}
