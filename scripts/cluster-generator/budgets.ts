/** The PodDisruptionBudgets of a generated cluster: `minAvailable`, with a status to match. */
import type { KObject } from '../../src/cluster/snapshot-file.js';

/**
 * A budget over the pods labelled `app=<name>`, every replica healthy.
 * @param namespace - the workload's namespace
 * @param name - the workload's name (the budget's too)
 * @param replicas - the workload's replicas
 * @param minAvailable - the budget (disruptions allowed: replicas - minAvailable, at least 0)
 * @param created - RFC 3339 creation time
 * @param rv - resourceVersion
 * @param uid - uid
 */
export function podDisruptionBudget(
  namespace: string,
  name: string,
  replicas: number,
  minAvailable: number,
  created: string,
  rv: string,
  uid: string,
): KObject {
  const a = { namespace, name, replicas, pdb: minAvailable };
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: {
      creationTimestamp: created,
      generation: 1,
      name: a.name,
      namespace: a.namespace,
      resourceVersion: rv,
      uid,
    },
    spec: { minAvailable: a.pdb, selector: { matchLabels: { app: a.name } } },
    status: {
      conditions: [
        {
          lastTransitionTime: created,
          message: '',
          observedGeneration: 1,
          reason: a.replicas - a.pdb > 0 ? 'SufficientPods' : 'InsufficientPods',
          status: a.replicas - a.pdb > 0 ? 'True' : 'False',
          type: 'DisruptionAllowed',
        },
      ],
      currentHealthy: a.replicas,
      desiredHealthy: a.pdb,
      disruptionsAllowed: Math.max(0, a.replicas - a.pdb),
      expectedPods: a.replicas,
      observedGeneration: 1,
    },
  };
}
