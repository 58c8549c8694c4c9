/**
 * Stuck states of the daily report, pure (snapshot + now + thresholds → items).
 */
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_THRESHOLDS, byUrgency, thresholdsOf } from '../../src/analysis/daily/report-items.js';
import { reportSettingsSchema } from '../../src/commands/report-settings-schema.js';
import { findStuckStates } from '../../src/analysis/daily/stuck-states.js';
import type {
  ClusterSnapshot,
  KLease,
  KNode,
  KPodDisruptionBudget,
  KWorkload,
  PodSummary,
} from '../../src/cluster/types.js';

const NOW = new Date('2026-12-01T09:00:00Z');
const ago = (ms: number): string => new Date(NOW.getTime() - ms).toISOString();
const H = 3_600_000;

function node(name: string, extra: Partial<KNode> = {}): KNode {
  return {
    metadata: { name, ...(extra.metadata ?? {}) },
    spec: extra.spec ?? {},
    status: extra.status ?? {
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: ago(40 * 24 * H) }],
    },
  };
}

function snapshot(parts: Partial<ClusterSnapshot>): ClusterSnapshot {
  return {
    cluster: 't',
    capturedAt: NOW,
    focusNode: null,
    nodes: [],
    pods: [],
    podSummaries: [],
    leases: [],
    podDisruptionBudgets: [],
    workloads: [],
    apiserverEndpointSlices: [],
    readyz: null,
    etcd: null,
    readErrors: [],
    ...parts,
  };
}

const cordonedBy = (name: string, manager: string, sinceMs: number): KNode =>
  node(name, {
    metadata: {
      name,
      managedFields: [
        {
          manager,
          operation: 'Update',
          time: ago(sinceMs),
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { 'f:unschedulable': {} } },
        },
      ],
    },
    spec: { unschedulable: true },
  });

describe('stuck states of the daily report', () => {
  it('names a node cordoned 3 days ago, since when and by whom (managedFields), and not one cordoned an hour ago', () => {
    const items = findStuckStates(
      snapshot({
        nodes: [cordonedBy('wk-1', 'kubectl-cordon', 3 * 24 * H), cordonedBy('wk-2', 'kubectl-cordon', H)],
      }),
      NOW,
      DEFAULT_THRESHOLDS,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'node-cordoned',
      variant: 'by',
      subject: 'node/wk-1',
      facts: { node: 'wk-1', days: 3, hours: 72, by: 'kubectl-cordon' },
    });
  });

  it('takes the time from the unschedulable taint when it has one', () => {
    const n = cordonedBy('wk-1', 'kured', H);
    n.spec = {
      unschedulable: true,
      taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule', timeAdded: ago(50 * H) }],
    };
    const [item] = findStuckStates(snapshot({ nodes: [n] }), NOW, DEFAULT_THRESHOLDS);
    expect(item?.facts).toMatchObject({ hours: 50, by: 'kured' });
  });

  it('names a node NotReady longer than the threshold', () => {
    const down = node('wk-3', {
      status: {
        conditions: [
          { type: 'Ready', status: 'Unknown', reason: 'NodeStatusUnknown', lastTransitionTime: ago(2 * H) },
        ],
      },
    });
    const blip = node('wk-4', {
      status: { conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: ago(60_000) }] },
    });
    const items = findStuckStates(snapshot({ nodes: [down, blip] }), NOW, DEFAULT_THRESHOLDS);
    expect(items.map((i) => i.subject)).toEqual(['node/wk-3']);
    expect(items[0]?.facts).toMatchObject({ hours: 2, status: 'Unknown' });
  });

  it('names a kured lock held by a node that no longer exists, and one held for too long, not a fresh one', () => {
    const kured = (ns: string, nodeID: string, createdAgo: number): KWorkload => ({
      kind: 'DaemonSet',
      metadata: {
        name: 'kured',
        namespace: ns,
        annotations: {
          'weave.works/kured-node-lock': JSON.stringify({
            nodeID,
            metadata: { unschedulable: false },
            created: ago(createdAgo),
            TTL: 0,
          }),
        },
      },
    });
    const items = findStuckStates(
      snapshot({
        nodes: [node('wk-1'), node('wk-2')],
        workloads: [kured('a', 'wk-gone', H), kured('b', 'wk-1', 20 * H), kured('c', 'wk-2', H)],
      }),
      NOW,
      DEFAULT_THRESHOLDS,
    );
    expect(items.map((i) => [i.variant, i.facts.holder])).toEqual([
      ['kured-gone', 'wk-gone'],
      ['kured-old', 'wk-1'],
    ]);
  });

  it("names the bot's own lock when its holder request ended or it expired without release, not while it is renewed", () => {
    const lease = (renewAgoMs: number): KLease => ({
      metadata: {
        name: 'k8s-ha-bot-maintenance',
        namespace: 'k8s-ha-bot',
        annotations: { 'k8s-ha-bot/node': 'wk-1' },
      },
      spec: { holderIdentity: 'mr-abc', leaseDurationSeconds: 60, renewTime: ago(renewAgoMs) },
    });
    const snap = snapshot({ nodes: [node('wk-1')] });
    expect(
      findStuckStates(snap, NOW, DEFAULT_THRESHOLDS, {
        botLock: { lease: lease(10_000), holderRequest: 'active' },
      }),
    ).toEqual([]);
    const [ended] = findStuckStates(snap, NOW, DEFAULT_THRESHOLDS, {
      botLock: { lease: lease(10_000), holderRequest: 'ended' },
    });
    expect(ended).toMatchObject({
      kind: 'lock-stale',
      variant: 'bot-ended',
      facts: { holder: 'mr-abc', node: 'wk-1' },
    });
    const [expired] = findStuckStates(snap, NOW, DEFAULT_THRESHOLDS, {
      botLock: { lease: lease(3 * H), holderRequest: 'unknown' },
    });
    expect(expired).toMatchObject({ variant: 'bot-expired', facts: { hours: 2 } });
  });

  it('names a PDB at 0 for 2 days with the pods that keep it there', () => {
    const pdb = (name: string, sinceMs: number, healthy: number): KPodDisruptionBudget => ({
      metadata: { name, namespace: 'shop' },
      spec: { minAvailable: 2 },
      status: {
        disruptionsAllowed: 0,
        currentHealthy: healthy,
        desiredHealthy: 2,
        expectedPods: 2,
        conditions: [
          {
            type: 'DisruptionAllowed',
            status: 'False',
            reason: 'InsufficientPods',
            lastTransitionTime: ago(sinceMs),
          },
        ],
      },
    });
    const items = findStuckStates(
      snapshot({
        podDisruptionBudgets: [pdb('web', 2 * 24 * H, 2), pdb('api', 2 * 24 * H, 1), pdb('new', H, 2)],
      }),
      NOW,
      DEFAULT_THRESHOLDS,
      {
        pdbPods: {
          'shop/web': [
            { name: 'web-1', nodeName: 'wk-1', phase: 'Running', ready: true },
            { name: 'web-0', nodeName: 'wk-2', phase: 'Running', ready: true },
          ],
          'shop/api': [
            { name: 'api-0', nodeName: 'wk-1', phase: 'Running', ready: true },
            { name: 'api-1', nodeName: 'wk-2', phase: 'Pending', ready: false },
          ],
        },
      },
    );
    expect(items.map((i) => [i.subject, i.variant, i.facts.pods])).toEqual([
      ['pdb/shop/web', 'all-needed', ['web-0', 'web-1']],
      ['pdb/shop/api', 'unhealthy', ['api-1']],
    ]);
    expect(items[0]?.facts.days).toBe(2);
  });

  it('names a pod Terminating past its grace period plus the margin (deletionTimestamp is the end of the grace period)', () => {
    const pod = (name: string, deletionAgo: number): PodSummary => ({
      namespace: 'shop',
      name,
      nodeName: 'wk-1',
      phase: 'Running',
      owner: null,
      cpuMillis: 0,
      memoryBytes: 0,
      deletionTimestamp: ago(deletionAgo),
      graceSeconds: 30,
    });
    const items = findStuckStates(
      snapshot({ podSummaries: [pod('stuck', 2 * H), pod('going', 60_000)] }),
      NOW,
      DEFAULT_THRESHOLDS,
    );
    expect(items.map((i) => i.subject)).toEqual(['pod/shop/stuck']);
    expect(items[0]?.facts.minutes).toBe(120);
  });

  it('orders urgent items first, then by kind and age', () => {
    const items = findStuckStates(
      snapshot({
        nodes: [
          cordonedBy('wk-1', 'kubectl-cordon', 30 * H),
          cordonedBy('wk-2', 'kubectl-cordon', 90 * H),
          node('wk-3', {
            status: { conditions: [{ type: 'Ready', status: 'False', lastTransitionTime: ago(H) }] },
          }),
        ],
      }),
      NOW,
      DEFAULT_THRESHOLDS,
    );
    expect(byUrgency(items).map((i) => i.subject)).toEqual(['node/wk-3', 'node/wk-2', 'node/wk-1']);
  });

  it('thresholds come from validated settings; a typo or a bad value is refused', () => {
    expect(thresholdsOf(reportSettingsSchema.parse({ thresholds: { cordonedHours: 2 } })).cordonedHours).toBe(
      2,
    );
    expect(reportSettingsSchema.safeParse({ thresholds: { cordonHours: 2 } }).success).toBe(false);
    expect(reportSettingsSchema.safeParse({ thresholds: { cordonedHours: -1 } }).success).toBe(false);
    expect(reportSettingsSchema.safeParse({ quietHours: { from: '22:00', to: '7:00' } }).success).toBe(false);
    expect(
      findStuckStates(
        snapshot({ nodes: [cordonedBy('wk-1', 'kubectl-cordon', 3 * H)] }),
        NOW,
        thresholdsOf({ thresholds: { cordonedHours: 2 } }),
      ),
    ).toHaveLength(1);
  });
});
