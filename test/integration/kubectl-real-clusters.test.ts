/**
 * Real kubectl against the simulator serving each real file of test/fixtures/real-clusters/:
 * `get pdb -A -o json`, `get nodes -o wide` and `get pods -A -o wide` succeed and print
 * kubectl's columns as for a real cluster (kube-apiserver's printers: kubernetes
 * pkg/printers/internalversion/printers.go), with the values of the file's objects. Skipped, with a
 * visible message, where kubectl is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/start-simulator.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn(
    'kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl-against-real-files tests',
  );
const describeKubectl = KUBECTL ? describe : describe.skip;

const DIR = join(process.cwd(), 'test/fixtures/real-clusters');
const files = readdirSync(DIR)
  .filter((f) => /^\d+-.*\.json$/.test(f))
  .sort();

/** kubectl's header of `get nodes -o wide` and `get pods -A -o wide` (kubectl 1.2x and later). */
const NODE_WIDE = [
  'NAME',
  'STATUS',
  'ROLES',
  'AGE',
  'VERSION',
  'INTERNAL-IP',
  'EXTERNAL-IP',
  'OS-IMAGE',
  'KERNEL-VERSION',
  'CONTAINER-RUNTIME',
];
const POD_WIDE = [
  'NAMESPACE',
  'NAME',
  'READY',
  'STATUS',
  'RESTARTS',
  'AGE',
  'IP',
  'NODE',
  'NOMINATED NODE',
  'READINESS GATES',
];

interface NodeLike {
  metadata: { name: string; labels?: Record<string, string> };
  status?: { addresses?: { type: string; address: string }[]; nodeInfo?: Record<string, string> };
}

/** What kubectl shows of a node, from the object: as its printer computes it. */
function expectedNodeRow(n: NodeLike): Record<string, string> {
  const labels = n.metadata.labels ?? {};
  const roles = new Set(
    Object.keys(labels)
      .filter((k) => k.startsWith('node-role.kubernetes.io/'))
      .map((k) => k.split('/')[1] as string),
  );
  if (labels['kubernetes.io/role']) roles.add(labels['kubernetes.io/role']);
  const addr = (t: string): string => n.status?.addresses?.find((a) => a.type === t)?.address ?? '<none>';
  return {
    NAME: n.metadata.name,
    ROLES: [...roles].sort().join(',') || '<none>',
    VERSION: n.status?.nodeInfo?.kubeletVersion ?? '',
    'INTERNAL-IP': addr('InternalIP'),
    'EXTERNAL-IP': addr('ExternalIP'),
    'OS-IMAGE': n.status?.nodeInfo?.osImage ?? '<unknown>',
    'KERNEL-VERSION': n.status?.nodeInfo?.kernelVersion ?? '<unknown>',
    'CONTAINER-RUNTIME': n.status?.nodeInfo?.containerRuntimeVersion ?? '<unknown>',
  };
}

/** Split kubectl's table output by the header's column starts (cells may contain single spaces: OS images). */
function table(out: string, header: string[]): Record<string, string>[] {
  const lines = out.replace(/\n$/, '').split('\n');
  const head = lines[0] as string;
  const starts: number[] = [];
  // Searched in order, so a name inside an earlier one (NAME in NAMESPACE, NODE in NOMINATED NODE) is not taken for it.
  let from = 0;
  for (const h of header) {
    const i = head.indexOf(h, from);
    starts.push(i);
    from = i + h.length;
  }
  expect(starts.every((s) => s >= 0)).toBe(true);
  expect(head.trim().split(/\s{2,}/)).toEqual(header);
  return lines
    .slice(1)
    .map((line) =>
      Object.fromEntries(
        header.map((h, c) => [
          h,
          line.slice(starts[c], c + 1 < header.length ? starts[c + 1] : undefined).trim(),
        ]),
      ),
    );
}

describeKubectl.each(files)('kubectl against the simulator serving %s', (name) => {
  let sim: RunningSimulator;
  let file: SnapshotFile;
  let dir: string;
  let kubeconfig: string;
  const kubectl = async (...args: string[]): Promise<{ stdout: string; stderr: string }> =>
    run(KUBECTL as string, ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, 'cache'), ...args], {
      timeout: 20000,
      maxBuffer: 64 * 1024 * 1024,
    });
  const of = (kind: string): KObject[] => file.items.filter((i) => i.kind === kind);

  beforeAll(async () => {
    file = await loadSnapshotFile(join(DIR, name));
    sim = await startSimulator({ file: join(DIR, name) });
    dir = await mkdtemp(join(tmpdir(), 'kubectl-real-'));
    kubeconfig = join(dir, 'config');
    await writeFile(kubeconfig, sim.kubeconfig);
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('get pdb -A -o json: every PDB, as policy/v1', async () => {
    const { stdout } = await kubectl('get', 'pdb', '-A', '-o', 'json');
    const list = JSON.parse(stdout) as {
      items: { apiVersion: string; metadata: { namespace: string; name: string } }[];
    };
    expect(list.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort()).toEqual(
      of('PodDisruptionBudget')
        .map((p) => `${p.metadata.namespace}/${p.metadata.name}`)
        .sort(),
    );
    for (const p of list.items) expect(p.apiVersion).toBe('policy/v1');
  });

  it("get nodes -o wide: kubectl columns, with each node's roles, version, addresses, OS, kernel and runtime", async () => {
    const { stdout } = await kubectl('get', 'nodes', '-o', 'wide');
    const rows = table(stdout, NODE_WIDE);
    const nodes = of('Node') as unknown as NodeLike[];
    expect(rows).toHaveLength(nodes.length);
    for (const n of nodes) {
      const row = rows.find((r) => r.NAME === n.metadata.name);
      expect(row).toMatchObject(expectedNodeRow(n));
      expect(row?.STATUS).toMatch(/^(Ready|NotReady|Unknown)(,SchedulingDisabled)?$/);
      expect(row?.AGE).toMatch(/^(\d+[smhdy])+$|^<unknown>$/);
    }
  });

  it('get pods -A -o wide: kubectl columns, each pod on its node', async () => {
    const pods = of('Pod') as unknown as {
      metadata: { namespace: string; name: string };
      spec?: { nodeName?: string };
      status?: { podIP?: string };
    }[];
    const { stdout, stderr } = await kubectl('get', 'pods', '-A', '-o', 'wide');
    if (pods.length === 0) {
      expect(stdout).toBe('');
      expect(stderr).toMatch(/No resources found/);
      return;
    }
    const rows = table(stdout, POD_WIDE);
    expect(rows).toHaveLength(pods.length);
    for (const p of pods) {
      const row = rows.find((r) => r.NAMESPACE === p.metadata.namespace && r.NAME === p.metadata.name);
      expect(row).toMatchObject({
        NODE: p.spec?.nodeName ?? '<none>',
        IP: p.status?.podIP ?? '<none>',
        'NOMINATED NODE': '<none>',
      });
      expect(row?.READY).toMatch(/^\d+\/\d+$/);
      expect(row?.['READINESS GATES']).toMatch(/^<none>$|^\d+\/\d+$/);
    }
  });
});
