/**
 * "Can I reboot X?" of a node that is already NotReady (issue 29 item 7). The node is out of the
 * data plane already: its kubelet posts no status, its pods get no traffic, and a reboot is how a
 * node whose kubelet or machine hung comes back, so the reboot is the remedy, not the risk. What
 * cannot complete is a drain: no kubelet confirms that evicted containers stopped, so the pods stay
 * Terminating and `kubectl drain` waits for ever (kubernetes/kubernetes#101391,
 * planetlabs/draino#48); none is advised. A StatefulSet pod is created again only once the old one
 * is gone: it waits for the node to come back, or for the `node.kubernetes.io/out-of-service`
 * taint once the node is verified off (Kubernetes docs, Node shutdowns, Non-graceful node shutdown,
 * https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown).
 * "Drain and reboot X" keeps the drain model's block (./node-state-checks.ts deadNodeDrainChecks).
 * Pure.
 */
import type { Finding } from './types.js';

/**
 * A plain reboot's form of a NotReady node's `dead-node-drain` finding: variant `reboot-remedy`,
 * severity warn (CAUTION, never "do not reboot"); the other findings unchanged.
 * @param findings - a reboot's findings (drain included, as the analysis makes them)
 * @returns the findings, the dead node's drain finding re-labelled
 */
export function rebootWithoutDrain(findings: readonly Finding[]): Finding[] {
  return findings.map((f) =>
    f.check === 'dead-node-drain' && f.variant === 'not-ready'
      ? { ...f, severity: 'warn', variant: 'reboot-remedy' }
      : f,
  );
}
