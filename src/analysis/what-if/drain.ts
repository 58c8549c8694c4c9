/**
 * "Can I drain N?": a reboot's drain checks without the reboot.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import type { DrainImpactCommand } from '../../commands/types.js';
import { analyzeDeleteNode } from './delete-node.js';
import { drainModelSnapshot, kubectlDrainFindings } from './kubectl-drain.js';
import { admissionWebhookChecks, webhookRefusal, withRefusedReplacements } from '../admission-webhooks.js';
import { hasControlPlaneTaint, indexCluster, isNodeReady, readyStatus } from '../cluster-index.js';
import { etcdAlarmFindings, partialControlPlaneFindings } from '../control-plane-checks.js';
import { withRefusedEvictions } from '../eviction-model.js';
import { finding } from '../finding.js';
import {
  deadNodeDrainChecks,
  drainBlockOf,
  keepingPriorCordon,
  kuredChecks,
  nodeLeaseChecks,
  priorCordonChecks,
  whenDrainCannotMove,
} from '../node-state-checks.js';
import { guardPodNotListedFindings, quorumGuardDrainFindings } from '../quorum-guard.js';
import type { FactValue, Finding } from '../types.js';
import { type CommandForms, clusterCommandForms } from '../command-versions.js';
import { podsOnNode, targetPodsFindings, targetPodsUnseen, workloadChecks } from '../workload-checks.js';
import {
  controlPlaneServing,
  finishWithReadErrors,
  keepOtherNodes,
  nodeNotFound,
  type WhatIfContext,
  whatIfContext,
} from './context.js';
import { ImpactBuilder, type WhatIfImpact } from './what-if-impact.js';

/**
 * "Can I drain X?": the drain checks of a reboot (what `kubectl drain` refuses, loses or waits
 * on, and whether the rest of the cluster can take the pods), without the reboot. A drain needs the
 * API server (evictions are API calls), so a control plane that does not serve blocks it.
 * @param snapshot - the cluster as read, `focusNode` set to the node
 * @param node - the node's name
 * @param now - the analysis clock
 * @param kubectl - a pasted `kubectl drain|cordon|uncordon` and its flags: what they do to the
 *   node's pods is added (./kubectl-drain.ts, the same filters and Eviction API)
 */
export function analyzeDrainImpact(
  snapshot: ClusterSnapshot,
  node: string,
  now: Date,
  kubectl?: DrainImpactCommand['kubectl'],
): WhatIfImpact {
  const impact = drainImpactOf(snapshot, node, now, kubectl);
  // kubectl's global flags pasted with the command (`--kubeconfig`, `-n`, an unconfigured
  // `--context`) are named as not used, whatever the verb (hostile review L2).
  const unused = kubectl?.flags.unused ?? [];
  if (unused.length === 0 || !impact.known) return impact;
  const note = finding('kubectl-drain', 'data', 'info', 'unused-flags', { node, flags: unused });
  return { ...impact, findings: [...impact.findings, note] };
}

/** {@link analyzeDrainImpact} without the note on kubectl's unused global flags. */
function drainImpactOf(
  snapshot: ClusterSnapshot,
  node: string,
  now: Date,
  kubectl?: DrainImpactCommand['kubectl'],
): WhatIfImpact {
  const verb = kubectl?.verb;
  // A pasted drain's `--disable-eviction` and `--pod-selector` change what the drain model sees
  // (./kubectl-drain.ts drainModelSnapshot); the flags' own findings read the cluster as read.
  const model = verb === 'drain' && kubectl ? drainModelSnapshot(snapshot, node, kubectl.flags) : snapshot;
  const ctx = whatIfContext(
    model,
    verb === undefined || verb === 'drain' ? { kind: 'drain', node } : { kind: 'drain', node, verb },
    now,
  );
  const { index, state } = ctx;
  if (!index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  if (verb === 'cordon' || verb === 'uncordon') return analyzeCordon(ctx, node, verb);
  if (verb === 'delete-node') return analyzeDeleteNode(ctx, node);
  const isCp = state.nodes.some((n) => n.name === node);
  const target = index.nodesByName.get(node);
  const tainted = target ? hasControlPlaneTaint(target) : false;
  const b = new ImpactBuilder(['data']);
  const serving = controlPlaneServing(snapshot, state, 'block');
  const found: Finding[] = [];
  if (serving.level === 'down') found.push(finding('drain-api', 'control', 'block', 'api-down', { node }));
  else {
    found.push(serving.finding);
    // NOSPACE/CORRUPT: the API serves reads, but the cordon and every eviction are refused writes.
    found.push(...etcdAlarmFindings(state.etcd));
  }
  // The pasted command's own findings first: what its flags delete is what the first screen names.
  if (kubectl !== undefined)
    found.push(...kubectlDrainFindings(model === snapshot ? index : indexCluster(snapshot), node, kubectl));
  // A partial file (masters the etcd quorum guard counts are not in it): the reboot's finding, so
  // the drain does not read as if this were the only master (issue 16, real-clusters/08).
  if (isCp) found.push(...partialControlPlaneFindings(state, [node]));
  // OpenShift: the drain evicts the master's etcd quorum guard pod (issue 16, real-clusters/07, 08).
  if (isCp) found.push(...quorumGuardDrainFindings(index, [node]));
  const unreadable = (...r: string[]): boolean => snapshot.readErrors.some((e) => r.includes(e.resource));
  found.push(
    ...workloadChecks(
      index,
      node,
      isCp,
      tainted,
      {
        pdbs: !unreadable('poddisruptionbudgets', 'pods'),
        workloads: !unreadable('deployments', 'replicasets', 'statefulsets', 'pods'),
      },
      'drain',
    ),
  );
  // The drain evicts the pods that back admission webhooks: a Fail webhook left with no backend
  // refuses the replacements it intercepts, its own included (issue 29; the reboot's checks).
  found.push(...admissionWebhookChecks(index, node));
  // As pasted, kubectl refuses some pods: it cordons the node and stops before any eviction, so
  // nothing below is evicted or recreated (one model, issue 30 item 3 point 3).
  const refusal = found.find((f) => f.check === 'kubectl-drain' && f.variant === 'refused');
  if (refusal !== undefined)
    return analyzeCordon(ctx, node, 'drain', {
      refusal,
      advice: drainCommand(node, found, true, clusterCommandForms(index)),
    });
  // The node's own pods not seen (a List without them): what the drain evicts is unknown, so the
  // verdict is at most CAUTION (issue 16: missing data is unknown, never passing).
  const podsUnseen = targetPodsUnseen(index, node);
  found.push(...targetPodsFindings(index, node));
  // Some of its pods listed, but not all (OpenShift: its etcd quorum guard pod is missing).
  found.push(...guardPodNotListedFindings(index, node));
  // The node itself: kured working on it, a cordon someone else made, a node already dead.
  const cpOrEtcd = new Set([
    ...state.nodes.map((n) => n.name),
    ...state.etcd.members.map((m) => m.node).filter((x): x is string => x !== null),
  ]);
  const kured = kuredChecks(index, node, isCp, now, cpOrEtcd);
  found.push(...kured);
  const kuredHere = kured.some(
    (f) =>
      f.variant === 'kured-rebooting-here' ||
      f.variant === 'kured-lock-held-here' ||
      f.variant === 'kured-pending-here',
  );
  const prior = priorCordonChecks(index, node, kuredHere, now);
  found.push(...prior, ...deadNodeDrainChecks(index, node));
  // A kubelet that stopped renewing its node Lease: the reboot answer's reading of the node, in a
  // drain's words (it cannot confirm the evictions; issue 16, reader5 F30).
  found.push(...nodeLeaseChecks(index, node, isCp, now, state.nodeMonitorGrace));
  // A NotReady node with nothing to evict: the drain is only the cordon, but the answer says what
  // the reboot answer says (node-health not-ready): the node is out of the data plane already, and
  // the drain neither causes nor fixes that (issue 16, reader4: real cluster 01, kind-worker).
  if (target && !isNodeReady(target) && !found.some((f) => f.check === 'dead-node-drain'))
    found.push(
      finding('node-health', isCp ? 'control' : 'data', 'warn', 'not-ready', {
        node,
        ready: readyStatus(target),
      }),
    );
  // One data-plane model: a drain that cannot move pods is not said to evict and recreate them.
  const blocked = drainBlockOf(found);
  // A drain that cannot evict leaves the node and its add-on pods running (the reboot's sentence
  // "they stop with the node" is not a drain's).
  // Every finding carries `request: 'drain'`: a text with a `-drain` form says it in a drain's
  // words (the drain itself moves the workloads, so no "drain first"; no "before/after the reboot"
  // where nothing reboots: issue 16, reader5 F24).
  // A NotReady node's DaemonSet and static pods: the drain leaves them, but no kubelet reports
  // whether they still run (issue 16, reader6 B15/F10): `<variant>-not-ready`.
  const notReady = target !== undefined && !isNodeReady(target);
  b.findings.push(
    ...keepingPriorCordon(
      whenDrainCannotMove(withRefusedEvictions(withRefusedReplacements(withoutPastedFlagFacts(found)))),
    ).map((f) =>
      f.check === 'workloads-on-control-plane' && f.variant === 'system-writes-blocked'
        ? { ...f, variant: 'system-writes-blocked-drain' }
        : f.check === 'daemonset-pods' && notReady
          ? { ...f, variant: `${f.variant}-not-ready`, facts: { ...f.facts, request: 'drain' } }
          : { ...f, facts: { ...f.facts, request: 'drain' } },
    ),
  );
  const pods = podsOnNode(index, node);
  // Nothing to evict: no sentence about evicted pods ("the 0 pods drain evicts").
  // One model (reader 2.4): "recreated on another node" counts only the pods with a controller
  // that are not pinned to the node (grace-period's `recreated`); the pinned ones stay Pending.
  const grace = found.find((f) => f.check === 'grace-period')?.facts;
  const recreated =
    blocked === null ? Number(grace?.recreated ?? pods.evictable.length) : pods.evictable.length;
  const pinned = blocked === null ? Number(grace?.pinned ?? 0) : 0;
  // A Fail webhook whose backends the drain evicts refuses the replacements in its scope (issue 29,
  // the reboot answer's model): those are not said to be recreated on another node.
  const refusing = blocked === null ? webhookRefusal(found) : null;
  const refusedHere = Math.min(recreated, refusing?.count ?? 0);
  if (refusing !== null && refusedHere > 0)
    b.stop('data', 'stops.drain-evicts-refused', { node, count: refusedHere, webhook: refusing.webhook });
  if (recreated - refusedHere > 0)
    b.stop('data', blocked === null ? 'stops.drain-evicts' : `stops.drain-evicts-${blocked}`, {
      node,
      count: recreated - refusedHere,
    });
  if (pinned > 0) b.stop('data', 'stops.drain-pinned', { node, count: pinned });
  // The eviction model: the pods a budget refuses stay, and the drain waits on them (HTTP 429).
  // Refused at once, or once the drain's own evictions spent the budget (the eviction model).
  const list = (k: string): string[] => (Array.isArray(grace?.[k]) ? (grace[k] as string[]) : []);
  // A pod refused at first and stopped at its retry (a webhook's 500) does not wait: it stops.
  const stoppedHere = new Set(list('stoppedPods'));
  const refusedPods =
    blocked === null
      ? [...list('refusedPods'), ...list('refusedLaterPods')].filter((p) => !stoppedHere.has(p))
      : [];
  const refusedBy = Array.isArray(grace?.refusedBy) ? (grace.refusedBy as string[]) : [];
  const refused = { node, pods: refusedPods, budgets: refusedBy, count: refusedPods.length };
  if (refusedPods.length > 0) b.stop('data', 'stops.drain-waits', refused);
  // A pasted `--timeout`: kubectl gives up after it, the node left cordoned and, where the drain
  // waits on a pod its budget refuses, partly drained (drain.go `evictPods`: the 429 retries end
  // at the timeout; the cordon is not undone).
  // `--timeout 0s` is kubectl's default, "zero means infinite": nothing gives up.
  const timeout = kubectl?.flags.timeout;
  if (timeout !== undefined && !/^0+(?:\.0+)?(?:ms|s|m|h)?$/u.test(timeout))
    b.findings.push(
      finding(
        'kubectl-drain',
        'data',
        refusedPods.length > 0 ? 'warn' : 'info',
        refusedPods.length > 0 ? 'timeout-gives-up' : 'timeout',
        { node, timeout, pods: refusedPods, count: refusedPods.length, request: 'drain' },
      ),
    );
  // An eviction answered 500 (several budgets, or a failing-closed webhook left without backend):
  // kubectl drain stops there (it retries only 429).
  const stoppedPods = blocked === null ? list('stoppedPods') : [];
  const webhooks = list('stoppedWebhooks');
  if (stoppedPods.length > 0)
    b.stop(
      'data',
      list('stoppedBy').length === 0 && webhooks.length > 0
        ? 'stops.drain-error-webhook'
        : 'stops.drain-error',
      {
        node,
        pods: stoppedPods,
        budgets: list('stoppedBy'),
        webhooks,
        count: stoppedPods.length,
      },
    );
  // The cluster's only node: no other node keeps pods running (reader 2.5).
  const alone = index.snapshot.nodes.length === 1;
  const stranded = blocked === null ? Number(grace?.stranded ?? 0) : 0;
  // "It is the only node" only where it is; elsewhere no other node takes them (issue 28, group 4).
  if (stranded > 0)
    b.stop('data', alone ? 'stops.drain-stranded' : 'stops.drain-no-room', { node, count: stranded });
  // The cordon is a write too; a node cordoned before stays so (its cordon is someone else's).
  const cordonedBefore = prior.some((f) => f.severity === 'warn') || kuredHere;
  if (blocked !== 'writes-blocked' && !cordonedBefore) b.stop('data', 'stops.cordon', { node });
  // A NotReady node is not said to keep running: its kubelet has not reported (node-health
  // not-ready, or dead-node-drain when it has pods to evict: reader6 B15/F10).
  if (!notReady) b.keep('data', 'keeps.drain-daemonsets', { node });
  // k3s runs the control plane inside its server process, not as static pods, and without the
  // etcd role keeps its state in SQLite or an external datastore (https://docs.k3s.io/architecture,
  // https://docs.k3s.io/datastore): the sentence says what runs there (issue 16, v3a item 3).
  if (isCp)
    b.keep(
      'control',
      index.profile.name !== 'k3s'
        ? 'keeps.drain-static-pods'
        : state.etcd.topology === 'datastore'
          ? `keeps.drain-k3s-server-${state.etcd.datastore === 'sqlite' ? 'sqlite' : 'datastore'}`
          : 'keeps.drain-k3s-server-etcd',
      { node },
    );
  if (refusedPods.length > 0) b.keep('data', 'keeps.refused-pods', refused);
  if (!alone) keepOtherNodes(b, index, [node]);
  b.keep('data', 'keeps.service-rules');
  if (!alone) b.interrupt('data', 'interrupt.drain-single', { node });
  // kured is rebooting this node, or holds its lock for another node with "ask again" advice: kured
  // drains, reboots and uncordons the node itself (https://kured.dev/docs/), so no drain command
  // and no uncordon is advised beside "let kured finish, then ask again" (issue 16, reader4: s51).
  const askAgain = found.some(
    (f) =>
      f.check === 'concurrent-disruption' &&
      f.severity === 'block' &&
      (f.variant === 'kured-rebooting-here' ||
        f.variant === 'kured-lock-held-here' ||
        f.variant === 'kured-lock-held'),
  );
  if (blocked === null && !askAgain) {
    // A pasted drain that proceeds is the command to run: its flags' findings say what it deletes,
    // so the drain command is not advised again (no fact twice).
    if (kubectl === undefined) {
      const [key, params] = drainCommand(node, found, podsUnseen === null, clusterCommandForms(index));
      b.advise('data', key, params);
      // That command names the emptyDir pods and the flag: the emptydir-pods finding's own advice
      // ("make sure the data can be lost, then drain with the flag") would be the same step twice
      // (issue 30 item 4; Korean review 2026-12, answer 19).
      if (key.endsWith('-emptydir'))
        b.findings.forEach((f, i) => {
          if (f.check === 'emptydir-pods') b.findings[i] = { ...f, facts: { ...f.facts, noAdvice: true } };
        });
    }
    if (!cordonedBefore) b.advise('data', 'advice.uncordon', { node });
  }
  return finishWithReadErrors(b, ctx);
}

/**
 * A pasted `kubectl cordon|uncordon` (issue 30 item 3), or a pasted `kubectl drain` that refuses
 * some pods: the cordon alone. Cordon sets `spec.unschedulable`: the scheduler places no new pod
 * there, nothing is evicted and the pods running there keep running; uncordon clears it and moves
 * nothing back (kubectl cordon reference,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cordon/; "Manual Node
 * Administration", https://kubernetes.io/docs/concepts/architecture/nodes/#manual-node-administration).
 * `kubectl drain` cordons the node first and, when its filters refuse a pod, returns that error
 * before any eviction, leaving the node cordoned (k8s.io/kubectl/pkg/cmd/drain `RunDrain`:
 * `RunCordonOrUncordon` then `GetPodsForDeletion`). Either is a write to the Node object, so an API
 * that does not serve blocks it.
 * @param ctx - the what-if context (subject: the drain subject, with the verb for cordon/uncordon)
 * @param node - the node
 * @param verb - `cordon`, `uncordon`, or `drain` (refused: `refused` is then given)
 * @param refused - for a refused drain: the `kubectl-drain` `refused` finding and the drain
 *   command that proceeds ({@link drainCommand})
 */
function analyzeCordon(
  ctx: WhatIfContext,
  node: string,
  verb: 'cordon' | 'uncordon' | 'drain',
  refused?: { refusal: Finding; advice: [string, Record<string, FactValue>] },
): WhatIfImpact {
  const { snapshot, index, state } = ctx;
  const b = new ImpactBuilder(['data']);
  const serving = controlPlaneServing(snapshot, state, 'block');
  const found =
    serving.level === 'down'
      ? [finding('drain-api', 'control', 'block', 'api-down', { node })]
      : [serving.finding, ...etcdAlarmFindings(state.etcd)];
  found.push(refused?.refusal ?? finding('kubectl-drain', 'data', 'info', verb, { node }));
  b.findings.push(...found.map((f) => ({ ...f, facts: { ...f.facts, request: 'drain' } })));
  if (verb !== 'uncordon') b.stop('data', 'stops.cordon', { node });
  b.keep('data', `keeps.${verb}-pods`, { node });
  if (index.snapshot.nodes.length > 1) keepOtherNodes(b, index, [node]);
  if (refused !== undefined) b.advise('data', ...refused.advice);
  return finishWithReadErrors(b, ctx);
}

/**
 * The drain's findings without those a pasted flag's finding says in its own words (no fact twice):
 * `unmanaged-pods` when `--force` names the pods it deletes for good (`force-deletes`),
 * `emptydir-pods` when the emptyDir flag names the data it deletes (`emptydir-deletes`).
 * @param found - the drain's findings, the pasted command's (`kubectl-drain`) included
 */
function withoutPastedFlagFacts(found: readonly Finding[]): Finding[] {
  const pasted = (v: string): boolean => found.some((f) => f.check === 'kubectl-drain' && f.variant === v);
  const replaced = new Set([
    ...(pasted('force-deletes') ? ['unmanaged-pods'] : []),
    ...(pasted('emptydir-deletes') ? ['emptydir-pods'] : []),
  ]);
  return found.filter((f) => !(replaced.has(f.check) && f.variant === 'present'));
}

/**
 * The drain command to suggest: one that proceeds. `kubectl drain` refuses a node with pods that
 * no controller manages unless `--force` (which deletes them for good), and pods with emptyDir
 * volumes unless `--delete-emptydir-data` (their data is lost); DaemonSet pods need
 * `--ignore-daemonsets` (kubectl drain reference,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/; "Safely Drain a Node",
 * https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/). Each flag comes with the
 * sentence that says what it deletes.
 * @param node - the node drained
 * @param found - the drain's findings (`unmanaged-pods`, `emptydir-pods` name the pods)
 * @param podsSeen - whether the node's pods are in the snapshot (else the flags are said conditionally)
 * @param forms - the emptyDir flag and its name before kubectl v1.20 ({@link clusterCommandForms}; issue 28, group 6)
 * @returns the advice key and its parameters
 */
function drainCommand(
  node: string,
  found: readonly Finding[],
  podsSeen: boolean,
  forms: Pick<CommandForms, 'emptyDirFlag' | 'emptyDirOldFlag'>,
): [string, Record<string, FactValue>] {
  const { emptyDirFlag, emptyDirOldFlag } = forms;
  const pods = (check: string): string[] | null => {
    const f = found.find((x) => x.check === check && x.variant === 'present');
    return f && Array.isArray(f.facts.pods) ? (f.facts.pods as string[]) : null;
  };
  // Pods of a DaemonSet the snapshot does not hold: kubectl refuses them unless --force, and then
  // asks --delete-emptydir-data for those with an emptyDir (filters.go, in that order).
  const orphaned = found.find((x) => x.check === 'orphaned-daemonset-pods')?.facts;
  const more = (list: string[] | null, k: string): string[] | null => {
    const add = Array.isArray(orphaned?.[k]) ? (orphaned[k] as string[]) : [];
    return add.length > 0 ? [...(list ?? []), ...add] : list;
  };
  const bare = more(pods('unmanaged-pods'), 'pods');
  const emptyDir = more(pods('emptydir-pods'), 'emptyDirPods');
  if (!podsSeen && bare === null && emptyDir === null)
    return ['advice.drain-command', { node, emptyDirFlag, emptyDirOldFlag }];
  const key = `advice.drain-command${bare ? '-force' : ''}${emptyDir ? '-emptydir' : ''}${
    bare === null && emptyDir === null ? '-plain' : ''
  }`;
  return [key, { node, forcePods: bare ?? [], emptyDirPods: emptyDir ?? [], emptyDirFlag, emptyDirOldFlag }];
}
