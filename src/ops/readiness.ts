/**
 * Readiness: is this process able to do its work now? Redis answers PING within 1 s, and each
 * configured cluster's API answers `GET /readyz` (a snapshot cluster: its file can be read). Cluster
 * results are cached briefly so that frequent probes do not hammer the API servers.
 *
 * `GET /readyz` on kube-apiserver is what the bot's read-only ClusterRole grants (`nonResourceURLs:
 * ["/readyz"]`); source: https://kubernetes.io/docs/reference/using-api/health-checks/
 */
import { access, constants } from 'node:fs/promises';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigForContext } from '../cluster/kube-config-for-context.js';
import { kubeConnection } from '../cluster/kube-connection.js';
import type { ClusterConfig } from '../config/bot-config.js';
import type { Settings } from '../config/settings.js';
import { failingReadyzLines } from '../cluster/read-snapshot.js';
import { maskSecrets } from '../util/redaction.js';

/** One readiness check's result. */
export interface CheckResult {
  /** `redis`, or `cluster:<name>`. */
  name: string;
  ok: boolean;
  /** Why it is not ready (no secrets: URLs with passwords and tokens are masked), or a short OK note. */
  detail: string;
}

/** The whole readiness answer. */
export interface ReadinessReport {
  ready: boolean;
  checks: CheckResult[];
}

/** A check: resolves ok/detail; a rejection counts as not ready with the error's message. */
export type ReadinessCheck = () => Promise<{ ok: boolean; detail: string }>;

/** How long the Redis PING may take, in ms (the brief: within 1 s). */
export const REDIS_PING_TIMEOUT_MS = 1000;
/** How long one cluster probe may take, in ms. */
export const CLUSTER_PROBE_TIMEOUT_MS = 2000;
/** How long a cluster probe result is reused, in ms. */
export const CLUSTER_PROBE_CACHE_MS = 10_000;
/** Most failing `/readyz` checks named in a probe's detail (the rest are counted). */
export const READYZ_FAILING_SHOWN = 8;
/** Most of a `/readyz` answer read, in bytes (kube-apiserver's verbose list is about 2 KB). */
const READYZ_BODY_MAX_BYTES = 64 * 1024;

/**
 * What a not-ready `/readyz` answer says: the status and its failing check lines (`[-]etcd failed:
 * reason withheld`), as the console's status shows them (src/cluster/read-snapshot.ts
 * {@link failingReadyzLines}: made safe to show with src/util/safe-text.ts, no escape sequences,
 * control or bidi characters, 200 characters a line) and bounded to {@link READYZ_FAILING_SHOWN}
 * lines.
 * @param status - the HTTP status
 * @param body - the answer body (verbose list), possibly cut at {@link READYZ_BODY_MAX_BYTES}
 * @returns e.g. `GET /readyz: HTTP 500: [-]etcd failed: reason withheld; [-]etcd-readiness failed: reason withheld`
 */
export function notReadyDetail(status: number | undefined, body: string): string {
  const failing = failingReadyzLines(body);
  const shown = failing.slice(0, READYZ_FAILING_SHOWN);
  const more = failing.length > shown.length ? `; and ${failing.length - shown.length} more` : '';
  return `GET /readyz: HTTP ${status ?? '?'}${shown.length > 0 ? `: ${shown.join('; ')}${more}` : ''}`;
}

/** Resolve `work` or reject after `ms` with a message naming `what`. */
async function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A Redis check: PING answered `PONG` within `timeoutMs`.
 * @param ping - e.g. `() => redis.ping()` on a connection that is connected (or connects) by itself
 * @param timeoutMs - @defaultValue {@link REDIS_PING_TIMEOUT_MS}
 */
export function redisCheck(ping: () => Promise<string>, timeoutMs = REDIS_PING_TIMEOUT_MS): ReadinessCheck {
  return async () => {
    const answer = await within(ping(), timeoutMs, 'PING');
    return answer === 'PONG'
      ? { ok: true, detail: 'PONG' }
      : { ok: false, detail: `PING answered ${answer}` };
  };
}

/**
 * `GET /readyz?verbose` against the cluster of a kubeconfig (current context), with its credentials.
 * @param kc - the kubeconfig
 * @param timeoutMs - request time limit, in ms
 * @returns ok when HTTP 200; otherwise the status and the failing checks the answer names
 *   ({@link notReadyDetail}: `GET /readyz: HTTP 500: [-]etcd failed: reason withheld`), or the
 *   network error code
 */
export async function probeKubeApi(
  kc: KubeConfig,
  timeoutMs = CLUSTER_PROBE_TIMEOUT_MS,
): Promise<{ ok: boolean; detail: string }> {
  if (kc.getCurrentCluster() === null) return { ok: false, detail: 'the kubeconfig has no current cluster' };
  const conn = await kubeConnection(kc, 1, {
    noCluster: () => new Error('the kubeconfig has no current cluster'),
    credentials: (cause) => (cause instanceof Error ? cause : new Error(String(cause))),
  });
  try {
    return await new Promise<{ ok: boolean; detail: string }>((resolve) => {
      const req = conn.transport.request(
        {
          // `?verbose` lists every check; RBAC matches the path alone (nonResourceURLs: ["/readyz"]).
          ...conn.target('/readyz?verbose'),
          method: 'GET',
          headers: { ...conn.headers, Accept: 'text/plain', 'User-Agent': 'k8s-ha-bot-readyz' },
          agent: conn.agent,
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < READYZ_BODY_MAX_BYTES) chunks.push(chunk.subarray(0, READYZ_BODY_MAX_BYTES - size));
            size += chunk.length;
          });
          res.on('end', () =>
            resolve(
              res.statusCode === 200
                ? { ok: true, detail: 'GET /readyz: 200' }
                : {
                    ok: false,
                    detail: notReadyDetail(res.statusCode, Buffer.concat(chunks).toString('utf8')),
                  },
            ),
          );
          res.on('error', (err) =>
            resolve({
              ok: false,
              detail: `GET /readyz: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
            }),
          );
        },
      );
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: `no answer within ${timeoutMs} ms` })),
      );
      req.on('error', (err) =>
        resolve({ ok: false, detail: `GET /readyz: ${(err as NodeJS.ErrnoException).code ?? err.message}` }),
      );
      req.end();
    });
  } finally {
    conn.close(); // our keep-alive agent: one probe, no idle sockets left
  }
}

/**
 * The check of one configured cluster: `context` and `inCluster` clusters are probed with
 * {@link probeKubeApi}; a `snapshot` cluster (served by the built-in simulator) is ready when its
 * file can be read. The result is cached for `cacheMs`.
 * @param name - the cluster's name (used in the kubeconfig error path)
 * @param cluster - its configuration
 * @param kubeconfigLookup - `KUBECONFIG` and `HOME` as the settings read them (src/config/settings.ts
 *   `Settings`), for a context cluster without its own kubeconfig file
 * @param options - `timeoutMs` ({@link CLUSTER_PROBE_TIMEOUT_MS}), `cacheMs` ({@link CLUSTER_PROBE_CACHE_MS}),
 *   `now` (ms clock, for tests)
 */
export function clusterCheck(
  name: string,
  cluster: ClusterConfig,
  kubeconfigLookup: Pick<Settings, 'kubeconfig' | 'home'>,
  options: { timeoutMs?: number; cacheMs?: number; now?: () => number } = {},
): ReadinessCheck {
  const timeoutMs = options.timeoutMs ?? CLUSTER_PROBE_TIMEOUT_MS;
  const cacheMs = options.cacheMs ?? CLUSTER_PROBE_CACHE_MS;
  const now = options.now ?? Date.now;
  let cached: { at: number; result: Promise<{ ok: boolean; detail: string }> } | undefined;
  const probe = async (): Promise<{ ok: boolean; detail: string }> => {
    if (cluster.kind === 'snapshot') {
      await access(cluster.snapshot, constants.R_OK);
      return { ok: true, detail: 'snapshot file readable' };
    }
    let kc: KubeConfig;
    if (cluster.kind === 'in-cluster') {
      kc = new KubeConfig();
      kc.loadFromCluster();
    } else {
      kc = kubeConfigForContext(
        cluster.kubeconfig,
        cluster.context,
        kubeconfigLookup,
        `clusters.${name}.context`,
      );
    }
    return within(probeKubeApi(kc, timeoutMs), timeoutMs + 500, 'GET /readyz');
  };
  return () => {
    const t = now();
    if (!cached || t - cached.at >= cacheMs) {
      const result = probe().catch((err: unknown) => ({
        ok: false,
        detail: err instanceof Error ? err.message : String(err),
      }));
      cached = { at: t, result };
    }
    return cached.result;
  };
}

/**
 * Run every check in parallel.
 * @param checks - name → check
 * @returns ready when every check is ok; details are masked with {@link maskSecrets}
 */
export async function runReadiness(
  checks: Readonly<Record<string, ReadinessCheck>>,
): Promise<ReadinessReport> {
  const results = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<CheckResult> => {
      try {
        const r = await check();
        return { name, ok: r.ok, detail: maskSecrets(r.detail) };
      } catch (err) {
        return { name, ok: false, detail: maskSecrets(err instanceof Error ? err.message : String(err)) };
      }
    }),
  );
  return { ready: results.every((r) => r.ok), checks: results };
}
