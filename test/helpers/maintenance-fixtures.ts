/**
 * TEST ONLY: scenario files prepared for maintenance tests (a drainable worker with several pods).
 */
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { Actor, MaintenanceRequest } from '../../src/maintenance/types.js';
import { loadScenario } from './simulator.js';

/** Scenario 09: payments (2 replicas, one on indus-wk-1) behind payments-pdb (minAvailable 2). */
export const WORKER_SCENARIO = '09-worker-pdb-minavailable-equals-replicas.json';
/** The payments pod on indus-wk-1. */
export const PAYMENTS_1 = 'payments-26grdhrgz7-7w84l';

interface PodObj {
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    labels?: Record<string, string>;
    ownerReferences?: {
      apiVersion?: string;
      kind: string;
      name: string;
      uid?: string;
      controller?: boolean;
    }[];
  };
  spec?: Record<string, unknown>;
}

/**
 * Scenario 09, its budget relaxed to minAvailable 1 (one disruption allowed) unless `strictPdb`,
 * plus `extra` ReplicaSet pods `web-<i>` on indus-wk-1 (one with an emptyDir), and `bare` pods
 * without a controller.
 */
export async function workerScenario(
  o: { extra?: number; bare?: number; strictPdb?: boolean } = {},
): Promise<SnapshotFile> {
  const file = await loadScenario(WORKER_SCENARIO);
  if (!o.strictPdb) {
    const pdb = file.items.find((i) => i.kind === 'PodDisruptionBudget') as unknown as {
      spec: Record<string, unknown>;
      status: Record<string, unknown>;
    };
    pdb.spec.minAvailable = 1;
    Object.assign(pdb.status, { desiredHealthy: 1, disruptionsAllowed: 1 });
  }
  const template = file.items.find((i) => i.metadata.name === PAYMENTS_1) as unknown as PodObj;
  const add = (name: string, owner: boolean, emptyDir: boolean): void => {
    const pod = structuredClone(template);
    pod.metadata.name = name;
    pod.metadata.namespace = 'shop';
    pod.metadata.uid = `uid-${name}`;
    pod.metadata.labels = { app: 'web' };
    pod.metadata.ownerReferences = owner
      ? [
          {
            apiVersion: 'apps/v1',
            kind: 'ReplicaSet',
            name: 'web-6d4cf56db6',
            uid: 'uid-rs-web',
            controller: true,
          },
        ]
      : [];
    if (emptyDir) (pod.spec as Record<string, unknown>).volumes = [{ name: 'scratch', emptyDir: {} }];
    file.items.push(pod as unknown as KObject);
  };
  for (let i = 0; i < (o.extra ?? 0); i++) add(`web-6d4cf56db6-p${i}`, true, i === 0);
  for (let i = 0; i < (o.bare ?? 0); i++) add(`debug-${i}`, false, false);
  return file;
}

/** The requester of {@link newControlPlaneRequest} unless another is given. */
export const FIXTURE_REQUESTER: Actor = { platform: 'slack', tenant: 'T01', id: 'UREQ' };

/**
 * A pending control-plane maintenance request on cluster `prod` (reason "kernel patch", verdict
 * safe, English, asked in Slack channel C01).
 * @param service - the maintenance service (its policy decides who may request)
 * @param node - the node name
 * @param requestedBy - who asks (default {@link FIXTURE_REQUESTER})
 * @returns the created request
 * @throws Error naming the refusal when the service refuses it
 */
export async function newControlPlaneRequest(
  service: Pick<MaintenanceService, 'createRequest'>,
  node: string,
  requestedBy: Actor = FIXTURE_REQUESTER,
): Promise<MaintenanceRequest> {
  const created = await service.createRequest({
    cluster: 'prod',
    node,
    nodeRole: 'control-plane',
    reason: 'kernel patch',
    force: false,
    requestedBy,
    locale: 'en',
    replyTo: { platform: 'slack', address: { channel: 'C01' } },
    verdict: 'safe',
    summary: 'Safe.',
  });
  if (!created.ok) throw new Error(`refused: ${created.refusal}`);
  return created.request;
}
