/**
 * Scenario-like fixtures for the what-if tests, derived at test time from the scenario
 * files so that they stay in step with them: the same cluster with its API servers unreachable,
 * with a kube-proxy ConfigMap in IPVS mode, or in the middle of a control-plane upgrade. Written to
 * a temporary folder (never to test/fixtures/scenarios, whose files are reboot scenarios).
 * lossless-json keeps the uint64 etcd member ids exact.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'lossless-json';
import { SCENARIOS } from './simulator.js';

interface Item {
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: { containers?: { name: string; image?: string }[] };
  status?: { conditions?: { type: string; status: string }[]; nodeInfo?: { kubeletVersion?: string } };
  [k: string]: unknown;
}
interface ScenarioDoc {
  readyz: string | null;
  cluster: { items: Item[] };
  [k: string]: unknown;
}

/** A change applied to a parsed scenario. */
export type Derive = (doc: ScenarioDoc) => void;

/** Every kube-apiserver mirror pod NotReady and no /readyz answer: the API servers are unreachable. */
export const apiUnreachable: Derive = (doc) => {
  doc.readyz = null;
  for (const item of doc.cluster.items) {
    if (item.kind !== 'Pod' || item.metadata.labels?.component !== 'kube-apiserver') continue;
    for (const c of item.status?.conditions ?? [])
      if (c.type === 'Ready' || c.type === 'ContainersReady') c.status = 'False';
  }
};

/** A kube-system/kube-proxy ConfigMap whose config.conf sets `mode`. */
export function kubeProxyConfigMap(mode: string): Derive {
  return (doc) => {
    doc.cluster.items.push({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kube-proxy', namespace: 'kube-system', labels: { app: 'kube-proxy' } },
      data: {
        'config.conf': `apiVersion: kubeproxy.config.k8s.io/v1alpha1\nkind: KubeProxyConfiguration\nbindAddress: 0.0.0.0\nclusterCIDR: 10.244.0.0/16\nmode: "${mode}"\n`,
        kubeconfig: 'apiVersion: v1\nkind: Config\n',
      },
    });
  };
}

/** The kube-apiserver on `node` already runs `version` (a control-plane upgrade under way). */
export function apiserverAt(node: string, version: string): Derive {
  return (doc) => {
    for (const item of doc.cluster.items) {
      if (item.kind !== 'Pod' || item.metadata.labels?.component !== 'kube-apiserver') continue;
      if ((item.spec as { nodeName?: string } | undefined)?.nodeName !== node) continue;
      for (const c of item.spec?.containers ?? [])
        if (c.image) c.image = c.image.replace(/:[^:]+$/, `:${version}`);
    }
  };
}

/** The kubelet on `node` reports `version`. */
export function kubeletAt(node: string, version: string): Derive {
  return (doc) => {
    const n = doc.cluster.items.find((i) => i.kind === 'Node' && i.metadata.name === node);
    if (n?.status?.nodeInfo) n.status.nodeInfo.kubeletVersion = version;
  };
}

let dir: Promise<string> | null = null;

/**
 * Write a scenario with changes applied to a temporary file.
 * @param scenario - file name in test/fixtures/scenarios
 * @param name - a name for the derived file
 * @param changes - the changes, in order
 * @returns the path of the derived file
 */
export async function deriveScenario(scenario: string, name: string, ...changes: Derive[]): Promise<string> {
  dir ??= mkdtemp(join(tmpdir(), 'what-if-'));
  const doc = parse(await readFile(join(SCENARIOS, scenario), 'utf8')) as ScenarioDoc;
  for (const change of changes) change(doc);
  const path = join(await dir, `${name}.json`);
  await writeFile(path, stringify(doc) ?? '');
  return path;
}
