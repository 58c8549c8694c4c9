/**
 * aggregated-api (issue 29): an APIService (`apiregistration.k8s.io/v1`) with a `spec.service` is
 * an aggregated API: kube-aggregator proxies its group/version to that Service, and marks it
 * `Available=False` when no backend answers. While it is unavailable:
 * - `metrics.k8s.io` (metrics-server): the HorizontalPodAutoscaler controller cannot read resource
 *   metrics, so HPAs stop scaling, and `kubectl top` fails
 *   (https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/#support-for-resource-metrics);
 * - `custom.metrics.k8s.io` / `external.metrics.k8s.io`: HPAs on custom or external metrics stop;
 * - any group: discovery is incomplete, and the namespace controller cannot finish deleting a
 *   namespace (it must list every namespaced resource of every group): namespaces stay
 *   Terminating until the API is back (kubernetes/kubernetes#60807,
 *   https://kubernetes.io/docs/concepts/extend-kubernetes/api-extension/apiserver-aggregation/).
 * Pure.
 */
import type { KAPIService } from '../cluster/types.js';
import type { ClusterIndex } from './cluster-index.js';
import { finding } from './finding.js';
import { type ServiceBackends, serviceBackends } from './service-backends.js';
import type { Finding } from './types.js';

/** What an unavailable group stops, by the variant suffix its explanation uses. */
function effectOf(group: string): 'metrics' | 'custom-metrics' | 'other' {
  if (group === 'metrics.k8s.io') return 'metrics';
  if (group === 'custom.metrics.k8s.io' || group === 'external.metrics.k8s.io') return 'custom-metrics';
  return 'other';
}

/** Whether the APIServices were read (listed, not refused). */
function apiServicesRead(index: ClusterIndex): boolean {
  const s = index.snapshot;
  return (
    s.apiServices !== undefined &&
    !(s.unobserved ?? []).includes('apiservices') &&
    !s.readErrors.some((e) => e.resource === 'apiservices')
  );
}

/** `Available` of an APIService: true, false, or null when it has no such condition. */
function available(a: KAPIService): { ok: boolean | null; reason: string | null } {
  const c = a.status?.conditions?.find((x) => x.type === 'Available');
  return { ok: c === undefined ? null : c.status === 'True', reason: c?.reason ?? null };
}

/** Namespaces being deleted now (`status.phase: Terminating`). */
function terminatingNamespaces(index: ClusterIndex): string[] {
  return (index.snapshot.namespaces ?? [])
    .filter((n) => n.status?.phase === 'Terminating' || n.metadata.deletionTimestamp !== undefined)
    .map((n) => n.metadata.name);
}

function factsOf(index: ClusterIndex, a: KAPIService, node: string | null, backends: number) {
  const svc = a.spec?.service;
  return {
    apiService: a.metadata.name,
    group: a.spec?.group ?? '',
    service: svc ? `${svc.namespace}/${svc.name}` : null,
    node,
    backends,
    terminating: terminatingNamespaces(index),
  };
}

/** An APIService with a Service, whether it is down now (not Available, or no ready backend), and where its backends run. */
interface ApiServiceView {
  a: KAPIService;
  down: boolean;
  reason: string | null;
  backends: ServiceBackends;
}

function apiServiceViews(index: ClusterIndex): ApiServiceView[] {
  if (!apiServicesRead(index)) return [];
  return (index.snapshot.apiServices ?? []).flatMap((a) => {
    const svc = a.spec?.service;
    if (!svc) return [];
    const avail = available(a);
    const backends = serviceBackends(index, svc.namespace, svc.name);
    return [{ a, down: avail.ok === false || backends.state === 'none', reason: avail.reason, backends }];
  });
}

/**
 * The aggregated-api findings of a reboot of `node`: an APIService whose every ready backend runs
 * on the node is unavailable until one is back (warn; variant `here-metrics`,
 * `here-custom-metrics` or `here`); one not Available already is named (info `not-available`,
 * the status check says it first).
 * @param index - the cluster index
 * @param node - the node rebooted
 */
export function aggregatedApiChecks(index: ClusterIndex, node: string): Finding[] {
  const out: Finding[] = [];
  for (const { a, down, reason, backends: b } of apiServiceViews(index)) {
    const subject = { kind: 'APIService', name: a.metadata.name };
    if (down) {
      out.push(
        finding(
          'aggregated-api',
          'data',
          'info',
          'not-available',
          { ...factsOf(index, a, node, b.ready), reason },
          subject,
        ),
      );
    } else if (b.state === 'one-node' && b.nodes[0] === node) {
      const effect = effectOf(a.spec?.group ?? '');
      out.push(
        finding(
          'aggregated-api',
          'data',
          'warn',
          effect === 'other' ? 'here' : `here-${effect}`,
          factsOf(index, a, node, b.ready),
          subject,
        ),
      );
    }
  }
  return out;
}

/**
 * Status (issue 29, item 8): an APIService not Available now (warn `status-not-available`; with
 * namespaces stuck Terminating behind it, `status-namespaces-stuck`), or whose every backend
 * runs on one node (warn `status-one-node`).
 * @param index - the cluster index
 */
export function aggregatedApiStatus(index: ClusterIndex): Finding[] {
  const out: Finding[] = [];
  for (const { a, down, reason, backends: b } of apiServiceViews(index)) {
    if (down) {
      const facts = { ...factsOf(index, a, null, b.ready), reason };
      out.push(
        finding(
          'aggregated-api',
          'data',
          'warn',
          facts.terminating.length > 0 ? 'status-namespaces-stuck' : 'status-not-available',
          facts,
          { kind: 'APIService', name: a.metadata.name },
        ),
      );
    } else if (b.state === 'one-node')
      out.push(
        finding(
          'aggregated-api',
          'data',
          'warn',
          'status-one-node',
          factsOf(index, a, b.nodes[0] ?? null, b.ready),
          { kind: 'APIService', name: a.metadata.name },
        ),
      );
  }
  return out;
}
