/**
 * The peak heap of a stage: a host that can tell how much memory the JavaScript heap holds
 * (Node: V8's heap and the memory of array buffers, node-heap.ts) hands the pipeline a probe,
 * and extraction and the propnet build call `sample` at the end of each of their passes, while
 * what the pass made is still held. The peak is a floor of the true one: a temporary freed
 * within a pass is not seen, garbage not yet collected at a sample is counted.
 * Why: on the largest games the heap, not the time, is what ends a run (a corpus child has
 * 4 GiB), and a typed array's memory is outside V8's heap, so `heapUsed` alone misses most of
 * the ground game.
 */

/** Bytes of memory the JavaScript heap holds now, array buffers included. */
export type HeapProbe = () => number;

/** The peak bytes sampled during extraction and during the propnet build. */
export interface HeapPeaks {
  extract?: number;
  propnet?: number;
}

/** The largest of a probe's samples. */
export class HeapPeak {
  peak = 0;
  constructor(private readonly probe: HeapProbe) {}

  /** Samples the probe (a function value: passes call it without knowing the probe). */
  readonly sample = (): void => {
    const bytes = this.probe();
    if (bytes > this.peak) this.peak = bytes;
  };
}
