/**
 * The heap probe of Node (heap-peak.ts): V8's heap in use and the memory held outside it by
 * array buffers and other external objects (`process.memoryUsage()`: heapUsed + external; the
 * ground game's and the propnet's typed arrays are external).
 */
import type { HeapProbe } from "./heap-peak.js";

export const nodeHeapProbe: HeapProbe = () => {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
};
