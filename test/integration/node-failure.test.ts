/**
 * "What if X fails" is a failure, not a planned reboot (issue 16, reader5 F14, F22, F19, F20/F10,
 * F23, F29, F2). Expectations written from the sources before running the bot:
 * - Kubernetes "Nodes", Node controller (https://kubernetes.io/docs/concepts/architecture/nodes/#node-controller)
 *   and "Taints and Tolerations", Taint based evictions
 *   (https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions):
 *   marking an unreachable node NotReady/Unknown, tainting it and evicting its pods is the node
 *   lifecycle controller's work, in kube-controller-manager, written through the API server. With
 *   the only control plane lost (or the etcd quorum), none of it happens: the pods stay bound to
 *   the failed node until it is back.
 * - etcd "Maintenance", Space quota (https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota):
 *   with a NOSPACE alarm etcd accepts only reads and deletes, so the NotReady condition, the taint,
 *   the EndpointSlice change and the evictions (all writes) do not happen until it is disarmed.
 * - etcd "Tuning" (https://etcd.io/docs/v3.5/tuning/): a failed leader hands nothing over; the
 *   followers elect a new one after the election timeout (1000 ms by default). Leadership is
 *   transferred only by a clean stop (EtcdServer.Stop).
 * - A cluster whose every node fails has no node to run a pod: nothing is rescheduled anywhere.
 * - Issue 16, reader6 B3, B4, B9, B15, B17, B18: sources cited per test in the block that names them.
 * - A failure is no action of the operator's: kured rebooting the same node, or an etcd learner
 *   joining (it does not vote, https://etcd.io/docs/v3.5/learning/design-learner/), are context;
 *   a verdict comes from what the failure does (scenario 42's Ceph arithmetic stays UNSAFE).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  r01: join(REAL_CLUSTERS, '01-sonobuoy-kind-1cp-2w.json'),
  r02: join(REAL_CLUSTERS, '02-sonobuoy-kind-1node-leases-2021.json'),
  r09: join(REAL_CLUSTERS, '09-shaaban-eks-2nodes-cluster-info-dump.json'),
  r10: join(REAL_CLUSTERS, '10-qovery-eks-v1.16-1node.json'),
  s01: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
  s05: join(SCENARIOS, '05-single-control-plane.json'),
  s42: join(SCENARIOS, '42-worker-rook-ceph-osd-down-blocking-pdb.json'),
  s44: join(SCENARIOS, '44-3cp-etcd-nospace-alarm-readyz-passes.json'),
  s45: join(SCENARIOS, '45-3cp-etcd-learner-joining.json'),
  s49: join(SCENARIOS, '49-worker-already-dead-kubelet-stopped-pods-terminating.json'),
  s14: join(SCENARIOS, '14-5cp-etcd-workers-short-of-capacity.json'),
  s51: join(SCENARIOS, '51-worker-kured-reboot-in-progress.json'),
});
afterAll(() => answers.close());

/** Sentences that promise the node lifecycle controller's work: NotReady after the grace period, evictions, replacements. */
const RECOVERY_EN =
  /marked NotReady after|it is marked NotReady\/Unknown and its pods|evicted by the taint manager|recreated elsewhere|until (?:it is|they are) rescheduled|while it is rescheduled|NotReady after \d+ s, pods evicted/;
const RECOVERY_KO =
  /초\(node-monitor grace period\) 후 NotReady\/Unknown으로 표시되고|taint manager가 파드 \d+개를 축출|다른 곳에 다시 만들어질 때까지|다시 스케줄될 때까지|초 후 NotReady, 그 후/;

describe('the only control plane lost: nothing is marked, evicted or rescheduled (r01, r02, s05)', () => {
  it.each([
    ['r01', 'kind-control-plane'],
    ['r02', 'kind-control-plane'],
    ['s05', 'eridani-cp'],
  ] as const)('%s %s, en and ko', async (cluster, node) => {
    const en = await answers.ask(cluster, `what if ${node} goes down`, 'en');
    expect(en).toMatch(/^\[UNSAFE\]/);
    expect(en).toMatch(
      new RegExp(`nothing marks it NotReady, takes its pods out of the Service endpoints or evicts them`),
    );
    expect(en).toMatch(new RegExp(`until ${node} is back`));
    expect(en).not.toMatch(RECOVERY_EN);
    // Nothing is done "first" about a failure: workloads are moved ahead of one (reader5 F14).
    expect(en).not.toMatch(/^\s*• Drain \S+ first/m);
    const ko = await answers.ask(cluster, `what if ${node} goes down`, 'ko');
    expect(ko).toMatch(
      /아무것도 그 노드를 NotReady로 표시하거나, 파드를 Service 엔드포인트에서 빼거나, 축출하지 않습니다/,
    );
    expect(ko).not.toMatch(RECOVERY_KO);
  });

  it('s05: cluster DNS on the only control plane is down until it is back, not rescheduled', async () => {
    const en = await answers.ask('s05', 'what if eridani-cp goes down', 'en');
    expect(en).toMatch(/in-cluster name resolution stops for every workload until eridani-cp is back/);
    const ko = await answers.ask('s05', 'what if eridani-cp goes down', 'ko');
    expect(ko).toMatch(
      /eridani-cp(?:이|가)? ?돌아올 때까지 모든 워크로드의 클러스터 내부 이름 해석이 멈추고/,
    );
  });
});

describe('etcd refuses writes (s44, NOSPACE): no NotReady, no endpoint removal, no eviction', () => {
  it.each(['en', 'ko'] as const)('%s', async (lang) => {
    const a = await answers.ask('s44', 'what if atlas-cp-1 goes down', lang);
    expect(a).not.toMatch(lang === 'en' ? RECOVERY_EN : RECOVERY_KO);
    expect(a).not.toMatch(/for up to 50 s|최대 50초 동안/);
    expect(a).toMatch(
      lang === 'en'
        ? /while etcd refuses writes \(NOSPACE alarm\), nothing marks it NotReady/
        : /etcd가 쓰기를 거부하는 동안\(NOSPACE 알람\) atlas-cp-1[이가]? ?사라지면, 아무것도/,
    );
  });
});

describe('the only node of a managed cluster (r10): every workload is down, nothing elsewhere', () => {
  const node = 'ip-10-0-105-29.us-east-2.compute.internal';
  it.each(['en', 'ko'] as const)('%s', async (lang) => {
    const a = await answers.ask('r10', `what if ${node} goes down`, lang);
    expect(a).toMatch(/^\[(?:UNSAFE|위험)\]/);
    expect(a).not.toMatch(
      /part of the cluster|클러스터 일부|the other nodes and their pods|다른 노드와 그 파드|recreated elsewhere/,
    );
    expect(a).toMatch(
      lang === 'en'
        ? /every workload of the cluster and all Service traffic/
        : /클러스터의 모든 워크로드와 모든 Service 트래픽/,
    );
  });
});

describe('every node of the cluster lost together (r09): nothing is rescheduled anywhere', () => {
  const nodes = 'ip-10-0-10-170.ec2.internal and ip-10-0-20-143.ec2.internal';
  it.each(['en', 'ko'] as const)('%s', async (lang) => {
    const a = await answers.ask('r09', `what if ${nodes} go down`, lang);
    expect(a).not.toMatch(
      /rescheduled and started elsewhere|다른 노드에서 다시 스케줄되어|on the other nodes|다른 노드에서 이미/,
    );
    expect(a).toMatch(
      lang === 'en'
        ? /every workload of the cluster: no node is left/
        : /클러스터의 모든 워크로드: 파드를 실행할 노드가 남지 않아/,
    );
  });
});

describe('a dead node is not said to keep working (s49)', () => {
  it.each(['en', 'ko'] as const)('%s: what if vega-wk-1 fails names the Ready nodes only', async (lang) => {
    const a = await answers.ask('s49', 'what if vega-wk-1 goes down', lang);
    expect(a).not.toMatch(/^\s*• (?:the other nodes and their pods|다른 노드와 그 파드)$/m);
    const keeps =
      /(?:the other Ready nodes and their pods|Ready인 다른 노드와 그 파드): ([^\n]*)/.exec(a)?.[1] ?? '';
    expect(keeps).toMatch(/vega-wk-3/);
    expect(keeps).not.toMatch(/vega-wk-2/);
  });

  it('the joint loss with the dead vega-wk-2 speaks of no drain', async () => {
    const a = await answers.ask('s49', 'what if vega-wk-1 and vega-wk-2 go down', 'en');
    expect(a).not.toMatch(/A drain of vega-wk-2 cannot complete|Do not wait on a drain/);
    expect(a).toMatch(
      /vega-wk-2 is already NotReady \(Ready=Unknown\): no kubelet confirms that its pods stopped/,
    );
  });
});

describe("a failure's verdict comes from its effects (s51, s45, s42)", () => {
  it('s51: kured rebooting cetus-wk-2 does not make its failure UNSAFE', async () => {
    const a = await answers.ask('s51', 'what if cetus-wk-2 goes down', 'en');
    expect(a).not.toMatch(/^\[UNSAFE\]/);
    expect(a).not.toMatch(/races with it\./);
  });
  it('s45: a learner joining does not make the loss of a voter UNSAFE (2 of 3 voters keep quorum 2)', async () => {
    const a = await answers.ask('s45', 'what if atlas-cp-2 goes down', 'en');
    expect(a).not.toMatch(/^\[UNSAFE\]/);
    expect(a).not.toMatch(/no etcd member should be taken down/);
  });
  it('s42: Ceph cannot lose another host: still UNSAFE', async () => {
    const a = await answers.ask('s42', 'what if hydra-wk-1 goes down', 'en');
    expect(a).toMatch(/^\[UNSAFE\]/);
  });
});

describe('dead nodes and whole-cluster drains said once and right (issue 16, reader6)', () => {
  // B3. Kubernetes docs, Force Delete StatefulSet Pods
  // (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/): a StatefulSet
  // pod on an unreachable node is not deleted by the control plane; it stays until the node is back
  // or it is deleted by hand. postgres has 2 replicas: postgres-0 on vega-wk-1 and postgres-1
  // Terminating on the dead vega-wk-2: losing vega-wk-1 leaves none, with no way back by itself.
  it.each(['en', 'ko'] as const)(
    '%s: s49 vega-wk-1 fails: postgres has no replica left: UNSAFE (B3)',
    async (lang) => {
      const a = await answers.ask('s49', 'what if vega-wk-1 goes down', lang);
      expect(a).toMatch(lang === 'en' ? /^\[UNSAFE\]/ : /^\[위험\]/);
      expect(a).toMatch(/postgres/);
    },
  );
  // B4. Real 09 has two nodes; drained (kubectl drain cordons first) or rebooted together, there is
  // no node for any evicted pod.
  it.each([
    ['drain', 'en'],
    ['reboot', 'ko'],
  ] as const)(
    'r09 %s of both nodes (%s): every workload down, nothing "on another node" (B4)',
    async (verb, lang) => {
      const a = await answers.ask(
        'r09',
        `${verb} ip-10-0-10-170.ec2.internal and ip-10-0-20-143.ec2.internal`,
        lang,
      );
      expect(a).not.toMatch(/on another node|elsewhere|다른 노드에서/);
      expect(a).toMatch(lang === 'en' ? /every workload/ : /모든 워크로드/);
    },
  );
  // B18. vega-wk-2 is dead and the control-plane nodes are tainted: with vega-wk-1 and vega-wk-3
  // lost, frontend has nowhere to run; a failure is not "taken" at once.
  it('s49 vega-wk-1 and vega-wk-3 fail: frontend not "rescheduled", no planned-work advice (B18)', async () => {
    const a = await answers.ask('s49', 'what if vega-wk-1 and vega-wk-3 fail', 'en');
    expect(a).not.toMatch(
      /frontend: downtime until rescheduled|fewer nodes at once|take their nodes one at a time/,
    );
    expect(a).toMatch(/frontend[^\n]*until room is made/);
  });
  // B17. 3 of 5 control-plane nodes stay up: the node lifecycle controller marks the lost nodes
  // NotReady and the taint manager evicts their pods after the NoExecute toleration
  // (https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions):
  // DNS is down until coredns runs elsewhere, one timeline; no drain.
  it.each(['en', 'ko'] as const)(
    '%s: s14 orion-cp-1 and orion-cp-2 fail: no drain, one DNS timeline (B17)',
    async (lang) => {
      const a = await answers.ask('s14', 'what if orion-cp-1 and orion-cp-2 fail', lang);
      expect(a).not.toMatch(/evicted by the drain|드레인으로 축출/);
      expect(a).not.toMatch(
        /name resolution fails cluster-wide until they are back|돌아올 때까지 클러스터 전체의 이름 해석/,
      );
      expect(a).toMatch(/NoExecute toleration/);
    },
  );
  // B9 / B15. kubectl drain waits for ever by default
  // (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/); a NotReady node's
  // kubelet reports nothing (https://kubernetes.io/docs/reference/node/node-status/#condition).
  it('s49 drain vega-wk-2: UNSAFE, and the NotReady node is not said to keep running (B9, B15)', async () => {
    const a = await answers.ask('s49', 'can I drain vega-wk-2', 'en');
    expect(a).toMatch(/^\[UNSAFE\]/);
    expect(a).not.toMatch(/the node itself: it keeps running|leaves them running there/);
  });
  it('r01 drain kind-worker and kind-worker2: NotReady kind-worker not said to keep running (B15)', async () => {
    const a = await answers.ask('r01', 'drain kind-worker and kind-worker2', 'en');
    expect(a).not.toMatch(/on kind-worker \([^)]*\) are not evicted: the drain leaves them running there/);
    expect(a).not.toMatch(/kind-worker and kind-worker2 \(drain leaves them\) and the nodes themselves/);
  });
});

describe('a failure is not told as planned work (s01)', () => {
  it.each(['en', 'ko'] as const)(
    '%s: the etcd leader fails: no clean shutdown, no "before the reboot", no 90 s',
    async (lang) => {
      const a = await answers.ask('s01', 'what if atlas-cp-1 goes down', lang);
      expect(a).not.toMatch(
        /clean shutdown|before the reboot|rebooted node|정상 종료 시|재부팅 전에|재부팅한 노드/,
      );
      expect(a).toMatch(
        lang === 'en'
          ? /a failed leader hands nothing over/
          : /장애가 난 리더는 리더 역할을 넘겨주지 못합니다/,
      );
    },
  );
  it('a worker lost with the control plane up: the timeline stands (s01 atlas-wk-1)', async () => {
    const a = await answers.ask('s01', 'what if atlas-wk-1 goes down', 'en');
    expect(a).toMatch(/If atlas-wk-1 is lost without a drain: after 50 s/);
    expect(a).toMatch(/atlas-wk-1 itself stays down until someone brings it back/);
  });
});
