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
  namespaces: 'Namespaces',
  validatingwebhookconfigurations: 'ValidatingWebhookConfigurations',
  mutatingwebhookconfigurations: 'MutatingWebhookConfigurations',
  webhookconfigurations: 'Validating/MutatingWebhookConfigurations',
  apiservices: 'APIServices',
  readyz: '/readyz',
  etcd: 'etcd status',
  workloads: 'Deployments/ReplicaSets/StatefulSets/DaemonSets',
};

/** The `grace-period` counts of evicted pods that do not run again elsewhere, or stop the drain. */
const NOT_SERVING_ELSEWHERE = [
  'pinned',
  'stranded',
  'refused',
  'stopped',
  'replacementRefused',
  'bare',
] as const;

/**
 * A data plane that keeps serving with one node less (issue 30 item 4: "a plane that keeps serving
 * with less capacity is said so", not "affected" beside "safe"; Korean review 2026-12, answer 01):
 * every pod the drain evicts has room on another Ready, uncordoned node (`capacity` `fits`), none of
 * them is pinned, stranded, refused by a PodDisruptionBudget, stopped or deleted for good
 * (`grace-period` counts), and no data-plane finding warns or blocks (a single replica, a budget, an
 * endpoint, a NotReady node). Without those two findings nothing is known and null is returned.
 * @param findings - the answer's findings
 * @returns the Ready, uncordoned nodes before (the node included) and after (the placement's
 *   `candidates`), or null when a workload is interrupted or it is not known
 */
export function dataServesReduced(findings: readonly Finding[]): { before: number; after: number } | null {
  const fits = findings.find((f) => f.check === 'capacity' && f.variant === 'fits');
  const grace = findings.find((f) => f.check === 'grace-period')?.facts;
  if (fits === undefined || grace === undefined) return null;
  if (findings.some((f) => f.plane === 'data' && (f.severity === 'warn' || f.severity === 'block')))
    return null;
  if (NOT_SERVING_ELSEWHERE.some((k) => Number(grace[k] ?? 0) > 0)) return null;
  const after = Number(fits.facts.candidates ?? 0);
  return after > 0 ? { before: after + 1, after } : null;
}

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
        ? tr.t('derived.leader', { leader: facts.leader })
        : '',
  };
  // The scheduler's own words for a pinned pod's Pending: its volume's zone labels (VolumeZone) or
  // node affinity (VolumeBinding, the default for findings that do not say).
  if (f.check === 'pinned-volumes')
    derived.schedulerTerm =
      facts.refusedBy === 'VolumeZone' ? 'no available volume zone' : 'volume node affinity conflict';
  if (f.check === 'dead-node-drain') Object.assign(derived, deadNodeParams(tr, f));
  if (f.check === 'cluster-addons' || f.check === 'csi-controller')
    Object.assign(derived, addonParams(tr, f));
  // Why nothing replaces a lost node's pods elsewhere (what-if/node-down.ts `stranded`).
  if (facts.strandedBy === 'no-controller' || facts.strandedBy === 'writes-blocked')
    derived.strandedText = tr.t(`derived.stranded-${facts.strandedBy}`, { node: String(facts.node ?? '') });
  // An etcd alarm's names ("NOSPACE"), for the failure timeline while etcd refuses writes.
  if (Array.isArray(facts.alarms)) derived.alarmsText = tr.list(list(facts.alarms));
  if (f.check === 'cluster-dns') derived.stateText = dnsStateText(tr, f);
  if (f.check === 'grace-period') Object.assign(derived, fateParams(tr, f));
  // A component that is a known add-on (src/analysis/addons-table.ts): what stops for others, one sentence.
  if (typeof facts.addon === 'string') derived.addonStops = tr.t(`addonStops.${facts.addon}`);
  // Why the replacements stay Pending, in the scheduler's terms (issue 28 item 5), and which
  // could run only by preempting lower-priority pods (src/analysis/scheduling/placement.ts).
  if (f.check === 'capacity') {
    const pending = list(facts.pending);
    const preempting = list(facts.preempting);
    const unknown = list(facts.volumeUnknown);
    derived.pendingText =
      (pending.length > 0 ? ` ${tr.t('derived.pending', { list: pending.join('; ') })}` : '') +
      (preempting.length > 0 ? ` ${tr.t('derived.preempting', { list: preempting.join('; ') })}` : '') +
      (unknown.length > 0 ? ` ${tr.t('derived.volumeUnknown', { list: tr.list(unknown) })}` : '');
  }
  const ago = typeof facts.sinceMinutes === 'number' ? ageText(tr, facts.sinceMinutes) : null;
  if (f.check === 'prior-cordon') {
    derived.byText = typeof facts.by === 'string' ? tr.t('derived.cordonBy', { by: facts.by }) : '';
    derived.sinceText = ago === null ? '' : tr.t('derived.since', { age: ago });
  }
  if (f.check === 'concurrent-disruption') {
    derived.markAge = ago === null ? '' : tr.t('derived.markAge', { age: ago });
    derived.markText =
      facts.marked === true
        ? tr.t(ago === null ? 'derived.kuredMarkNoAge' : 'derived.kuredMark', { age: ago ?? '' })
        : '';
  }
  // i18next picks the `_one` form by `count`: the number a finding's sentence is about.
  const count =
    facts.count ??
    facts.evictable ??
    // "keep serving" counts are of Ready replicas (issue 16, reader3: scenario 49).
    (f.variant.startsWith('spread') ? facts.readyElsewhere : undefined);
  if (typeof count === 'number') derived.count = count;
  // A sentence about a list of pods ("Add-on pods on X (a)") takes its `_one` form for one pod.
  else if (Array.isArray(facts.pods)) derived.count = facts.pods.length;
  // "1 of its pods are on wk-1" is not English either: a budget's sentence counts its pods on the
  // node(s), an etcd member count the members that stay healthy.
  if (f.check === 'pdb-blocks') {
    const pods = facts.podsHere ?? facts.podsOnTargets;
    if (typeof pods === 'number') derived.count = pods;
  }
  if (f.check === 'etcd-quorum-after' && f.variant.startsWith('joint-') && typeof facts.after === 'number')
    derived.count = facts.after;
  // A version range with equal ends is one version ("v1.33.1", not "v1.33.1…v1.33.1"; issue 16).
  if (f.check === 'version-skew') {
    const range = (a: FactValue | undefined, b: FactValue | undefined): string =>
      a === b ? String(a) : `${String(a)}…${String(b)}`;
    derived.apiserverRange = range(facts.apiserverOldest, facts.apiserverNewest);
    derived.kubeletRange = range(facts.kubeletOldest, facts.kubeletNewest);
  }
  // "one of 1 control-plane nodes" is not English: node-role has a `_one` form.
  if (f.check === 'node-role' && typeof facts.controlPlaneNodes === 'number')
    derived.count = facts.controlPlaneNodes;
  if (typeof facts.resource === 'string') derived.resource = RESOURCE_NAMES[facts.resource] ?? facts.resource;
  if (f.check === 'not-observed')
    derived.resourceNames = list(facts.resources).map((r) => RESOURCE_NAMES[r] ?? r);
  return { ...facts, ...derived };
}

/**
 * The phrase of a `grace-period` finding from the eviction model (src/analysis/eviction-model.ts):
 * what becomes of the pods the drain evicts (`fatesList`, empty when every one is recreated
 * elsewhere), so that "the drain evicts N pods" and every other count of the answer add up
 * (reader5 F15); its sentence is `estimate-fates`. The pods a budget refuses are not counted: their
 * own sentences (single-replica `refused`, the Stops line) say the drain waits on them.
 * @param tr - the translator
 * @param f - the grace-period finding
 */
function fateParams(tr: Translator, f: Finding): Record<string, FactValue> {
  const n = (k: string): number => (typeof f.facts[k] === 'number' ? (f.facts[k] as number) : 0);
  const node = String(f.facts.node ?? '');
  const parts = (
    [
      ['fate-recreated', n('recreated')],
      ['fate-replacement-refused', n('replacementRefused')],
      [
        Array.isArray(f.facts.nodes) && f.facts.nodes.length > 1 ? 'fate-pinned-nodes' : 'fate-pinned',
        n('pinned'),
      ],
      [
        f.facts.onlyNode === true
          ? 'fate-stranded-only-node'
          : f.facts.everyNode === true
            ? 'fate-stranded-every-node'
            : 'fate-stranded',
        n('stranded'),
      ],
      ['fate-bare', n('bare')],
      ['fate-unscheduled', n('unscheduled')],
      ['fate-finished', n('finished')],
      ['fate-orphaned', n('orphaned')],
    ] as const
  )
    .filter(([, c]) => c > 0)
    .map(([k, c]) =>
      tr.t(`derived.${k}`, {
        count: c,
        node,
        nodes: Array.isArray(f.facts.nodes) ? tr.list(f.facts.nodes as string[]) : node,
      }),
    );
  return { fatesList: n('recreated') === n('evicted') ? '' : tr.list(parts) };
}

/**
 * How the pods of a down cluster DNS stand (`cluster-dns` findings): all Pending (with the
 * PodScheduled=False reason when the data gives one), some Pending, or running but not Ready.
 */
function dnsStateText(tr: Translator, f: Finding): string {
  const pods = Number(f.facts.count ?? 0);
  const pending = Number(f.facts.pending ?? 0);
  const reason = typeof f.facts.reason === 'string' ? f.facts.reason : null;
  if (pending === 0) return tr.t('derived.dnsNotReady');
  if (pending < pods) return tr.t('derived.dnsSomePending', { count: pending });
  return reason === null ? tr.t('derived.dnsPending') : tr.t('derived.dnsPendingReason', { reason });
}

/** A duration in minutes as the reader's words: minutes, hours, or days from 48 h on. */
function ageText(tr: Translator, minutes: number): string {
  if (minutes >= 48 * 60) return tr.t('report.age.days', { count: Math.floor(minutes / 1440) });
  if (minutes >= 60) return tr.t('report.age.hours', { count: Math.floor(minutes / 60) });
  return tr.t('report.age.minutes', { count: minutes });
}

/**
 * The phrases of the issue 29 findings: what stops for others while each add-on is down
 * (`addonStops.<id>`, one sentence per add-on), and the CSI controller's waiting pods and attached volumes (`attached`
 * null: VolumeAttachments not read, said unknown).
 * @param tr - the translator
 * @param f - a `cluster-addons` or `csi-controller` finding
 */
function addonParams(tr: Translator, f: Finding): Record<string, string> {
  const { facts } = f;
  const list = (v: FactValue | undefined): string[] =>
    Array.isArray(v) ? [...(v as readonly string[])] : [];
  if (f.check === 'cluster-addons') {
    const names = list(facts.addonNames);
    const workloads = list(facts.workloads);
    return {
      workloadsText: tr.list(workloads),
      addonsText: list(facts.addons)
        .map((id, i) =>
          tr.t('addonDerived.addon', {
            workload: workloads[i] ?? '',
            name: names[i] ?? '',
            stops: tr.t(`addonStops.${id}`),
          }),
        )
        .join(' '),
    };
  }
  const pods = list(facts.pods);
  const attached = facts.attached;
  const node = String(facts.node ?? '');
  return {
    podsText: pods.length > 0 ? tr.t('addonDerived.csiPods', { pods: tr.list(pods) }) : '',
    attachedText:
      attached === null
        ? tr.t('addonDerived.csiAttachedUnknown', { node })
        : Array.isArray(attached) && attached.length > 0
          ? tr.t('addonDerived.csiAttached', {
              node,
              driver: String(facts.driver),
              volumes: tr.list(list(attached)),
            })
          : '',
  };
}

/**
 * The phrases of a `dead-node-drain` finding: what already replaced the node's pods elsewhere
 * (`replacedText`), what did not and why (`pendingText`), the pods already Terminating
 * (`terminatingText`), from the finding's parallel lists (src/analysis/node-state-checks.ts).
 */
function deadNodeParams(tr: Translator, f: Finding): Record<string, FactValue> {
  const list = (v: FactValue | undefined): string[] =>
    Array.isArray(v) ? [...(v as readonly string[])] : [];
  const replaced = list(f.facts.replaced).map((workload, i) =>
    tr.t('derived.replaced', {
      workload,
      ready: Number(list(f.facts.replacedReady)[i] ?? 0),
      desired: Number(list(f.facts.replacedDesired)[i] ?? 0),
      nodes: list(f.facts.replacedNodes)[i] ?? '',
    }),
  );
  const kinds = list(f.facts.pendingKind);
  const pending = list(f.facts.pending).map((name, i) =>
    tr.t(`derived.pending-${kinds[i] ?? 'bare'}`, {
      name,
      ready: Number(list(f.facts.pendingReady)[i] ?? 0),
      desired: Number(list(f.facts.pendingDesired)[i] ?? 0),
    }),
  );
  const terminating = list(f.facts.terminating);
  return {
    replacedText: tr.list(replaced),
    pendingText: tr.list(pending),
    terminatingText: terminating.length > 0 ? tr.list(terminating) : tr.t('derived.noneTerminating'),
  };
}

/**
 * What becomes of the node a reboot finding is about, when it is not rebooted: `lost` (it failed:
 * nothing restarts it, nothing cordoned it; src/analysis/what-if/node-down.ts) or `replaced` (a
 * managed node pool's surge upgrade adds a new node, then cordons, drains and deletes the old one;
 * src/analysis/what-if/upgrade.ts). Read from the finding's `fate` fact.
 */
export type NodeFate = 'lost' | 'replaced';

/**
 * The text key of a finding's sentence for its node's fate (`<key>-lost`, `<key>-replaced`), or
 * null when the finding has no fate or no such text exists (the plain sentence stands).
 * @param tr - the translator
 * @param f - the finding
 * @param key - the sentence's key without the fate
 */
function fateKey(tr: Translator, f: Finding, key: string): string | null {
  const fate = f.facts.fate;
  if (fate !== 'lost' && fate !== 'replaced') return null;
  return tr.has(`${key}-${fate}`) ? `${key}-${fate}` : null;
}

/**
 * The text key of a finding about a file that leaves nodes out (fact `nodesPartial`): `-absent`
 * when pods name nodes the node list lacks (fact `absentNodes`) and such a text exists, else
 * `-partial` (OpenShift's quorum guard counts masters the file lacks) where one exists.
 * @param tr - the translator
 * @param f - the finding
 * @param key - the key the finding's text would have
 * @returns the key, or null when the file is whole or no such text exists
 */
export function partialKey(tr: Translator, f: Finding, key: string): string | null {
  if (f.facts.nodesPartial !== true) return null;
  if (Array.isArray(f.facts.absentNodes) && tr.has(`${key}-absent`)) return `${key}-absent`;
  return tr.has(`${key}-partial`) ? `${key}-partial` : null;
}

/**
 * Explain one finding, or return null when no text exists for its check and variant.
 * @param tr - the translator
 * @param f - the finding
 */
export function explainFinding(tr: Translator, f: Finding): string | null {
  const base = `checks.${f.check}.${f.variant}`;
  // The cluster's only node (reader 2.5): nothing is rescheduled elsewhere, so a workload on it is
  // down until the node is back (`<variant>-only-node` where such a text exists).
  // No other node has room for its pods (issue 28): not "until rescheduled elsewhere" (`<variant>-no-room`).
  const nodeKey =
    f.facts.onlyNode === true && tr.has(`${base}-only-node`)
      ? `${base}-only-node`
      : f.facts.nowhere === 'no-room' && f.check === 'single-replica' && tr.has(`${base}-no-room`)
        ? `${base}-no-room`
        : base;
  // A drain answer (fact `request: 'drain'`) describes a drain, not a reboot: nothing "comes back
  // with the node" or "goes down with the master" (reader5 F7), where a `-drain` text exists.
  const key = f.facts.request === 'drain' && tr.has(`${nodeKey}-drain`) ? `${nodeKey}-drain` : nodeKey;
  // What becomes of the node (issue 16): a failed node is not rebooted (`-lost`), a managed pool's
  // upgrade replaces it (`-replaced`): the sentence of that fate where such a text exists.
  // A datastore variant (k3s without etcd, below) has its own fate sentences (`<key>-sqlite-lost`).
  const datastoreKey = typeof f.facts.datastore === 'string' ? `${key}-${f.facts.datastore}` : null;
  const fate =
    (f.facts.replicas === 2 ? fateKey(tr, f, `${key}-two`) : null) ??
    (datastoreKey !== null ? fateKey(tr, f, datastoreKey) : null) ??
    fateKey(tr, f, key);
  if (fate !== null) return tr.t(fate, findingParams(tr, f));
  // etcd health from OpenShift's etcd quorum guard (its budget's count of Ready guard pods, each
  // Ready only while etcd on its master answers its health endpoint): the sentence names that
  // source (`<variant>-from-guard`) where such a text exists.
  if (f.facts.healthFrom === 'guard' && tr.has(`${key}-from-guard`))
    return tr.t(`${key}-from-guard`, findingParams(tr, f));
  // etcd health inferred from the etcd pods (source `inferred`): a Ready pod is not a healthy
  // member, so the sentence names its source (`<variant>-from-pods`) where such a text exists.
  if (f.facts.source === 'inferred' && tr.has(`${key}-from-pods`))
    return tr.t(`${key}-from-pods`, findingParams(tr, f));
  // Members counted by OpenShift's quorum guard, not listed from the nodes (`-guard-count`).
  if (f.facts.countedFrom === 'guard' && tr.has(`${key}-guard-count`))
    return tr.t(`${key}-guard-count`, findingParams(tr, f));
  // k3s without etcd (issue 16, v3a item 3): the state is in SQLite or an external datastore, so a
  // sentence about the node's components names the datastore, never etcd (`-sqlite`, `-datastore`).
  if (typeof f.facts.datastore === 'string' && tr.has(`${key}-${f.facts.datastore}`))
    return tr.t(`${key}-${f.facts.datastore}`, findingParams(tr, f));
  // The file leaves nodes out (a partial file): "the only node" is only true of the file (`-partial`).
  const partial = partialKey(tr, f, key);
  if (partial !== null) return tr.t(partial, findingParams(tr, f));
  // Two replicas are "both", not "all 2" (`<variant>-two` where such a text exists).
  if (f.facts.replicas === 2 && tr.has(`${key}-two`)) return tr.t(`${key}-two`, findingParams(tr, f));
  // The only control-plane node (`<variant>-single`, Korean: it has no `_one` plural form, so
  // "(1대 중 하나)", one of 1, would be said; issue 16).
  if (f.check === 'node-role' && f.facts.controlPlaneNodes === 1 && tr.has(`${key}-single`))
    return tr.t(`${key}-single`, findingParams(tr, f));
  // A budget the drain spends for ever: why the replacement is Pending (src/analysis/drain-sequence.ts).
  if (f.check === 'pdb-blocks' && typeof f.facts.pendingWhy === 'string' && f.facts.pendingWhy !== '')
    if (tr.has(`${key}-why`)) return tr.t(`${key}-why`, findingParams(tr, f));
  // The drain's pods do not all move: the sentence says what becomes of each (the eviction model).
  if (f.check === 'grace-period' && f.variant === 'estimate' && tr.has(`${key}-fates`)) {
    const params = findingParams(tr, f);
    if (params.fatesList !== '') return tr.t(`${key}-fates`, params);
  }
  // A drain answer's form of a reboot's sentence (`<variant>-drain`: no "after the reboot" where
  // nothing reboots; issue 16, reader5 F24).
  if (f.facts.request === 'drain' && tr.has(`${key}-drain`))
    return tr.t(`${key}-drain`, findingParams(tr, f));
  return tr.has(key) ? tr.t(key, findingParams(tr, f)) : null;
}

/**
 * Whether a finding's advice says to repair or replace a dead etcd member (`etcd-quorum-after`
 * `lost` with members already down, where removing the dead member does not restore tolerance).
 * Replacing one removes the dead member first, then adds the new one (etcd FAQ,
 * https://etcd.io/docs/v3.5/faq/).
 * @param f - the finding
 */
function repairsOrReplacesMember(f: Finding): boolean {
  return (
    f.check === 'etcd-quorum-after' &&
    f.variant === 'lost' &&
    f.facts.removeEnough === false &&
    Array.isArray(f.facts.down) &&
    f.facts.down.length > 0
  );
}

/**
 * Whether a finding's advice is optional ("Optional: restart kube-scheduler …"): moving a leader
 * Lease before the reboot is a courtesy, not something that needs attention first, so a headline
 * that counts what needs attention does not count it (issue 30).
 * @param f - the finding
 */
export function isOptionalAdvice(f: Finding): boolean {
  return (
    (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') && f.variant === 'held-here'
  );
}

/**
 * The advice of findings (what to do first), each said once, required ones first and optional
 * ones ({@link isOptionalAdvice}) last. The control-plane form of `concurrent-disruption` ("bring N
 * back first, or replace its etcd member") is left out when the etcd quorum finding already says
 * to repair or replace that member (issue 30: no fact said twice).
 * @param tr - the translator
 * @param findings - the findings to advise on (any severity; the caller filters)
 * @returns the required and the optional advice texts, deduplicated
 */
export function adviseFindings(
  tr: Translator,
  findings: readonly Finding[],
): { required: string[]; optional: string[] } {
  const replaces = findings.some(repairsOrReplacesMember);
  const said = new Set<string>();
  const required: string[] = [];
  const optional: string[] = [];
  for (const f of findings) {
    if (replaces && f.check === 'concurrent-disruption' && f.variant.startsWith('control-plane')) continue;
    const text = adviseFinding(tr, f);
    if (text === null || said.has(text)) continue;
    said.add(text);
    (isOptionalAdvice(f) ? optional : required).push(text);
  }
  return { required, optional };
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
  const removal = repairsOrReplacesMember(f) ? '-remove-not-enough' : '';
  // Without the learner's member id (inferred topology) the advice names no etcdctl command.
  const noId =
    f.check === 'etcd-learner' && f.variant === 'learner-reboot' && (f.facts.learnerId ?? null) === null
      ? '-no-id'
      : '';
  // The node was cordoned by someone else (issue 16): the advice does not say to uncordon it.
  const priorCordon = f.facts.priorCordon === true ? '-prior-cordon' : '';
  // Before Kubernetes 1.26 the out-of-service taint does nothing: the advice deletes the Node instead.
  const noOutOfService =
    f.check === 'dead-node-drain' && f.facts.outOfService === false ? '-no-out-of-service' : '';
  // How kube-vip runs on the node decides how to stop it there (a DaemonSet recreates a deleted pod).
  const vipForm =
    f.check === 'control-plane-endpoint' &&
    (f.variant === 'vip-moves' || f.variant === 'vip-apiserver-restart') &&
    f.facts.form !== 'static'
      ? f.facts.form === 'daemonset'
        ? typeof f.facts.labelKey === 'string'
          ? '-daemonset-label'
          : '-daemonset'
        : '-unknown'
      : '';
  // A ReplicaSet seen without its Deployment (the owner recorded on the pod): the advice goes
  // through the Deployment that owns it, whose controller reverts a scaled ReplicaSet.
  const viaDeployment = f.check === 'single-replica' && f.facts.kind === 'ReplicaSet' ? '-replicaset' : '';
  // The control-plane taint (issue 16): not "restore" it on a node that has it; in a drain answer
  // the drain itself moves the workloads, so not "drain first" (`-drain`; not for the only node,
  // whose advice has its own form).
  const cpTaint =
    f.check === 'workloads-on-control-plane' && f.variant === 'user'
      ? `${allCp === '' && f.facts.tainted === true ? '-tainted' : ''}${
          f.facts.request === 'drain' && f.facts.onlyNode !== true ? '-drain' : ''
        }`
      : '';
  const base = `advice.${f.check}.${f.variant}${allCp}${cpTaint}${removal}${noId}${priorCordon}${noOutOfService}${vipForm}`;
  const key = `${base}${viaDeployment}`;
  // A finding told as context of a failure (`noAdvice`, what-if/node-down.ts asLoss): nothing to do
  // "first" about a failure (no Lease to move before a reboot that is not coming; issue 16, reader5 F2).
  if (f.facts.noAdvice === true) return null;
  // A drain that cannot move pods (writes refused, node dead) is never advised (issue 16).
  if (typeof f.facts.drainBlocked === 'string' && !f.variant.endsWith(f.facts.drainBlocked)) return null;
  // The cluster's only node (reader 2.5): advice that moves pods to other nodes has its own form.
  // (The ReplicaSet form moves pods too: the only-node form stands for it as well.)
  const fate = fateKey(
    tr,
    f,
    f.facts.onlyNode === true && tr.has(`${base}-only-node`) ? `${base}-only-node` : key,
  );
  if (fate !== null) return tr.t(fate, findingParams(tr, f));
  if (f.facts.onlyNode === true && tr.has(`${base}-only-node`))
    return tr.t(`${base}-only-node`, findingParams(tr, f));
  // The file leaves nodes out (a partial file): no "add a node", which may exist already.
  const partial = partialKey(tr, f, base);
  if (partial !== null) return tr.t(partial, findingParams(tr, f));
  // An upgrade answer's form of a reboot's advice ("then upgrade N", not "then reboot N").
  if (f.facts.request === 'upgrade' && tr.has(`${key}-upgrade`))
    return tr.t(`${key}-upgrade`, findingParams(tr, f));
  // A drain answer's form ("before you drain it", not "before the reboot"; issue 16, reader5 F24).
  if (f.facts.request === 'drain' && tr.has(`${key}-drain`))
    return tr.t(`${key}-drain`, findingParams(tr, f));
  return tr.has(key) ? tr.t(key, findingParams(tr, f)) : null;
}
