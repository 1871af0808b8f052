/**
 * Driving the built playground page (dist/web/) in Debian's Chromium with playwright-core,
 * for the browser test (test/web.test.ts) and the speed benchmark (scripts/bench-web.ts):
 * the page is served by the same server as `gdl-ground web`, on a free port of 127.0.0.1.
 * No browser is downloaded: Chromium comes from CHROMIUM_PATH, /usr/bin/chromium or PATH.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { serveWeb, webRoot } from "../src/cli/web-command.js";

/** The Chromium executable to drive, or undefined when there is none. CHROMIUM_PATH, when set, is the only one tried. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined;
  const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) if (dir) candidates.push(path.join(dir, "chromium"));
  return candidates.find((c): c is string => !!c && existsSync(c));
}

/** Flags for a headless Chromium on a machine with a closed network (see the README). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface PageSession {
  readonly browser: BrowserContext;
  readonly page: Page;
  readonly url: string;
  /** Messages the page logged as errors, and uncaught exceptions. */
  readonly pageErrors: string[];
  close(): Promise<void>;
}

/** Serves dist/web, starts Chromium and opens the page (with `hash`: a share or example link); `ready` waits for clingo to be warm. */
export async function openPlayground(executablePath: string, options: { width?: number; height?: number; hash?: string } = {}): Promise<PageSession> {
  const root = webRoot();
  if (!existsSync(path.join(root, "index.html"))) throw new Error(`the page is not built: no ${root}/index.html (npm run build)`);
  const { server, url } = await serveWeb(root, { port: 0, host: "127.0.0.1" });
  const profile = mkdtempSync(path.join(tmpdir(), "gdl-ground-chromium-"));
  let browser: BrowserContext | undefined;
  try {
    // A fresh, empty profile each time (playwright passes it as --user-data-dir).
    browser = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
      acceptDownloads: true,
      timeout: 30_000,
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    page.on("console", (m) => {
      if (m.type() === "error") pageErrors.push(m.text());
    });
    await page.goto(url + (options.hash ?? ""));
    await page.waitForFunction(() => typeof (globalThis as unknown as WithHook).gdlPlayground === "object");
    await page.evaluate(() => (globalThis as unknown as WithHook).gdlPlayground.ready());
    const b = browser;
    return {
      browser: b,
      page,
      url,
      pageErrors,
      close: async () => {
        await b.close();
        await closeServer(server);
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (e) {
    await browser?.close();
    await closeServer(server);
    rmSync(profile, { recursive: true, force: true });
    throw e;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** What the page reports after a grounding (protocol.ts's GroundReport, the parts read here). */
export interface PageGroundReport {
  readonly status: string;
  readonly totalSeconds: number;
  readonly times: Record<string, number>;
  readonly propnet?: { readonly paperComponents: number; readonly optimizedComponents: number; readonly components: number; readonly links: number };
  readonly groundRules?: number;
  readonly base?: number;
  readonly input?: number;
}

/** Loads `text` into the page's editor and grounds it through the page (as the Ground button does). */
export async function groundInPage(page: Page, text: string, name: string): Promise<{ report: PageGroundReport; wallSeconds: number }> {
  return page.evaluate(
    async ([t, n]) => {
      const hook = (globalThis as unknown as WithHook).gdlPlayground;
      hook.setSource(t, n);
      const start = performance.now();
      const report = await hook.ground();
      return { report: report as unknown as PageGroundReport, wallSeconds: (performance.now() - start) / 1000 };
    },
    [text, name] as const,
  );
}

/** The page's hook for tests and benchmarks (web/main.ts), as seen from page.evaluate. */
export interface PlaygroundHook {
  ready(): Promise<void>;
  setSource(text: string, name: string): void;
  ground(): Promise<unknown>;
  lastReport(): unknown;
  /** Shows a text in an output tab as if the worker had sent it. */
  showOutput(kind: "ground" | "asp" | "dot" | "json", text: string): void;
  /** The editor (CodeMirror's EditorView), the parts the tests use. */
  view: {
    state: { doc: { toString(): string; length: number }; selection: { main: { head: number } } };
    coordsAtPos(pos: number): { left: number; top: number; bottom: number } | null;
    dispatch(spec: { selection: { anchor: number }; scrollIntoView?: boolean }): void;
    focus(): void;
  };
}
export type WithHook = { gdlPlayground: PlaygroundHook };
