/**
 * The playground page: web/ → dist/web/ (`npm run build:web`, part of `npm run build`).
 * clingo-wasm's package exports only "." and "./package.json", so its dist/ folder is reached
 * through an alias found from its package.json; `?url` makes clingo.js and clingo.wasm assets
 * of the page, copied as they are. The language server's worker (lsp-worker.ts) is an entry
 * of its own, written as lsp-worker.js (a fixed name: lsp-client.ts finds it beside the page).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const clingoDist = path.join(path.dirname(require.resolve("clingo-wasm/package.json")), "dist");

export default defineConfig({
  root: here,
  base: "./",
  logLevel: "warn",
  resolve: { alias: { "clingo-wasm-dist": clingoDist } },
  worker: { format: "es" },
  build: {
    outDir: path.join(here, "..", "dist", "web"),
    emptyOutDir: true,
    target: "es2022",
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      input: { index: path.join(here, "index.html"), "lsp-worker": path.join(here, "lsp-worker.ts") },
      output: { entryFileNames: (chunk) => (chunk.name === "lsp-worker" ? "lsp-worker.js" : "assets/[name]-[hash].js") },
    },
  },
});
