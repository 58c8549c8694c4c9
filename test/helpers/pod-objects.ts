/**
 * Small Kubernetes objects the scheduling and drain tables share
 * (test/unit/scheduling-placement.test.ts, test/unit/drain-sequence.test.ts).
 */

/**
 * The `ownerReferences` of a pod a ReplicaSet controls (its replacement is created when it is evicted).
 * @param name - the pod's name (the ReplicaSet is `<name>-rs`, its uid `<name>-uid`)
 */
export function replicaSetOwner(name: string): object[] {
  return [
    { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${name}-rs`, uid: `${name}-uid`, controller: true },
  ];
}
