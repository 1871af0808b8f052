// The command line as one bundle per command (issue 9): `npm run build` compiles src/ with tsc to
// dist/src/ (the library, its .d.ts files and the child-process scripts), then this bundles the
// CLI from dist/src/cli/main.js into dist/cli/: main-HASH.cjs (the command table and commander)
// and one chunk per command, required by main's dynamic `import()` when that command runs.
//
// CommonJS, and every file named by the hash of its content: bin/gdl-ground.js loads the chunks
// through V8's code cache (src/cli/chunk-loader.ts), which Node 20 offers for scripts but not for
// ES modules, and which is valid only for the very content it was made from. commander is bundled
// too, so that its code is cached with ours; the other packages stay external (resolved from
// node_modules) and are only ever required by the commands that use them.
//
// Second, what bin/gdl-ground.js loads before the command line (the chunk loader, the start-up
// tiering, clingo-wasm's early start: dist/src/cli/start.js) as one ES module, dist/bin/start.mjs:
// an ES module because clingo's start imports clingo's JavaScript with import(), which the cached
// chunks cannot do; one file because ten cost 9 ms to load and one 3.
export default [
  {
    input: { main: "dist/src/cli/main.js" },
    platform: "node",
    external: (id) => !id.startsWith(".") && !id.startsWith("/") && id !== "commander" && !id.startsWith("commander/"),
    output: { dir: "dist/cli", format: "cjs", cleanDir: true, entryFileNames: "[name]-[hash].cjs", chunkFileNames: "[name]-[hash].cjs" },
  },
  {
    input: { start: "dist/src/cli/start.js" },
    platform: "node",
    external: (id) => !id.startsWith(".") && !id.startsWith("/"),
    output: { dir: "dist/bin", format: "esm", cleanDir: true, entryFileNames: "[name].mjs" },
  },
];
