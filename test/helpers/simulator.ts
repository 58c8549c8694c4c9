/**
 * Test helpers: start the simulator on a scenario fixture and get a KubeConfig for it.
 */
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import type { RunningSimulator, SimulatorOptions } from '../../src/simulator/start-simulator.js';

/** Folder of the scenario fixtures. */
export const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');

/** Load a scenario fixture by file name. */
export function loadScenario(name: string): Promise<SnapshotFile> {
  return loadSnapshotFile(join(SCENARIOS, name));
}

/** Start a simulator on a loaded file or fixture name. */
export async function startScenarioSimulator(
  file: SnapshotFile | string,
  options: Omit<SimulatorOptions, 'file'> = {},
): Promise<RunningSimulator> {
  const loaded = typeof file === 'string' ? await loadScenario(file) : file;
  return startSimulator({ ...options, file: loaded });
}

/** A KubeConfig for a running simulator. */
export function kubeConfigOf(sim: RunningSimulator): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(sim.kubeconfig);
  return kc;
}

/** The node named by a scenario's request (`/k8s can I reboot atlas-cp-2` -> `atlas-cp-2`). */
export function requestedNode(file: SnapshotFile): string | null {
  const m = /reboot\s+(\S+)/.exec(file.meta.request ?? '');
  return m?.[1] ?? null;
}
