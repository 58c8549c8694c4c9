/**
 * The cluster's maintenance lock: one `coordination.k8s.io/v1` Lease in the bot's namespace
 * (`policy.lock.namespace`/`policy.lock.leaseName`), held by the request id, with a TTL
 * (`leaseDurationSeconds`, default 60) that the holder renews every third of it, so the lock of a
 * dead bot expires on its own (kured's lock never does by default).
 *
 * Acquire: create the Lease when missing; take it when it has no holder or its
 * `renewTime + leaseDurationSeconds` has passed; keep it (renew) when it is already ours. Every
 * update carries the read `resourceVersion`, so of two bots racing one gets 409 and re-reads (the
 * client-go leader-election pattern). Release clears `holderIdentity`, only when it is ours.
 * @see https://kubernetes.io/docs/concepts/architecture/leases/
 */
import { leaseAgeSeconds } from '../../analysis/cluster-index.js';
import type { KLease } from '../../cluster/types.js';
import { microTime } from '../../cluster/wire-time.js';
import type { Logger } from '../../util/logger.js';
import type { KubeApi } from './kube-api.js';
import { MaintenanceStopError, seg, stopForStatus } from './kube-api.js';

/** Annotation naming the worker (process) that last wrote the lock, for operators. */
export const LOCK_WORKER_ANNOTATION = 'k8s-ha-bot/worker';
/** Annotation naming the node under maintenance, for operators. */
export const LOCK_NODE_ANNOTATION = 'k8s-ha-bot/node';

/** Tries of one lock operation when updates conflict (409). */
const CONFLICT_TRIES = 8;

export { microTime } from '../../cluster/wire-time.js';

/** Options of {@link MaintenanceLock}. */
export interface MaintenanceLockOptions {
  api: KubeApi;
  namespace: string;
  leaseName: string;
  /** TTL in s. */
  leaseDurationSeconds: number;
  /** The holder: the request id. */
  holder: string;
  /** Written to {@link LOCK_WORKER_ANNOTATION}. */
  worker: string;
  /** Written to {@link LOCK_NODE_ANNOTATION}. */
  node: string;
  now: () => Date;
  logger: Logger;
}

/** The outcome of {@link MaintenanceLock.acquire}. */
export type AcquireResult = { ok: true } | { ok: false; holder: string; node?: string };

/**
 * The maintenance Lease of one cluster, as seen by one request.
 */
export class MaintenanceLock {
  private renewTimer: ReturnType<typeof setInterval> | undefined;
  private renewing: Promise<void> | undefined;
  /** Set when a renewal found the Lease held by someone else (ours expired and was taken). */
  lost = false;
  /** When the Lease was last written by us (acquired or renewed), in ms since the epoch. */
  private lastWrittenMs: number | undefined;

  constructor(private readonly o: MaintenanceLockOptions) {}

  /** `namespace/name` of the Lease. */
  get name(): string {
    return `${this.o.namespace}/${this.o.leaseName}`;
  }

  private get path(): string {
    return `/apis/coordination.k8s.io/v1/namespaces/${seg(this.o.namespace)}/leases`;
  }

  private async read(): Promise<KLease | null> {
    const res = await this.o.api.request<KLease>('GET', `${this.path}/${seg(this.o.leaseName)}`);
    if (res.status === 404) return null;
    if (res.status !== 200 || !res.body)
      throw stopForStatus(res, `GET lease ${this.name}`, this.o.namespace, this.o.logger);
    return res.body;
  }

  private annotations(lease?: KLease): Record<string, string> {
    return {
      ...(lease?.metadata.annotations ?? {}),
      [LOCK_WORKER_ANNOTATION]: this.o.worker,
      [LOCK_NODE_ANNOTATION]: this.o.node,
    };
  }

  /** PUT the Lease; true when written, false on a 409 conflict. */
  private async put(lease: KLease): Promise<boolean> {
    const res = await this.o.api.request('PUT', `${this.path}/${seg(this.o.leaseName)}`, { body: lease });
    if (res.status === 200) return true;
    if (res.status === 409) return false;
    throw stopForStatus(res, `PUT lease ${this.name}`, this.o.namespace, this.o.logger);
  }

  /**
   * Take the lock, or keep it when it is already ours (renewing it).
   * @returns ok, or the current holder (request id) when another maintenance holds it
   * @throws MaintenanceStopError `forbidden` (403) or `api-error`
   */
  async acquire(): Promise<AcquireResult> {
    for (let i = 0; i < CONFLICT_TRIES; i++) {
      const now = this.o.now();
      const lease = await this.read();
      if (!lease) {
        const res = await this.o.api.request('POST', this.path, {
          body: {
            apiVersion: 'coordination.k8s.io/v1',
            kind: 'Lease',
            metadata: {
              name: this.o.leaseName,
              namespace: this.o.namespace,
              annotations: this.annotations(),
            },
            spec: {
              holderIdentity: this.o.holder,
              leaseDurationSeconds: this.o.leaseDurationSeconds,
              acquireTime: microTime(now),
              renewTime: microTime(now),
              leaseTransitions: 0,
            },
          },
        });
        if (res.status === 201 || res.status === 200) {
          this.lastWrittenMs = now.getTime();
          return { ok: true };
        }
        if (res.status === 409) continue; // created by someone else meanwhile: re-read
        throw stopForStatus(res, `create lease ${this.name}`, this.o.namespace, this.o.logger);
      }
      const spec = lease.spec ?? {};
      const holder = spec.holderIdentity ?? '';
      const ours = holder === this.o.holder;
      if (!ours && holder !== '' && !expired(lease, now)) {
        const node = lease.metadata.annotations?.[LOCK_NODE_ANNOTATION];
        return { ok: false, holder, ...(node ? { node } : {}) };
      }
      const next: KLease = {
        ...lease,
        metadata: { ...lease.metadata, annotations: this.annotations(lease) },
        spec: {
          ...spec,
          holderIdentity: this.o.holder,
          leaseDurationSeconds: this.o.leaseDurationSeconds,
          renewTime: microTime(now),
          ...(ours
            ? {}
            : { acquireTime: microTime(now), leaseTransitions: (spec.leaseTransitions ?? 0) + 1 }),
        },
      };
      if (await this.put(next)) {
        this.lastWrittenMs = now.getTime();
        return { ok: true };
      }
    }
    throw new MaintenanceStopError(
      'api-error',
      `lease ${this.name} kept changing (${CONFLICT_TRIES} conflicts in a row)`,
    );
  }

  /**
   * Renew once.
   * @returns false when the Lease is no longer ours (then {@link lost} is set)
   * @throws MaintenanceStopError on API errors
   */
  async renew(): Promise<boolean> {
    for (let i = 0; i < CONFLICT_TRIES; i++) {
      const lease = await this.read();
      if (!lease || lease.spec?.holderIdentity !== this.o.holder) {
        this.lost = true;
        return false;
      }
      const now = this.o.now();
      const next: KLease = { ...lease, spec: { ...lease.spec, renewTime: microTime(now) } };
      if (await this.put(next)) {
        this.lastWrittenMs = now.getTime();
        return true;
      }
    }
    throw new MaintenanceStopError(
      'api-error',
      `lease ${this.name} kept changing (${CONFLICT_TRIES} conflicts in a row)`,
    );
  }

  /**
   * Whether our last write of the Lease is older than its TTL: it may have expired and been taken
   * by another maintenance, so nothing may be changed on the cluster until {@link confirm} succeeds.
   */
  staleLocally(): boolean {
    return (
      this.lastWrittenMs !== undefined &&
      this.o.now().getTime() - this.lastWrittenMs > this.o.leaseDurationSeconds * 1000
    );
  }

  /**
   * Renew now and make sure the Lease is still ours: called right before changing the cluster
   * (cordon, evictions, uncordon), so an executor whose Lease lapsed or was taken never acts.
   * @throws MaintenanceStopError `lock-held` when another holder has it; `api-error` / `forbidden`
   *   when it cannot be read or written
   */
  async confirm(): Promise<void> {
    if (!this.lost) await this.renew(); // sets `lost` when the Lease is no longer ours
    this.assertNotLost();
  }

  /**
   * Throw when a renewal found the Lease held by someone else ({@link lost}).
   * @throws MaintenanceStopError `lock-held`
   */
  assertNotLost(): void {
    if (this.lost)
      throw new MaintenanceStopError(
        'lock-held',
        `the maintenance lock ${this.name} expired and was taken by another holder`,
      );
  }

  /** Renew every third of the TTL until {@link stopRenewing}; failures are logged. */
  startRenewing(): void {
    if (this.renewTimer) return;
    const everyMs = Math.max(200, (this.o.leaseDurationSeconds * 1000) / 3);
    this.renewTimer = setInterval(() => {
      if (this.renewing) return;
      this.renewing = this.renew()
        .then((ok) => {
          if (!ok)
            this.o.logger.error(
              { lease: this.name, holder: this.o.holder },
              'maintenance lock lost: another holder took the Lease',
            );
        })
        .catch((err: unknown) =>
          this.o.logger.warn({ err, lease: this.name }, 'renewing the maintenance lock failed'),
        )
        .finally(() => {
          this.renewing = undefined;
        });
    }, everyMs);
    this.renewTimer.unref();
  }

  /** Stop the renewal timer (and wait for a renewal in flight). */
  async stopRenewing(): Promise<void> {
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = undefined;
    await this.renewing;
  }

  /**
   * Release: clear `holderIdentity` when the Lease is ours; nothing otherwise (idempotent).
   * @returns true when it was ours and is now free
   * @throws MaintenanceStopError on API errors
   */
  async release(): Promise<boolean> {
    await this.stopRenewing();
    for (let i = 0; i < CONFLICT_TRIES; i++) {
      const lease = await this.read();
      if (!lease || lease.spec?.holderIdentity !== this.o.holder) return false;
      const spec = { ...lease.spec, renewTime: microTime(this.o.now()) };
      delete spec.holderIdentity;
      if (await this.put({ ...lease, spec })) return true;
    }
    throw new MaintenanceStopError(
      'api-error',
      `lease ${this.name} kept changing (${CONFLICT_TRIES} conflicts in a row)`,
    );
  }
}

/**
 * Whether a Lease has expired: `renewTime` (or `acquireTime`) + `leaseDurationSeconds` before now.
 * A Lease without times or duration counts as expired.
 * @param lease - the Lease
 * @param now - the clock
 */
export function expired(lease: KLease, now: Date): boolean {
  const age = leaseAgeSeconds(lease, now);
  const d = lease.spec?.leaseDurationSeconds;
  return age === null || d === undefined || age > d;
}
