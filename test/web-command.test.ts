/** `gdl-ground web`'s static server: MIME types (application/wasm for clingo), no path outside the page's folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveRequestPath, serveWeb } from "../src/cli/web-command.js";

function get(url: string, rawPath: string, method = "GET"): Promise<{ status: number; type: string; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, method }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("gdl-ground web's server", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-web-"));
  const root = path.join(dir, "web");
  let served: Awaited<ReturnType<typeof serveWeb>>;

  beforeAll(async () => {
    mkdirSync(path.join(root, "assets"), { recursive: true });
    writeFileSync(path.join(root, "index.html"), "<!doctype html><title>page</title>");
    writeFileSync(path.join(root, "assets", "clingo.wasm"), Buffer.from([0, 97, 115, 109]));
    writeFileSync(path.join(root, "assets", "main.js"), "export {};");
    writeFileSync(path.join(dir, "secret.txt"), "secret");
    served = await serveWeb(root, { port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the page and its assets with their MIME types", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = await get(served.url, "/");
    expect(index).toMatchObject({ status: 200, type: "text/html; charset=utf-8" });
    expect(index.body).toContain("<title>page</title>");
    expect(await get(served.url, "/assets/clingo.wasm")).toMatchObject({ status: 200, type: "application/wasm" });
    expect((await get(served.url, "/assets/main.js?v=1")).type).toMatch(/^text\/javascript/);
    expect((await get(served.url, "/nothing.js")).status).toBe(404);
    expect((await get(served.url, "/", "POST")).status).toBe(405);
  });

  it("never serves a file outside its folder", async () => {
    for (const p of ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/..%2f..%2fsecret.txt", "/..%5csecret.txt", "/%00"]) {
      const r = await get(served.url, p);
      expect(r.status, p).not.toBe(200);
      expect(r.body).not.toContain("secret");
    }
    expect(resolveRequestPath(root, "/../secret.txt")).toBe(path.join(root, "secret.txt"));
    expect(resolveRequestPath(root, "/%E0%A4%A")).toBeUndefined();
  });
});
