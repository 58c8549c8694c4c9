/**
 * Leaders that reach the API through their own node's API server (kubeadm), for the what-if
 * answers of that API server's restart (restart.ts) and failure (down-on-node.ts). Pure.
 */
import { finding } from '../finding.js';
import { leaderComponentFacts, type WhatIfContext } from './context.js';
import { controllerManagerVersion } from './versions.js';
import type { ImpactBuilder } from './what-if-impact.js';

/**
 * Whether kubeadm of this version writes controller-manager.conf and scheduler.conf with the
 * node's own API server (its LocalAPIEndpoint, the advertise address) instead of the
 * control-plane endpoint: from v1.19.1 (kubernetes/kubernetes#94398, "kubeadm: make the scheduler
 * and KCM connect to the local API endpoint", merged for v1.20 and released in v1.19.1; xref
 * kubernetes/kubeadm#2271).
 * @param v - the control plane's version
 */
function kubeadmLocalApi(v: { major: number; minor: number; patch: number }): boolean {
  return v.major > 1 || v.minor > 19 || (v.minor === 19 && v.patch >= 1);
}

/**
 * The leaders that lose their Lease when the API server of their own node restarts or fails
 * (issue 16, reader5 F33). On kubeadm (from v1.19.1, {@link kubeadmLocalApi}) kube-scheduler and
 * kube-controller-manager reach the API only through the API server of their node, not through the
 * load balancer: while it restarts, the leader on that node cannot renew its Lease, gives
 * leadership up once its renew deadline passes (client-go leaderelection: it exits and is
 * restarted by the kubelet), and a standby on another node takes the Lease once it expires
 * (Kubernetes docs, Leases: https://kubernetes.io/docs/concepts/architecture/leases/).
 * One finding per Lease held on the node (check `component-restart` or `component-down`, control plane):
 * `leader-local-api` (info, a standby elsewhere takes over), `leader-local-api-only` (warn, no
 * standby: stopped until the API server is back), `leader-local-api-unknown` (info, the version is
 * not known, so where its kubeconfig points is said conditionally). Facts: `node`, `component`,
 * `holder`, `standbys`, `leaseDurationSeconds` (seconds). Nothing for other distributions (their
 * components' kubeconfigs were not read) or kubeadm before v1.19.1 (the control-plane endpoint).
 * @param b - the impact being built
 * @param ctx - the analysis
 * @param node - the node whose API server restarts or fails
 * @param check - `component-restart` (a restart) or `component-down` (a failure): the text's tense
 */
export function localApiLeaders(
  b: ImpactBuilder,
  ctx: WhatIfContext,
  node: string,
  check: 'component-restart' | 'component-down',
): void {
  if (ctx.index.profile.name !== 'kubeadm') return;
  const version = controllerManagerVersion(ctx.index, node)?.version ?? null;
  if (version !== null && !kubeadmLocalApi(version)) return;
  for (const component of ['kube-scheduler', 'kube-controller-manager'] as const) {
    const { holdsLease, standbys, short, facts } = leaderComponentFacts(ctx.state, component, node);
    if (!holdsLease) continue;
    if (version === null) {
      // Where its kubeconfig points is not known: the sentence says it conditionally, no stop.
      b.findings.push(finding(check, 'control', 'info', 'leader-local-api-unknown', facts));
    } else if (standbys.length === 0) {
      b.findings.push(finding(check, 'control', 'warn', 'leader-local-api-only', facts));
      b.stop('control', `stops.${short}`);
    } else {
      b.findings.push(finding(check, 'control', 'info', 'leader-local-api', facts));
      b.stop('control', `stops.${short}-lease-expiry`, facts);
    }
  }
}
