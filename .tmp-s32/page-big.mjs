import { readFileSync } from "node:fs";
const { findChromium, openPlayground } = await import("/work/main/dist/scripts/web-harness.js");
const text = readFileSync(process.argv[2], "utf8");
const s = await openPlayground(findChromium());
try {
  const t0 = Date.now();
  await s.page.evaluate(([t]) => globalThis.gdlPlayground.setSource(t, "g.kif"), [text]);
  const tSet = Date.now() - t0;
  let maxGap = 0, last = Date.now();
  const until = Date.now() + 20000;
  while (Date.now() < until) { const a = Date.now(); await s.page.evaluate(() => 1); const g = Date.now() - a; maxGap = Math.max(maxGap, g); await new Promise((r) => setTimeout(r, 100)); }
  console.log("setSource", tSet, "ms; max main-thread answer in the 20 s after", maxGap, "ms");
  const metrics = await s.page.evaluate(() => performance.memory ? { used: performance.memory.usedJSHeapSize / 1048576 } : null);
  console.log("main heap", JSON.stringify(metrics));
  const g0 = Date.now();
  const r = await s.page.evaluate(() => globalThis.gdlPlayground.ground());
  console.log("ground", Date.now() - g0, "ms", JSON.stringify(r).slice(0, 300));
  console.log("errors", s.pageErrors.slice(0, 5));
} finally { await s.close(); }
