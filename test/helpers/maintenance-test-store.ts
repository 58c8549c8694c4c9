/**
 * TEST ONLY: a Redis-backed MaintenanceStateStore (optimistic compare-and-set on a revision field,
 * so several processes can share it) and a notifier that records events in a Redis list and in
 * memory, for the executor's tests until (and besides) the real request store.
 */
import type { Redis } from 'ioredis';
import { newRequestId } from '../../src/maintenance/request-store.js';
import type {
  ClusterMaintenancePolicy,
  ExecutionProgress,
  MaintenanceEvent,
  MaintenanceNotifier,
  MaintenanceRequest,
  MaintenanceState,
  MaintenanceStateStore,
} from '../../src/maintenance/types.js';

const key = (id: string): string => `test:maintenance:request:${id}`;
const eventsKey = (id: string): string => `test:maintenance:events:${id}`;

const CAS = `
if redis.call('HGET', KEYS[1], 'rev') == ARGV[1] then
  redis.call('HSET', KEYS[1], 'rev', ARGV[2], 'json', ARGV[3])
  return 1
end
return 0`;

/** A MaintenanceStateStore over one Redis hash per request (`rev`, `json`). */
export class RedisTestStore implements MaintenanceStateStore {
  constructor(private readonly redis: Redis) {}

  /** Write a request as is (test set-up). */
  async put(request: MaintenanceRequest): Promise<void> {
    await this.redis.hset(key(request.id), 'rev', String(request.revision), 'json', JSON.stringify(request));
  }

  async get(id: string): Promise<MaintenanceRequest | null> {
    const raw = await this.redis.hget(key(id), 'json');
    return raw ? (JSON.parse(raw) as MaintenanceRequest) : null;
  }

  private async update(
    id: string,
    change: (r: MaintenanceRequest) => MaintenanceRequest | null,
  ): Promise<MaintenanceRequest | null> {
    for (let i = 0; i < 50; i++) {
      const r = await this.get(id);
      if (!r) return null;
      const next = change(r);
      if (!next) return null;
      next.revision = r.revision + 1;
      const ok = await this.redis.eval(
        CAS,
        1,
        key(id),
        String(r.revision),
        String(next.revision),
        JSON.stringify(next),
      );
      if (ok === 1) return next;
    }
    throw new Error(`test store: too many conflicts on ${id}`);
  }

  transition(
    id: string,
    from: readonly MaintenanceState[],
    to: MaintenanceState,
    patch: { progress?: Partial<ExecutionProgress>; stateReason?: string } = {},
  ): Promise<MaintenanceRequest | null> {
    return this.update(id, (r) =>
      from.includes(r.state)
        ? {
            ...r,
            state: to,
            ...(patch.stateReason !== undefined ? { stateReason: patch.stateReason } : {}),
            progress: { ...r.progress, ...(patch.progress ?? {}) },
          }
        : null,
    );
  }

  async updateProgress(id: string, progress: Partial<ExecutionProgress>): Promise<MaintenanceRequest> {
    const r = await this.update(id, (x) => ({ ...x, progress: { ...x.progress, ...progress } }));
    if (!r) throw new Error(`test store: no request ${id}`);
    return r;
  }
}

/** One recorded event, with the request's state when it was emitted. */
export interface RecordedEvent {
  state: MaintenanceState;
  event: MaintenanceEvent;
}

/** A notifier recording every event in memory and in the Redis list `test:maintenance:events:<id>`. */
export class RecordingNotifier implements MaintenanceNotifier {
  readonly events: RecordedEvent[] = [];
  constructor(private readonly redis?: Redis) {}

  async emit(request: MaintenanceRequest, event: MaintenanceEvent): Promise<void> {
    const rec = { state: request.state, event };
    this.events.push(rec);
    if (this.redis) await this.redis.rpush(eventsKey(request.id), JSON.stringify(rec));
  }
}

/** The events recorded in Redis for a request (from every process). */
export async function recordedEvents(redis: Redis, id: string): Promise<RecordedEvent[]> {
  return (await redis.lrange(eventsKey(id), 0, -1)).map((s) => JSON.parse(s) as RecordedEvent);
}

/** An approved request for a node. */
export function approvedRequest(o: {
  cluster: string;
  node: string;
  nodeRole?: 'control-plane' | 'worker';
  force?: boolean;
  id?: string;
}): MaintenanceRequest {
  const now = new Date();
  return {
    id: o.id ?? newRequestId(),
    cluster: o.cluster,
    node: o.node,
    nodeRole: o.nodeRole ?? 'worker',
    reason: 'kernel update',
    force: o.force ?? false,
    requestedBy: { platform: 'console', tenant: 'local', id: 'alice' },
    requestedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 1_800_000).toISOString(),
    approvalsRequired: 1,
    approvals: [{ actor: { platform: 'console', tenant: 'local', id: 'bob' }, at: now.toISOString() }],
    state: 'approved',
    locale: 'en',
    replyTo: { platform: 'console', address: {} },
    verdictAtRequest: 'safe',
    summaryAtRequest: 'safe to reboot',
    progress: {},
    revision: 1,
  };
}

/** A policy with short timeouts for tests (override any part). */
export function testPolicy(
  cluster: string,
  over: Partial<ClusterMaintenancePolicy> = {},
): ClusterMaintenancePolicy {
  return {
    cluster,
    requesters: ['*'],
    approvers: ['*'],
    admins: [],
    approvals: { worker: 1, controlPlane: 2 },
    requestLifetimeMs: 1_800_000,
    changeWindows: [],
    outsideWindow: 'wait',
    drain: { timeoutMs: 20_000, parallelism: 3, evictionBackoffMs: 200, progressIntervalMs: 500 },
    reboot: { timeoutMs: 20_000 },
    lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 6 },
    ...over,
  };
}
