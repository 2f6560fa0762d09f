// Catalogues come from the repository's i18n/ folder. English is bundled (it is the source
// and the fallback); the other languages are separate chunks loaded on demand.
import en from "../../../../i18n/en.json";
import { DEFAULT_LANG, isSupported, type Lang } from "./locales";

export type Messages = Record<string, string>;
export const enMessages: Messages = en;

const loaders = import.meta.glob<{ default: Messages }>(["../../../../i18n/*.json", "!../../../../i18n/en.json"]);

/** The catalogue for `lang`, with English filling any gap; unsupported languages give English. */
export async function loadMessages(lang: string): Promise<{ lang: Lang; messages: Messages }> {
  if (!isSupported(lang) || lang === DEFAULT_LANG) return { lang: DEFAULT_LANG, messages: enMessages };
  const loader = loaders[`../../../../i18n/${lang}.json`];
  if (!loader) return { lang: DEFAULT_LANG, messages: enMessages };
  const mod = await loader();
  return { lang, messages: { ...enMessages, ...mod.default } };
}
