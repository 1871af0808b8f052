// The extension as one CommonJS file (vscode-languageclient bundled in, `vscode` given by the
// editor), so that the .vsix needs no node_modules: `vsce package --no-dependencies`.
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export default {
  input: path.join(here, "src/extension.ts"),
  platform: "node",
  external: ["vscode"],
  output: { file: path.join(here, "dist/extension.js"), format: "cjs", minify: true },
};
