/**
 * The one output writer (src/output-file.ts): every repro of issue 14's "Output paths" list,
 * each of which once replaced a link or a device, hung, or left a temporary file behind.
 */
import { describe, expect, it } from "vitest";
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resolveOutput, writeOutput } from "../src/output-file.js";

const fresh = () => mkdtempSync(path.join(tmpdir(), "gdl-out-"));

describe("writeOutput", () => {
  it("writes a new regular file and replaces an old one whole, with no temporary file left", () => {
    const dir = fresh();
    const file = path.join(dir, "a.kif");
    expect(writeOutput(file, "one")).toEqual({ ok: true });
    expect(writeOutput(file, "two")).toEqual({ ok: true });
    expect(readFileSync(file, "utf8")).toBe("two");
    expect(readdirSync(dir)).toEqual(["a.kif"]);
  });

  it("follows a symbolic link: the link stays a link, its target gets the content", () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "target.kif"), "old");
    symlinkSync("target.kif", path.join(dir, "link.kif"));
    expect(writeOutput(path.join(dir, "link.kif"), "new")).toEqual({ ok: true });
    expect(lstatSync(path.join(dir, "link.kif")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dir, "link.kif"))).toBe("target.kif");
    expect(readFileSync(path.join(dir, "target.kif"), "utf8")).toBe("new");
    expect(readdirSync(dir).sort()).toEqual(["link.kif", "target.kif"]);
  });

  it("creates the target of a dangling link, and follows chains of links", () => {
    const dir = fresh();
    symlinkSync("made.kif", path.join(dir, "dangling.kif"));
    symlinkSync("dangling.kif", path.join(dir, "chain.kif"));
    expect(writeOutput(path.join(dir, "chain.kif"), "x")).toEqual({ ok: true });
    expect(readFileSync(path.join(dir, "made.kif"), "utf8")).toBe("x");
    expect(lstatSync(path.join(dir, "chain.kif")).isSymbolicLink()).toBe(true);
  });

  it("writes /dev/null in place: the device stays a device", () => {
    expect(writeOutput("/dev/null", "nothing")).toEqual({ ok: true });
    expect(lstatSync("/dev/null").isCharacterDevice()).toBe(true);
  });

  it("'-' is standard output", () => {
    let out = "";
    expect(writeOutput("-", "to stdout", { out: (t) => (out += t), err: () => undefined })).toEqual({ ok: true });
    expect(out).toBe("to stdout");
  });

  it("a missing folder is an error that names it, and nothing is created", () => {
    const dir = fresh();
    const result = writeOutput(path.join(dir, "typo", "x.kif"), "x");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.diagnostic.message).toBe(`cannot write the file: the folder ${path.join(dir, "typo")} does not exist`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a folder as output is an error, and leaves nothing behind", () => {
    const dir = fresh();
    mkdirSync(path.join(dir, "sub"));
    const result = writeOutput(path.join(dir, "sub"), "x");
    expect(!result.ok && result.diagnostic.message).toBe("cannot write the file: it is a folder");
    expect(readdirSync(dir)).toEqual(["sub"]);
  });

  it("a parent that is a file is one clear error", () => {
    const dir = fresh();
    writeFileSync(path.join(dir, "file"), "");
    const result = writeOutput(path.join(dir, "file", "x.kif"), "x");
    expect(!result.ok && result.diagnostic.message).toMatch(/is not a folder/);
  });

  it("a path under /proc fails at once instead of spinning", () => {
    const started = performance.now();
    const result = writeOutput("/proc/nope/x.kif", "x");
    expect(result.ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("a FIFO that nobody reads is an error, not a hang; one that is read gets the content", async () => {
    const dir = fresh();
    const fifo = path.join(dir, "pipe");
    if (spawnSync("mkfifo", [fifo]).status !== 0) return;
    const unread = writeOutput(fifo, "x");
    expect(!unread.ok && unread.diagnostic.message).toBe("cannot write the file: no process reads this FIFO");
    const reader = spawn("cat", [fifo]);
    let got = "";
    reader.stdout.on("data", (d: Buffer) => (got += d.toString()));
    const done = new Promise((resolve) => reader.on("close", resolve));
    // cat opens the FIFO soon; until then a write is refused (and changes nothing)
    let written = writeOutput(fifo, "through the pipe");
    for (let i = 0; i < 250 && !written.ok; i++) {
      await new Promise((r) => setTimeout(r, 20));
      written = writeOutput(fifo, "through the pipe");
    }
    expect(written).toEqual({ ok: true });
    await done;
    expect(got).toBe("through the pipe");
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it("resolveOutput says what a path is without writing", () => {
    expect(resolveOutput("-")).toEqual({ ok: true, target: { kind: "stdout" } });
    expect(resolveOutput("/dev/null")).toMatchObject({ ok: true, target: { kind: "special" } });
    const dir = fresh();
    expect(resolveOutput(path.join(dir, "new.kif"))).toMatchObject({ ok: true, target: { kind: "regular" } });
    expect(existsSync(path.join(dir, "new.kif"))).toBe(false);
  });

  // A write is synchronous, so the signal is handled between writes (or after the one in
  // progress, which then completes whole): the handler removes whatever is in flight and ends
  // the process with 130.
  it("Ctrl-C while large files are written leaves no temporary file", async () => {
    const dir = fresh();
    // The compiled writer (npm test builds dist/ first), in a process of its own.
    const writer = path.resolve("dist/src/output-file.js");
    const script = `
      const { writeOutput } = await import(${JSON.stringify(writer)});
      const big = "x".repeat(32 * 1024 * 1024);
      process.stdout.write("ready\\n");
      for (let i = 0; i < 10000; i++) {
        writeOutput(${JSON.stringify(path.join(dir, "big.kif"))}, big);
        await new Promise((resolve) => setImmediate(resolve));
      }
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      await new Promise((resolve) => child.stdout.once("data", resolve));
      await new Promise((r) => setTimeout(r, 400));
      const closed = new Promise((resolve) => child.on("close", (c, signal) => resolve(c ?? signal)));
      child.kill("SIGINT");
      expect(await closed).toBe(130);
      expect(readdirSync(dir).filter((f) => f.includes(".tmp-"))).toEqual([]);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL"); // never leave the writer running
    }
  });
});
