/**
 * When a snapshot was captured, and what it holds. A scenario file says `captured_at`;
 * a plain `kubectl get … -o json` List does not, so its capture time is inferred from the data:
 * the newest Lease `renewTime` (kubelets and leader-elected components renew theirs every few
 * seconds), else the newest node condition `lastHeartbeatTime` (the kubelet refreshes it at least
 * every 5 minutes, `nodeStatusReportFrequency`), else the newest `metadata.managedFields[].time`
 * (the last write to any object). Lease and heartbeat ages are then measured against that time,
 * never against the clock of the question.
 *
 * @see https://kubernetes.io/docs/concepts/architecture/leases/
 * @see https://kubernetes.io/docs/reference/node/node-status/#heartbeats
 */
import type { KObject } from './snapshot-file.js';

/**
 * Where a snapshot's capture time came from: the file's `captured_at`, `--captured-at`
 * (`given`), inferred from Leases, node heartbeats or managedFields, the moment a live cluster
 * was read (`read`), or `unknown` (a List with no timestamp to infer it from).
 */
export type CaptureSource =
  'captured_at' | 'given' | 'leases' | 'node-heartbeats' | 'managed-fields' | 'read' | 'unknown';

/**
 * The parts of a snapshot the checks read, by the name answers use for them (`readyz`, `etcd`,
 * `pods`, `leases`, `poddisruptionbudgets`, `workloads`, `endpointslices`), and the kinds each comes from.
 */
export const OBSERVABLE_PARTS: Readonly<Record<string, readonly string[]>> = {
  pods: ['Pod'],
  leases: ['Lease'],
  poddisruptionbudgets: ['PodDisruptionBudget'],
  workloads: ['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet'],
  endpointslices: ['EndpointSlice'],
  webhookconfigurations: ['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration'],
  apiservices: ['APIService'],
};

function newer(a: number | null, s: unknown): number | null {
  if (typeof s !== 'string') return a;
  const t = Date.parse(s);
  if (Number.isNaN(t)) return a;
  return a === null || t > a ? t : a;
}

/** Feeds on a file's items one by one (streamed files are never held whole) and infers the capture time. */
export class CaptureTimeInference {
  private leases: number | null = null;
  private heartbeats: number | null = null;
  private managed: number | null = null;
  /** Kinds seen, with their counts. */
  readonly kinds = new Map<string, number>();

  /**
   * Take one item into account.
   * @param item - a List item (kind and metadata checked by the loader)
   */
  see(item: KObject): void {
    this.kinds.set(item.kind, (this.kinds.get(item.kind) ?? 0) + 1);
    if (item.kind === 'Lease') {
      const spec = item.spec as { renewTime?: unknown; acquireTime?: unknown } | undefined;
      this.leases = newer(this.leases, spec?.renewTime ?? spec?.acquireTime);
    } else if (item.kind === 'Node') {
      const conditions = (item.status as { conditions?: { lastHeartbeatTime?: unknown }[] } | undefined)
        ?.conditions;
      if (Array.isArray(conditions))
        for (const c of conditions) this.heartbeats = newer(this.heartbeats, c?.lastHeartbeatTime);
    }
    const fields = (item.metadata as { managedFields?: { time?: unknown }[] }).managedFields;
    if (Array.isArray(fields)) for (const f of fields) this.managed = newer(this.managed, f?.time);
  }

  /**
   * The inferred capture time: the newest Lease renewal, else node heartbeat, else managedFields time.
   * @returns the time and its source; `{ at: null, from: 'unknown' }` when nothing has a timestamp
   */
  result(): { at: Date | null; from: CaptureSource } {
    if (this.leases !== null) return { at: new Date(this.leases), from: 'leases' };
    if (this.heartbeats !== null) return { at: new Date(this.heartbeats), from: 'node-heartbeats' };
    if (this.managed !== null) return { at: new Date(this.managed), from: 'managed-fields' };
    return { at: null, from: 'unknown' };
  }

  /**
   * The parts of {@link OBSERVABLE_PARTS} none of whose kinds appear in the file.
   * @returns part names, in {@link OBSERVABLE_PARTS} order
   */
  missingParts(): string[] {
    return Object.entries(OBSERVABLE_PARTS)
      .filter(([, kinds]) => !kinds.some((k) => this.kinds.has(k)))
      .map(([part]) => part);
  }
}
