// Build-time prerender: the shell of one route in one language, without any session.
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { App } from "./App";
import { makeStore } from "./app/store";
import type { BootState } from "./app/boot";

export { ROUTES, NOT_FOUND_PATH, sampleUrl, patternRegex } from "./routeTable";
export { LANGUAGES, direction } from "./features/i18n/locales";

export function render(url: string, boot: Partial<BootState>): string {
  const store = makeStore({ boot });
  return renderToString(
    <StaticRouter location={url}>
      <App store={store} />
    </StaticRouter>,
  );
}
