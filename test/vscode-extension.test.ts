/**
 * The VS Code extension (editors/vscode/): `npm run package:vscode` bundles it and packs a .vsix
 * with no network (a dead proxy is set: vsce must not need one), holding the manifest, the
 * bundled extension and the grammar; the bundle requires nothing but `vscode` and Node's own
 * modules (vscode-languageclient is inside it); the manifest gives the extension the GDL files;
 * the extension's source type-checks against VS Code's API.
 */
import { execFileSync } from "node:child_process";
import { builtinModules } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");
const EXTENSION = path.join(ROOT, "editors", "vscode");

/** The names in a zip file's central directory (a .vsix is a zip). */
function zipEntries(file: string): string[] {
  const bytes = readFileSync(file);
  const names: string[] = [];
  for (let i = bytes.length - 22; i >= 0; i--) {
    if (bytes.readUInt32LE(i) !== 0x06054b50) continue;
    let at = bytes.readUInt32LE(i + 16);
    const count = bytes.readUInt16LE(i + 10);
    for (let n = 0; n < count; n++) {
      const nameLength = bytes.readUInt16LE(at + 28);
      names.push(bytes.toString("utf8", at + 46, at + 46 + nameLength));
      at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    }
    break;
  }
  return names;
}

describe("the VS Code extension", () => {
  it("is packaged offline into a .vsix with its manifest, bundle and grammar", () => {
    execFileSync("npm", ["run", "package:vscode"], {
      cwd: ROOT,
      stdio: "pipe",
      env: { ...process.env, HTTPS_PROXY: "http://127.0.0.1:9", HTTP_PROXY: "http://127.0.0.1:9", https_proxy: "http://127.0.0.1:9", http_proxy: "http://127.0.0.1:9", npm_config_offline: "true" },
      timeout: 120_000,
    });
    const entries = zipEntries(path.join(EXTENSION, "gdl-ground-0.1.0.vsix"));
    for (const e of ["extension.vsixmanifest", "extension/package.json", "extension/dist/extension.js", "extension/syntaxes/gdl.tmLanguage.json", "extension/language-configuration.json"]) expect(entries).toContain(e);
    expect(entries.some((e) => e.startsWith("extension/src/") || e.includes("node_modules"))).toBe(false);
  }, 180_000);

  it("bundles the language client: the extension requires only vscode and Node's modules", () => {
    const bundle = readFileSync(path.join(EXTENSION, "dist", "extension.js"), "utf8");
    const required = new Set([...bundle.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]));
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    expect([...required].filter((r) => r !== "vscode" && !builtins.has(r))).toEqual([]);
  });

  it("starts gdl-ground lsp for .kif, .gdl and .hrf files", () => {
    const manifest = JSON.parse(readFileSync(path.join(EXTENSION, "package.json"), "utf8"));
    expect(manifest.contributes.languages[0].extensions).toEqual([".kif", ".gdl", ".hrf"]);
    expect(manifest.activationEvents).toEqual(["onLanguage:gdl"]);
    const source = readFileSync(path.join(EXTENSION, "src", "extension.ts"), "utf8");
    expect(source).toMatch(/args: \[command, "lsp"\]|args: \["lsp"\]/);
    expect(source).toContain("TransportKind.stdio"); // the client adds --stdio
  });

  it("type-checks against VS Code's API", () => {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", path.join(EXTENSION, "tsconfig.json")], { stdio: "pipe" });
  }, 60_000);
});
