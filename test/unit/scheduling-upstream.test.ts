/**
 * The scheduling model's filter plugins (src/analysis/scheduling/) on upstream's own cases: the test
 * tables of kube-scheduler's plugins (pkg/scheduler/framework/plugins/<plugin>/*_test.go, v1.24),
 * transcribed as data in test/fixtures/upstream/scheduler/<plugin>.json, each case with its test
 * function and case name. The volume filters (VolumeZone, VolumeBinding, VolumeRestrictions) get
 * the claims, volumes and StorageClasses of their table's listers. Every case runs through its plugin; the status (code and upstream's
 * reasons) must equal the table's `wantStatus` (null: Success).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { KNode, KPersistentVolume, KPersistentVolumeClaim, KPod } from '../../src/cluster/types.js';
import type { FilterStatus, NodeInfo, VolumeState } from '../../src/analysis/scheduling/framework.js';
import { podClaims } from '../../src/cluster/pod-requests.js';
import { volumeBindingFilter } from '../../src/analysis/scheduling/volume-binding.js';
import { volumeRestrictionsFilter } from '../../src/analysis/scheduling/volume-restrictions.js';
import { volumeZoneFilter } from '../../src/analysis/scheduling/volume-zone.js';
import { nodeInfoOf } from '../../src/analysis/scheduling/filter.js';
import { type NodeAffinityArgs, nodeAffinityFilter } from '../../src/analysis/scheduling/node-affinity.js';
import { nodeNameFilter } from '../../src/analysis/scheduling/node-name.js';
import { nodePortsFilter } from '../../src/analysis/scheduling/node-ports.js';
import {
  type NodeResourcesFitArgs,
  nodeResourcesFitFilter,
} from '../../src/analysis/scheduling/node-resources-fit.js';
import { nodeUnschedulableFilter } from '../../src/analysis/scheduling/node-unschedulable.js';
import { taintTolerationFilter } from '../../src/analysis/scheduling/taint-toleration.js';
import { podTopologySpreadFilter, spreadState } from '../../src/analysis/scheduling/pod-topology-spread.js';
import {
  interPodAffinityFilter,
  interPodAffinityState,
} from '../../src/analysis/scheduling/inter-pod-affinity.js';

interface Case {
  test: string;
  name: string;
  pod: KPod;
  node: KNode;
  existingPods?: KPod[];
  args?: Record<string, unknown>;
  want: { code: string; reasons: string[] } | null;
}

type Filter = (pod: KPod, info: NodeInfo, args: Record<string, unknown>) => FilterStatus;

const PLUGINS: Record<string, Filter> = {
  TaintToleration: (pod, info) => taintTolerationFilter(pod, info),
  NodeUnschedulable: (pod, info) => nodeUnschedulableFilter(pod, info),
  NodeName: (pod, info) => nodeNameFilter(pod, info),
  NodePorts: (pod, info) => nodePortsFilter(pod, info),
  NodeResourcesFit: (pod, info, args) => nodeResourcesFitFilter(pod, info, args as NodeResourcesFitArgs),
  NodeAffinity: (pod, info, args) => nodeAffinityFilter(pod, info, args as NodeAffinityArgs),
};

/**
 * Load a plugin's table and run each case as its own test, after checking the table names the
 * plugin and has cases.
 */
function eachCase<
  C extends { test: string; name: string },
  T extends { plugin: string; source: string; cases: C[] },
>(plugin: string, check: (c: C, table: T) => void): void {
  const table = JSON.parse(
    readFileSync(new URL(`../fixtures/upstream/scheduler/${plugin}.json`, import.meta.url), 'utf8'),
  ) as T;
  describe(`${plugin} on upstream's table (${table.source})`, () => {
    it('has the plugin and cases', () => {
      expect(table.plugin).toBe(plugin);
      expect(table.cases.length).toBeGreaterThan(0);
    });
    for (const c of table.cases) it(`${c.test}: ${c.name}`, () => check(c, table));
  });
}

for (const [plugin, filter] of Object.entries(PLUGINS))
  eachCase<Case, { plugin: string; source: string; cases: Case[] }>(plugin, (c) => {
    const status = filter(c.pod, nodeInfoOf(c.node, c.existingPods ?? []), c.args ?? {});
    expect({ code: status.code, reasons: status.reasons }).toEqual(
      c.want ?? { code: 'Success', reasons: [] },
    );
  });

/** Each node with the existing pods bound to it (the tables' snapshot). */
function byNode(nodes: KNode[], pods: KPod[]): { node: KNode; pods: KPod[] }[] {
  return nodes.map((node) => ({ node, pods: pods.filter((p) => p.spec?.nodeName === node.metadata.name) }));
}

interface SpreadCase {
  test: string;
  name: string;
  pod: KPod;
  nodes: KNode[];
  existingPods: KPod[];
  wantStatusCode: Record<string, string>;
}

const spread = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/scheduler/PodTopologySpread.json', import.meta.url), 'utf8'),
) as { source: string; cases: SpreadCase[] };

describe(`PodTopologySpread on upstream's table (${spread.source})`, () => {
  it('has cases', () => expect(spread.cases.length).toBeGreaterThan(0));
  for (const c of spread.cases)
    it(`${c.test}: ${c.name}`, () => {
      const state = spreadState(c.pod, byNode(c.nodes, c.existingPods));
      const got = Object.fromEntries(
        c.nodes.map((n) => [n.metadata.name, podTopologySpreadFilter(c.pod, n, state).code]),
      );
      expect(got).toEqual(c.wantStatusCode);
    });
});

interface AffinityCase {
  test: string;
  name: string;
  pod: KPod;
  nodes: KNode[];
  existingPods: KPod[];
  wantStatuses: ({ code: string; reasons: string[] } | null)[];
}

const affinity = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/scheduler/InterPodAffinity.json', import.meta.url), 'utf8'),
) as { source: string; namespaces: Record<string, Record<string, string>>; cases: AffinityCase[] };

describe(`InterPodAffinity on upstream's table (${affinity.source})`, () => {
  it('has cases', () => expect(affinity.cases.length).toBeGreaterThan(0));
  const namespaces = new Map(Object.entries(affinity.namespaces));
  for (const c of affinity.cases)
    it(`${c.test}: ${c.name}`, () => {
      const state = interPodAffinityState(c.pod, byNode(c.nodes, c.existingPods), namespaces);
      c.nodes.forEach((node, i) => {
        const status = interPodAffinityFilter(node, state);
        const want = c.wantStatuses[i] ?? { code: 'Success', reasons: [] };
        expect(status.code).toBe(want.code);
        // A PreFilter error is matched by containment, as upstream's test does.
        expect(status.reasons.join('; ')).toContain(want.reasons.join('; '));
        expect(status.reasons.length).toBe(want.reasons.length);
      });
    });
});

interface VolumeCase {
  test: string;
  name: string;
  pod: KPod;
  node?: KNode;
  lister?: string;
  existingPods?: KPod[];
  claims?: KPersistentVolumeClaim[];
  volumes?: KPersistentVolume[];
  want: { code: string; reasons: string[] } | null;
}

interface VolumeTable {
  plugin: string;
  source: string;
  storageClasses?: Record<string, string>;
  listers?: Record<
    string,
    {
      claims: KPersistentVolumeClaim[];
      volumes: KPersistentVolume[];
      storageClasses?: Record<string, string>;
    }
  >;
  cases: VolumeCase[];
}

/** The volume filters, each with the listers its table gives (claims, volumes, StorageClasses, users). */
const VOLUME_PLUGINS: Record<string, (pod: KPod, info: NodeInfo, state: VolumeState) => FilterStatus> = {
  VolumeZone: volumeZoneFilter,
  VolumeBinding: volumeBindingFilter,
  VolumeRestrictions: volumeRestrictionsFilter,
};

for (const [plugin, filter] of Object.entries(VOLUME_PLUGINS))
  eachCase<VolumeCase, VolumeTable>(plugin, (c, table) => {
    const lister = c.lister === undefined ? undefined : table.listers?.[c.lister];
    const claims = c.claims ?? lister?.claims ?? [];
    const existing = c.existingPods ?? [];
    const state: VolumeState = {
      claims: new Map(claims.map((p) => [`${p.metadata.namespace ?? 'default'}/${p.metadata.name}`, p])),
      volumes: new Map((c.volumes ?? lister?.volumes ?? []).map((v) => [v.metadata.name, v])),
      bindingModes: new Map(Object.entries(lister?.storageClasses ?? table.storageClasses ?? {})),
      claimUsers: (claim) =>
        existing.filter((p) =>
          podClaims(p).some((n) => `${p.metadata.namespace ?? 'default'}/${n}` === claim),
        ).length,
    };
    const status = filter(c.pod, nodeInfoOf(c.node ?? { metadata: { name: '' } }, existing), state);
    expect({ code: status.code, reasons: status.reasons, unknown: status.unknown }).toEqual({
      ...(c.want ?? { code: 'Success', reasons: [] }),
      unknown: undefined,
    });
  });

describe('the volume filters say "unknown" where the data does not decide', () => {
  const pod: KPod = {
    metadata: { name: 'web-0', namespace: 'shop' },
    spec: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0' } }] },
  };
  const node: KNode = { metadata: { name: 'n1', labels: { 'topology.kubernetes.io/zone': 'z1' } } };
  const info = nodeInfoOf(node, []);
  it('claims and volumes not read: unknown, not Success', () => {
    for (const filter of Object.values(VOLUME_PLUGINS)) {
      const status = filter(pod, info, {});
      expect(status.code).toBe('Success');
      expect(status.unknown).toContain('not read');
    }
  });
  it('an unbound claim whose StorageClass is not known: unknown (depends on the provisioner)', () => {
    const claims = new Map([
      [
        'shop/data-web-0',
        { metadata: { name: 'data-web-0', namespace: 'shop' }, spec: { storageClassName: 'gp3' } },
      ],
    ]);
    const status = volumeBindingFilter(pod, info, { claims, volumes: new Map() });
    expect(status.unknown).toContain('depends on its provisioner');
  });
});
