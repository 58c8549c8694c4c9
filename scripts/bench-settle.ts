/**
 * The same quiet start for every timed part of the benchmark that runs in a fresh process (the
 * cold read and its floor): a garbage collection (when the process runs with
 * `--expose-gc`) and a short pause, so that neither measurement carries the garbage and the
 * background compilation of its own start-up (loading @kubernetes/client-node costs about a
 * second of CPU; the floor loads nothing) into its timed window.
 */

/** Pause after the collection, in ms. */
export const SETTLE_MS = 200;

/**
 * Collect garbage and pause.
 * @returns once settled
 */
export async function settle(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  gc?.();
}
