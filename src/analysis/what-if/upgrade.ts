/**
 * "Can I upgrade N (to vX.Y)?": the reboot analysis, the version skew between the API servers and
 * the kubelets, and the order a control-plane upgrade must follow.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import {
  APISERVER_MAX_SKEW_MINORS,
  KUBELET_MAX_SKEW_MINORS,
  TYPICAL_NODE_REBOOT_S,
  UPGRADE_MAX_MINOR_STEP,
} from '../domain.js';
import { type CommandForms, clusterCommandForms } from '../command-versions.js';
import { finding } from '../finding.js';
import type { FactValue } from '../types.js';
import type { UpgradeMethod } from '../profiles/index.js';
import { k3dClusterName } from '../profiles/k3s.js';
import { analyzeRebootImpact } from '../reboot-impact.js';
import { keepDataPlane, nodeNotFound, whatIfContext } from './context.js';
import {
  type Version,
  clusterVersions,
  compareVersions,
  minorsBetween,
  parseVersion,
  versionRange,
} from './versions.js';
import { kubeadmPackagePlan, packageManagerOf } from './kubeadm-packages.js';
import { ImpactBuilder, type WhatIfImpact } from './what-if-impact.js';

/**
 * "Can I upgrade X?": the reboot analysis (an upgrade drains and restarts the node's components),
 * plus the order a control-plane upgrade must follow and the version skew between the apiservers
 * (mirror pod image tags) and the kubelets (`status.nodeInfo.kubeletVersion`).
 * Skew rules: apiservers within {@link APISERVER_MAX_SKEW_MINORS} minor; kubelets never newer than
 * the oldest apiserver and at most {@link KUBELET_MAX_SKEW_MINORS} minors older; one minor per
 * upgrade ({@link UPGRADE_MAX_MINOR_STEP}). Source: https://kubernetes.io/releases/version-skew-policy/
 * @param snapshot - the cluster as read, `focusNode` set to the node
 * @param node - the node's name
 * @param targetVersion - the version asked for (`v1.34`), or null
 * @param now - the analysis clock
 */
export function analyzeUpgradeImpact(
  snapshot: ClusterSnapshot,
  node: string,
  targetVersion: string | null,
  now: Date,
): WhatIfImpact {
  const ctx = whatIfContext(snapshot, { kind: 'upgrade', node, targetVersion }, now);
  const { index, state } = ctx;
  if (!index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  const reboot = analyzeRebootImpact(snapshot, node, now);
  const isCp = reboot.role === 'control-plane';
  const b = new ImpactBuilder(isCp ? ['control', 'data'] : ['data']);
  // The reboot's advice says "then reboot N"; in an upgrade answer it says "then upgrade N"
  // (`request: 'upgrade'` picks the `-upgrade` form where one exists; issue 16, reader4).
  // A managed node pool upgrades by surge: the provider adds a new node, then cordons, drains and
  // deletes the old one (fact `fate: 'replaced'`, the `-replaced` sentences of explain-finding.ts):
  // the node is not restarted, it does not come back (GKE "Surge upgrades",
  // https://cloud.google.com/kubernetes-engine/docs/concepts/node-pool-upgrade-strategies#surge;
  // AKS "Customize node surge upgrade",
  // https://learn.microsoft.com/en-us/azure/aks/upgrade-aks-cluster#customize-node-surge-upgrade;
  // EKS "Understand each phase of node updates",
  // https://docs.aws.amazon.com/eks/latest/userguide/managed-node-update-behavior.html).
  const replaced = index.profile.upgrade === 'provider';
  b.findings.push(
    ...reboot.findings.map((f) => {
      const g = replaced ? { ...f, facts: { ...f.facts, fate: 'replaced' } } : f;
      return f.check === 'concurrent-disruption' ? { ...g, facts: { ...g.facts, request: 'upgrade' } } : g;
    }),
  );

  const versions = clusterVersions(index);
  const apis = versionRange(versions.apiservers.values());
  const kubelets = versionRange(versions.kubelets.values());
  const target = parseVersion(targetVersion);
  const current = (isCp ? versions.apiservers.get(node) : undefined) ?? versions.kubelets.get(node) ?? null;
  const facts = {
    node,
    apiserverOldest: apis?.oldest.text ?? null,
    apiserverNewest: apis?.newest.text ?? null,
    kubeletOldest: kubelets?.oldest.text ?? null,
    kubeletNewest: kubelets?.newest.text ?? null,
    current: current?.text ?? null,
    target: target?.text ?? null,
    apiserverMaxSkew: APISERVER_MAX_SKEW_MINORS,
    kubeletMaxSkew: KUBELET_MAX_SKEW_MINORS,
  };
  if (apis) {
    b.findings.push(finding('version-skew', 'control', 'info', 'versions', facts));
    if (minorsBetween(apis.oldest, apis.newest) > APISERVER_MAX_SKEW_MINORS)
      b.findings.push(finding('version-skew', 'control', 'block', 'apiservers-apart', facts));
    else if (minorsBetween(apis.oldest, apis.newest) > 0)
      b.findings.push(finding('version-skew', 'control', 'info', 'upgrade-in-progress', facts));
    if (kubelets && minorsBetween(apis.oldest, kubelets.newest) > 0)
      b.findings.push(finding('version-skew', 'data', 'warn', 'kubelet-newer', facts));
    if (kubelets && minorsBetween(kubelets.oldest, apis.newest) > KUBELET_MAX_SKEW_MINORS)
      b.findings.push(finding('version-skew', 'data', 'warn', 'kubelet-too-old', facts));
  } else if (kubelets) {
    b.findings.push(finding('version-skew', 'data', 'info', 'kubelets-only', facts));
  }
  if (target && current) {
    const step = minorsBetween(current, target);
    if (step > UPGRADE_MAX_MINOR_STEP)
      b.findings.push(
        finding('version-skew', isCp ? 'control' : 'data', 'block', 'skips-minor', { ...facts, step }),
      );
    if (step < 0)
      b.findings.push(finding('version-skew', isCp ? 'control' : 'data', 'block', 'downgrade', facts));
    if (!isCp && apis && minorsBetween(apis.oldest, target) > 0)
      b.findings.push(finding('upgrade-order', 'data', 'block', 'control-plane-first', facts));
    if (isCp && kubelets && minorsBetween(kubelets.oldest, target) > KUBELET_MAX_SKEW_MINORS)
      b.findings.push(finding('version-skew', 'data', 'warn', 'kubelets-fall-behind', facts));
  }
  // The order: control-plane nodes one at a time, then workers. The first control-plane node runs
  // `kubeadm upgrade apply`, every other one `kubeadm upgrade node` (kubeadm docs, "Upgrading kubeadm
  // clusters"). Nodes whose apiserver is already newer (at the target, or past this node's version
  // when no target is asked for) are done: the node asked about follows them; with none done it is
  // the first. The finding and the steps are built from this one order so they cannot disagree.
  const cpNodes = state.nodes.map((n) => n.name);
  const ready = state.nodes.filter((n) => n.ready).length;
  // Every node a control plane: no "then the workers" step (reader 2.5).
  const noWorkers = snapshot.nodes.every((n) => cpNodes.includes(n.metadata.name));
  const hasOtherNodes = snapshot.nodes.length > 1;
  // The distribution decides how it is upgraded (its profile's `upgrade`): kubeadm's commands are
  // only for kubeadm clusters; OpenShift, k3s, RKE2 and managed clusters have their own way (issue 16).
  const method = index.profile.upgrade;
  if (method !== 'kubeadm') {
    const k3d = method === 'k3s' ? k3dClusterName(snapshot) : null;
    distributionOrder(b, method, {
      node,
      isCp,
      cpNodes,
      noWorkers,
      embeddedEtcd: state.etcd.members.length > 0 || index.profile.variant(snapshot) === 'embedded etcd',
      k3d,
      health: clusterCommandForms(index).health,
    });
    if (replaced) b.stop('data', 'stops.upgrade-node-replaced', { node });
    // k3d: the node is not upgraded in place (a new cluster is made), so nothing is "restarted".
    else if (k3d !== null) b.stop('data', 'stops.k3d-old-cluster', { cluster: k3d });
    else b.stop('data', 'stops.upgrade-node', { node, seconds: TYPICAL_NODE_REBOOT_S });
    if (hasOtherNodes) keepDataPlane(b);
    return { ...b.finish(ctx.subject, state, ctx.at), reboot };
  }
  // The packages (issue 16, reader5 F4, F16): a minor upgrade first points the pkgs.k8s.io
  // repository line at the next minor and unholds the packages; a minor never published there
  // (before v1.24) gets no command at all, only why (./kubeadm-packages.ts).
  const goal =
    target ??
    (apis !== null && current !== null && minorsBetween(current, apis.newest) > 0 ? apis.newest : null);
  const packages =
    current === null ? null : kubeadmPackagePlan(current, goal, packageManagerOf(snapshot.nodes));
  if (packages?.kind === 'legacy') {
    b.findings.push(finding('upgrade-packages', isCp ? 'control' : 'data', 'warn', 'legacy', packages.facts));
    b.step(isCp ? 'control' : 'data', 'steps.kubeadm-legacy', packages.facts);
    b.stop('data', 'stops.upgrade-node', { node, seconds: TYPICAL_NODE_REBOOT_S });
    if (hasOtherNodes) keepDataPlane(b);
    b.advise('control', 'advice.etcd-backup');
    return { ...b.finish(ctx.subject, state, ctx.at), reboot };
  }
  // Before any step: said first, among the advice ("what to do first"), one command per step
  // (issue 30 item 4: "commands are numbered steps, one per line"; Korean review 2026-12, answer 07):
  // the repository line, the kubeadm package, later the kubelet and kubectl packages, for each
  // package manager the nodes may have (both in turn when theirs is unknown or mixed).
  if (packages?.kind === 'repo') {
    const facts = packages.facts;
    for (const m of ['apt', 'yum'] as const) {
      const repo = facts[`${m}Repo`];
      if (repo === undefined) continue;
      b.advise(isCp ? 'control' : 'data', `advice.kubeadm-repo-${m}`, {
        next: facts.next ?? '',
        command: repo,
      });
      b.advise(isCp ? 'control' : 'data', 'advice.kubeadm-package', { command: facts[`${m}Kubeadm`] ?? '' });
      b.advise(isCp ? 'control' : 'data', 'advice.kubelet-package', { command: facts[`${m}Kubelet`] ?? '' });
    }
  }
  if (isCp) {
    const mine = versions.apiservers.get(node) ?? null;
    const upgraded = cpNodes.filter((n) => {
      if (n === node) return false;
      const v = versions.apiservers.get(n);
      if (v === undefined) return false;
      if (target) return minorsBetween(v, target) <= 0 && (mine === null || compareVersions(v, mine) > 0);
      return mine !== null && compareVersions(v, mine) > 0;
    });
    // A control-plane node already NotReady cannot be upgraded now (no kubelet runs the upgrade, its
    // etcd member is down): it is not in the order but named apart, to bring back or replace first
    // (issue 16, reader3: scenario 02). Kept in the order only when no Ready one is left besides
    // this node, so that the order never reads as if this were the only control-plane node.
    const pending = cpNodes.filter((n) => n !== node && !upgraded.includes(n));
    const deadCp = new Set(state.nodes.filter((n) => !n.ready).map((n) => n.name));
    const readyPending = pending.filter((n) => !deadCp.has(n));
    const rest = readyPending.length > 0 ? readyPending : pending;
    const notReady = pending.filter((n) => !rest.includes(n));
    const first = upgraded.length === 0;
    const newest = versionRange(
      upgraded.map((n) => versions.apiservers.get(n)).filter((v): v is Version => v !== undefined),
    );
    const orderFacts = {
      node,
      controlPlaneNodes: [...upgraded, node, ...rest],
      upgraded,
      others: rest,
      upgradedVersion: newest?.newest.text ?? null,
      count: upgraded.length,
      ready,
    };
    // A partial file (the etcd quorum guard counts masters it does not hold, as the reboot finding
    // `control-plane-count` `partial` says): the other masters exist, unseen, so this node is not
    // "the only control-plane node", and which of them is already upgraded is unknown (issue 16).
    const unseen = state.unseenControlPlane ?? 0;
    // First of all: the NotReady ones, back or replaced, before any upgrade starts.
    if (notReady.length > 0)
      b.step('control', 'steps.cp-not-ready', { nodes: notReady, count: notReady.length });
    if (unseen > 0 && rest.length === 0 && upgraded.length === 0) {
      b.findings.push(
        finding('upgrade-order', 'control', 'info', 'control-plane-partial', {
          node,
          seen: cpNodes.length,
          total: cpNodes.length + unseen,
          unseen,
        }),
      );
      b.step('control', 'steps.cp-partial', { node, unseen });
    } else if (first) {
      b.findings.push(
        finding(
          'upgrade-order',
          'control',
          'info',
          rest.length > 0
            ? `control-plane${noWorkers ? '-no-workers' : ''}`
            : noWorkers
              ? 'control-plane-only-no-workers'
              : 'control-plane-only',
          orderFacts,
        ),
      );
      // The cluster's only node is upgraded without a drain, as it is rebooted (issue 16, F17).
      const [plane, key, stepFacts] = firstStep(node, current, target);
      b.step(plane, !hasOtherNodes && ONLY_NODE_FORMS.has(key) ? `${key}-only-node` : key, stepFacts);
    } else {
      b.findings.push(
        finding(
          'upgrade-order',
          'control',
          'info',
          `${rest.length > 0 ? 'control-plane-next' : 'control-plane-last'}${noWorkers ? '-no-workers' : ''}`,
          orderFacts,
        ),
      );
      b.step('control', 'steps.cp-next', { node });
    }
    b.step('control', 'steps.cp-wait', { node });
    if (rest.length > 0)
      b.step('control', first ? 'steps.cp-others' : 'steps.cp-remaining', { others: rest });
    if (!noWorkers) b.step('data', 'steps.workers');
  } else {
    // A worker comes after the control plane, whose nodes are upgraded one at a time, each Ready
    // with etcd healthy before the next (kubeadm docs, "Upgrading kubeadm clusters",
    // https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/). A control-plane
    // node already NotReady is left out of that order, as on the control-plane path: upgrading the
    // others restarts their etcd members while its member is down, and with one of 3 down a second
    // restart loses quorum (etcd FAQ, https://etcd.io/docs/v3.5/faq/). It is named first, to bring
    // back or replace (issue 16, reader4: scenario 02). Kept only when none is Ready.
    const deadCp = state.nodes.filter((n) => !n.ready).map((n) => n.name);
    const readyCp = cpNodes.filter((n) => !deadCp.includes(n));
    const order = readyCp.length > 0 ? readyCp : cpNodes;
    const notReady = cpNodes.filter((n) => !order.includes(n));
    if (notReady.length > 0)
      b.step('control', 'steps.cp-not-ready', { nodes: notReady, count: notReady.length });
    b.findings.push(
      // No control-plane node among the nodes (a managed or hidden control plane): no empty list.
      finding(
        'upgrade-order',
        'data',
        'info',
        cpNodes.length > 0 ? 'worker' : 'worker-no-control-plane-node',
        {
          node,
          controlPlaneNodes: order,
          count: order.length,
          ready,
        },
      ),
    );
    // Who runs what: the first control-plane node `kubeadm upgrade apply`, the others `kubeadm
    // upgrade node`, to the next minor only ("Skipping MINOR versions when upgrading is
    // unsupported", kubeadm docs above). Said only when no control-plane node is upgraded yet (every
    // API server at one version); mid-upgrade the plain order stands.
    const sameApis = apis !== null && compareVersions(apis.oldest, apis.newest) === 0;
    const patchOnly = apis !== null && target !== null && minorsBetween(apis.oldest, target) <= 0;
    const [firstCp, ...otherCps] = order;
    if (sameApis && firstCp !== undefined && apis !== null) {
      const next = patchOnly ? null : `v${apis.oldest.major}.${apis.oldest.minor + UPGRADE_MAX_MINOR_STEP}`;
      const form = `${otherCps.length > 0 ? '' : '-only'}${next === null ? '' : '-next'}`;
      b.step('control', `steps.control-plane-before-kubeadm${form}`, {
        first: firstCp,
        others: otherCps,
        ...(next === null ? {} : { next }),
      });
    } else
      b.step('control', 'steps.control-plane-before', {
        controlPlaneNodes: order.length > 0 ? order : ['-'],
      });
    b.step('data', 'steps.worker', { node });
  }
  b.stop('data', 'stops.upgrade-node', { node, seconds: TYPICAL_NODE_REBOOT_S });
  // The cluster's only node is drained and restarted: no pod keeps running anywhere (reader 2.5).
  if (hasOtherNodes) keepDataPlane(b);
  // `kubeadm upgrade plan` is named once: not again in the advice when the first step already runs it.
  // On a worker it is not run there: `kubeadm upgrade plan` runs on a control-plane node (kubeadm docs).
  if (!b.steps.some((s) => STEPS_RUNNING_PLAN.has(s.key)))
    b.advise(isCp ? 'control' : 'data', isCp ? 'advice.upgrade-plan' : 'advice.upgrade-plan-worker', {
      node,
    });
  b.advise('control', 'advice.etcd-backup');
  // The reboot findings already name what could not be read.
  return { ...b.finish(ctx.subject, state, ctx.at), reboot };
}

/**
 * First steps with an `-only-node` form: on the cluster's only node no drain (a drain moves nothing
 * there; its `--force` and emptyDir flag delete what the kubelet restart keeps: kubectl drain
 * reference, https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/; issue 16, F17).
 */
const ONLY_NODE_FORMS: ReadonlySet<string> = new Set([
  'steps.cp-first',
  'steps.cp-first-plan',
  'steps.cp-first-next',
  'steps.cp-first-minor',
]);

/**
 * The first control-plane node's steps that already tell to run `kubeadm upgrade plan` (to list
 * the patch releases, kubeadm docs "Upgrading kubeadm clusters",
 * https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/): with one of them
 * the answer's advice does not say it a second time.
 */
const STEPS_RUNNING_PLAN: ReadonlySet<string> = new Set([
  'steps.cp-first',
  'steps.cp-first-plan',
  'steps.cp-first-next',
  'steps.cp-first-minor',
  'steps.cp-first-one-minor',
  'steps.cp-first-only-node',
  'steps.cp-first-plan-only-node',
  'steps.cp-first-next-only-node',
  'steps.cp-first-minor-only-node',
]);

/**
 * The first control-plane node's step. kubeadm takes a full semantic version
 * (`kubeadm upgrade apply v1.34.2`; `v1.34` is refused) and one minor at a time ("Upgrading
 * kubeadm clusters", https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/).
 * So `kubeadm upgrade apply` is written only with a full version the same or the next minor and
 * newer than the node runs; a minor alone (or the same minor) gets `kubeadm upgrade plan`, which
 * lists the patch releases; a skipped minor gets no apply command for the target.
 * @param node - the node asked about
 * @param current - the version it runs, or null when not known
 * @param target - the version asked for, or null
 * @returns the plane, the step key and its facts
 */
function firstStep(
  node: string,
  current: Version | null,
  target: Version | null,
): ['control', string, Record<string, FactValue>] {
  // No version asked for: the next minor only ("Skipping MINOR versions when upgrading is
  // unsupported", kubeadm docs), e.g. v1.19.16 → a v1.20 patch release.
  if (target === null)
    return current === null
      ? ['control', 'steps.cp-first-plan', { node }]
      : [
          'control',
          'steps.cp-first-next',
          { node, next: `v${current.major}.${current.minor + UPGRADE_MAX_MINOR_STEP}` },
        ];
  const step = current === null ? null : minorsBetween(current, target);
  if (current !== null && step !== null && step > UPGRADE_MAX_MINOR_STEP)
    return [
      'control',
      'steps.cp-first-one-minor',
      {
        node,
        current: current.text,
        target: target.text,
        next: `v${current.major}.${current.minor + UPGRADE_MAX_MINOR_STEP}`,
      },
    ];
  const full = /^v\d+\.\d+\.\d+$/.test(target.text);
  if (!full) return ['control', 'steps.cp-first-minor', { node, target: target.text }];
  if (current !== null && compareVersions(target, current) <= 0)
    return ['control', 'steps.cp-first-plan', { node }];
  return ['control', 'steps.cp-first', { node, target: target.text }];
}

/**
 * The order, steps and backup advice of an upgrade on a distribution that is not upgraded with
 * kubeadm (the profile's {@link UpgradeMethod}):
 * - OpenShift: the cluster version operator upgrades the whole cluster (`oc adm upgrade`), and the
 *   Machine Config Operator drains and reboots every node itself, one at a time per machine config
 *   pool; no node is upgraded by hand ("Updating a cluster using the CLI",
 *   https://docs.openshift.com/container-platform/4.6/updating/updating-cluster-cli.html).
 *   etcd is backed up with `/usr/local/bin/cluster-backup.sh` on a master, from `oc debug` and
 *   `chroot /host` ("Backing up etcd data",
 *   https://docs.openshift.com/container-platform/4.6/backup_and_restore/control_plane_backup_and_restore/backing-up-etcd.html).
 * - k3s and RKE2: servers one at a time, then agents, each by running the installer again with the
 *   release to install, then restarting the service (https://docs.k3s.io/upgrades/manual,
 *   https://docs.rke2.io/upgrades/manual_upgrade); embedded etcd is backed up with
 *   `k3s etcd-snapshot save` / `rke2 etcd-snapshot save` (https://docs.k3s.io/cli/etcd-snapshot,
 *   https://docs.rke2.io/datastore/backup_restore); k3s on SQLite by copying its database directory
 *   and token (https://docs.k3s.io/datastore/backup-restore). k3d (k3s in Docker containers) is not
 *   upgraded in place: a new cluster from the release's rancher/k3s image (https://k3d.io).
 * - provider: the managed service upgrades the control plane, then the node pools, draining and
 *   replacing their nodes itself; there is no etcd of the cluster's to back up.
 * @param b - the answer being built
 * @param method - the profile's upgrade method (not `kubeadm`)
 * @param o - the node asked about, whether it is a control-plane node, the control-plane nodes,
 *   whether every node is one, whether etcd is embedded (k3s: else SQLite or an external datastore),
 *   the k3d cluster name when the k3s nodes are k3d's containers (else null), and the API server
 *   health endpoint of the cluster's version (`/readyz` from v1.16, `/healthz` before: command-versions.ts)
 */
function distributionOrder(
  b: ImpactBuilder,
  method: Exclude<UpgradeMethod, 'kubeadm'>,
  o: {
    node: string;
    isCp: boolean;
    cpNodes: string[];
    noWorkers: boolean;
    embeddedEtcd: boolean;
    k3d: string | null;
    health: CommandForms['health'];
  },
): void {
  const { node, isCp, cpNodes, noWorkers } = o;
  const plane = isCp ? 'control' : 'data';
  if (method === 'k3s' && o.k3d !== null) {
    // k3d "is a lightweight wrapper to run k3s in docker" (https://k3d.io): its nodes are
    // containers of the rancher/k3s image, so the k3s install script (a host install with systemd)
    // does not apply, and k3d has no upgrade command (`k3d node edit` only maps ports,
    // https://k3d.io/stable/usage/commands/k3d_node_edit/): a new k3s release means node containers
    // of that release's image (`k3d cluster create --image`, "Specify k3s image that you want to use
    // for the nodes", https://k3d.io/stable/usage/commands/k3d_cluster_create/). Issue 16, v3a item 3.
    b.findings.push(finding('upgrade-order', plane, 'info', 'k3d', { node, cluster: o.k3d }));
    b.step('control', 'steps.k3d-save', { cluster: o.k3d });
    b.step('control', 'steps.k3d-create', { cluster: o.k3d });
    b.step('control', 'steps.k3d-move', { cluster: o.k3d });
    return;
  }
  if (method === 'openshift') {
    b.findings.push(finding('upgrade-order', plane, 'info', 'openshift', { node }));
    b.step('control', 'steps.openshift-check', {});
    b.step('control', 'steps.openshift-start', {});
    b.step('control', 'steps.openshift-watch', {});
    b.advise('control', 'advice.etcd-backup-openshift', { master: isCp ? node : (cpNodes[0] ?? node) });
    return;
  }
  if (method === 'unknown') {
    // No distribution's mark in the data (issue 16, v3a item 4): no tool's commands, only the order
    // the Kubernetes version skew policy requires (https://kubernetes.io/releases/version-skew-policy/:
    // kube-apiserver first, kubelets never newer than it, one minor at a time).
    b.findings.push(finding('upgrade-order', plane, 'info', 'unknown-distribution', { node }));
    b.step('control', 'steps.unknown-control-plane', { health: o.health });
    b.step('data', 'steps.unknown-workers', {});
    return;
  }
  if (method === 'provider') {
    b.findings.push(finding('upgrade-order', 'data', 'info', 'provider', { node }));
    b.step('control', 'steps.provider-control-plane', {});
    b.step('data', 'steps.provider-nodes', { node });
    return;
  }
  // k3s and RKE2: servers one at a time, then agents.
  const others = cpNodes.filter((n) => n !== node);
  if (isCp) {
    b.findings.push(
      finding(
        'upgrade-order',
        'control',
        'info',
        others.length > 0
          ? `${method}-server${noWorkers ? '-no-agents' : ''}`
          : `${method}-only-server${noWorkers ? '-no-agents' : ''}`,
        { node, others },
      ),
    );
    b.step('control', `steps.${method}-server`, { node });
    // k3s on SQLite or an external datastore has no etcd member to wait for.
    b.step('control', o.embeddedEtcd || method === 'rke2' ? 'steps.cp-wait' : 'steps.server-wait', { node });
    if (others.length > 0) b.step('control', `steps.${method}-other-servers`, { others });
    if (!noWorkers) b.step('data', `steps.${method}-agents`, {});
  } else {
    b.findings.push(
      finding('upgrade-order', 'data', 'info', `${method}-agent`, {
        node,
        controlPlaneNodes: cpNodes.length > 0 ? cpNodes : ['-'],
      }),
    );
    b.step('control', 'steps.control-plane-before', {
      controlPlaneNodes: cpNodes.length > 0 ? cpNodes : ['-'],
    });
    b.step('data', `steps.${method}-agent`, { node });
  }
  b.advise(
    'control',
    method === 'rke2' || o.embeddedEtcd ? `advice.etcd-backup-${method}` : 'advice.etcd-backup-k3s-datastore',
  );
}
