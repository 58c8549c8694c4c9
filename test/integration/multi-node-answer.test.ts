/**
 * Several nodes in one question, on the answer path (simulator → client-node → analysis
 * → explanation): the joint verdict for "together", the rolling plan for "one by one", both in
 * `--format json`. Short names, typos and groups are resolved by the worker against the live
 * node list. Expected values are the hand-computed ones of test/unit/multi-node-analysis.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AnswerService, createAnswerService } from '../../src/answer/answer.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { toJsonOutput } from '../../adapters/console/console-adapter.js';
import { withDaemonSetCountsMatching } from '../helpers/daemonset-counts.js';

const DIR = join(process.cwd(), 'test/fixtures/scenarios');

/**
 * The demo cluster (examples/ha-3cp.json) with atlas-wk-2 cordoned (`spec.unschedulable`), written
 * to a temporary file: the issue 28 new user's cluster.
 * @returns the file's path
 */
function demoWithWk2Cordoned(): string {
  const file = join(process.cwd(), 'examples/ha-3cp.json');
  const doc = JSON.parse(readFileSync(file, 'utf8')) as {
    cluster: { items: { kind: string; metadata: { name: string }; spec?: Record<string, unknown> }[] };
  };
  const wk2 = doc.cluster.items.find((i) => i.kind === 'Node' && i.metadata.name === 'atlas-wk-2');
  if (wk2 === undefined) throw new Error('examples/ha-3cp.json has no atlas-wk-2');
  wk2.spec = { ...wk2.spec, unschedulable: true };
  const out = join(mkdtempSync(join(tmpdir(), 'ha-3cp-cordoned-')), 'ha-3cp.json');
  writeFileSync(out, JSON.stringify(doc));
  return out;
}

let service: AnswerService;
beforeAll(() => {
  service = createAnswerService({
    config: {
      source: 'test',
      clusters: {
        atlas: {
          kind: 'snapshot',
          snapshot: join(DIR, '01-healthy-3cp-stacked-etcd.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        aks: {
          kind: 'snapshot',
          snapshot: join(DIR, '13-managed-aks-like-no-control-plane-nodes.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        // Scenarios 01 and 13 with DaemonSet counts that match the pods they list: their workers
        // without a listed pod are found empty, not unseen (reader5 F27; test/helpers/daemonset-counts.ts).
        atlasSeen: {
          kind: 'snapshot',
          snapshot: withDaemonSetCountsMatching(join(DIR, '01-healthy-3cp-stacked-etcd.json')),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        aksSeen: {
          kind: 'snapshot',
          snapshot: withDaemonSetCountsMatching(join(DIR, '13-managed-aks-like-no-control-plane-nodes.json')),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        demo: {
          kind: 'snapshot',
          snapshot: join(process.cwd(), 'examples/ha-3cp.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        demoCordoned: {
          kind: 'snapshot',
          snapshot: demoWithWk2Cordoned(),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        orion: {
          kind: 'snapshot',
          snapshot: join(DIR, '14-5cp-etcd-workers-short-of-capacity.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        nospace: {
          kind: 'snapshot',
          snapshot: join(DIR, '44-3cp-etcd-nospace-alarm-readyz-passes.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
        kvip: {
          kind: 'snapshot',
          snapshot: join(DIR, '46-3cp-kube-vip-holder-reboot.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'atlas',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    },
  });
});
afterAll(() => service.close());

async function ask(
  text: string,
  cluster = 'atlas',
  locale: 'en' | 'ko' = 'en',
): Promise<{ reply: Reply; text: string }> {
  const reply = await service.answer({
    requestId: 'multi-1',
    text,
    cluster,
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  });
  return { reply, text: renderText(reply) };
}

describe('"what if A and B go down" is said as a loss, not an action (reader3 2.5, 4.1)', () => {
  it('no PodDisruptionBudget in the reason of a safe loss (budgets cover evictions only), and Korean says 다운되어도, not 장애해도', async () => {
    // Scenario 01 itself counts kube-proxy and calico-node on all 5 nodes and lists none on these
    // workers: their pods were not seen, so the loss is CAUTION (reader5 F27, DaemonSetStatus).
    const unseen = await ask('what if atlas-wk-1 and atlas-wk-2 go down');
    expect(unseen.reply.verdict).toBe('caution');
    expect(unseen.reply.summary).toMatch(/^Possible with care to lose atlas-wk-1 and atlas-wk-2 together: /);
    const en = await ask('what if atlas-wk-1 and atlas-wk-2 go down', 'atlasSeen');
    expect(en.reply.verdict).toBe('safe');
    expect(en.reply.summary).toMatch(/^Safe to lose atlas-wk-1 and atlas-wk-2 together: /);
    expect(en.reply.summary).not.toContain('PodDisruptionBudget');
    const ko = await ask('atlas-wk-1이랑 atlas-wk-2가 동시에 다운되면?', 'atlasSeen', 'ko');
    expect(ko.reply.summary).toContain('동시에 다운되어도 안전합니다');
    expect(ko.reply.summary).not.toMatch(/장애(해|하|할)/);
  });
});

describe('an affected plane of a joint answer says what stops (issue 16, one model per plane)', () => {
  it('orion-cp-1 and orion-cp-2 of 5 (quorum kept): the etcd members, the API servers and the leader failover stop, in both languages', async () => {
    const en = (await ask('can we reboot orion-cp-1 and orion-cp-2', 'orion')).reply;
    const control = en.planes.find((p) => p.plane === 'control');
    expect(control?.affected).toBe(true);
    expect(control?.stops).toEqual(
      expect.arrayContaining([
        'the etcd members on orion-cp-1 and orion-cp-2: 3 of 5 voting members remain (quorum 3); no further failure is tolerated until they are back',
        'the API servers on orion-cp-1 and orion-cp-2: API capacity drops from 5 to 3',
      ]),
    );
    expect(en.planes.find((p) => p.plane === 'data')?.stops).toEqual(
      expect.arrayContaining([
        'kubelet, kube-proxy and the CNI on orion-cp-1 and orion-cp-2 until they are back (typically about 90 s each)',
      ]),
    );
    const ko = (await ask('orion-cp-1 이랑 orion-cp-2 재부팅해도 돼?', 'orion', 'ko')).reply;
    expect(ko.planes.find((p) => p.plane === 'control')?.stops).toEqual(
      expect.arrayContaining([
        expect.stringContaining('orion-cp-1, orion-cp-2의 etcd 멤버: 투표 멤버 5대 중 3대가 남음'),
      ]),
    );
    expect(ko.planes.find((p) => p.plane === 'data')?.stops.length).toBeGreaterThan(0);
  });

  it('one control-plane node and a worker with the VIP holder among them: one member, one API server, the VIP move', async () => {
    const { reply } = await ask('can we reboot atlas-cp-2 and atlas-wk-1', 'kvip');
    const control = reply.planes.find((p) => p.plane === 'control');
    expect(control?.stops[0]).toMatch(
      /^the etcd member on atlas-cp-2: 2 of 3 voting members remain \(quorum 2\); no further failure is tolerated until it is back$/,
    );
    expect(control?.stops).toContain('the API server on atlas-cp-2: API capacity drops from 3 to 2');
    expect(control?.stops.some((s) => s.startsWith('the control-plane VIP on atlas-cp-2'))).toBe(true);
    // Clients that use the VIP are interrupted: only those that reach the others directly keep working.
    expect(control?.keepsWorking.some((k) => k.includes('not through the VIP'))).toBe(true);
  });
});

describe('several nodes in one question, through the answer path', () => {
  it('"can I reboot atlas-cp-1 and atlas-cp-2": together is unsafe (etcd keeps 1 of 3, quorum 2)', async () => {
    const { reply, text } = await ask('can I reboot atlas-cp-1 and atlas-cp-2');
    expect(reply.verdict).toBe('unsafe');
    expect(reply.summary).toContain('etcd quorum lost');
    expect(reply.summary).toContain('1 of 3 voting members');
    expect(reply.multiNode?.joint.verdict).toBe('unsafe');
    // The same analysis gives the rolling order: the etcd leader (atlas-cp-1) last.
    expect(reply.multiNode?.plan.batches).toEqual([['atlas-cp-2'], ['atlas-cp-1']]);
    expect(text).toContain('atlas-cp-1 alone: CAUTION');
    expect(text).toContain('one by one');
  });

  it('"in what order should I reboot the masters?": one at a time, the etcd leader last, the riskiest step named', async () => {
    const { reply, text } = await ask('in what order should I reboot the masters?');
    expect(reply.title).toContain('one by one');
    expect(reply.verdict).toBe('caution');
    expect(reply.multiNode?.plan.order).toEqual(['atlas-cp-2', 'atlas-cp-3', 'atlas-cp-1']);
    expect(reply.multiNode?.plan.riskiestStep).toBe(3);
    expect(reply.summary).toContain('The riskiest step is step 3 (atlas-cp-1)');
    expect(text).toContain('the etcd leader (atlas-cp-1) last');
    expect(text).toContain('its etcd member atlas-cp-2 healthy');
  });

  it('short names are resolved by the worker: "can we reboot wk-1 and wk-2"', async () => {
    const { reply } = await ask('can we reboot wk-1 and wk-2');
    expect(reply.multiNode?.nodes).toEqual(['atlas-wk-1', 'atlas-wk-2']);
  });

  it('a zone group on a cluster that labels zones', async () => {
    const { reply } = await ask('can I reboot the nodes in zone westeurope-1', 'aks');
    expect(reply.multiNode?.nodes).toEqual([
      'aks-system-18822409-vmss000000',
      'aks-user-40213377-vmss000000',
    ]);
  });

  it('an empty group says so and lists the nodes', async () => {
    const { reply } = await ask('can I reboot all the masters', 'aks');
    expect(reply.kind).toBe('error');
    expect(reply.summary).toContain('aks-user-40213377-vmss000001');
  });

  it('answers in Korean', async () => {
    const { reply, text } = await ask('atlas-cp-1이랑 atlas-cp-2 재부팅해도 돼?', 'atlas', 'ko');
    expect(reply.verdict).toBe('unsafe');
    expect(reply.summary).toContain('etcd 쿼럼 상실');
    expect(text).toContain('atlas-cp-1 단독:');
  });

  it('a single short name is resolved for a single-node answer: "can I reboot wk-2"', async () => {
    const { reply } = await ask('can I reboot wk-2');
    expect(reply.summary).toContain('atlas-wk-2');
    expect(reply.verdict).not.toBeNull();
  });

  it('what-if for several nodes uses the joint analysis: "what if I lose atlas-cp-1 and atlas-cp-2"', async () => {
    const { reply } = await ask('what if I lose atlas-cp-1 and atlas-cp-2', 'demo');
    expect(reply.verdict).toBe('unsafe');
    expect(reply.multiNode?.action).toBe('node-down');
    expect(reply.findings.find((f) => f.check === 'etcd-quorum-after')?.variant).toBe('joint-lost');
  });

  it('the demo workers together: the storefront budget cannot recover (no room left), one by one is possible', async () => {
    const together = await ask('can I reboot atlas-wk-1 and atlas-wk-2', 'demo');
    expect(together.reply.verdict).toBe('unsafe');
    expect(together.text).toContain(
      'PodDisruptionBudget shop/storefront: together these nodes need 3 evictions, it allows 1',
    );
    const rolling = await ask('reboot atlas-wk-1 and atlas-wk-2 one by one', 'demo');
    expect(rolling.reply.verdict).toBe('caution');
    expect(rolling.reply.multiNode?.plan.batches).toEqual([['atlas-wk-1'], ['atlas-wk-2']]);
    expect(rolling.text).toContain('PodDisruptionBudget shop/storefront allowing 1 disruption again');
  });

  it('a cluster short of capacity (scenario 14): two workers together leave pods Pending; the workers one by one are safe', async () => {
    const together = await ask('can I reboot orion-wk-1 and orion-wk-2', 'orion');
    expect(together.reply.verdict).toBe('caution');
    expect(together.reply.summary).toContain('2 of the 4 evicted pods fit on no remaining node');
    const rolling = await ask('reboot all the workers one by one', 'orion');
    expect(rolling.reply.verdict).toBe('safe');
    expect(rolling.reply.multiNode?.plan.batches).toEqual([['orion-wk-1'], ['orion-wk-2'], ['orion-wk-3']]);
  });

  it('a 5-member etcd (scenario 14): two control-plane nodes together keep quorum with no spare; three lose it', async () => {
    const two = await ask('can I reboot orion-cp-2 and orion-cp-5', 'orion');
    expect(two.reply.verdict).toBe('safe');
    expect(two.text).toContain('3 of 5 voting members stay healthy, exactly the quorum of 3');
    const three = await ask('can I reboot orion-cp-1, orion-cp-2 and orion-cp-5', 'orion');
    expect(three.reply.verdict).toBe('unsafe');
  });

  it('--format json carries the joint verdict and the plan (order, batches)', async () => {
    const { reply } = await ask('can I reboot atlas-cp-1 and atlas-cp-2');
    const json = JSON.parse(JSON.stringify(toJsonOutput(reply))) as {
      verdict: string;
      multiNode: { joint: { verdict: string }; plan: { order: string[]; batches: string[][] } };
    };
    expect(json.verdict).toBe('unsafe');
    expect(json.multiNode.joint.verdict).toBe('unsafe');
    expect(json.multiNode.plan.order).toEqual(['atlas-cp-2', 'atlas-cp-1']);
    expect(json.multiNode.plan.batches).toEqual([['atlas-cp-2'], ['atlas-cp-1']]);
  });

  // Scenario 46: three stacked-etcd control-plane nodes (kube-vip VIP held by atlas-cp-2), two
  // workers, coredns with its 2 replicas on atlas-cp-1 and atlas-cp-2, no PodDisruptionBudget.
  // Expected, written from the Kubernetes docs before the fix: `kubectl drain` evicts pods through
  // the Eviction API and ignores mirror (static) pods and DaemonSet pods
  // (https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/,
  // https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/): etcd, kube-apiserver,
  // the leaders and kube-vip keep running on drained nodes, so a joint drain loses no etcd member,
  // no API server, no Lease and no VIP. It evicts both coredns replicas; with no
  // PodDisruptionBudget nothing holds the second eviction until the first replacement is Ready,
  // so cluster DNS stops until they are rescheduled (the project's rule for every DNS replica
  // evicted together: unsafe), and atlas-cp-3 and the workers have room for them.
  it('"drain atlas-cp-1 and atlas-cp-2" (scenario 46): no etcd member or API server stops; both coredns replicas are evicted together', async () => {
    for (const locale of ['en', 'ko'] as const) {
      const { reply, text } = await ask('drain atlas-cp-1 and atlas-cp-2', 'kvip', locale);
      expect(reply.multiNode?.action).toBe('drain');
      expect(reply.verdict).toBe('unsafe');
      expect(reply.summary).toContain('coredns');
      const checks = reply.findings.map((f) => f.check);
      for (const c of [
        'etcd-quorum-after',
        'etcd-leader',
        'control-plane-count',
        'apiserver-redundancy',
        'leader-scheduler',
        'leader-controller-manager',
        'control-plane-endpoint',
      ])
        expect(checks).not.toContain(c);
      expect(reply.findings).toContainEqual(
        expect.objectContaining({ check: 'single-replica', variant: 'joint-dns-all-here-evicted' }),
      );
      expect(reply.findings).toContainEqual(
        expect.objectContaining({ check: 'capacity', variant: 'joint-fits' }),
      );
      // Each drain alone is the single-drain answer (safe: a drain takes no member down).
      expect(reply.multiNode?.joint.verdict).toBe('unsafe');
      if (locale === 'en') {
        expect(text).not.toMatch(/quorum|etcd refuses writes|every API call|VIP/);
        expect(text).toContain('atlas-cp-1 alone: SAFE');
        expect(text).toContain('The remaining nodes have room for the 2 evicted pods.');
        // One model of CoreDNS in a joint drain (issue 16, v3b): no PodDisruptionBudget in the file,
        // so the drains evict both replicas and the Deployment recreates them on the workers
        // (https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/): resolution fails
        // until one is Ready there, not until the drained nodes (which keep running) are "back".
        expect(text).toMatch(
          /name resolution fails cluster-wide until one is rescheduled and Ready on another node/,
        );
        expect(text).not.toMatch(/fails cluster-wide until (?:they are|it is) back/);
      } else expect(text).not.toMatch(/쿼럼|VIP/);
    }
  });

  it('"reboot atlas-cp-1 and atlas-cp-2" (scenario 46): the drains evict the pods while quorum still holds, then quorum is lost', async () => {
    for (const action of ['reboot', 'upgrade'] as const) {
      const { reply, text } = await ask(`can I ${action} atlas-cp-1 and atlas-cp-2`, 'kvip');
      expect(reply.verdict).toBe('unsafe');
      expect(reply.summary).toContain('etcd quorum lost');
      expect(text).toContain(
        'The add-on pod on atlas-cp-1 (kube-system/coredns-jjk48vcnb2-rsmdk) is evicted by the drain before the nodes go down, while quorum still holds, and rescheduled.',
      );
      expect(text).not.toContain('cannot be evicted while etcd refuses writes');
      expect(text).not.toContain('not rescheduled while quorum is lost');
      expect(text).toContain('while quorum still holds');
    }
    const ko = await ask('can I reboot atlas-cp-1 and atlas-cp-2', 'kvip', 'ko');
    expect(ko.text).toContain('쿼럼이 유지되는 동안');
    expect(ko.text).not.toContain('etcd가 쓰기를 거부하는 동안 축출할 수 없습니다');
  });

  // Issue 16 (reader3): a managed cluster's joint answer said "etcd keeps its quorum" though its
  // etcd is the provider's and not observable (scenario 13); workers only take no member down.
  it('the safe reason says of etcd only what was computed: managed (scenario 13), workers only (scenario 01)', async () => {
    const nodes = 'aks-user-40213377-vmss000001 and aks-user-40213377-vmss000002';
    for (const q of [`can we reboot ${nodes}`, `can I drain ${nodes}`, `what if ${nodes} go down`]) {
      // The file itself lists no pod on vmss000002 while cilium counts 4 nodes (reader5 F27): CAUTION.
      expect((await ask(q, 'aks')).reply.verdict).toBe('caution');
      const { reply } = await ask(q, 'aksSeen');
      expect(reply.verdict).toBe('safe');
      expect(reply.summary).not.toMatch(/etcd keeps its quorum/);
      expect(reply.summary).toContain('not observable');
    }
    const ko = await ask(
      `aks-user-40213377-vmss000001 이랑 aks-user-40213377-vmss000002 재부팅해도 돼?`,
      'aksSeen',
      'ko',
    );
    expect(ko.reply.summary).not.toMatch(/etcd 쿼럼이 유지되고/);
    expect(ko.reply.summary).toContain('판단하지 않았고');
    const workers = await ask('can we reboot atlas-wk-1 and atlas-wk-2', 'atlasSeen');
    expect(workers.reply.verdict).toBe('safe');
    expect(workers.reply.summary).toContain(
      'no etcd member or control-plane component on these nodes goes down',
    );
  });

  it('"what if I lose atlas-cp-1 and atlas-cp-2" (scenario 46): no drain, quorum lost, so nothing is rescheduled', async () => {
    const { reply, text } = await ask('what if I lose atlas-cp-1 and atlas-cp-2', 'kvip');
    expect(reply.multiNode?.action).toBe('node-down');
    expect(reply.verdict).toBe('unsafe');
    expect(text).toContain('not rescheduled while quorum is lost');
    expect(text).not.toContain('while quorum still holds');
  });

  // Scenario 44: etcd NOSPACE alarm (etcd accepts only reads and deletes,
  // https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota): every eviction is a write, so a
  // drain fails and the drained nodes, which stay up, keep their pods running. Nothing is evicted:
  // no DNS replica goes down, and no sentence says the pods stop with the nodes.
  it('"drain atlas-cp-1 and atlas-cp-2" with etcd refusing writes (scenario 44): the drain fails, the pods keep running', async () => {
    for (const locale of ['en', 'ko'] as const) {
      const { reply, text } = await ask('drain atlas-cp-1 and atlas-cp-2', 'nospace', locale);
      expect(reply.verdict).toBe('unsafe');
      expect(reply.findings).toContainEqual(expect.objectContaining({ check: 'etcd-alarms' }));
      expect(reply.findings.find((f) => f.check === 'capacity')?.variant).toBe('joint-writes-blocked-drain');
      expect(reply.findings.map((f) => f.check)).not.toContain('single-replica');
      if (locale === 'en') {
        expect(text).toContain('it fails, and they keep running where they are');
        expect(text).not.toMatch(/stops? with the nodes?|name resolution fails|quorum/);
      } else expect(text).not.toMatch(/노드와 함께 멈추|쿼럼/);
    }
  });
});

describe("the new user's contradictions (issue 28): one count of evicted and Pending pods per answer", () => {
  const numbers = (text: string, re: RegExp): number[] =>
    [...text.matchAll(re)].map((m) => (m[1] === 'one' || m[1] === undefined ? 1 : Number(m[1])));

  it('atlas-wk-2 cordoned, "can I reboot atlas-wk-1": no "only node" on a 5-node cluster, the Pending pods counted once', async () => {
    const { reply, text } = await ask('can I reboot atlas-wk-1', 'demoCordoned');
    expect(reply.verdict).toBe('unsafe');
    // 5 nodes: atlas-wk-1 is not the only one; the others are cordoned (atlas-wk-2) or tainted (the masters).
    expect(text).not.toMatch(/only node/);
    // shop/storefront-…-5pztx (the budget allows 1) and shop/cart-cache are evicted and fit nowhere.
    expect(text).toContain('The drain evicts 2 pods (2 Pending for lack of room elsewhere)');
    const data = reply.planes.find((p) => p.plane === 'data');
    expect(data?.stops).toContain(
      '2 pods evicted from atlas-wk-1: no other node can take them, so they stay Pending until room is made or atlas-wk-1 is back and uncordoned',
    );
    // cart-cache fits on no other node: it is not said to be rescheduled and started elsewhere.
    expect(text).not.toMatch(/cart-cache[^\n]*rescheduled and started elsewhere/);
    expect(data?.stops).toContain(
      'cart-cache: down until room is made on another node or atlas-wk-1 is back and uncordoned',
    );
  });

  it.each(['can I reboot all the workers', 'can we reboot atlas-wk-1 and atlas-wk-2'])(
    '"%s": the evicted count, the Pending count and "started again" agree across sentences',
    async (question) => {
      const { reply, text } = await ask(question, 'demo');
      expect(reply.verdict).toBe('unsafe');
      // Hand-computed: PodDisruptionBudget shop/storefront allows 1 of its 3 pods on the workers, so
      // the drains evict shop/storefront-…-5pztx (the first by name) and shop/cart-cache; neither
      // fits on a remaining node (the masters are tainted NoSchedule): both stay Pending, the budget
      // never recovers, the other 2 storefront pods are refused (HTTP 429) and keep running.
      const evicts = numbers(text, /The drains? evicts? (\d+) pods/g);
      const noneFit = numbers(text, /None of the (\d+) evicted pods fits/g);
      expect(evicts).toEqual([2]);
      expect(noneFit.every((n) => n === 2)).toBe(true);
      expect(text).not.toMatch(/started again on other nodes?/);
      expect(text).toContain('The drain evicts 2 pods (2 Pending for lack of room elsewhere)');
      const capacity = reply.findings.find((f) => f.check === 'capacity');
      const estimate = reply.findings.find((f) => f.check === 'grace-period' && f.variant === 'estimate');
      expect(capacity?.facts.evictable).toBe(2);
      expect(estimate?.facts).toMatchObject({ count: 2, evicted: 2, recreated: 0, stranded: 2, refused: 2 });
    },
  );
});
