/**
 * Issue 30, item 3: a pasted command is a question about that command, answered through the console
 * path (intake → worker answer) from the same drain model the plain question uses.
 *
 * The cluster is the demo cluster (examples/ha-3cp.json) with one bare pod added on atlas-wk-1,
 * `default/debug-shell`, as `kubectl run debug-shell --image=busybox` makes one (no ownerReferences).
 * Expected before the bot was run, from the kubectl drain reference
 * (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/: "If there are pods not
 * managed by a ReplicationController, ReplicaSet, Job, DaemonSet or StatefulSet, then drain will not
 * delete any pods unless you use --force. --force will also allow deletion to proceed if the managing
 * resource of one or more pods is missing") and k8s.io/kubectl/pkg/drain/filters.go:
 * - `kubectl drain atlas-wk-1 --force --ignore-daemonsets --delete-emptydir-data`: the bare pod
 *   default/debug-shell is deleted for good; the emptyDir `cache` of shop/cart-cache-… is deleted;
 * - without `--force`: the drain stops before evicting anything, refusing default/debug-shell (needs --force);
 * - `--disable-eviction`: the PodDisruptionBudget shop/storefront is not checked.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { testBotConfig } from '../helpers/test-bot-config.js';
import { renderText } from '../../src/explain/render-text.js';
import type { Reply } from '../../src/explain/reply.js';
import { answerViolations } from '../helpers/answer-invariants.js';
import { FIRST_SCREEN_LIMITS, firstScreenLines, splitReply } from '../../src/explain/first-screen.js';
import { translator } from '../../src/explain/i18n.js';

const demo = JSON.parse(readFileSync(join(process.cwd(), 'examples/ha-3cp.json'), 'utf8')) as {
  cluster: { items: Record<string, unknown>[] };
};
const wk1Pod = demo.cluster.items.find(
  (i) => i.kind === 'Pod' && (i.spec as { nodeName?: string }).nodeName === 'atlas-wk-1',
) as { status: unknown };
demo.cluster.items.push({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'debug-shell', namespace: 'default', uid: 'b1a2e000-0000-4000-8000-00000000d5b1' },
  spec: { nodeName: 'atlas-wk-1', containers: [{ name: 'debug-shell', image: 'busybox' }] },
  status: wk1Pod.status,
});
const dir = mkdtempSync(join(tmpdir(), 'pasted-'));
const snapshot = join(dir, 'bare-pod.json');
writeFileSync(snapshot, JSON.stringify(demo));
/** An answer service over a snapshot file, closed after the tests; `ask` goes through the console path. */
function asker(file: string): (text: string) => Promise<{
  text: string;
  intent: string | undefined;
  nodes: string[];
  mode: string | undefined;
  reply: Reply;
}> {
  const config = testBotConfig('', { snapshot: file, clusters: ['demo'] });
  const service = createAnswerService({ config });
  afterAll(() => service.close());
  return async (text) => {
    const outcome = await handleConsoleRequest({ text }, config, (job) => service.answer(job));
    return {
      text: renderText(outcome.reply),
      intent: outcome.request?.intent,
      nodes: outcome.request?.nodes ?? [],
      mode: outcome.request?.mode,
      reply: outcome.reply,
    };
  };
}
const ask = asker(snapshot);

/** Whether the first screen keeps to the limits (issue 30 item 4: 8 lines, 600 characters). */
function screenFits(reply: Reply): boolean {
  const lines = firstScreenLines(splitReply(reply).first, translator(reply.locale));
  return lines.length <= FIRST_SCREEN_LIMITS.lines && lines.join('\n').length <= FIRST_SCREEN_LIMITS.chars;
}

/** The answer invariants every fixture answer is held to (test/helpers/answer-invariants.ts). */
function violations(reply: Reply): string[] {
  return answerViolations(reply, {
    target: 'atlas-wk-1',
    downNodes: [],
    allControlPlane: false,
    minor: null,
    request: 'drain',
    nodeCount: 5,
  });
}

describe('a pasted kubectl drain answers with what its flags do', () => {
  it.each([
    ['en', 'is `kubectl drain atlas-wk-1 --force --ignore-daemonsets --delete-emptydir-data` safe to run?'],
    ['ko', 'kubectl drain wk1 --force --ignore-daemonsets --delete-emptydir-data 해도 돼?'],
  ])('%s: --force names the bare pod lost for good, the emptyDir flag the data', async (lang, text) => {
    const a = await ask(text);
    expect(a.intent).toBe('drain');
    expect(a.nodes).toEqual(['atlas-wk-1']);
    expect(a.text).toMatch(
      lang === 'en'
        ? /--force deletes a pod with no controller for good[^\n]*default\/debug-shell/
        : /--force는 컨트롤러가 없는 파드 1개를 영구히 삭제합니다[^\n]*default\/debug-shell/,
    );
    expect(a.text).toMatch(/shop\/cart-cache-[a-z0-9-]+ \(cache\)/);
    expect(violations(a.reply)).toEqual([]);
  });

  it.each([
    ['en', 'kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data'],
    ['ko', '`kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data` 해도 돼?'],
  ])(
    '%s: without --force the drain stops, refusing the bare pod; nothing is recreated',
    async (lang, text) => {
      const a = await ask(text);
      const [first = '', details = ''] = a.text.split(lang === 'en' ? '\nDetails:' : '\n자세히:');
      expect(first).toMatch(
        lang === 'en'
          ? /stops before evicting anything[^\n]*default\/debug-shell \(--force\)[^\n]*atlas-wk-1 stays cordoned/
          : /아무것도 축출하기 전에 멈춥니다[^\n]*default\/debug-shell \(--force\)[^\n]*cordon 상태로 남습니다/,
      );
      // One model: Details do not evict or recreate what the first screen says is never evicted.
      expect(details).not.toMatch(lang === 'en' ? /recreated|drain evicts \d/ : /다시 만들어|축출합니다/);
      expect(violations(a.reply)).toEqual([]);
    },
  );

  it.each([
    ['en', 'is `kubectl drain atlas-wk-1 --force --ignore-daemonsets --delete-emptydir-data` safe to run?'],
    ['ko', 'kubectl drain wk1 --force --ignore-daemonsets --delete-emptydir-data 해도 돼?'],
  ])('%s: the first screen names the bare pod --force deletes, said once', async (lang, text) => {
    const a = await ask(text);
    const [first = ''] = a.text.split(lang === 'en' ? '\nDetails:' : '\n자세히:');
    expect(first).toMatch(/--force[^\n]*default\/debug-shell/);
    // The generic "pod with no controller" finding is replaced by what --force does to it.
    expect(a.reply.findings.some((f) => f.check === 'unmanaged-pods')).toBe(false);
    // Said once: no advised drain command repeats what --force deletes.
    expect(a.text.match(/default\/debug-shell/g)).toHaveLength(1);
  });

  it('--disable-eviction names the PodDisruptionBudget it bypasses', async () => {
    const a = await ask(
      'kubectl drain atlas-wk-1 --force --ignore-daemonsets --delete-emptydir-data --disable-eviction',
    );
    expect(a.text).toMatch(/PodDisruptionBudgets? (?:is|are) not checked: shop\/storefront/);
    // Deleted at once, its 2 storefront pods there exceed the 1 disruption the budget allows.
    expect(a.text).toMatch(/so it goes below its minimum/);
  });
});

describe('other pasted commands are the plain question about them', () => {
  it.each([
    ['kubectl delete node atlas-wk-2 --wait=false', 'node-down', ['atlas-wk-2']],
    ['atlas-cp-2에서 `kubeadm upgrade node` 해도 돼?', 'upgrade', ['atlas-cp-2']],
    ['can I run `sudo reboot` on wk1?', 'reboot', ['atlas-wk-1']],
    ['is `kubectl cordon atlas-wk-2` ok?', 'drain', ['atlas-wk-2']],
    // Issue 30 item 3 point 3: each host command reaches its model, in English and Korean.
    ['ssh atlas-cp-2 sudo systemctl restart kubelet', 'component-restart', ['atlas-cp-2']],
    ['atlas-wk-1에서 systemctl restart containerd 해도 돼?', 'component-restart', ['atlas-wk-1']],
    ['ssh atlas-wk-2 sudo shutdown -r now 해도 돼?', 'reboot', ['atlas-wk-2']],
    ['is `kubeadm upgrade apply v1.33.2` safe?', 'upgrade', []],
    ['etcdctl member remove atlas-cp-3 ok?', 'etcd-member-remove', ['atlas-cp-3']],
    ['`etcdctl member remove atlas-cp-3` 해도 돼?', 'etcd-member-remove', ['atlas-cp-3']],
    ['`kubectl drain atlas-wk-1 atlas-wk-1 --ignore-daemonsets` ok?', 'drain', ['atlas-wk-1']],
  ])('%j', async (text, intent, nodes) => {
    const a = await ask(text);
    expect(a.intent).toBe(intent);
    expect(a.nodes).toEqual(nodes);
  });
});

/**
 * A pasted `kubectl cordon|uncordon` is answered as itself (issue 30 item 3 point 1). Expected before
 * the bot was run, from the kubectl cordon/uncordon reference
 * (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cordon/: "Mark node as
 * unschedulable") and "Manual Node Administration"
 * (https://kubernetes.io/docs/concepts/architecture/nodes/#manual-node-administration: "Marking a
 * node as unschedulable prevents the scheduler from placing new pods onto that Node but does not
 * affect existing Pods on the Node"): SAFE, the first screen says only new pods are kept off and
 * nothing is evicted; no drain's findings (emptyDir, PodDisruptionBudget, single replica). The
 * same question in plain words ("can I cordon atlas-wk-1", "atlas-wk-1 코든 해도 돼?") gets the same
 * answer (a new user's report: it was answered as a drain, with the drain's emptyDir and budget findings).
 */
describe('a pasted kubectl cordon or uncordon is answered as itself', () => {
  it.each([
    ['en', 'can I cordon atlas-wk-1', /Cordon: atlas-wk-1[\s\S]*only keeps new pods off: nothing is evicted/],
    ['en', 'cordon atlas-wk-1', /Cordon: atlas-wk-1[\s\S]*only keeps new pods off: nothing is evicted/],
    [
      'ko',
      'atlas-wk-1 cordon 해도 돼?',
      /cordon: [^\n]*atlas-wk-1[\s\S]*새 파드만 막고, 아무것도 축출하지 않으며/,
    ],
    [
      'ko',
      'atlas-wk-1 코든 해도 돼?',
      /cordon: [^\n]*atlas-wk-1[\s\S]*새 파드만 막고, 아무것도 축출하지 않으며/,
    ],
    ['en', 'can I uncordon atlas-wk-1?', /Uncordon: atlas-wk-1[\s\S]*nothing moves back/],
    ['ko', 'atlas-wk-1 언코든 해도 되나요?', /uncordon: [^\n]*atlas-wk-1[\s\S]*옮겨진 파드는 돌아오지 않음/],
    [
      'en',
      'is `kubectl cordon atlas-wk-1` safe?',
      /Cordon: atlas-wk-1[\s\S]*only keeps new pods off: nothing is evicted/,
    ],
    [
      'ko',
      'kubectl cordon atlas-wk-1 해도 돼?',
      /cordon: [^\n]*atlas-wk-1[\s\S]*새 파드만 막고, 아무것도 축출하지 않으며/,
    ],
    ['en', 'kubectl uncordon atlas-wk-1', /Uncordon: atlas-wk-1[\s\S]*nothing moves back/],
    [
      'ko',
      '`kubectl uncordon atlas-wk-1` 해도 돼?',
      /uncordon: [^\n]*atlas-wk-1[\s\S]*옮겨진 파드는 돌아오지 않음/,
    ],
  ])('%s: %s', async (lang, text, first) => {
    const a = await ask(text);
    const [screen = ''] = a.text.split(lang === 'en' ? '\nDetails:' : '\n자세히:');
    expect(a.reply.verdict).toBe('safe');
    expect(screen).toMatch(first);
    // The drain's findings are not a cordon's: no emptyDir, budget or single-replica reason.
    expect(a.reply.findings.map((f) => f.check)).not.toContain('emptydir-pods');
    expect(a.reply.findings.map((f) => f.check)).not.toContain('single-replica');
    expect(a.text).not.toMatch(/recreated|다시 만들어/);
  });
});

/** A node named twice is one node (issue 30 item 3 point 4): its own single-node answer. */
describe('a node named twice is one node', () => {
  it.each([
    ['can I reboot atlas-wk-1 and atlas-wk-1?', 'reboot'],
    ['atlas-wk-1 and atlas-wk-1 재부팅해도 돼?', 'reboot'],
    ['can I drain wk1 and atlas-wk-1?', 'drain'],
  ])('%j', async (text, intent) => {
    const a = await ask(text);
    expect(a.intent).toBe(intent);
    expect(a.nodes).toEqual(['atlas-wk-1']);
    expect(a.reply.title).not.toMatch(/Several nodes|여러 노드/);
  });
});

/**
 * A pasted `kubectl delete node` is answered as itself (issue 30 item 3, point 1). Expected before
 * the bot was run, from the sources (src/analysis/what-if/delete-node.ts cites them): the pod
 * garbage collector force-deletes the node's pods with no eviction, so PodDisruptionBudgets are not
 * consulted ("Pod garbage collection", kube-controller-manager podgc `gcOrphaned`); the kubelet
 * registers the Node again only when it restarts, labels and taints set by hand are lost; a
 * stacked-etcd control-plane node's member stays ("kubeadm reset" removes it). On this cluster:
 * - atlas-wk-1 holds 2 Ready storefront pods; shop/storefront allows 1 disruption
 *   (disruptionsAllowed 1): deleting both at once goes below its minimum: UNSAFE; the bare pod
 *   default/debug-shell is lost for good, the emptyDir `cache` of shop/cart-cache-… is lost;
 * - atlas-wk-2 holds 1 storefront pod: the budget is bypassed but stays within: CAUTION;
 * - atlas-cp-1 runs the stacked etcd member atlas-cp-1 (kubeadm names it after the node): UNSAFE.
 * The safer command: drain first, then delete.
 */
describe('a pasted kubectl delete node is answered as itself', () => {
  it.each([
    ['en', 'is `kubectl delete node atlas-wk-1` safe?'],
    ['ko', 'kubectl delete node atlas-wk-1 해도 되나요?'],
  ])('%s: names the pods force-deleted and the budget taken below its minimum', async (lang, text) => {
    const a = await ask(text);
    expect(a.intent).toBe('node-down');
    expect(a.nodes).toEqual(['atlas-wk-1']);
    expect(a.reply.verdict).toBe('unsafe');
    // Korean: the pod's mark in Korean words (issue 30: no English fragment in a Korean answer).
    expect(a.text).toMatch(
      lang === 'en' ? /default\/debug-shell \(no controller\)/ : /default\/debug-shell \(컨트롤러 없음\)/,
    );
    expect(a.text).toMatch(/shop\/cart-cache-[a-z0-9-]+ \(emptyDir cache\)/);
    expect(a.text).toMatch(
      lang === 'en'
        ? /PodDisruptionBudget is not consulted: shop\/storefront; it allows fewer disruptions/
        : /PodDisruptionBudget shop\/storefront\S* 확인하지 않으며, shop\/storefront\S* [^\n]*최소 가용 수 아래로/,
    );
    // The safer command: drain first, then delete.
    expect(a.text).toMatch(
      /kubectl drain atlas-wk-1 --ignore-daemonsets[^\n]*kubectl delete node atlas-wk-1/,
    );
    // Said once: the bare pod is named by the deletion only.
    expect(a.text.match(/default\/debug-shell/g)).toHaveLength(1);
    expect(screenFits(a.reply)).toBe(true);
    // No eviction: nothing in the answer says the pods are evicted or that a drain waits.
    expect(a.text).not.toMatch(lang === 'en' ? /drain evicts|drain waits/ : /드레인이 [^\n]*축출/);
    expect(violations(a.reply)).toEqual([]);
  });

  it.each([
    ['en', 'kubectl delete node atlas-wk-2', /not consulted: shop\/storefront\./],
    [
      'ko',
      '`kubectl delete node atlas-wk-2` 괜찮아?',
      /PodDisruptionBudget을 확인하지 않습니다: shop\/storefront\./,
    ],
  ])('%s: a budget bypassed within its minimum is a caution', async (_lang, text, budget) => {
    const a = await ask(text);
    expect(a.reply.verdict).toBe('caution');
    expect(a.text).toMatch(budget);
    expect(a.text).toMatch(/kubelet/);
  });

  it.each([
    ['en', 'kubectl delete node atlas-cp-1', /etcd member atlas-cp-1 of atlas-cp-1 stays in the member list/],
    ['ko', 'kubectl delete node atlas-cp-1 해도 돼?', /etcd 멤버 atlas-cp-1\S* 멤버 목록에 남습니다/],
  ])('%s: a stacked-etcd control-plane node leaves its etcd member', async (_lang, text, member) => {
    const a = await ask(text);
    expect(a.reply.verdict).toBe('unsafe');
    expect(a.text).toMatch(member);
    expect(a.text).toMatch(/kubeadm reset/);
    expect(screenFits(a.reply)).toBe(true);
  });
});

/**
 * A budget that allows no disruption (`minAvailable` equal to the replicas: "Specifying a
 * Disruption Budget for your Application", https://kubernetes.io/docs/tasks/run-application/configure-pdb/,
 * "if you set minAvailable to 100% … no voluntary evictions"): shop/storefront at minAvailable 3,
 * disruptionsAllowed 0, on the same cluster. Expected before the bot was run, from the kubectl
 * drain reference (`--timeout`: "The length of time to wait before giving up, zero means
 * infinite"; `--disable-eviction`: "force drain to use delete, even if eviction is supported.
 * This will bypass checking PodDisruptionBudgets") and drain.go `evictPods` (429 retried until the
 * timeout; the cordon is not undone):
 * - `kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --force --timeout 5m`:
 *   the drain waits on the two storefront pods and gives up after 5m; atlas-wk-1 is left cordoned
 *   and partly drained, the storefront pods still there;
 * - the same with `--disable-eviction`: nothing waits; shop/storefront is named as bypassed and
 *   taken below its minimum.
 */
describe('pasted --timeout and --disable-eviction against a budget that allows no disruption', () => {
  const strict = JSON.parse(JSON.stringify(demo)) as typeof demo;
  const pdb = strict.cluster.items.find((i) => i.kind === 'PodDisruptionBudget') as {
    spec: Record<string, unknown>;
    status: Record<string, unknown>;
  };
  pdb.spec = { minAvailable: 3, selector: { matchLabels: { 'app.kubernetes.io/name': 'storefront' } } };
  pdb.status = { ...pdb.status, desiredHealthy: 3, disruptionsAllowed: 0 };
  const file = join(dir, 'min-available-all.json');
  writeFileSync(file, JSON.stringify(strict));
  const askStrict = asker(file);
  const cmd = 'kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --force --timeout 5m';

  it.each([
    ['en', cmd, /gives up after 5m: atlas-wk-1 is left cordoned and partly drained/],
    ['ko', `${cmd} 해도 돼?`, /5m 뒤 포기합니다[^\n]*cordon된 채 일부만 드레인/],
  ])(
    '%s: --timeout gives up on the pods the budget refuses, the node left cordoned',
    async (_l, text, want) => {
      const a = await askStrict(text);
      expect(a.text).toMatch(want);
      expect(a.text).toMatch(/shop\/storefront-mk8h57kdxm-5pztx/);
      expect(violations(a.reply)).toEqual([]);
    },
  );

  it.each([
    ['en', cmd.replace('5m', '0s'), /gives up/],
    ['ko', `${cmd.replace('5m', '0s')} 해도 돼?`, /포기/],
  ])('%s: --timeout 0s is no timeout ("zero means infinite"): nothing gives up', async (_l, text, never) => {
    const a = await askStrict(text);
    expect(a.text).not.toMatch(never);
    expect(a.text).toMatch(/shop\/storefront-mk8h57kdxm-5pztx/);
  });

  it.each([
    ['en', `${cmd} --disable-eviction`, /not checked: shop\/storefront; it allows fewer disruptions/],
    ['ko', `${cmd} --disable-eviction 해도 돼?`, /PDB shop\/storefront\S* 확인하지 않으며/],
  ])('%s: --disable-eviction waits on no budget and names the one it goes past', async (lang, text, want) => {
    const a = await askStrict(text);
    expect(a.text).toMatch(want);
    // One model: a DELETE reads no budget, so no sentence says the drain waits on one.
    expect(a.text).not.toMatch(
      lang === 'en' ? /drain waits|refuses (?:their|its) eviction/ : /축출을 거부|재시도/,
    );
    expect(violations(a.reply)).toEqual([]);
  });
});

/**
 * `--pod-selector` (issue 30 item 3 point 2). Expected before the bot was run, from the kubectl
 * drain reference ("--pod-selector: Label selector to filter pods on the node") and
 * k8s.io/kubectl/pkg/drain `GetPodsForDeletion` (the node's pods are listed with the selector, then
 * filtered): `kubectl drain atlas-wk-1 --ignore-daemonsets --pod-selector
 * app.kubernetes.io/name=storefront` evicts only the two storefront pods; the bare pod
 * default/debug-shell and shop/cart-cache (emptyDir) are not selected, so no flag is refused and
 * nothing is said of them: they keep running on atlas-wk-1.
 */
describe('a pasted --pod-selector drains only the pods it selects', () => {
  it.each([
    [
      'en',
      'is `kubectl drain atlas-wk-1 --ignore-daemonsets --pod-selector app.kubernetes.io/name=storefront` ok?',
    ],
    [
      'ko',
      'kubectl drain atlas-wk-1 --ignore-daemonsets --pod-selector app.kubernetes.io/name=storefront 해도 돼?',
    ],
  ])('%s', async (lang, text) => {
    const a = await ask(text);
    expect(a.text).toMatch(
      lang === 'en'
        ? /drains 2 pods of atlas-wk-1 and leaves 4 there/
        : /파드 2개를 드레인하고 4개는 남깁니다/,
    );
    // The pods it leaves take no part in the drain model: no bare-pod, emptyDir or single-replica reason.
    expect(a.text).not.toMatch(/debug-shell|cart-cache/);
    expect(a.text).toMatch(/storefront/);
    expect(violations(a.reply)).toEqual([]);
  });
});

/**
 * `etcdctl member remove ID` pasted without a node (issue 30 item 3 point 3). Before, the member ID
 * was dropped and the answer was "What if etcd is down" everywhere (quorum lost), a model of another
 * question. Expected from the etcd docs ("Runtime reconfiguration", member remove takes the member
 * ID etcdctl member list prints) and the demo's recorded member list: 93b80db26f336247 is the member
 * atlas-cp-1, so the answer is about the member of atlas-cp-1 only (2 members left: quorum 2); an ID not in
 * the list is unknown, and the answer lists the IDs it read. A removal, not an outage
 * (test/integration/etcd-member-remove.test.ts): the title names the member's ID and node.
 */
describe('a pasted etcdctl member remove by ID is about that member', () => {
  // The demo file itself: its member IDs are uint64, beyond what JSON.parse keeps exactly.
  const ask = asker(join(process.cwd(), 'examples/ha-3cp.json'));
  it.each([
    [
      'en',
      'etcdctl member remove 93b80db26f336247',
      /etcd member 93b80db26f336247 \(atlas-cp-1\) is removed/,
    ],
    ['ko', '`etcdctl member remove 93b80db26f336247` 해도 돼?', /etcd 멤버 93b80db26f336247\(atlas-cp-1\)/],
  ])("%s: the member ID is its node's member", async (_lang, text, title) => {
    const a = await ask(text);
    expect(a.reply.title).toMatch(title);
    expect(a.reply.verdict).not.toBe('unsafe');
    expect(a.text).toMatch(/quorum 2|쿼럼 2/);
  });

  it.each([
    [
      'en',
      'etcdctl member remove 8e9e05c52164694d',
      /No etcd member has ID 8e9e05c52164694d[^\n]*atlas-cp-1 93b80db26f336247/,
    ],
    ['ko', 'etcdctl member remove 8e9e05c52164694d 해도 돼?', /ID가 8e9e05c52164694d인 멤버가 없습니다/],
  ])('%s: an ID not in the member list is unknown, never etcd everywhere', async (_lang, text, want) => {
    const a = await ask(text);
    expect(a.reply.verdict).toBeNull();
    expect(a.text).toMatch(want);
  });
});

/**
 * `--grace-period` (issue 30 item 3 point 2). Expected before the bot was run, from the kubectl
 * drain reference ("--grace-period: Period of time in seconds given to each pod to terminate
 * gracefully. If negative, the default value specified in the pod will be used"): with
 * `--grace-period=5` no pod of atlas-wk-1 takes its own 30 s (the demo's
 * terminationGracePeriodSeconds); the drain's estimate reads 5 s.
 */
describe('a pasted --grace-period is the grace the drain model uses', () => {
  it.each([
    ['en', 'kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --force --grace-period=5'],
    [
      'ko',
      'kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --force --grace-period=5 해도 돼?',
    ],
  ])('%s', async (lang, text) => {
    const a = await ask(text);
    expect(a.text).toMatch(lang === 'en' ? /gives each pod 5 s to stop/ : /5초 안에 종료됩니다/);
    expect(a.text).not.toMatch(/\b30 s\b|30초/);
    expect(violations(a.reply)).toEqual([]);
  });
});

/**
 * A paste is answered whole or not at all (hostile review H1, H2, M1). Expected before the bot was
 * run: a shell loop runs its whole body for each name in turn, and `&` runs a command in the
 * background so the next starts at once (bash(1) "Lists", "Compound Commands"); `ssh NODE sudo
 * reboot` returns as the node goes down, so a second reboot chained after it overlaps the first; a
 * stacked etcd of 3 members tolerates 1 member down (etcd FAQ "What is failure tolerance?",
 * https://etcd.io/docs/v3.5/faq/), so atlas-cp-1 and atlas-cp-2 down together lose quorum;
 * `kubectl drain --dry-run=none` is a real drain (kubectl drain reference). A cordon then `kubectl
 * delete node` per node, or `systemctl stop etcd` on two nodes, is no one request the bot models: refused.
 */
describe('a paste of several commands is answered whole or refused', () => {
  it.each([
    [
      'en',
      'for n in atlas-cp-1 atlas-cp-2 atlas-cp-3; do kubectl drain $n --ignore-daemonsets --delete-emptydir-data; ssh $n sudo reboot; done',
    ],
    [
      'ko',
      'for n in atlas-cp-1 atlas-cp-2 atlas-cp-3; do kubectl drain $n --ignore-daemonsets --delete-emptydir-data && ssh $n sudo reboot; done 해도 돼?',
    ],
  ])(
    '%s: a drain and a reboot in a loop are "drain and reboot one by one" of every node',
    async (_l, text) => {
      const a = await ask(text);
      expect(a.intent).toBe('reboot');
      expect(a.nodes).toEqual(['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3']);
      expect(a.mode).toBe('one-by-one');
    },
  );

  it.each([
    [
      'en',
      'for n in atlas-wk-1 atlas-wk-2; do kubectl cordon $n; kubectl delete node $n; done',
      /4 commands/,
    ],
    [
      'ko',
      'for n in atlas-wk-1 atlas-wk-2; do kubectl cordon $n; kubectl delete node $n; done 해도 돼?',
      /명령 4개/,
    ],
    ['en', 'systemctl stop etcd on atlas-cp-1 and atlas-cp-2', /2 commands/],
    ['ko', 'kubectl cordon atlas-wk-1 atlas-wk-2 해도 돼?', /명령 2개/],
  ])('%s: %s is refused with the number of commands, never answered in part', async (lang, text, count) => {
    const a = await ask(text);
    expect(a.reply.verdict).toBeNull();
    expect(a.intent).toBeUndefined();
    expect(a.text).toMatch(count);
    expect(a.text).toMatch(lang === 'en' ? /one command at a time/ : /하나씩 물어봐/);
    expect(a.text).not.toMatch(/\[SAFE\]|\[안전\]/);
  });

  it.each([
    ['en', 'ssh atlas-cp-1 sudo reboot && ssh atlas-cp-2 sudo reboot'],
    ['ko', 'ssh atlas-cp-1 sudo reboot && ssh atlas-cp-2 sudo reboot 해도 돼?'],
  ])('%s: two chained reboots overlap: both nodes together, quorum lost', async (_l, text) => {
    const a = await ask(text);
    expect(a.nodes).toEqual(['atlas-cp-1', 'atlas-cp-2']);
    expect(a.mode).toBe('together');
    expect(a.reply.verdict).toBe('unsafe');
  });

  it.each([
    [
      'en',
      'for n in atlas-wk-1 atlas-wk-2; do kubectl drain $n --ignore-daemonsets --delete-emptydir-data & done',
    ],
    ['ko', 'for n in atlas-wk-1 atlas-wk-2; do kubectl drain $n --ignore-daemonsets & done 해도 돼?'],
  ])('%s: a backgrounded loop body drains together', async (_l, text) => {
    const a = await ask(text);
    expect(a.intent).toBe('drain');
    expect(a.nodes).toEqual(['atlas-wk-1', 'atlas-wk-2']);
    expect(a.mode).toBe('together');
  });

  it.each([
    ['none', false],
    ['false', false],
    ['server', true],
  ])('--dry-run=%s is a dry run: %s', async (value, dry) => {
    const a = await ask(
      `kubectl drain atlas-wk-1 --force --ignore-daemonsets --delete-emptydir-data --dry-run=${value}`,
    );
    // The kubectl-drain finding that says a dry run changes nothing (src/analysis/what-if/kubectl-drain.ts).
    expect(a.reply.findings.some((f) => f.check === 'kubectl-drain' && f.variant === 'dry-run')).toBe(dry);
  });
});
