/**
 * Issue 25's output cases, each as a user met it, through the real command (bin/gdl-ground.js,
 * built by npm test): nothing is lost, every failure is one line and a non-zero exit. Each
 * case failed before its fix (named in the test).
 */
import { describe, expect, it } from "vitest";
import { spawn, spawnSync, type SpawnSyncOptions } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.resolve(__dirname, "..");
const BIN = path.join(ROOT, "bin", "gdl-ground.js");
const GAME = path.join(ROOT, "corpus", "valid", "step-counter.kif");
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "gdl-hostile-"));
  chmodSync(dir, 0o777); // the unprivileged runs below work here too
  return dir;
};

/** Runs `gdl-ground ARGS` (in `cwd`); stdout and stderr as text. */
function G(args: readonly string[], options: SpawnSyncOptions = {}): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", ...options });
  return { code: r.status, out: String(r.stdout ?? ""), err: String(r.stderr ?? "") };
}

/** Runs a shell command line with `$G` standing for the command and `$0`, `$1`, ... for `args`. */
function sh(line: string, cwd: string | undefined, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync("sh", ["-c", line, ...args], { cwd, encoding: "utf8", env: { ...process.env, G: `${process.execPath} ${BIN}` } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const root = process.getuid?.() === 0;
/** Runs as an unprivileged user: `nobody` when the tests run as root (who may write anything). */
const unprivileged: SpawnSyncOptions = root ? { uid: 65534, gid: 65534 } : {};

describe("special files are written in place", () => {
  it("-o /dev/stdout appends to what stdout appends to (it replaced the file, losing 'keep')", () => {
    const dir = fresh();
    const run = sh('echo keep > l; $G "$0" -o /dev/stdout --stats >> l', dir, GAME);
    expect(run.code).toBe(0);
    const content = readFileSync(path.join(dir, "l"), "utf8");
    expect(content.startsWith("keep\n; ground by gdl-ground")).toBe(true);
    expect(run.err).toMatch(/^.*: ok\n {2}time/); // the statistics beside stdout go to stderr
    expect(readdirSync(dir)).toEqual(["l"]);
  });

  it("-o /dev/stdout into a pipe (it exited 2 and wrote nothing)", () => {
    const r = sh('$G "$0" -o /dev/stdout | cat', undefined, GAME);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^; ground by gdl-ground/);
    expect(r.err).toBe("");
  });

  it("-o /dev/stderr writes to stderr", () => {
    const r = G([GAME, "-o", "/dev/stderr"]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^; ground by gdl-ground/);
    expect(r.out).toBe("");
  });
});

describe("a failed write to stdout is an error (it exited 0 with nothing written)", () => {
  const full = existsSync("/dev/full");
  it.skipIf(!full).each([[[GAME]], [[GAME, "-o", "-"]], [[GAME, "-o", "/dev/stdout"]], [["check", GAME]], [[GAME, "--json"]]])("%j > /dev/full", (args) => {
    const r = sh('$G "$@" > /dev/full', undefined, "sh", ...args);
    expect(r.code).toBe(2);
    expect(r.err).toBe("gdl-ground: error[io]: cannot write to standard output: no space left on the device\n");
  });

  it("a reader that stops early is not an error", () => {
    const r = sh('$G "$0" | head -c 10', undefined, GAME);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
  });
});

describe("an output that would destroy an input or another output is refused before any work", () => {
  it("-o naming the input, directly, through a link or a hard link (the source was replaced)", () => {
    const dir = fresh();
    const game = path.join(dir, "s.kif");
    copyFileSync(GAME, game);
    symlinkSync("s.kif", path.join(dir, "link.kif"));
    linkSync(game, path.join(dir, "hard.kif"));
    const before = readFileSync(game, "utf8");
    for (const out of [game, path.join(dir, "link.kif"), path.join(dir, "hard.kif"), path.join(dir, ".", "s.kif")]) {
      const r = G([game, "-o", out, "--propnet"]);
      expect(r.code, out).toBe(2);
      expect(r.err, out).toMatch(/error\[usage\]: -o names the input .*s\.kif: writing it would destroy it/);
      expect(r.out).toBe("");
      const c = G(["convert", game, "--to", "infix", "-o", out]);
      expect(c.code, out).toBe(2);
    }
    expect(readFileSync(game, "utf8")).toBe(before);
    expect(readdirSync(dir).sort()).toEqual(["hard.kif", "link.kif", "s.kif"]);
  });

  it("-o and --propnet-out naming one file (one of the two was kept)", () => {
    const dir = fresh();
    const r = G([GAME, "-o", path.join(dir, "x"), "--propnet-out", path.join(dir, "x")]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--propnet-out names the same file as -o/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a regular -o that is also stdout", () => {
    const dir = fresh();
    const r = sh('$G "$0" -o out --stats > out', dir, GAME);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/-o is also standard output here/);
  });
});

describe("the atomic replace keeps what the user had, and refuses what they could not write", () => {
  it("a mode-600 file stays 600 (it became 644, world-readable)", () => {
    const dir = fresh();
    const out = path.join(dir, "private.kif");
    writeFileSync(out, "old");
    chmodSync(out, 0o600);
    expect(G([GAME, "-o", out]).code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readFileSync(out, "utf8")).toMatch(/^; ground by gdl-ground/);
  });

  it.skipIf(!root)("the owner stays when root replaces someone's file", () => {
    const dir = fresh();
    const out = path.join(dir, "theirs.kif");
    writeFileSync(out, "old");
    chownSync(out, 65534, 65534);
    expect(G([GAME, "-o", out]).code).toBe(0);
    expect(statSync(out).uid).toBe(65534);
  });

  it("a read-only file is refused, also as an unprivileged user in a writable folder (it was replaced)", () => {
    const dir = fresh();
    const out = path.join(dir, "readonly.kif");
    writeFileSync(out, "mine");
    if (root) chownSync(out, 65534, 65534);
    chmodSync(out, 0o444);
    for (const options of [{}, unprivileged]) {
      const r = G([GAME, "-o", out], options);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/readonly\.kif: error\[io\]: cannot write the file: the file is read-only/);
      expect(readFileSync(out, "utf8")).toBe("mine");
    }
    expect(readdirSync(dir)).toEqual(["readonly.kif"]);
  });

  it("an unwritable folder is found before the grounding (it was found after)", () => {
    const dir = fresh();
    const locked = path.join(dir, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o555);
    const r = G([GAME, "-o", path.join(locked, "x.kif"), "--json"], unprivileged);
    const doc = JSON.parse(r.out) as { status: string; diagnostics: { message: string }[]; seconds: Record<string, number> };
    expect(doc.status).toBe("usage");
    expect(doc.diagnostics[0].message).toMatch(/permission denied: you cannot create files in the folder/);
    expect(doc.seconds).toEqual({ total: 0 }); // nothing was read, checked or grounded
  });

  it("-o name/ is an error and creates nothing (it created 'name')", () => {
    const dir = fresh();
    const r = G([GAME, "-o", "name/"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/name\/: error\[io\]: cannot write the file: a file name cannot end in '\/'/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("a signal during the final write", () => {
  // The propnet is written first (a regular file: from then on SIGINT is ours to handle), then
  // the ground game of 60,000 roles is printed and written: the signal comes during that
  // synchronous work. The run exited 0 (the signal was handled only after the exit); now it ends
  // with 130, and what was written is whole, with no temporary file.
  it("ends the run with 128 + the signal's number", async () => {
    const dir = fresh();
    const game = path.join(dir, "many-roles.kif");
    const roles = Array.from({ length: 60_000 }, (_, i) => `(role r${i})`).join("\n");
    writeFileSync(game, `${roles}\n(init (s 0))\n(<= (next (s 1)) (true (s 0)))\n(<= terminal (true (s 1)))\n(<= (legal ?r noop) (role ?r))\n(<= (goal ?r 100) (role ?r))\n`);
    const net = path.join(dir, "net.json");
    const child = spawn(process.execPath, [BIN, game, "--propnet-out", net, "-o", path.join(dir, "out.kif")], { stdio: ["ignore", "ignore", "ignore"] });
    const closed = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      for (let i = 0; i < 30_000 && !existsSync(net) && child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 2));
      child.kill("SIGINT");
      expect(await closed).toBe(130);
      JSON.parse(readFileSync(net, "utf8")); // whole
      const left = readdirSync(dir).sort();
      expect(left.filter((f) => f.includes(".tmp-"))).toEqual([]);
      if (left.includes("out.kif")) expect(readFileSync(path.join(dir, "out.kif"), "utf8")).toMatch(/\(goal r59999 100\)/);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });
});
