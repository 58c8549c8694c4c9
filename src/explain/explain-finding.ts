/**
 * One finding → one sentence in the reader's language.
 */
import type { FactValue, Finding } from '../analysis/types.js';
import type { Translator } from './i18n.js';

/** Display names of the resources a snapshot reads (API plural → Kind plural). */
const RESOURCE_NAMES: Readonly<Record<string, string>> = {
  nodes: 'Nodes',
  pods: 'Pods',
  leases: 'Leases',
  poddisruptionbudgets: 'PodDisruptionBudgets',
  deployments: 'Deployments',
  replicasets: 'ReplicaSets',
  statefulsets: 'StatefulSets',
  daemonsets: 'DaemonSets',
  endpointslices: 'EndpointSlices',
  persistentvolumeclaims: 'PersistentVolumeClaims',
  persistentvolumes: 'PersistentVolumes',
  services: 'Services',
  readyz: '/readyz',
  etcd: 'etcd status',
  workloads: 'Deployments/ReplicaSets/StatefulSets/DaemonSets',
};

/**
 * The interpolation values of a finding: its facts plus phrases derived from them
 * (`downText`, `sourceText`, `notReadyText`, `membersDownText`, `downText` for apiservers).
 * @param tr - the translator
 * @param f - the finding
 */
export function findingParams(tr: Translator, f: Finding): Record<string, FactValue> {
  const facts = f.facts;
  const list = (v: FactValue | undefined): string[] =>
    Array.isArray(v) ? [...(v as readonly string[])] : [];
  const down = list(facts.down);
  const derived: Record<string, FactValue> = {
    downText:
      down.length > 0
        ? tr.t(f.check === 'apiserver-redundancy' ? 'derived.apiserversDown' : 'derived.down', { list: down })
        : '',
    sourceText: tr.t(`source.${String(facts.source ?? 'none')}`),
    notReadyText: tr.list(list(facts.notReady)),
    membersDownText: tr.list(list(facts.membersDown)),
    leaderText:
      typeof facts.leader === 'string' && facts.leader !== ''
        ? `; ${tr.t('derived.leader', { leader: facts.leader })}`
        : '',
  };
  // i18next picks the `_one` form by `count`: the number a finding's sentence is about.
  const count = facts.count ?? facts.evictable ?? (f.variant === 'spread' ? facts.elsewhere : undefined);
  if (typeof count === 'number') derived.count = count;
  // "one of 1 control-plane nodes" is not English: node-role has a `_one` form.
  if (f.check === 'node-role' && typeof facts.controlPlaneNodes === 'number')
    derived.count = facts.controlPlaneNodes;
  if (typeof facts.resource === 'string') derived.resource = RESOURCE_NAMES[facts.resource] ?? facts.resource;
  if (f.check === 'not-observed')
    derived.resourceNames = list(facts.resources).map((r) => RESOURCE_NAMES[r] ?? r);
  return { ...facts, ...derived };
}

/**
 * Explain one finding, or return null when no text exists for its check and variant.
 * @param tr - the translator
 * @param f - the finding
 */
export function explainFinding(tr: Translator, f: Finding): string | null {
  const key = `checks.${f.check}.${f.variant}`;
  return tr.has(key) ? tr.t(key, findingParams(tr, f)) : null;
}

/**
 * The advice for one finding (what to do first), or null.
 * @param tr - the translator
 * @param f - the finding
 */
export function adviseFinding(tr: Translator, f: Finding): string | null {
  const allCp =
    f.check === 'workloads-on-control-plane' && f.facts.allControlPlane === true ? '-all-control-plane' : '';
  // Removing a dead member does not restore tolerance in an odd cluster: say repair or replace.
  const removal =
    f.check === 'etcd-quorum-after' &&
    f.variant === 'lost' &&
    f.facts.removeEnough === false &&
    Array.isArray(f.facts.down) &&
    f.facts.down.length > 0
      ? '-remove-not-enough'
      : '';
  // Without the learner's member id (inferred topology) the advice names no etcdctl command.
  const noId =
    f.check === 'etcd-learner' && f.variant === 'learner-reboot' && (f.facts.learnerId ?? null) === null
      ? '-no-id'
      : '';
  const key = `advice.${f.check}.${f.variant}${allCp}${removal}${noId}`;
  if (f.check === 'etcd-leader' && f.facts.moveToId === null) return null;
  return tr.has(key) ? tr.t(key, findingParams(tr, f)) : null;
}
