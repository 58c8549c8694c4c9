/**
 * The maintenance executor's last check after a reboot, "the etcd member healthy where etcd is
 * observable", against a real 3-member etcd (Debian etcd-server, TLS with client
 * certificates, free loopback ports) whose members are named after the simulated control-plane
 * nodes of the healthy 3-node scenario (atlas-cp-1..3).
 *
 * The answer step's `etcdMemberHealthy` (what the worker hands the executor) reads a fresh
 * snapshot with the live probe; `missingAfterReboot` / `verifyNode` (src/maintenance/execute/
 * wait-for-reboot.ts) hold the reboot wait until it says true. Tests run in order: healthy → one
 * member stopped → back.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { type AnswerService, createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig, ClusterConfig } from '../../src/config/bot-config.js';
import { type KubeApi, createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import {
  type RebootWaitOptions,
  missingAfterReboot,
  verifyNode,
} from '../../src/maintenance/execute/wait-for-reboot.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { silentLogger } from '../../src/util/logger.js';
import { type EtcdTestCluster, startEtcdCluster } from '../helpers/etcd-cluster.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

let etcd: EtcdTestCluster;
let service: AnswerService;
let api: KubeApi;

function snapshotCluster(withEtcd: boolean): ClusterConfig {
  return {
    kind: 'snapshot',
    snapshot: SCENARIO,
    requestTimeoutMs: 5000,
    deadlineMs: 20000,
    ...(withEtcd
      ? {
          etcd: {
            endpoints: etcd.endpoints,
            ca: etcd.certs.ca,
            cert: etcd.certs.clientCert,
            key: etcd.certs.clientKey,
            // generous: a loaded CI machine once took over 1 s for one member's answer (a stopped
            // member is refused at once, so the timeout does not slow the tests)
            timeoutMs: 20_000, // a ceiling (the cluster deadline): a stopped member is refused at once
          },
        }
      : {}),
  };
}

function waitOptions(
  node: string,
  deadlineMs: number,
): RebootWaitOptions & { etcdHealthy: (node: string) => Promise<boolean | null> } {
  return {
    api,
    node,
    deadline: Date.now() + deadlineMs,
    pollMs: 200,
    lockNamespace: 'k8s-ha-bot',
    now: () => new Date(),
    logger: silentLogger,
    isCancelled: async () => false,
    etcdHealthy: (n) => service.etcdMemberHealthy('atlas', n),
  };
}

beforeAll(async () => {
  etcd = await startEtcdCluster({ names: ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3'] });
  const config: BotConfig = {
    source: 'test',
    clusters: { atlas: snapshotCluster(true), 'atlas-no-etcd': snapshotCluster(false) },
    defaultCluster: 'atlas',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
  service = createAnswerService({ config });
  api = await createKubeApi(await service.kubeConfigFor('atlas'));
  // The scenario records no node Lease for atlas-cp-2; give it a fresh one, as its kubelet would.
  const lease = await api.request('POST', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases', {
    body: {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'atlas-cp-2', namespace: 'kube-node-lease' },
      spec: {
        holderIdentity: 'atlas-cp-2',
        leaseDurationSeconds: 40,
        renewTime: new Date().toISOString().replace('Z', '000Z'),
      },
    },
  });
  expect(lease.status).toBe(201);
});

afterAll(async () => {
  await service?.close();
  await etcd?.close();
});

describe('the etcd member check after a reboot (live etcd)', () => {
  it('all members up: the control-plane node is healthy; a worker has no member; a cluster without an etcd entry is not observable', async () => {
    expect(await service.etcdMemberHealthy('atlas', 'atlas-cp-2')).toBe(true);
    expect(await service.etcdMemberHealthy('atlas', 'atlas-wk-1')).toBeNull();
    expect(await service.etcdMemberHealthy('atlas-no-etcd', 'atlas-cp-2')).toBeNull();
    expect(await missingAfterReboot(waitOptions('atlas-cp-2', 10_000))).toEqual([]);
  });

  it('its member stopped: the node is otherwise back but not verified; the other members stay healthy', async () => {
    await etcd.stopMember('atlas-cp-2');
    expect(await service.etcdMemberHealthy('atlas', 'atlas-cp-2')).toBe(false);
    expect(await service.etcdMemberHealthy('atlas', 'atlas-cp-1')).toBe(true);
    expect(await missingAfterReboot(waitOptions('atlas-cp-2', 10_000))).toEqual(['etcd member not healthy']);
    // A short deadline: the wait ends with reboot-timeout naming the member.
    await expect(verifyNode(waitOptions('atlas-cp-2', 1500))).rejects.toMatchObject({
      reason: 'reboot-timeout',
      message: expect.stringMatching(/etcd member not healthy/),
    });
  });

  it('the wait is verified only once the member is back', async () => {
    const options = waitOptions('atlas-cp-2', 30_000);
    // The signal: the wait asked etcd several times and heard "not healthy" each time.
    let notHealthy = 0;
    const waiting = verifyNode({
      ...options,
      etcdHealthy: async (n) => {
        const healthy = await options.etcdHealthy(n);
        if (healthy !== true) notHealthy += 1;
        return healthy;
      },
    });
    let settledAt: number | null = null;
    void waiting.then(
      () => {
        settledAt = Date.now();
      },
      () => undefined,
    );
    await eventually(
      'etcd asked three times while the member is down',
      () => notHealthy >= 3,
      WAIT_CEILING_MS,
    );
    expect(settledAt).toBeNull();
    const restartedAt = Date.now();
    await etcd.startMember('atlas-cp-2');
    await expect(waiting).resolves.toBe('verified');
    expect(settledAt).not.toBeNull();
    expect(settledAt as unknown as number).toBeGreaterThanOrEqual(restartedAt);
    expect(await service.etcdMemberHealthy('atlas', 'atlas-cp-2')).toBe(true);
  });
});
