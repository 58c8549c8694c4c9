/**
 * One eviction model per answer (issue 16): what a drain does to each pod on the node, decided
 * once and read by every sentence of a drain or reboot answer (Stops, Keeps working, the counts,
 * the capacity sentence, the advice). Pure.
 *
 * The rules, from the Kubernetes docs:
 * - `kubectl drain` evicts every pod that is not a DaemonSet or static (mirror) pod through the
 *   Eviction API, which honours PodDisruptionBudgets; an eviction a budget does not allow is refused
 *   with HTTP 429 Too Many Requests and kubectl retries it (every 5 s) until it is allowed or the
 *   drain's `--timeout` (none by default) ends: the pod keeps running on the node and the drain waits
 *   there ("Safely Drain a Node", https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/;
 *   "API-initiated Eviction", https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/).
 *   A pod selected by more than one budget cannot be evicted at all (the API answers 500).
 * - DaemonSet pods are not evicted (`--ignore-daemonsets`) and static pods cannot be: both stay.
 * - A pod with no controller is refused without `--force`; with it, deleted and never recreated.
 * - An evicted pod's controller creates a replacement, which the scheduler places on another node
 *   when one has room and admits it; a pod tied to the node (its local volume, a hostname selector,
 *   a Rook mon/OSD) stays Pending until the node is back and uncordoned; a pod that was never
 *   scheduled (Pending, PodScheduled=False) runs nowhere before or after.
 */
import type { FactValue, Finding, Severity } from './types.js';

/**
 * What a drain does to one pod on the node:
 * - `moves`: evicted, and its replacement starts on another node;
 * - `pinned`: evicted, its replacement stays Pending until the node is back (tied to the node);
 * - `no-room`: evicted, its replacement stays Pending (no other node has room or admits it);
 * - `refused`: a PodDisruptionBudget refuses its eviction (HTTP 429): it keeps running, the drain waits;
 * - `deleted`: no controller: deleted for good (only with `--force`);
 * - `unscheduled`: Pending and never scheduled: deleted, its replacement as unschedulable as it was;
 * - `finished`: Succeeded or Failed: deleted without any flag, nothing replaces it (kubectl's
 *   filters: "any finished pod can be removed");
 * - `orphaned`: a DaemonSet pod whose DaemonSet the snapshot does not hold: with `--force`, deleted
 *   for good if the DaemonSet is gone, else left running as `--ignore-daemonsets` leaves it;
 * - `stopped`: its eviction fails with an error other than 429 (several budgets: 500), on which
 *   kubectl drain stops: it keeps running.
 * DaemonSet and static pods are not in the model: the drain leaves them where they are.
 */
export type PodFate =
  | 'moves'
  | 'pinned'
  | 'no-room'
  | 'refused'
  | 'deleted'
  | 'unscheduled'
  | 'finished'
  | 'orphaned'
  | 'stopped'
  // Evicted, but a failing-closed admission webhook refuses its replacement (./admission-webhooks.ts).
  | 'replacement-refused';

/** The fates of the node's evictable pods, counted. */
export interface FateCounts {
  /** Pods the drain tries to evict (every pod but DaemonSet and static pods). */
  evictable: number;
  /** Pods actually evicted: all but those a budget refuses and those whose eviction stops the drain. */
  evicted: number;
  /** Evicted pods recreated on another node (`moves`). */
  recreated: number;
  /** Evicted pods tied to the node, Pending until it is back (`pinned`). */
  pinned: number;
  /** Evicted pods with no room elsewhere, Pending (`no-room`). */
  stranded: number;
  /** Pods a budget refuses: they keep running and the drain waits on them (`refused`). */
  refused: number;
  /** Pods without a controller (`deleted`). */
  bare: number;
  /** Pods never scheduled (`unscheduled`). */
  unscheduled: number;
  /** Succeeded or Failed pods, deleted (`finished`). */
  finished: number;
  /** DaemonSet pods whose DaemonSet the snapshot does not hold (`orphaned`). */
  orphaned: number;
  /** Pods whose eviction error stops the drain (`stopped`). */
  stopped: number;
  /** Evicted pods whose replacement a webhook without backend refuses (`replacement-refused`). */
  replacementRefused: number;
}

/**
 * Count fates.
 * @param fates - one fate per evictable pod
 * @returns the counts ({@link FateCounts})
 */
export function countFates(fates: readonly PodFate[]): FateCounts {
  const n = (f: PodFate): number => fates.filter((x) => x === f).length;
  return {
    evictable: fates.length,
    evicted: fates.length - n('refused') - n('stopped'),
    recreated: n('moves'),
    pinned: n('pinned'),
    stranded: n('no-room'),
    refused: n('refused'),
    bare: n('deleted'),
    unscheduled: n('unscheduled'),
    finished: n('finished'),
    orphaned: n('orphaned'),
    stopped: n('stopped'),
    replacementRefused: n('replacement-refused'),
  };
}

/**
 * The fate of one evictable pod, in the order the rules above apply: an eviction error first, then
 * finished (the API server deletes a finished pod without reading a budget), refused (a refused
 * eviction leaves the pod where it is, whatever else is true of it), then no controller, never
 * scheduled, its replacement refused by a webhook, tied to the node, no room, else it moves.
 * @param p - what is known of the pod
 * @returns its fate
 */
export function podFate(p: {
  stopped: boolean;
  finished: boolean;
  orphaned: boolean;
  refused: boolean;
  bare: boolean;
  unscheduled: boolean;
  replacementRefused: boolean;
  pinned: boolean;
  noRoom: boolean;
}): PodFate {
  if (p.stopped) return 'stopped';
  if (p.finished) return 'finished';
  if (p.orphaned) return 'orphaned';
  if (p.refused) return 'refused';
  if (p.bare) return 'deleted';
  if (p.unscheduled) return 'unscheduled';
  if (p.replacementRefused) return 'replacement-refused';
  if (p.pinned) return 'pinned';
  return p.noRoom ? 'no-room' : 'moves';
}

/** The fact a re-labelled finding keeps its variant in, for {@link beforeRefusals}. */
const BEFORE = 'variantBeforeRefusal';
/** The fact a re-labelled finding keeps its severity in. */
const BEFORE_SEVERITY = 'severityBeforeRefusal';

/**
 * Re-word the findings of one node's drain or reboot by the eviction model (issue 16; reader5 F5,
 * F6): a workload whose pods there a budget refuses is not "rescheduled" nor "down until it is":
 * it keeps running there while the drain waits (`single-replica` → `refused`, or
 * `operator-daemon-refused` for a Rook mon or OSD: not "Ceph serves … while its budgets allow the
 * drain"); the capacity sentence counts only the pods that move. Each re-worded finding keeps its
 * former variant and severity in the facts `variantBeforeRefusal`, `severityBeforeRefusal`: a node that fails is not drained, and no
 * budget holds its pods back ({@link beforeRefusals}).
 * @param findings - one node's findings, as made by `workloadChecks` (single-replica's `refusedBy`,
 *   capacity's `drainEvictable` / `drainUnplaced`)
 * @returns the findings, re-worded where a budget refuses evictions
 */
export function withRefusedEvictions(findings: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    if (
      f.check === 'single-replica' &&
      (typeof f.facts.refusedBy === 'string' ||
        typeof f.facts.stoppedBy === 'string' ||
        typeof f.facts.stoppedWebhook === 'string') &&
      !f.variant.endsWith('-lost')
    ) {
      // A pod several budgets select is answered 500, on which kubectl drain stops (`stopped`);
      // so is one a webhook without backend answers 500 (`stopped-webhook`), its budget's 429 first.
      const variant =
        typeof f.facts.stoppedWebhook === 'string'
          ? 'stopped-webhook'
          : typeof f.facts.refusedBy !== 'string'
            ? 'stopped'
            : f.variant.startsWith('operator-daemon')
              ? 'operator-daemon-refused'
              : 'refused';
      // The budget's own finding blocks; this one only says what becomes of the workload.
      out.push({
        ...f,
        severity: 'info',
        variant,
        // `count`: the sentence is about the workload's pods on the node.
        facts: {
          ...f.facts,
          count: f.facts.staying ?? f.facts.here ?? 1,
          [BEFORE]: f.variant,
          [BEFORE_SEVERITY]: f.severity,
        },
      });
      continue;
    }
    // Pods bound to the node that a budget keeps there are not "down for the whole reboot": the
    // drain waits on them (the sentence names only the others; none left, no sentence).
    if (f.check === 'local-volumes' && Array.isArray(f.facts.refusedPods) && Array.isArray(f.facts.pods)) {
      const kept = new Set(f.facts.refusedPods as string[]);
      const pods = (f.facts.pods as string[]).filter((p) => !kept.has(p));
      out.push({
        ...f,
        severity: pods.length === 0 ? 'info' : f.severity,
        variant: pods.length === 0 ? 'all-refused' : f.variant,
        facts: {
          ...f.facts,
          pods,
          lossPods: f.facts.pods,
          [BEFORE]: f.variant,
          [BEFORE_SEVERITY]: f.severity,
        },
      });
      continue;
    }
    if (
      f.check === 'capacity' &&
      typeof f.facts.drainEvictable === 'number' &&
      f.facts.drainEvictable !== f.facts.evictable
    ) {
      const moving = f.facts.drainEvictable;
      const unplaced = Array.isArray(f.facts.drainUnplaced) ? (f.facts.drainUnplaced as string[]) : [];
      const facts: Record<string, FactValue> = {
        ...f.facts,
        evictable: moving,
        unplaced,
        lossEvictable: f.facts.evictable ?? null,
        lossUnplaced: f.facts.unplaced ?? [],
        [BEFORE]: f.variant,
        [BEFORE_SEVERITY]: f.severity,
      };
      // The only node keeps its own sentence (nowhere else to run), for the pods that are evicted.
      if (f.variant === 'only-node') {
        out.push({ ...f, facts });
        continue;
      }
      out.push({ ...f, ...capacityVariant(moving, unplaced.length), facts });
      continue;
    }
    out.push(f);
  }
  return out;
}

/**
 * The capacity finding's variant and severity for the pods that really move: none (`nothing-moves`,
 * ok: no sentence), all placed (`fits`, ok), none placed (`none-fit`, block), some
 * (`some-pending`, warn).
 * @param moving - how many pods move (their replacements are created elsewhere)
 * @param unplaced - how many of them no other node takes
 */
export function capacityVariant(
  moving: number,
  unplaced: number,
): { variant: 'nothing-moves' | 'fits' | 'none-fit' | 'some-pending'; severity: Severity } {
  if (moving === 0) return { variant: 'nothing-moves', severity: 'ok' };
  if (unplaced === 0) return { variant: 'fits', severity: 'ok' };
  return unplaced === moving
    ? { variant: 'none-fit', severity: 'block' }
    : { variant: 'some-pending', severity: 'warn' };
}

/**
 * Undo {@link withRefusedEvictions} for a node that fails instead of being drained: no budget
 * holds a lost node's pods back (the taint manager deletes them; budgets guard evictions only,
 * https://kubernetes.io/docs/concepts/workloads/pods/disruptions/).
 * @param f - a finding of the reboot analysis
 * @returns the finding as it was before the eviction model re-worded it
 */
export function beforeRefusals(f: Finding): Finding {
  const variant = f.facts[BEFORE];
  const severity = f.facts[BEFORE_SEVERITY];
  if (typeof variant !== 'string' || !isSeverity(severity)) return f;
  const facts: Record<string, FactValue> = { ...f.facts };
  delete facts[BEFORE];
  if (f.check === 'single-replica') delete facts.count;
  delete facts[BEFORE_SEVERITY];
  if (f.check === 'local-volumes') {
    facts.pods = f.facts.lossPods ?? [];
    delete facts.lossPods;
  }
  if (f.check === 'capacity') {
    facts.evictable = f.facts.lossEvictable ?? null;
    facts.unplaced = f.facts.lossUnplaced ?? [];
    delete facts.lossEvictable;
    delete facts.lossUnplaced;
  }
  return { ...f, severity, variant, facts };
}

function isSeverity(v: FactValue | undefined): v is Severity {
  return v === 'ok' || v === 'info' || v === 'warn' || v === 'block';
}
