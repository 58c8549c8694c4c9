/**
 * What every part of a generated cluster shares: the seeded random stream (one stream, read in
 * the order the objects are written, so the same seed gives the same file), ids, timestamps and
 * resource versions, and the plan of nodes.
 */
import type { KOwnerReference } from '../../src/cluster/types.js';
import type { AppPlan } from './apps.js';

/** An owner reference with the wire fields our narrowed type leaves out (blockOwnerDeletion). */
export const ref = (o: Record<string, unknown>): KOwnerReference => o as unknown as KOwnerReference;

/** One day, in ms. */
export const DAY = 86_400_000;

/**
 * mulberry32: a small fast deterministic PRNG.
 * @param seed - any 32-bit number
 * @returns a function giving numbers in [0, 1)
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = 'bcdfghjklmnpqrstvwxz2456789';

/** The nodes of a generated cluster and how many application pods it gets. */
export interface Plan {
  cpNames: string[];
  workerNames: string[];
  nodeIps: string[];
  appPods: number;
}

/** The shared state of one `items()` pass: the plan and the helpers that draw from the random stream. */
export interface GenContext {
  plan: Plan;
  apps: AppPlan[];
  cpCount: number;
  rnd: () => number;
  /** The next `metadata.resourceVersion`. */
  nextRv: () => string;
  uuid: () => string;
  /** `len` random characters of the kind Kubernetes puts in generated names. */
  suffix: (len: number) => string;
  /** RFC 3339 time `agoMs` before the capture, whole seconds. */
  ts: (agoMs: number) => string;
  /** RFC 3339 time `agoMs` before the capture, microseconds (Lease renew times). */
  micro: (agoMs: number) => string;
  clusterAge: number;
  /** Control-plane nodes first, then workers. */
  allNodes: string[];
  /** The InternalIP of `allNodes[i]`. */
  ipOf: (i: number) => string;
}

/**
 * A fresh context: the random stream starts again from `seed`.
 * @param plan - the nodes
 * @param apps - the application workloads
 * @param seed - the PRNG seed
 * @param captured - the capture time every timestamp is relative to
 * @param cpCount - control-plane nodes (the first `cpCount` of `allNodes`)
 */
export function genContext(
  plan: Plan,
  apps: AppPlan[],
  seed: number,
  captured: Date,
  cpCount: number,
): GenContext {
  const rnd = prng(seed);
  let rv = 10_000_000;
  const nextRv = (): string => String(++rv);
  const hex8 = (): string => (Math.floor(rnd() * 4294967296) >>> 0).toString(16).padStart(8, '0');
  const uuid = (): string => {
    const a = hex8();
    const b = hex8();
    const c = hex8();
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hex8()}`;
  };
  const suffix = (len: number): string => {
    let s = '';
    for (let i = 0; i < len; i++) s += ALNUM[Math.floor(rnd() * ALNUM.length)];
    return s;
  };
  const capturedMs = captured.getTime();
  const ts = (agoMs: number): string => new Date(capturedMs - agoMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const micro = (agoMs: number): string =>
    `${new Date(capturedMs - agoMs).toISOString().slice(0, 23)}${String(Math.floor(rnd() * 1000)).padStart(3, '0')}Z`;
  const clusterAge = 143 * DAY;
  const allNodes = [...plan.cpNames, ...plan.workerNames];
  const ipOf = (i: number): string => plan.nodeIps[i] as string;
  return { plan, apps, cpCount, rnd, nextRv, uuid, suffix, ts, micro, clusterAge, allNodes, ipOf };
}
