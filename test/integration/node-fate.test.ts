/**
 * What becomes of the node decides every sentence about it (issue 16, v3b): a managed node pool's
 * upgrade replaces the node by surge, a failed node is not rebooted, and a StatefulSet pod on a
 * lost node is not recreated elsewhere. Expectations written from the sources before running the
 * bot:
 * - GKE "Surge upgrades" (https://cloud.google.com/kubernetes-engine/docs/concepts/node-pool-upgrade-strategies#surge),
 *   AKS "Customize node surge upgrade" (https://learn.microsoft.com/en-us/azure/aks/upgrade-aks-cluster#customize-node-surge-upgrade),
 *   EKS "Understand each phase of node updates" (https://docs.aws.amazon.com/eks/latest/userguide/managed-node-update-behavior.html):
 *   the pool adds a new node, then cordons, drains and removes an old one: the node is replaced,
 *   not restarted, and nobody adds a node by hand first.
 * - "Force Delete StatefulSet Pods" (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/),
 *   "Non-graceful node shutdown" (https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown):
 *   a StatefulSet pod on an unreachable node stays Terminating until the node is back, the pod is
 *   force-deleted or the node gets the out-of-service taint.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  r05: join(REAL_CLUSTERS, '05-edgexr-aks-3agents-nodes.json'),
  r10: join(REAL_CLUSTERS, '10-qovery-eks-v1.16-1node.json'),
  s01: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
  s49: join(SCENARIOS, '49-worker-already-dead-kubelet-stopped-pods-terminating.json'),
});
afterAll(() => answers.close());

describe('a managed node pool upgrade replaces the node (r05 AKS, r10 EKS)', () => {
  it('en: the Stops line and the order say replaced, never restarted or rebooted', async () => {
    const a = await answers.ask('r05', 'can I upgrade aks-agentpool-30520393-vmss000000', 'en');
    expect(a).toMatch(/while its node pool replaces it: the pool adds a new node first/);
    expect(a).toMatch(/replaced, not upgraded in place/);
    expect(a).not.toMatch(/upgraded and restarted|after the reboot/);
  });

  it('ko: the same model', async () => {
    const a = await answers.ask('r05', 'aks-agentpool-30520393-vmss000000 업그레이드해도 돼?', 'ko');
    expect(a).toMatch(/노드 풀이 aks-agentpool-30520393-vmss000000[을를] 교체하는 동안/);
    expect(a).not.toMatch(/드레인·업그레이드·재시작|재부팅 후/);
  });

  it('the only node of an EKS cluster: no "add a node first" for its upgrade, but for a reboot by hand', async () => {
    const node = 'ip-10-0-105-29.us-east-2.compute.internal';
    const upgrade = await answers.ask('r10', `can I upgrade ${node}`, 'en');
    expect(upgrade).not.toMatch(/[Aa]dd a node first/);
    expect(upgrade).toMatch(/max surge above 0/);
    // A reboot is not a pool upgrade: nothing adds a node for it.
    const reboot = await answers.ask('r10', `can I reboot ${node}`, 'en');
    expect(reboot).toMatch(/Add a node first/);
  });
});

describe('a failed node is not rebooted (s01)', () => {
  it.each(['en', 'ko'] as const)(
    '%s: the control plane replaces its pods; no "after the reboot"',
    async (lang) => {
      const a = await answers.ask(
        's01',
        lang === 'en' ? 'what if atlas-wk-1 goes down' : 'atlas-wk-1 다운되면?',
        lang,
      );
      expect(a).toMatch(
        lang === 'en'
          ? /it marks atlas-wk-1 NotReady and replaces its pods elsewhere/
          : /atlas-wk-1을 NotReady로 표시하고 그 파드를 다른 곳에서 대체/,
      );
      expect(a).not.toMatch(/after the reboot|재부팅 후|back and uncordoned|돌아와 uncordon/);
      // The reboot answer of the same node keeps its own model.
      const reboot = await answers.ask('s01', 'can I reboot atlas-wk-1', 'en');
      expect(reboot).toMatch(/gets its pods and Service rules back after the reboot/);
    },
  );
});

describe('StatefulSet pods of nodes lost together are not recreated elsewhere (s49)', () => {
  it('the joint loss names postgres-0 as left Terminating, and does not count it among the pods recreated', async () => {
    const a = await answers.ask('s49', 'what if vega-wk-1 and vega-wk-2 go down', 'en');
    expect(a).toMatch(
      /data\/postgres-0: a StatefulSet pod on a lost node, left Terminating and not recreated elsewhere/,
    );
    expect(a).toMatch(/StatefulSet data\/postgres has no Ready replica outside vega-wk-1 and vega-wk-2/);
    // vega-wk-1 runs postgres-0 and one frontend pod: only the frontend pod is recreated elsewhere.
    expect(a).toMatch(/one pod on vega-wk-1: down until the node lifecycle controller evicts it/);
    expect(a).not.toMatch(/postgres[^\n]*(?:rescheduled and Ready|recreated on other nodes)/);
  });
});
