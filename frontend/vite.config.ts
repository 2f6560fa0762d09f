/// <reference types="vitest/config" />
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PLUGINS = here("../plugins/");
const SHARED = /^(react|react-dom|react-intl|react-redux|react-router|@reduxjs\/toolkit|@blueprintjs\/core|@testing-library\/react)(\/.*)?$/;

/** Tests of plugins' UI sources (../plugins/<kind>/<name>/ui): what they import of the host's shared
 * modules resolves as the host's own imports do (a built bundle reads the host's copies), and
 * "@workbench/plugin-api" is the host's module. */
function sharedForPluginTests(): Plugin {
  return {
    name: "workbench-shared-for-plugin-tests",
    enforce: "pre",
    async resolveId(id, importer) {
      if (!importer?.startsWith(PLUGINS)) return null;
      if (id === "@workbench/plugin-api") return here("./src/plugins/pluginApi.ts");
      if (SHARED.test(id)) return this.resolve(id, here("./src/main.tsx"), { skipSelf: true });
      return null;
    },
  };
}

// The client bundle goes to dist/ (served by Pyramid: dist/assets/* are content-hashed and
// cached for a year); `vite build --ssr` builds src/entry-server.tsx into dist-ssr/, which
// scripts/prerender.mjs uses at build time only. The i18n catalogues live at the repo root.
export default defineConfig({
  // Addresses relative to the page's scripts, so the app works under any base path (the
  // server puts the page's own ones under workbench.base_path).
  base: "./",
  plugins: [react(), ...(process.env.VITEST ? [sharedForPluginTests()] : [])],
  server: { fs: { allow: [".."] } },
  build: {
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        manualChunks(id: string) {
          // Icon paths stay in their own lazily loaded chunks.
          if (id.includes("node_modules/@blueprintjs/icons")) return undefined;
          if (id.includes("node_modules/@blueprintjs")) return "blueprint";
          if (id.includes("node_modules")) return "vendor";
          return undefined;
        },
      },
    },
  },
  test: {
    environment: "jsdom",
    css: false,
    include: ["src/**/*.test.{ts,tsx}", "../plugins/*/*/ui/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
    // A test file waits on its jsdom and imports more than on its CPU: one worker a core
    // (the default leaves one core out, a single worker on a machine of two).
    maxWorkers: availableParallelism(),
  },
});
