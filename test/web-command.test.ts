/** `gdl-ground web`'s static server: MIME types (application/wasm for clingo), no path outside the page's folder. */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopback, resolveRequestPath, serveWeb, webRoot } from "../src/cli/web-command.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

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
  const web = path.join(dir, "web");
  let served: Awaited<ReturnType<typeof serveWeb>>;

  beforeAll(async () => {
    mkdirSync(path.join(web, "assets"), { recursive: true });
    writeFileSync(path.join(web, "index.html"), "<!doctype html><title>page</title>");
    writeFileSync(path.join(web, "assets", "clingo.wasm"), Buffer.from([0, 97, 115, 109]));
    writeFileSync(path.join(web, "assets", "main.js"), "export {};");
    writeFileSync(path.join(dir, "secret.txt"), "secret");
    served = await serveWeb(web, { port: 0, host: "127.0.0.1" });
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
    expect(resolveRequestPath(web, "/../secret.txt")).toBe(path.join(web, "secret.txt"));
    expect(resolveRequestPath(web, "/%E0%A4%A")).toBeUndefined();
  });
});

describe("what gdl-ground web calls local", () => {
  it("tells loopback addresses from the others", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]", "::ffff:127.0.0.1"]) expect(isLoopback(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "192.168.1.5", "10.0.0.1", "example.org", "128.0.0.1"]) expect(isLoopback(h), h).toBe(false);
  });
});

describe.skipIf(!existsSync(path.join(webRoot(), "index.html")))("gdl-ground web (the built page)", () => {
  it("prints the URL, serves the page and stops on SIGINT with exit code 0", async () => {
    const child = spawn(process.execPath, [path.join(root, "bin/gdl-ground.js"), "web", "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
        const m = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
        if (m) resolve(m[0]);
      });
      child.on("exit", (code) => reject(new Error(`exited with ${code} before printing its URL`)));
    });
    const page = await get(url, "/");
    expect(page.status).toBe(200);
    expect(page.body).toContain("gdl-ground playground");
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });

  it("warns when it listens beyond the loopback interface", async () => {
    const child = spawn(process.execPath, [path.join(root, "bin/gdl-ground.js"), "web", "--port", "0", "--host", "0.0.0.0"], { stdio: ["ignore", "pipe", "pipe"] });
    const warning = await new Promise<string>((resolve, reject) => {
      let err = "";
      child.stderr.on("data", (c: Buffer) => {
        err += c.toString();
        if (err.includes("\n")) resolve(err);
      });
      child.on("exit", (code) => reject(new Error(`exited with ${code}: ${err}`)));
    });
    expect(warning).toMatch(/warning: listening on every network interface/);
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
  });
});
