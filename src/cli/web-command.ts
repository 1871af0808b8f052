/**
 * `gdl-ground web [--port N] [--host H]`: serves the playground page (dist/web/, built by
 * `npm run build`) on localhost and prints its URL. Static files only: GET and HEAD, MIME
 * types for what the page has (application/wasm for clingo), no path outside dist/web/.
 * Runs until Ctrl-C (SIGINT/SIGTERM close the server and the command returns 0). Says so on
 * stderr when it listens beyond the loopback interface (`--host 0.0.0.0`).
 */
import { createReadStream, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import type { Output } from "./output.js";

export interface WebCommandOptions {
  readonly port: number;
  readonly host: string;
}

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".kif": "text/plain; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** The folder of the built page. */
export function webRoot(): string {
  return path.join(packageRoot(), "dist", "web");
}

/** The file a request path names inside `root`, or undefined when it would leave it. */
export function resolveRequestPath(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split("?")[0].split("#")[0]);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const file = path.resolve(root, "." + path.posix.normalize("/" + decoded));
  const relative = path.relative(root, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return file;
}

function handle(root: string, request: IncomingMessage, response: ServerResponse): void {
  const send = (status: number, text: string) => {
    response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
    response.end(request.method === "HEAD" ? undefined : text);
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    response.setHeader("allow", "GET, HEAD");
    return send(405, "method not allowed\n");
  }
  let file = resolveRequestPath(root, request.url ?? "/");
  if (file === undefined) return send(403, "forbidden\n");
  let stats;
  try {
    stats = statSync(file);
    if (stats.isDirectory()) {
      file = path.join(file, "index.html");
      stats = statSync(file);
    }
  } catch {
    return send(404, "not found\n");
  }
  if (!stats.isFile()) return send(404, "not found\n");
  response.writeHead(200, {
    "content-type": MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "content-length": stats.size,
    "cache-control": /[\\/]assets[\\/]/.test(file) ? "public, max-age=31536000, immutable" : "no-cache",
    "x-content-type-options": "nosniff",
  });
  if (request.method === "HEAD") {
    response.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on("error", () => response.destroy());
  stream.pipe(response);
}

/** Starts serving `root`; resolves with the server and its URL once it listens. */
export function serveWeb(root: string, options: WebCommandOptions): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => handle(root, request, response));
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : options.port;
      const host = options.host.includes(":") ? `[${options.host}]` : options.host;
      resolve({ server, url: `http://${host}:${port}/` });
    });
  });
}

/** Whether a host name or address reaches this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h.endsWith(".localhost") || h === "::1" || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\./.test(h);
}

export async function runWeb(options: WebCommandOptions, io: Output): Promise<number> {
  const root = webRoot();
  try {
    statSync(path.join(root, "index.html"));
  } catch {
    io.err(`gdl-ground: error[usage]: the page is not built (no ${path.join(root, "index.html")}); run \`npm run build\`\n`);
    return 2;
  }
  let served: { server: Server; url: string };
  try {
    served = await serveWeb(root, options);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    io.err(`gdl-ground: error[usage]: cannot listen on ${options.host}:${options.port}: ${e.code === "EADDRINUSE" ? "the port is in use" : e.message}\n`);
    return 2;
  }
  const stopped = new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      served.server.close(() => resolve());
      served.server.closeAllConnections();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  io.out(`gdl-ground playground: ${served.url}  (Ctrl-C stops it)\n`);
  if (!isLoopback(options.host)) {
    const every = options.host === "0.0.0.0" || options.host === "::" || options.host === "";
    io.err(
      `gdl-ground: warning: listening on ${every ? "every network interface" : options.host}, not only this machine: anyone who can reach it can open the page (it serves the built page only, read-only); \`--host 127.0.0.1\` keeps it local\n`,
    );
  }
  await stopped;
  return 0;
}
