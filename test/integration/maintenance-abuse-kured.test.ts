/**
 * Abuse of the kured check of the maintenance preflight: kured's DaemonSet lock held
 * (`weave.works/kured-node-lock`), in any namespace, read through the simulator.
 */
import { describe, expect, it } from '@jest/globals';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { workerScenario } from '../helpers/maintenance-fixtures.js';
import { useExecutorHarness } from '../helpers/executor-harness.js';

const harness = useExecutorHarness();

function withKured(file: SnapshotFile, namespace: string, annotation: string): SnapshotFile {
  const ds = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'kured',
      namespace,
      uid: 'uid-kured',
      labels: { 'app.kubernetes.io/name': 'kured' },
      annotations: { 'weave.works/kured-node-lock': annotation },
    },
    spec: {
      selector: { matchLabels: { name: 'kured' } },
      template: {
        metadata: { labels: { name: 'kured' } },
        spec: { containers: [{ name: 'kured', image: 'ghcr.io/kubereboot/kured:1.16.0' }] },
      },
    },
    status: { desiredNumberScheduled: 0, numberReady: 0 },
  };
  file.items.push(ds as unknown as KObject);
  return file;
}

async function run(
  annotation: string,
  namespace = 'kube-system',
): Promise<{ state: string; reason?: string; cordoned?: boolean }> {
  const s = await harness.sim(withKured(await workerScenario({ extra: 1 }), namespace, annotation));
  const { request, done } = await harness.start(s, { cluster: 'indus', node: 'indus-wk-1' });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const r = await harness.store.get(request.id);
    if (r && ['failed', 'awaiting-reboot'].includes(r.state)) {
      if (r.state === 'awaiting-reboot') {
        await harness.store.transition(request.id, ['awaiting-reboot'], 'cancelling');
        await done;
      } else await done;
      const cordoned = (s.getObject('nodes', null, 'indus-wk-1') as { spec?: { unschedulable?: boolean } })
        .spec?.unschedulable;
      return {
        state: r.state,
        ...(r.stateReason ? { reason: r.stateReason } : {}),
        ...(cordoned !== undefined ? { cordoned } : {}),
      };
    }
    if (Date.now() > deadline) throw new Error(`still ${r?.state}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

describe('kured holds its reboot lock', () => {
  it('single lock (kured --concurrency 1), in kube-system or its own namespace: refused before cordoning', async () => {
    const lock = JSON.stringify({
      nodeID: 'indus-wk-2',
      metadata: { unschedulable: false },
      created: new Date().toISOString(),
      TTL: 0,
    });
    expect(await run(lock)).toEqual({ state: 'failed', reason: 'kured-lock' });
    expect(await run(lock, 'kured')).toEqual({ state: 'failed', reason: 'kured-lock' });
  });

  it('an unreadable lock annotation counts as held', async () => {
    expect(await run('{not json')).toEqual({ state: 'failed', reason: 'kured-lock' });
  });

  it('multi-lock (kured --concurrency > 1, {maxOwners, locks}): held by another node → refused before cordoning; all entries expired → not blocked', async () => {
    const held = JSON.stringify({
      maxOwners: 2,
      locks: [{ nodeID: 'indus-wk-2', created: new Date().toISOString(), TTL: 0 }],
    });
    expect(await run(held)).toEqual({ state: 'failed', reason: 'kured-lock' });
    const stale = JSON.stringify({
      maxOwners: 2,
      locks: [{ nodeID: 'indus-wk-2', created: new Date(Date.now() - 3600_000).toISOString(), TTL: 60e9 }],
    });
    expect((await run(stale)).state).toBe('awaiting-reboot');
  });

  it('an expired single lock (TTL passed) does not block', async () => {
    const lock = JSON.stringify({
      nodeID: 'indus-wk-2',
      created: new Date(Date.now() - 3600_000).toISOString(),
      TTL: 60e9,
    });
    expect((await run(lock)).state).toBe('awaiting-reboot');
  });
});
