// The command line as one bundle per command (issue 9): `npm run build` compiles src/ with tsc to
// dist/src/ (the library, its .d.ts files and the child-process scripts), then this bundles the
// CLI from dist/src/cli/main.js into dist/cli/: main.js (the command table and commander) and one
// chunk per command, loaded by main.js's dynamic `import()` when that command runs. Node then
// reads a handful of files instead of about seventy ES modules for `gdl-ground GAME --propnet`.
// Packages stay external: they are resolved from node_modules as before.
export default {
  input: { main: "dist/src/cli/main.js" },
  platform: "node",
  external: (id) => !id.startsWith(".") && !id.startsWith("/"),
  output: { dir: "dist/cli", format: "esm", cleanDir: true, chunkFileNames: "[name]-[hash].js" },
};
