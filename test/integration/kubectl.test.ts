/**
 * Real kubectl against the simulator. Skipped, with a visible message, where kubectl is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { loadScenario, startScenarioSimulator } from '../helpers/simulator.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn(
    'kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl-against-simulator tests',
  );
const describeKubectl = KUBECTL ? describe : describe.skip;

/** kubectl's stdout for `args`, with this kubeconfig and a discovery cache under `dir`. */
async function kubectlIn(kubeconfig: string, dir: string, args: string[]): Promise<string> {
  const { stdout } = await run(
    KUBECTL as string,
    ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, 'cache'), ...args],
    { timeout: 20000, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

describeKubectl('kubectl against the simulator', () => {
  let sim: RunningSimulator;
  let file: SnapshotFile;
  let dir: string;
  let kubeconfig: string;
  const kubectl = (...args: string[]): Promise<string> => kubectlIn(kubeconfig, dir, args);
  const rows = (out: string): string[][] =>
    out
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s{2,}/));

  beforeAll(async () => {
    file = await loadScenario('09-worker-pdb-minavailable-equals-replicas.json');
    sim = await startScenarioSimulator(file);
    dir = await mkdtemp(join(tmpdir(), 'kubectl-'));
    kubeconfig = join(dir, 'config');
    await writeFile(kubeconfig, sim.kubeconfig);
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });
  const count = (kind: string, ns?: string): number =>
    file.items.filter((i) => i.kind === kind && (ns === undefined || i.metadata.namespace === ns)).length;

  it('get nodes prints every node with status, roles and age', async () => {
    const out = rows(await kubectl('get', 'nodes'));
    expect(out[0]).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    expect(out).toHaveLength(count('Node') + 1);
    const cp = out.find((r) => r[2] === 'control-plane');
    expect(cp?.[1]).toBe('Ready');
    expect(cp?.[3]).toMatch(/^\d+[smhdy]/);
  });

  it('get pods -A prints every pod with its namespace', async () => {
    const out = rows(await kubectl('get', 'pods', '-A'));
    expect(out[0]).toEqual(['NAMESPACE', 'NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(out).toHaveLength(count('Pod') + 1);
    expect(out.some((r) => r[0] === 'kube-system' && r[1]?.startsWith('etcd-'))).toBe(true);
  });

  it('get lease -n kube-system prints the holders', async () => {
    const out = rows(await kubectl('get', 'lease', '-n', 'kube-system'));
    expect(out[0]).toEqual(['NAME', 'HOLDER', 'AGE']);
    expect(out).toHaveLength(count('Lease', 'kube-system') + 1);
    expect(out.find((r) => r[0] === 'kube-scheduler')?.[1]).toMatch(/_/);
  });

  it('get pdb -A prints allowed disruptions', async () => {
    const out = rows(await kubectl('get', 'pdb', '-A'));
    expect(out[0]).toEqual([
      'NAMESPACE',
      'NAME',
      'MIN AVAILABLE',
      'MAX UNAVAILABLE',
      'ALLOWED DISRUPTIONS',
      'AGE',
    ]);
    expect(out).toHaveLength(count('PodDisruptionBudget') + 1);
    const pdb = file.items.find((i) => i.kind === 'PodDisruptionBudget') as {
      metadata: { name: string };
      status?: { disruptionsAllowed?: number };
    };
    expect(out.find((r) => r[1] === pdb.metadata.name)?.[4]).toBe(
      String(pdb.status?.disruptionsAllowed ?? 0),
    );
  });

  it('-o json returns the objects, paginated in chunks', async () => {
    const pods = JSON.parse(await kubectl('get', 'pods', '-A', '-o', 'json', '--chunk-size=3')) as {
      items: { metadata: { name: string } }[];
    };
    expect(pods.items.map((p) => p.metadata.name).sort()).toEqual(
      file.items
        .filter((i) => i.kind === 'Pod')
        .map((p) => p.metadata.name)
        .sort(),
    );
    const node = JSON.parse(
      await kubectl(
        'get',
        'node',
        file.items.find((i) => i.kind === 'Node')?.metadata.name as string,
        '-o',
        'json',
      ),
    ) as {
      kind: string;
    };
    expect(node.kind).toBe('Node');
  });

  it('reports a missing object as kubectl does', async () => {
    await expect(kubectl('get', 'pod', 'nope', '-n', 'default')).rejects.toMatchObject({
      stderr: expect.stringContaining('pods "nope" not found'),
    });
  });
});

describeKubectl(
  'kubectl reads the webhooks, APIServices and Namespaces the simulator serves (issue 29)',
  () => {
    let sim: RunningSimulator;
    let dir: string;
    let kubeconfig: string;
    const kubectl = (...args: string[]): Promise<string> => kubectlIn(kubeconfig, dir, args);
    beforeAll(async () => {
      sim = await startScenarioSimulator(
        await loadScenario('57-worker-namespace-terminating-behind-unavailable-apiservice.json'),
      );
      dir = await mkdtemp(join(tmpdir(), 'kubectl-'));
      kubeconfig = join(dir, 'config');
      await writeFile(kubeconfig, sim.kubeconfig);
    });
    afterAll(async () => {
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('get apiservices says which is not Available and why; get ns shows the Terminating namespace as recorded', async () => {
      const api = await kubectl('get', 'apiservices');
      expect(api).toMatch(/^NAME\s+SERVICE\s+AVAILABLE\s+AGE/);
      expect(api).toMatch(
        /v1beta1\.metrics\.k8s\.io\s+kube-system\/metrics-server\s+False \(FailedDiscoveryCheck\)/,
      );
      expect(api).toMatch(/v1\.apps\s+Local\s+True/);
      const ns = await kubectl('get', 'namespace', 'legacy-team', '-o', 'json');
      expect((JSON.parse(ns) as { status: { phase: string } }).status.phase).toBe('Terminating');
      // none in this file: kubectl prints nothing on stdout ("No resources found" goes to stderr)
      expect(await kubectl('get', 'validatingwebhookconfigurations')).toBe('');
    });

    it('get validatingwebhookconfigurations lists Kyverno with its webhook count', async () => {
      const s = await startScenarioSimulator(
        await loadScenario('54-worker-kyverno-fail-webhook-only-backend.json'),
      );
      try {
        const cfg = join(dir, 'config-54');
        await writeFile(cfg, s.kubeconfig);
        const stdout = await kubectlIn(cfg, dir, ['get', 'validatingwebhookconfigurations']);
        expect(stdout).toMatch(/kyverno-resource-validating-webhook-cfg\s+2\s+\d+/);
      } finally {
        await s.close();
      }
    });
  },
);
