// Build step after `vite build` and `vite build --ssr`: prerender the shell of every route of
// the route table in every language, and write what the Python server needs:
//   dist/shells/<hash>.html   the body fragment of one shell (identical ones are stored once)
//   dist/shells/manifest.json { template, routes: [{path, regex, notFound?}], shells: {lang: [hash per route]} }
// The server fills the template (dist/index.html) with the fragment, the lang/dir attributes
// and the inlined initial state at request time; no Node runs in production.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const dist = resolve(root, "dist");
const i18n = resolve(root, "..", "i18n");
const server = await import(pathToFileURL(resolve(root, "dist-ssr", "entry-server.js")).href);
const { render, ROUTES, NOT_FOUND_PATH, sampleUrl, patternRegex, LANGUAGES } = server;

const en = JSON.parse(readFileSync(resolve(i18n, "en.json"), "utf8"));
const shellsDir = resolve(dist, "shells");
rmSync(shellsDir, { recursive: true, force: true });
mkdirSync(shellsDir, { recursive: true });

const routes = ROUTES.map((r) => ({ path: r.path, regex: patternRegex(r.path), sample: sampleUrl(r.path) }));
routes.push({ path: "*", regex: null, sample: NOT_FOUND_PATH, notFound: true });

const shells = {};
let written = 0;
for (const lang of LANGUAGES) {
  const messages = lang === "en" ? en : { ...en, ...JSON.parse(readFileSync(resolve(i18n, `${lang}.json`), "utf8")) };
  shells[lang] = routes.map((route) => {
    const html = render(route.sample, { lang, messages });
    const hash = createHash("sha256").update(html).digest("hex").slice(0, 16);
    const file = resolve(shellsDir, `${hash}.html`);
    try {
      readFileSync(file);
    } catch {
      writeFileSync(file, html);
      written += 1;
    }
    return hash;
  });
}

const manifest = {
  template: "index.html",
  routes: routes.map(({ path, regex, notFound }) => ({ path, regex, ...(notFound ? { notFound } : {}) })),
  shells,
};
writeFileSync(resolve(shellsDir, "manifest.json"), JSON.stringify(manifest));
console.log(`prerendered ${routes.length} routes x ${LANGUAGES.length} languages (${written} distinct shells)`);
