/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The client bundle goes to dist/ (served by Pyramid: dist/assets/* are content-hashed and
// cached for a year); `vite build --ssr` builds src/entry-server.tsx into dist-ssr/, which
// scripts/prerender.mjs uses at build time only. The i18n catalogues live at the repo root.
export default defineConfig({
  plugins: [react()],
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
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test/setup.ts"],
  },
});
