/**
 * Scenario copies whose DaemonSet status counts match the pods the file lists (issue 16, reader5
 * F27). A scenario file lists kube-proxy and the CNI pod on one node while their status counts every
 * node, so a node without a listed pod there was not seen (target-pods `daemonsets-unlisted`). Tests
 * about a worker found empty use a copy where each DaemonSet's `desiredNumberScheduled`,
 * `currentNumberScheduled` and `numberReady` are the number of nodes the file lists a pod of it on
 * (DaemonSetStatus,
 * https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

interface Item {
  kind: string;
  metadata: { name: string; namespace?: string; ownerReferences?: { kind: string; name: string }[] };
  spec?: { nodeName?: string };
  status?: Record<string, unknown>;
}

/**
 * Write a copy of a scenario file whose DaemonSet counts match the pods it lists.
 * @param file - path of a scenario file (`{ cluster: { items } }`)
 * @returns the path of the copy, in a new temporary directory
 * @throws when the file cannot be read or is not JSON
 */
export function withDaemonSetCountsMatching(file: string): string {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as { cluster: { items: Item[] } };
  const pods = raw.cluster.items.filter((i) => i.kind === 'Pod');
  for (const ds of raw.cluster.items.filter((i) => i.kind === 'DaemonSet')) {
    const on = new Set(
      pods
        .filter(
          (p) =>
            (p.metadata.namespace ?? 'default') === (ds.metadata.namespace ?? 'default') &&
            (p.metadata.ownerReferences ?? []).some(
              (o) => o.kind === 'DaemonSet' && o.name === ds.metadata.name,
            ),
        )
        .map((p) => p.spec?.nodeName),
    ).size;
    ds.status = { ...ds.status, desiredNumberScheduled: on, currentNumberScheduled: on, numberReady: on };
  }
  const out = join(mkdtempSync(join(tmpdir(), 'ds-counts-')), basename(file));
  writeFileSync(out, JSON.stringify(raw));
  return out;
}
