/** The command line run in this process, its stdout and stderr caught (no process, no build needed). */
import { main } from "../../src/cli/main.js";
import type { Output } from "../../src/cli/output.js";

export async function runCli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: Output = { out: (t) => (out += t), err: (t) => (err += t) };
  const code = await main(args, io);
  return { code, out, err };
}
