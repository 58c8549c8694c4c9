/**
 * "What if" answers end to end on the scenario snapshots: the simulator serves each
 * file, the answer step reads it through @kubernetes/client-node, analyses the change and explains
 * it. For each request form: the verdict, the affected planes and the key facts; Korean requests
 * get Korean answers with the same verdicts; unknown components and nodes are named, not guessed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { type AnswerService, createAnswerService } from '../../src/answer/answer.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { kubeProxyMode } from '../../src/analysis/what-if/kube-proxy-mode.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import {
  apiUnreachable,
  apiserverAt,
  deriveScenario,
  kubeProxyConfigMap,
  kubeletAt,
} from '../helpers/what-if-fixtures.js';
import { kubeadmShapeError, suggestedCommands } from '../helpers/answer-invariants.js';

import { withDaemonSetCountsMatching } from '../helpers/daemonset-counts.js';
const DIR = join(process.cwd(), 'test/fixtures/scenarios');
const S = {
  healthy: '01-healthy-3cp-stacked-etcd.json',
  etcdDown: '02-3cp-one-etcd-member-down.json',
  single: '05-single-control-plane.json',
  untainted: '07-untainted-control-plane-with-workloads.json',
  pdb: '09-worker-pdb-minavailable-equals-replicas.json',
  leases: '12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json',
  managed: '13-managed-aks-like-no-control-plane-nodes.json',
};

let service: AnswerService;
beforeAll(async () => {
  const clusters: Record<string, BotConfig['clusters'][string]> = {};
  const add = (name: string, snapshot: string): void => {
    clusters[name] = { kind: 'snapshot', snapshot, requestTimeoutMs: 5000, deadlineMs: 20000 };
  };
  for (const [name, file] of Object.entries(S)) add(name, join(DIR, file));
  // Scenario 01 with DaemonSet counts that match the pods it lists (reader5 F27).
  add('healthySeen', withDaemonSetCountsMatching(join(DIR, S.healthy)));
  add('api-down', await deriveScenario(S.healthy, 'api-down', apiUnreachable));
  add('ipvs', await deriveScenario(S.healthy, 'ipvs', kubeProxyConfigMap('ipvs')));
  add(
    'ipvs-api-down',
    await deriveScenario(S.healthy, 'ipvs-api-down', kubeProxyConfigMap('ipvs'), apiUnreachable),
  );
  add(
    'mid-upgrade',
    await deriveScenario(
      S.healthy,
      'mid-upgrade',
      apiserverAt('atlas-cp-1', 'v1.34.0'),
      kubeletAt('atlas-cp-1', 'v1.34.0'),
    ),
  );
  add('kubelet-ahead', await deriveScenario(S.healthy, 'kubelet-ahead', kubeletAt('atlas-wk-2', 'v1.34.1')));
  service = createAnswerService({
    config: {
      source: 'test',
      clusters,
      defaultCluster: 'healthy',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    },
  });
});
afterAll(() => service.close());

async function ask(
  cluster: string,
  text: string,
  locale: 'en' | 'ko' = 'en',
): Promise<{ reply: Reply; text: string; planes: string[] }> {
  const reply = await service.answer({
    requestId: `wi-${cluster}`,
    text,
    cluster,
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  });
  const rendered = renderText(reply);
  // No text may fall back to its key or keep a placeholder.
  expect(rendered).not.toMatch(/whatIf\.|\{\{|checks\.[a-z-]+\.[a-z-]+/);
  return { reply, text: rendered, planes: reply.planes.filter((p) => p.affected).map((p) => p.plane) };
}

describe('component restarts', () => {
  it('kube-proxy on a worker with a healthy control plane: data plane only, safe, existing connections keep flowing', async () => {
    const { reply, text, planes } = await ask('healthy', 'what if kube-proxy restarts on atlas-wk-1');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['data']);
    expect(text).toContain('existing connections keep flowing');
    expect(text).toContain('Traffic would be interrupted if');
  });

  it('kube-proxy while the API server is unreachable: caution, naming the empty-rules risk', async () => {
    const { reply, text, planes } = await ask('api-down', 'what if kube-proxy restarts on atlas-wk-1');
    expect(reply.verdict).toBe('caution');
    expect(planes).toContain('data');
    expect(text).toContain('Empty-rules risk');
    expect(text).toContain('empty or stale rules');
    expect(text).toContain('Restore the API server first');
  });

  it('reads the kube-proxy mode from its ConfigMap (IPVS) and says how to check the rules', async () => {
    const { reply, text } = await ask('ipvs', 'what if kube-proxy restarts on atlas-wk-1');
    expect(reply.verdict).toBe('safe');
    expect(text).toContain('IPVS mode');
    expect(text).toContain('ipvsadm -Ln');
    const down = await ask('ipvs-api-down', 'what if kube-proxy restarts on atlas-wk-2');
    expect(down.reply.verdict).toBe('caution');
    expect(down.text).toContain('IPVS mode');
  });

  it('the kube-apiserver on one of three masters: control plane, safe, capacity 3 → 2', async () => {
    const { reply, text, planes } = await ask('healthy', 'can I restart the kube-apiserver on atlas-cp-1');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['control']);
    expect(text).toContain('API capacity drops from 3 to 2');
  });

  it('the only kube-apiserver: caution, every API call stops for the restart', async () => {
    const { reply, text } = await ask('single', 'can I restart the apiserver on eridani-cp');
    expect(reply.verdict).toBe('caution');
    expect(text).toContain('only one alive');
  });

  it('etcd on a member when another is down: unsafe, quorum would be lost', async () => {
    const { reply, text, planes } = await ask('etcdDown', 'restart etcd on borealis-cp-3');
    expect(reply.verdict).toBe('unsafe');
    expect(planes).toContain('control');
    expect(text).toContain('etcd quorum would be lost');
    const healthy = await ask('healthy', 'restart etcd on atlas-cp-2');
    expect(healthy.reply.verdict).not.toBe('unsafe');
    expect(healthy.text).toContain('rejoins and catches up');
  });

  it('etcd on a node that runs none names where it runs', async () => {
    const { reply, text } = await ask('healthy', 'restart etcd on atlas-wk-1');
    expect(reply.verdict).toBeNull();
    expect(text).toContain('etcd does not run on atlas-wk-1');
  });

  // The scenario runs v1.33: its node-monitor grace period is 50 s (40 s before v1.32, CHANGELOG-1.32).
  it('kubelet on a worker: data plane, safe, with the 50 s (v1.33) and 300 s timings', async () => {
    const { reply, text, planes } = await ask('healthy', 'restart kubelet on atlas-wk-1');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['data']);
    expect(text).toContain('does not stop running containers');
    expect(text).toMatch(/50 s/);
    expect(text).not.toMatch(/40 s/);
    expect(text).toMatch(/300 s/);
  });

  it('coredns with two replicas: data plane, safe, the other replica keeps answering', async () => {
    const { reply, text, planes } = await ask('healthy', 'restart coredns');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['data']);
    expect(text).toContain('the others keep answering');
  });

  // Issue 29: the answer names what stops for others from the add-on table's CoreDNS row
  // (src/analysis/addons-table.ts; https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/).
  it("'what if I restart coredns' names the add-on's consequence: DNS for every pod (en, ko)", async () => {
    const en = await ask('healthy', 'what if I restart coredns');
    expect(en.reply.verdict).toBe('safe');
    expect(en.text).toContain('in-cluster DNS names do not resolve for any pod');
    const ko = await ask('healthy', 'coredns 재시작하면 어떻게 돼?', 'ko');
    expect(ko.reply.verdict).toBe('safe');
    expect(ko.text).toContain('어느 파드에서도 클러스터 내부 DNS 이름이 해석되지 않습니다');
  });

  it('the scheduler on the node holding its leader Lease: failover within the lease duration', async () => {
    const { reply, text } = await ask('leases', 'restart the scheduler on norma-cp-1');
    expect(reply.verdict).toBe('safe');
    expect(text).toContain('holds the kube-scheduler leader Lease');
    expect(text).toMatch(/15 s/);
  });

  it('rolling update of kube-proxy: the DaemonSet strategy; unsafe when the API server is unreachable', async () => {
    const { reply, text, planes } = await ask('healthy', 'rolling update of kube-proxy');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['data']);
    expect(text).toContain('RollingUpdate, maxUnavailable 1');
    const down = await ask('api-down', 'rolling update of kube-proxy');
    expect(down.reply.verdict).toBe('unsafe');
    expect(down.text).toContain('Empty-rules risk on every node');
  });

  it('kube-proxy in a cluster that has none (CNI replacement) gets no verdict, and says why', async () => {
    const { reply, text } = await ask(
      'managed',
      'what if kube-proxy restarts on aks-user-40213377-vmss000001',
    );
    expect(reply.verdict).toBeNull();
    expect(text).toContain('kube-proxy is not deployed');
    expect(text).toContain('cilium');
  });

  it('a control-plane component of a managed cluster gets no verdict', async () => {
    const { reply, text } = await ask('managed', 'what if the scheduler is down');
    expect(reply.verdict).toBeNull();
    expect(text).toContain('run by your provider');
  });
});

describe('outages', () => {
  it('a master of three goes down: both planes, the timeline with 50 s (v1.33) and 300 s', async () => {
    const { reply, text, planes } = await ask('healthy', 'what if atlas-cp-2 goes down');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['control', 'data']);
    expect(text).toContain('after 50 s');
    expect(text).toContain('300 s');
    expect(text).toContain('PodDisruptionBudgets do not protect');
  });

  it('the only master goes down: unsafe', async () => {
    const { reply, text } = await ask('single', 'what if eridani-cp goes down');
    expect(reply.verdict).toBe('unsafe');
    expect(text).toContain('every API call and kubectl command');
  });

  it('all control-plane nodes go down: control plane, unsafe, what stops and what keeps running', async () => {
    const { reply, text, planes } = await ask('healthy', 'what if all control-plane nodes go down');
    expect(reply.verdict).toBe('unsafe');
    expect(planes).toContain('control');
    const control = reply.planes.find((p) => p.plane === 'control');
    expect(control?.stops.join('\n')).toContain('every API call');
    expect(control?.stops.join('\n')).toContain('scheduling of new pods');
    expect(control?.stops.join('\n')).toContain('self-healing');
    const data = reply.planes.find((p) => p.plane === 'data');
    expect(data?.keepsWorking.join('\n')).toContain('pods already running');
    expect(data?.keepsWorking.join('\n')).toContain('Service traffic to existing endpoints');
    expect(text).toContain('a backend pod dies while the API server is down');
    // In this cluster both CoreDNS replicas run on masters: DNS goes down with them.
    expect(text).toContain('cluster DNS would go down with them');
  });

  it('all control-plane nodes down with workloads on the masters names them', async () => {
    const { text } = await ask('untainted', 'what if the whole control plane goes down');
    expect(text).toContain('Workloads run on control-plane nodes');
    expect(text).toContain('storefront');
  });

  it('etcd loses quorum: control plane, unsafe, with quorum numbers', async () => {
    const { reply, text, planes } = await ask('healthy', 'what if etcd loses quorum');
    expect(reply.verdict).toBe('unsafe');
    expect(planes).toEqual(['control', 'data'].filter((p) => planes.includes(p)));
    expect(planes).toContain('control');
    expect(text).toContain(
      'etcd has 3 voting members: quorum is 2, 3 are healthy now; quorum is lost after 2 more member failures',
    );
    const degraded = await ask('etcdDown', 'what if etcd loses quorum');
    expect(degraded.text).toContain('quorum is lost after 1 more member failure');
  });

  it('the scheduler is down: control plane, caution, new pods stay Pending', async () => {
    const { reply, text, planes } = await ask('healthy', 'what if the scheduler is down');
    expect(reply.verdict).toBe('caution');
    expect(planes).toEqual(['control']);
    expect(text).toContain('stay Pending');
  });
});

/**
 * A component down on one node is a failure, not a restart (expected before the bot was run):
 * - a crashed etcd leader hands nothing over: the members left elect a new leader after the
 *   election timeout, 1000 ms by default (https://etcd.io/docs/v3.5/tuning/);
 * - a crashed kube-scheduler leader's Lease is taken by a standby only after it expires,
 *   --leader-elect-lease-duration 15 s by default
 *   (https://kubernetes.io/docs/reference/command-line-tools-reference/kube-scheduler/);
 * - the instance stays down until it is restarted (the kubelet restarts a static pod when its
 *   process exits or its liveness probe fails; a hung one that passes its probe is not).
 * Scenario 01: 3 healthy members, atlas-cp-1 is the etcd leader and holds the kube-scheduler Lease.
 * Scenario 02: borealis-cp-1's member is already down, borealis-cp-2 is the leader.
 */
describe('a component down on one node', () => {
  const noRestartClaims = (text: string): void => {
    expect(text).not.toMatch(/clean shutdown|hands leadership|restarts on|Restarting|for the restart/);
  };

  it('01: etcd down on the leader atlas-cp-1: caution, quorum kept with no spare, election after the timeout', async () => {
    for (const q of ['what if etcd is down on atlas-cp-1', 'what if etcd on atlas-cp-1 goes down']) {
      const { reply, text, planes } = await ask('healthy', q);
      expect(reply.verdict).toBe('caution');
      expect(planes).toContain('control');
      expect(text).toContain('What if etcd goes down on atlas-cp-1');
      expect(text).toContain('2 of 3 members stay healthy (quorum is 2)');
      expect(text).toContain('election timeout');
      expect(text).toContain('1000 ms');
      expect(text).toContain('until it is restarted');
      // kubeadm gives etcd a liveness probe: a hung member that fails it is restarted (reader3 2.2)
      // https://kubernetes.io/docs/concepts/configuration/liveness-readiness-startup-probes/
      expect(text).toContain('or its liveness probe fails');
      expect(text).not.toContain('only if the process exits');
      noRestartClaims(text);
    }
  });

  it('01: the scheduler down on atlas-cp-1 (the Lease holder): a standby takes the Lease after it expires', async () => {
    const { reply, text, planes } = await ask('healthy', 'what if the scheduler is down on atlas-cp-1');
    expect(reply.verdict).toBe('safe');
    expect(planes).toEqual(['control']);
    expect(text).toContain('What if kube-scheduler goes down on atlas-cp-1');
    expect(text).toContain('after the Lease expires');
    expect(text).toContain('15 s');
    expect(text).toContain('until it is restarted');
    noRestartClaims(text);
  });

  it('02: etcd down on borealis-cp-2 while borealis-cp-1 is down: unsafe, quorum lost', async () => {
    const { reply, text } = await ask('etcdDown', 'what if etcd is down on borealis-cp-2');
    expect(reply.verdict).toBe('unsafe');
    expect(text).toContain('What if etcd goes down on borealis-cp-2');
    expect(text).toContain('etcd quorum would be lost');
    expect(text).toContain('cannot elect a new one without quorum');
    expect(text).not.toContain('rebooting');
    noRestartClaims(text);
  });

  it('01: the API server down on atlas-cp-1: capacity 3 → 2 until it is restarted, no restart window', async () => {
    const { reply, text } = await ask('healthy', 'what happens if the kube-apiserver on atlas-cp-1 dies');
    expect(reply.verdict).toBe('safe');
    expect(text).toContain('What if kube-apiserver goes down on atlas-cp-1');
    expect(text).toContain('API capacity drops from 3 to 2');
    expect(text).toContain('until it is restarted');
    noRestartClaims(text);
  });

  it('a crash on a named node is a failure too', async () => {
    const { text } = await ask('healthy', 'what if etcd crashes on atlas-cp-1');
    expect(text).toContain('What if etcd goes down on atlas-cp-1');
    noRestartClaims(text);
  });

  it('kubelet down on one node gets a verdict: NotReady after the grace period of the version (v1.33: 50 s), evicted 300 s later', async () => {
    const { reply, text } = await ask('healthy', 'what if kubelet is down on atlas-wk-1');
    expect(reply.verdict).toBe('caution');
    expect(reply.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'component-down', variant: 'kubelet-node', severity: 'warn' }),
      ]),
    );
    expect(text).toMatch(/after 50 s .*atlas-wk-1 goes NotReady/);
    expect(text).toMatch(/300 s later its pods are evicted/);
    expect(text).not.toMatch(/I give no verdict/);
    const ko = await ask('healthy', 'what if kubelet is down on atlas-wk-1', 'ko');
    expect(ko.reply.verdict).toBe('caution');
    expect(ko.text).toContain('50초');
  });

  it('kube-proxy down on one node: its Service rules go stale; the CNI down: new pods there cannot start', async () => {
    const proxy = await ask('healthy', 'what if kube-proxy is down on atlas-wk-1');
    expect(proxy.reply.verdict).toBe('caution');
    expect(proxy.text).toMatch(/no longer updated/);
    const cni = await ask('healthy', 'what if the cni is down on atlas-wk-1');
    expect(cni.reply.verdict).toBe('caution');
    expect(cni.text).toMatch(/new pods scheduled to atlas-wk-1 get none and do not start/);
  });

  it('CoreDNS down on one node still gets no verdict, and what to ask instead', async () => {
    const { reply, text } = await ask('healthy', 'what if coredns is down on atlas-wk-1');
    expect(reply.verdict).toBeNull();
    expect(text).toContain('what if atlas-wk-1 goes down');
  });

  it('etcd down on a node that runs none names where it runs', async () => {
    const { reply, text } = await ask('healthy', 'what if etcd is down on atlas-wk-1');
    expect(reply.verdict).toBeNull();
    expect(text).toContain('etcd does not run on atlas-wk-1');
  });

  it('Korean: the same verdicts, failure wording', async () => {
    const healthy = await ask('healthy', 'atlas-cp-1의 etcd가 다운되면', 'ko');
    expect(healthy.reply.verdict).toBe('caution');
    expect(healthy.text).toContain('atlas-cp-1의 etcd가 다운되면');
    expect(healthy.text).toContain('1000 ms');
    expect(healthy.text).not.toMatch(/재시작 영향|정상 종료/);
    const lost = await ask('etcdDown', 'borealis-cp-2의 etcd가 다운되면', 'ko');
    expect(lost.reply.verdict).toBe('unsafe');
  });
});

describe('upgrades', () => {
  it('a master: the reboot verdict plus the order and the versions', async () => {
    const reboot = await ask('healthy', 'can I reboot atlas-cp-2');
    const { reply, text, planes } = await ask('healthy', 'can I upgrade atlas-cp-2');
    expect(reply.verdict).toBe(reboot.reply.verdict);
    expect(planes).toContain('control');
    expect(text).toContain('control-plane nodes one at a time');
    // One version, not a range with equal ends ("v1.33.1…v1.33.1", issue 16 reader4).
    expect(text).toContain('kube-apiserver v1.33.1 (image tags)');
    expect(text).toContain('kubeadm upgrade');
    // The first step runs kubeadm upgrade plan; the advice does not say it again.
    expect(text.split('kubeadm upgrade plan').length - 1).toBe(1);
    const ko = await ask('healthy', 'can I upgrade atlas-cp-2 --lang ko');
    expect(ko.text.split('kubeadm upgrade plan').length - 1).toBe(1);
  });

  it('skipping a minor version is refused', async () => {
    const { reply, text } = await ask('healthy', 'can I upgrade atlas-cp-2 to 1.35');
    expect(reply.verdict).toBe('unsafe');
    expect(text).toContain('skips a minor version');
  });

  // kubeadm takes a full version (`kubeadm upgrade apply v1.34.2`; "v1.34" is refused) and one minor
  // at a time (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/).
  it.each(['en', 'ko'] as const)(
    'kubeadm commands carry a full vX.Y.Z; a minor alone gets kubeadm upgrade plan; a skipped minor no apply (%s)',
    async (lang) => {
      const kubeadm = (text: string): string[] =>
        suggestedCommands(text).filter((c) => c.startsWith('kubeadm'));
      for (const asked of ['1.34', 'v1.34', '1.33', '1.35', '1.34.2']) {
        const { text } = await ask('healthy', `can I upgrade atlas-cp-2 to ${asked} --lang ${lang}`);
        // One mention of kubeadm upgrade plan: the first step that runs it is not repeated as advice.
        expect([asked, text.split('kubeadm upgrade plan').length - 1]).toEqual([asked, 1]);
        for (const cmd of kubeadm(text))
          expect([asked, cmd, kubeadmShapeError(cmd)]).toEqual([asked, cmd, null]);
        if (asked === '1.35') {
          expect(text).not.toContain('kubeadm upgrade apply');
          expect(text).toContain(
            'https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/',
          );
        } else if (asked === '1.34.2') {
          expect(text).toContain('kubeadm upgrade apply v1.34.2');
        } else {
          expect([asked, kubeadm(text)]).toEqual([asked, expect.arrayContaining(['kubeadm upgrade plan'])]);
          expect(text).not.toMatch(/kubeadm upgrade apply v/);
        }
      }
    },
  );

  // Issue 16 (reader4): kubeadm goes one minor at a time ("Skipping MINOR versions when upgrading is
  // unsupported", https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/); the
  // first control-plane node runs kubeadm upgrade apply, the others kubeadm upgrade node, and
  // kubeadm upgrade plan runs on a control-plane node, not on the worker asked about.
  it('no version asked: the target is the next minor only, in both languages', async () => {
    const en = await ask('healthy', 'can I upgrade atlas-cp-2');
    expect(en.text).toContain('atlas-cp-2 first, to a v1.34 patch release only');
    expect(en.text).not.toContain('the release you want');
    const ko = await ask('healthy', 'can I upgrade atlas-cp-2 --lang ko');
    expect(ko.text).toContain('다음 마이너인 v1.34 패치 릴리스까지만');
  });

  it('a worker answer names who runs upgrade apply and upgrade node, and where the plan runs', async () => {
    const en = await ask('healthy', 'can I upgrade atlas-wk-1');
    expect(en.text).toContain(
      'to a v1.34 patch release (the next minor only; listed by kubeadm upgrade plan): atlas-cp-1 with upgrade apply, then atlas-cp-2 and atlas-cp-3 with kubeadm upgrade node',
    );
    expect(en.text).not.toContain('Check the plan first: kubeadm upgrade plan.');
    expect(en.text).toContain('Check the plan first, on a control-plane node, not on atlas-wk-1');
    const ko = await ask('healthy', 'can I upgrade atlas-wk-1 --lang ko');
    expect(ko.text).toContain(
      'atlas-cp-1에서 upgrade apply, 그다음 atlas-cp-2, atlas-cp-3에서 kubeadm upgrade node',
    );
    expect(ko.text).toContain('atlas-wk-1이 아닌 컨트롤 플레인 노드에서');
  });

  // Issue 16 (reader4, s07): "move to the other nodes" and "they have nowhere else to run" in one sentence.
  it('every node a control plane: the drain advice does not say the workloads have nowhere else to run', async () => {
    const en = await ask('untainted', 'can I upgrade gemini-cp-1');
    expect(en.text).toContain('which are control-plane nodes too');
    expect(en.text).not.toContain('nowhere else to run');
    const ko = await ask('untainted', 'can I upgrade gemini-cp-1 --lang ko');
    expect(ko.text).toContain('다른 노드도 모두 컨트롤 플레인이니');
    expect(ko.text).not.toContain('다른 곳이 없으니');
  });

  it('a worker before the control plane is refused: kubelets must not be newer than the API server', async () => {
    const { reply, text, planes } = await ask('healthy', 'can I upgrade atlas-wk-1 to 1.34');
    expect(reply.verdict).toBe('unsafe');
    expect(planes).toEqual(['data']);
    expect(text).toContain('Upgrade the control plane to v1.34 first');
  });

  it('mid-upgrade: the next master follows kubeadm upgrade node; mixed versions are stated', async () => {
    const { text } = await ask('mid-upgrade', 'can I upgrade atlas-cp-2 to 1.34');
    expect(text).toContain('A control-plane upgrade is in progress');
    expect(text).toContain('kubeadm upgrade node');
  });

  it('a kubelet newer than the API servers is a version-skew warning', async () => {
    const { reply, text } = await ask('kubelet-ahead', 'can I upgrade atlas-wk-1');
    expect(reply.verdict).toBe('caution');
    expect(text).toContain('must never be newer than the API server');
  });
});

describe('drain alone', () => {
  it('a worker whose PDB allows no eviction: data plane, unsafe, without the reboot', async () => {
    const { reply, text, planes } = await ask('pdb', 'can I drain indus-wk-1');
    expect(reply.verdict).toBe('unsafe');
    expect(planes).toEqual(['data']);
    expect(text).toContain('PodDisruptionBudget');
    expect(text).not.toContain('typically about 90 s');
    expect(reply.title).toContain('Drain impact');
  });

  it('a healthy worker: safe, the node keeps running', async () => {
    // Scenario 01 lists no pod on atlas-wk-1 while kube-proxy and calico-node count 5 nodes: its
    // pods were not seen, so the drain is CAUTION (reader5 F27, DaemonSetStatus); the copy whose
    // DaemonSet counts match the pods it lists has atlas-wk-1 found empty.
    const unseen = await ask('healthy', 'can I drain atlas-wk-1');
    expect(unseen.reply.verdict).toBe('caution');
    expect(unseen.reply.findings.map((f) => f.variant)).toContain('daemonsets-unlisted');
    const { reply, text } = await ask('healthySeen', 'can I drain atlas-wk-1');
    expect(reply.verdict).toBe('safe');
    expect(text).toContain('the node itself: it keeps running');
  });

  it('a master: its static control-plane pods stay', async () => {
    const { text } = await ask('healthy', 'can I drain atlas-cp-2');
    expect(text).toContain('a drain does not evict them');
  });

  it('with the API server unreachable: unsafe, the drain needs it', async () => {
    const { reply, text } = await ask('api-down', 'can I drain atlas-wk-1');
    expect(reply.verdict).toBe('unsafe');
    expect(text).toContain('kubectl drain cannot cordon');
  });
});

describe('unknown components and nodes', () => {
  it('names the components it knows instead of guessing', async () => {
    const { reply, text } = await ask('healthy', 'what if foo-agent restarts on atlas-wk-1');
    expect(reply.verdict).toBeNull();
    expect(reply.kind).toBe('error');
    expect(text).toContain("I don't know component foo-agent; I can answer about: kube-apiserver, etcd");
  });

  it('suggests the closest node name', async () => {
    const { reply, text } = await ask('healthy', 'what if atlas-wk-9 goes down');
    expect(reply.verdict).toBeNull();
    expect(text).toContain('No node named atlas-wk-9');
    expect(text).toContain('did you mean atlas-wk-1');
  });
});

describe('Korean', () => {
  const cases: [group: string, cluster: string, ko: string, en: string][] = [
    [
      'component restart',
      'healthy',
      'atlas-wk-1에서 kube-proxy 재시작하면 어떻게 돼?',
      'what if kube-proxy restarts on atlas-wk-1',
    ],
    [
      'component restart, API down',
      'api-down',
      'atlas-wk-1에서 kube-proxy 재시작하면 어떻게 돼?',
      'what if kube-proxy restarts on atlas-wk-1',
    ],
    ['rolling update', 'healthy', 'kube-proxy 롤링 업데이트해도 돼?', 'rolling update of kube-proxy'],
    [
      'outage',
      'healthy',
      '컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?',
      'what if all control-plane nodes go down',
    ],
    ['outage, node', 'healthy', 'atlas-cp-2가 다운되면 어떻게 돼?', 'what if atlas-cp-2 goes down'],
    ['outage, etcd', 'healthy', 'etcd 쿼럼을 잃으면 어떻게 돼?', 'what if etcd loses quorum'],
    ['outage, component', 'healthy', '스케줄러가 다운되면?', 'what if the scheduler is down'],
    ['upgrade', 'healthy', 'atlas-cp-2 업그레이드해도 돼?', 'can I upgrade atlas-cp-2'],
    ['drain', 'pdb', 'indus-wk-1 드레인해도 돼?', 'can I drain indus-wk-1'],
  ];
  it.each(cases)('%s: Korean answer, same verdict and planes', async (_group, cluster, ko, en) => {
    const english = await ask(cluster, en);
    const korean = await ask(cluster, ko, 'en');
    expect(korean.reply.locale).toBe('ko');
    expect(korean.reply.verdict).toBe(english.reply.verdict);
    expect(korean.planes).toEqual(english.planes);
    expect(korean.text).toMatch(/[가-힣]/);
    expect(korean.text).not.toMatch(/\((이|은|을|으)\)(가|는|를|로)/);
  });

  it('the empty-rules risk is named in Korean', async () => {
    const { text } = await ask('api-down', 'atlas-wk-1에서 kube-proxy 재시작하면 어떻게 돼?');
    expect(text).toContain('빈 규칙 위험');
  });

  it('an unknown component in Korean', async () => {
    const { reply, text } = await ask('healthy', 'foo-agent 재시작해도 돼?');
    // a word the grammar does not know as a component is a node name to the reboot rules
    expect(reply.verdict).toBeNull();
    expect(text).toMatch(/[가-힣]/);
  });
});

describe('help', () => {
  it('lists every request form with an example in the user language', async () => {
    const en = await ask('healthy', 'help');
    for (const s of [
      'what if kube-proxy restarts on atlas-wk-1',
      'can I drain atlas-wk-1',
      'can I upgrade atlas-cp-2',
      'rolling update of kube-proxy',
      'what if all control-plane nodes go down',
      'what if etcd loses quorum',
      'what if the scheduler is down',
      'restart coredns',
    ]) {
      expect(en.text).toContain(s);
    }
    const ko = await ask('healthy', '도움말');
    for (const s of [
      'atlas-wk-1에서 kube-proxy 재시작하면 어떻게 돼?',
      'atlas-wk-1 드레인해도 돼?',
      'etcd 쿼럼을 잃으면',
      '스케줄러가 다운되면',
    ])
      expect(ko.text).toContain(s);
  });
});

describe('every form on every scenario', () => {
  const forms = (node: string, cp: string): string[] => [
    `what if kube-proxy restarts on ${node}`,
    `restart kubelet on ${node}`,
    `restart etcd on ${cp}`,
    `can I restart the kube-apiserver on ${cp}`,
    'restart coredns',
    'rolling update of kube-proxy',
    'rolling update of calico',
    `what if ${node} goes down`,
    'what if all control-plane nodes go down',
    'what if etcd loses quorum',
    'what if the controller manager is down',
    'what if kube-proxy is down',
    'what if coredns is down',
    `can I upgrade ${cp}`,
    `can I drain ${node}`,
  ];
  const targets: [cluster: string, node: string, cp: string][] = [
    ['healthy', 'atlas-wk-2', 'atlas-cp-3'],
    ['etcdDown', 'borealis-wk-1', 'borealis-cp-1'],
    ['single', 'eridani-wk-1', 'eridani-cp'],
    ['untainted', 'gemini-cp-2', 'gemini-cp-1'],
    ['managed', 'aks-user-40213377-vmss000000', 'aks-system-18822409-vmss000000'],
    ['api-down', 'atlas-wk-2', 'atlas-cp-1'],
  ];
  it.each(targets)(
    '%s: every form is answered in both languages without missing text',
    async (cluster, node, cp) => {
      for (const text of forms(node, cp)) {
        for (const lang of ['en', 'ko'] as const) {
          const { reply } = await ask(cluster, `${text} --lang ${lang}`);
          expect({
            text,
            lang,
            kind: reply.kind === 'error' && reply.verdict === null ? 'no-verdict' : 'ok',
            locale: reply.locale,
          }).toEqual({
            text,
            lang,
            kind: expect.any(String),
            locale: lang,
          });
        }
      }
    },
  );
});

describe('the kube-proxy ConfigMap in the snapshot', () => {
  it('is read with one get; 403 is kept apart from readErrors, so reboot verdicts do not change', async () => {
    const path = await deriveScenario(S.healthy, 'cm-read', kubeProxyConfigMap('nftables'));
    const file = await loadSnapshotFile(path);
    const sim = await startSimulator({ file });
    try {
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromString(sim.kubeconfig);
      const read = () => readSnapshot({ kubeConfig, cluster: 't', focusNode: 'atlas-cp-2', etcd: file.etcd });
      const ok = await read();
      expect(ok.kubeProxyConfig?.error).toBeNull();
      expect(kubeProxyMode(ok)).toEqual({
        mode: 'nftables',
        defaulted: false,
        unknownBecause: null,
        status: null,
      });
      expect(sim.requests.get('/api/v1/namespaces/kube-system/configmaps/kube-proxy')).toBe(1);

      sim.setFaults({ forbidden: ['configmaps'] });
      const denied = await read();
      expect(denied.kubeProxyConfig?.configMap).toBeNull();
      expect(denied.kubeProxyConfig?.error).toMatchObject({
        resource: 'configmaps',
        reason: 'forbidden',
        status: 403,
      });
      expect(kubeProxyMode(denied)).toMatchObject({ mode: null, unknownBecause: 'unreadable', status: 403 });
      expect(denied.readErrors).toEqual([]);
      const now = new Date();
      expect(analyzeRebootImpact(denied, 'atlas-cp-2', now).verdict).toBe(
        analyzeRebootImpact(ok, 'atlas-cp-2', now).verdict,
      );
    } finally {
      await sim.close();
    }
  });

  it('an absent ConfigMap (404) is no error; an empty mode means iptables', async () => {
    const sim = await startSimulator({ file: await loadSnapshotFile(join(DIR, S.healthy)) });
    try {
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromString(sim.kubeconfig);
      const snap = await readSnapshot({ kubeConfig, cluster: 't', focusNode: null });
      expect(snap.kubeProxyConfig).toEqual({ configMap: null, error: null });
      expect(kubeProxyMode(snap).unknownBecause).toBe('absent');
    } finally {
      await sim.close();
    }
    const defaulted = await loadSnapshotFile(
      await deriveScenario(S.healthy, 'cm-empty', kubeProxyConfigMap('')),
    );
    const sim2 = await startSimulator({ file: defaulted });
    try {
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromString(sim2.kubeconfig);
      const snap = await readSnapshot({ kubeConfig, cluster: 't', focusNode: null });
      expect(kubeProxyMode(snap)).toMatchObject({ mode: 'iptables', defaulted: true });
    } finally {
      await sim2.close();
    }
  });
});
