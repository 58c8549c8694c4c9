/**
 * Issue 31 item 4: a simulated cluster that reacts, driven by real kubectl (1.32 here) on the demo
 * cluster (examples/ha-3cp.json): `scale`, `label`, `patch`, `cordon`, `delete` are served (they
 * were answered "the simulator is read-only: PATCH is not allowed"), the ReplicaSet controller
 * follows a scale and replaces a deleted pod, the scheduler leaves a pod Pending when the
 * placement model finds no room, and a node whose reboot is requested on the reboot webhook goes
 * NotReady and comes back Ready with a new bootID.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REBOOT_PATH, startSimulator } from '../../src/simulator/start-simulator.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { eventually } from '../helpers/eventually.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn('kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl write tests');
const describeKubectl = KUBECTL ? describe : describe.skip;

describeKubectl('kubectl writes to the simulator, and its controllers', () => {
  let sim: RunningSimulator;
  let dir: string;
  let kubeconfig: string;
  const kubectl = async (...args: string[]): Promise<string> =>
    (
      await run(KUBECTL as string, ['--kubeconfig', kubeconfig, '--cache-dir', join(dir, 'cache'), ...args], {
        timeout: 30_000,
      })
    ).stdout;
  const json = async <T>(...args: string[]): Promise<T> =>
    JSON.parse(await kubectl(...args, '-o', 'json')) as T;
  type Pod = { metadata: { name: string }; spec: { nodeName?: string }; status: { phase: string } };
  const storefront = async (): Promise<Pod[]> =>
    (await json<{ items: Pod[] }>('-n', 'shop', 'get', 'pods')).items.filter((p) =>
      p.metadata.name.startsWith('storefront-'),
    );

  beforeAll(async () => {
    sim = await startSimulator({ file: 'examples/ha-3cp.json', rebootDelayMs: 2000 });
    dir = await mkdtemp(join(tmpdir(), 'kubectl-writes-'));
    kubeconfig = join(dir, 'config');
    await writeFile(kubeconfig, sim.kubeconfig);
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('scale: the Deployment, its ReplicaSet and its pods follow, up and down', async () => {
    expect(await storefront()).toHaveLength(3);
    expect(await kubectl('-n', 'shop', 'scale', 'deployment/storefront', '--replicas=5')).toContain('scaled');
    const up = await storefront();
    expect(up).toHaveLength(5);
    expect(up.every((p) => p.status.phase === 'Running' && p.spec.nodeName)).toBe(true);
    // the disruption controller counts the budget's pods again: 5 healthy, 2 desired (minAvailable)
    const pdb = await json<{
      status: { currentHealthy: number; desiredHealthy: number; disruptionsAllowed: number };
    }>('-n', 'shop', 'get', 'pdb', 'storefront');
    expect(pdb.status).toMatchObject({
      currentHealthy: 5,
      disruptionsAllowed: 5 - pdb.status.desiredHealthy,
    });
    const dep = await json<{ status: { readyReplicas: number } }>(
      '-n',
      'shop',
      'get',
      'deployment/storefront',
    );
    expect(dep.status.readyReplicas).toBe(5);
    await kubectl('-n', 'shop', 'scale', 'deployment/storefront', '--replicas=3');
    expect(await storefront()).toHaveLength(3);
  });

  it('label, annotate by patch, cordon and uncordon', async () => {
    expect(await kubectl('label', 'node', 'atlas-wk-1', 'pool=blue')).toContain('labeled');
    await kubectl(
      '-n',
      'shop',
      'patch',
      'deployment',
      'cart-cache',
      '-p',
      '{"metadata":{"annotations":{"team":"shop"}}}',
    );
    expect(await kubectl('cordon', 'atlas-wk-2')).toContain('cordoned');
    const node = await json<{
      metadata: { labels: Record<string, string> };
      spec: { unschedulable?: boolean };
    }>('get', 'node', 'atlas-wk-2');
    expect(node.spec.unschedulable).toBe(true);
    expect((await json<typeof node>('get', 'node', 'atlas-wk-1')).metadata.labels.pool).toBe('blue');
    const cart = await json<{ metadata: { annotations: Record<string, string> } }>(
      '-n',
      'shop',
      'get',
      'deployment',
      'cart-cache',
    );
    expect(cart.metadata.annotations.team).toBe('shop');
    await kubectl('uncordon', 'atlas-wk-2');
  });

  it('delete: the ReplicaSet controller replaces the pod on a node the scheduler picks; with every worker cordoned it stays Pending', async () => {
    const [first] = await storefront();
    await kubectl('-n', 'shop', 'delete', 'pod', first?.metadata.name ?? '');
    const after = await storefront();
    expect(after).toHaveLength(3);
    expect(after.map((p) => p.metadata.name)).not.toContain(first?.metadata.name);
    // control-plane nodes are tainted NoSchedule; with both workers cordoned no node has room
    await kubectl('cordon', 'atlas-wk-1');
    await kubectl('cordon', 'atlas-wk-2');
    await kubectl('-n', 'shop', 'delete', 'pod', after[0]?.metadata.name ?? '');
    const pending = (await storefront()).filter((p) => p.status.phase === 'Pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]?.spec.nodeName).toBeUndefined();
    await kubectl('uncordon', 'atlas-wk-1');
    await kubectl('uncordon', 'atlas-wk-2');
  });

  it('a reboot requested on the webhook: NotReady at once, then Ready with a new bootID', async () => {
    type Node = { status: { nodeInfo: { bootID: string }; conditions: { type: string; status: string }[] } };
    const ready = (n: Node): string | undefined =>
      n.status.conditions.find((c) => c.type === 'Ready')?.status;
    const before = await json<Node>('get', 'node', 'atlas-wk-1');
    const res = await fetch(`${sim.url}${REBOOT_PATH}`, {
      method: 'POST',
      body: JSON.stringify({ cluster: 'demo', node: 'atlas-wk-1', requestId: 'mr-test' }),
    });
    expect(res.status).toBe(202);
    // down before the answer: no wait needed to see it
    const down = sim.getObject('nodes', null, 'atlas-wk-1') as unknown as Node;
    expect(ready(down)).toBe('Unknown');
    const back = await eventually(
      'atlas-wk-1 back Ready',
      async () => {
        const n = await json<Node>('get', 'node', 'atlas-wk-1');
        return ready(n) === 'True' ? n : null;
      },
      60_000,
      200,
    );
    expect(back.status.nodeInfo.bootID).not.toBe(before.status.nodeInfo.bootID);
    expect(
      (await fetch(`${sim.url}${REBOOT_PATH}`, { method: 'POST', body: '{"node":"nope"}' })).status,
    ).toBe(404);
  });
});
