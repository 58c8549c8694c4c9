/**
 * One model of a pod pinned to its node (a PersistentVolume only that node admits, hostPath data,
 * a hostname node selector, a Rook-Ceph mon or OSD): it is not evicted-and-recreated elsewhere,
 * not counted in the room for the evicted pods, and its workload does not "keep serving while it is
 * rescheduled"; an operator-managed Deployment (Rook-Ceph) never gets "scale to 2+ replicas".
 * Scenarios 41 (local-path PV) and 42 (Rook-Ceph), in English and Korean.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  s41: join(SCENARIOS, '41-worker-local-path-pv-pinned-statefulset-pod.json'),
  s42: join(SCENARIOS, '42-worker-rook-ceph-osd-down-blocking-pdb.json'),
  s01: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
  s49: join(SCENARIOS, '49-worker-already-dead-kubelet-stopped-pods-terminating.json'),
  r13: join(REAL_CLUSTERS, '13-harmol-kubeadm-v1.19-1node-sonobuoy.json'),
});
afterAll(() => answers.close());
const ask = answers.ask;

describe('a pod pinned to its node is not said to move (reader 2.4)', () => {
  it('s41: the local-path pod is not counted as evicted-and-recreated, nor in the room elsewhere', async () => {
    for (const q of ['can I reboot hydra-wk-2', 'can I drain hydra-wk-2']) {
      const en = await ask('s41', q, 'en');
      expect(en).toContain('stays Pending');
      // elasticsearch-master's pod here is pinned: its siblings serve while it stays Pending, not "while it is rescheduled".
      expect(en).not.toMatch(/elasticsearch-master \(StatefulSet, logging\)[^\n]*while it is rescheduled/);
      expect(en).toMatch(/elasticsearch-master \(StatefulSet, logging\)[^\n]*stays Pending/);
      // Only frontend's pod is recreated elsewhere: one pod, not two.
      expect(en).not.toMatch(
        /2 pods on hydra-wk-2 are evicted by the drain and recreated|room for the 2 evicted pods|the 2 pods drain evicts from hydra-wk-2: each is recreated/,
      );
      const ko = await ask('s41', q, 'ko');
      // One pod moves: not "each" (각각).
      expect(ko).not.toMatch(/1개: 각각/);
      expect(ko).not.toMatch(
        /elasticsearch-master \(StatefulSet, logging\)[^\n]*그 파드가 다시 스케줄되는 동안/,
      );
      expect(ko).toMatch(/elasticsearch-master \(StatefulSet, logging\)[^\n]*Pending/);
    }
  });

  it('s42: the Rook mon and OSD pinned to hydra-wk-1 are down for the reboot, not rescheduled, and not "no room elsewhere"', async () => {
    const en = await ask('s42', 'can I drain and reboot hydra-wk-1', 'en');
    expect(en).not.toMatch(/rook-ceph-(mon-a|osd-0)[^\n]*until (it is )?rescheduled/);
    // osd-0's budget (rook-ceph-osd-host-hydra-wk-1, maxUnavailable 0) refuses its eviction (HTTP 429,
    // https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/; the fixture's notes):
    // it stays, the drain waits on it, so only mon-a is taken down with the node (issue 16, reader5 F6).
    expect(en).toMatch(/rook-ceph-mon-a: down for the whole reboot/);
    expect(en).not.toMatch(/rook-ceph-osd-0: down for the whole reboot/);
    expect(en).not.toMatch(/No room elsewhere for [^\n]*rook-ceph/);
    expect(en).not.toMatch(/3 pods on hydra-wk-1 are evicted by the drain and recreated/);
    const ko = await ask('s42', 'hydra-wk-1 드레인하고 재부팅해도 돼?', 'ko');
    expect(ko).not.toMatch(/rook-ceph-(mon-a|osd-0)[^\n]*다시 스케줄되어/);
    // osd-0's eviction is refused (HTTP 429; see the English above): mon-a alone goes down with the node.
    expect(ko).toMatch(/rook-ceph-mon-a[^\n]*재부팅 내내 다운/);
    expect(ko).toMatch(/rook-ceph-osd-0 \(Deployment, rook-ceph\)[^\n]*HTTP 429/);
  });
});

/** The lines of one plane's section of a rendered answer (its heading up to the next blank line). */
function section(text: string, heading: RegExp): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) return '';
  const end = lines.findIndex((l, i) => i > start && l.trim() === '');
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The bullet lines under `Stops:` (or `멈추는 것:`) of a plane section. */
function stopsOf(plane: string): string[] {
  const lines = plane.split('\n');
  const start = lines.findIndex((l) => /^\s+(Stops|멈추는 것):$/.test(l));
  if (start < 0) return [];
  const out: string[] = [];
  for (const l of lines.slice(start + 1)) {
    if (!/^\s+• /.test(l)) break;
    out.push(l.trim());
  }
  return out;
}

describe('nodes taken together: pinned pods are not counted as moving, and the data plane says what stops', () => {
  // s41: hydra-wk-1 runs frontend-…-xdhvm and elasticsearch-master-0, hydra-wk-2 frontend-…-t5rjl and
  // elasticsearch-master-1 (plus DaemonSet pods, never evicted). Each elasticsearch pod has a
  // local-path volume only its node can mount: 4 pods are evicted, 2 (frontend) can run elsewhere.
  it('s41 reboot, drain and loss of hydra-wk-1 and hydra-wk-2 (en)', async () => {
    for (const q of [
      'can we reboot hydra-wk-1 and hydra-wk-2',
      'can I drain hydra-wk-1 and hydra-wk-2',
      'what if hydra-wk-1 and hydra-wk-2 go down',
    ]) {
      const en = await ask('s41', q, 'en');
      expect([q, en]).not.toEqual([q, expect.stringMatching(/room for (all|the) 4 evicted pods/)]);
      expect([q, en]).toEqual([
        q,
        expect.stringContaining('The remaining nodes have room for the 2 evicted pods.'),
      ]);
      const data = section(en, /^Data plane: affected$/);
      const stops = stopsOf(data);
      expect([q, stops.length]).not.toEqual([q, 0]);
      // The pods that move: the two frontend pods, not the elasticsearch ones.
      expect([q, stops.some((l) => /^• 2 pods on hydra-wk-1 and hydra-wk-2\b/.test(l))]).toEqual([q, true]);
      // The pinned pods: down while their node is, never "recreated on other nodes".
      const pinned = stops.find((l) =>
        l.includes('logging/elasticsearch-master-0 and logging/elasticsearch-master-1'),
      );
      expect([q, pinned]).toEqual([q, expect.stringMatching(/pinned to their node/)]);
      expect([q, pinned]).not.toEqual([q, expect.stringMatching(/recreated|rescheduled on/)]);
      expect([q, en]).not.toEqual([
        q,
        expect.stringMatching(/elasticsearch-master[^\n]*until (it is|they are) rescheduled/),
      ]);
    }
  });

  it('s41: both pinned elasticsearch masters are down together for a joint reboot: quorum lost, one count of Ready replicas (reader4 item 2)', async () => {
    for (const [q, locale] of [
      ['can we reboot hydra-wk-1 and hydra-wk-2', 'en'],
      ['hydra-wk-1 이랑 hydra-wk-2 재부팅해도 돼?', 'ko'],
    ] as const) {
      const text = await ask('s41', q, locale);
      if (locale === 'en') {
        expect([q, text]).toEqual([
          q,
          expect.stringContaining(
            'StatefulSet logging/elasticsearch-master (Elasticsearch) keeps a quorum of its own: it needs a majority of its 3 replicas (2) and has 1 Ready on other nodes, so it loses quorum',
          ),
        ]);
        // No sentence says it keeps serving from 2 beside another that counts 1.
        expect([q, text]).not.toEqual([q, expect.stringMatching(/elasticsearch-master keeps serving/)]);
        expect([q, text]).not.toEqual([q, expect.stringMatching(/elasticsearch-master keeps 1 Ready/)]);
      } else {
        expect([q, text]).toEqual([q, expect.stringContaining('쿼럼을 잃고 서비스가 멈춥니다')]);
      }
    }
  });

  it('s41: after hydra-wk-2 is lost, its StatefulSet pod stays Terminating until the kubelet confirms or it is force-deleted (reader4 item 3)', async () => {
    // https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/
    const en = await ask('s41', 'what if hydra-wk-2 goes down', 'en');
    expect(en).not.toMatch(/its 2 pods are evicted by the taint manager and recreated elsewhere/);
    expect(en).toContain(
      'the StatefulSet pods (logging/elasticsearch-master-1) are not: they stay Terminating (Unknown) until the kubelet on hydra-wk-2 confirms they stopped, or someone force-deletes them',
    );
    const ko = await ask('s41', 'hydra-wk-2 다운되면?', 'ko');
    expect(ko).toContain('StatefulSet 파드(logging/elasticsearch-master-1)는 그렇지 않습니다');
  });

  it('s41: the budget of the pinned elasticsearch pods never recovers while both nodes are taken, so together is unsafe', async () => {
    // elasticsearch-master-pdb allows 1 disruption; the first evicted pod stays Pending (its volume is
    // on its cordoned node), so the second eviction is refused (HTTP 429) for as long as they are both
    // taken (https://kubernetes.io/docs/concepts/workloads/pods/disruptions/).
    const en = await ask('s41', 'can we reboot hydra-wk-1 and hydra-wk-2', 'en');
    expect(en).toMatch(/^\[UNSAFE\]/);
    expect(en).toMatch(
      /elasticsearch-master-pdb: together these nodes need 2 evictions, it allows 1, and the evicted pods have nowhere else to run/,
    );
  });

  it('s42: the Rook mons and OSDs of hydra-wk-1 and hydra-wk-2 are pinned, not "rescheduled", not "no room", no scaling advice', async () => {
    for (const q of ['can we reboot hydra-wk-1 and hydra-wk-2', 'can I drain hydra-wk-1 and hydra-wk-2']) {
      const en = await ask('s42', q, 'en');
      expect([q, en]).not.toEqual([
        q,
        expect.stringMatching(/rook-ceph-(mon|osd)-[^\n]*until (it is|they are) rescheduled/),
      ]);
      expect([q, en]).not.toEqual([
        q,
        expect.stringMatching(/of the 6 evicted pods fit on no remaining node/),
      ]);
      expect([q, en]).not.toEqual([q, expect.stringMatching(/Scale the named workloads/)]);
      const stops = stopsOf(section(en, /^Data plane: affected$/));
      // osd-0's and osd-1's budgets (maxUnavailable 0) refuse their eviction (HTTP 429,
      // https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/): they stay on their
      // node and the drains wait on them, so they are not "evicted … Pending" (issue 16, reader5 F6).
      expect([q, stops.some((l) => /^• the drains, at [^\n]*rook-ceph-osd-0-/.test(l))]).toEqual([q, true]);
      expect([q, stops.some((l) => /rook-ceph-osd-0-[^\n]*pinned to their node/.test(l))]).toEqual([
        q,
        false,
      ]);
    }
  });

  it('s49: the pods of a node already NotReady are not counted as moving (no kubelet confirms their eviction)', async () => {
    // vega-wk-2 is NotReady with postgres-1 and frontend-…-t5rjl Terminating; vega-wk-1 runs postgres-0 and a frontend pod.
    const en = await ask('s49', 'can we reboot vega-wk-1 and vega-wk-2', 'en');
    expect(en).toContain('The remaining nodes have room for the 2 evicted pods.');
    const stops = stopsOf(section(en, /^Data plane: affected$/));
    expect(stops).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^• the 2 pods still bound to vega-wk-2: it is NotReady/),
        '• 2 pods on vega-wk-1 are evicted by the drains and recreated on other nodes',
        '• kubelet, kube-proxy and the CNI on vega-wk-1 until it is back (typically about 90 s)',
      ]),
    );
  });

  it('Korean: the same Stops lines (s41 reboot and drain, s42 reboot)', async () => {
    for (const [cluster, q] of [
      ['s41', 'hydra-wk-1 이랑 hydra-wk-2 재부팅해도 돼?'],
      ['s41', 'hydra-wk-1 이랑 hydra-wk-2 드레인해도 돼?'],
      ['s42', 'hydra-wk-1 이랑 hydra-wk-2 재부팅해도 돼?'],
    ] as const) {
      const ko = await ask(cluster, q, 'ko');
      const stops = stopsOf(section(ko, /^데이터 플레인: 영향 있음$/));
      expect([q, stops.length]).not.toEqual([q, 0]);
      expect([q, stops.some((l) => l.includes('자기 노드에 고정됨'))]).toEqual([q, true]);
      expect([q, ko]).not.toEqual([q, expect.stringMatching(/축출되는 파드 4개가 모두 들어갈 자리/)]);
    }
  });
});

describe('operator-managed Deployments get no "scale" advice (reader 1.2)', () => {
  it('s42: rook-ceph-mon-a and rook-ceph-osd-0 are named as Rook-managed daemons, never "Scale … to 2+ replicas"', async () => {
    for (const [q, locale] of [
      ['can I drain and reboot hydra-wk-1', 'en'],
      ['hydra-wk-1 드레인하고 재부팅해도 돼?', 'ko'],
      ['can I drain hydra-wk-1', 'en'],
    ] as const) {
      const text = await ask('s42', q, locale);
      expect(text).not.toMatch(/Scale rook-ceph|rook-ceph-(mon-a|osd-0)[^\n]*(2\+|2개 이상)/);
      expect(text).toMatch(/rook-ceph-osd-0[^\n]*Rook/);
    }
  });
});

describe('a single-node cluster never talks of other nodes or workers (reader 2.5)', () => {
  it('r13 (one node, my-node): reboot, drain and upgrade in both languages', async () => {
    for (const q of ['can I reboot my-node', 'can I drain my-node', 'can I upgrade my-node']) {
      const en = await ask('r13', q, 'en');
      expect(en).not.toMatch(
        /other nodes|another node|the workers|uncordon a node|uncordoning others|started elsewhere|pods already running/,
      );
      const ko = await ask(
        'r13',
        `${q.replace('can I reboot my-node', 'my-node 재부팅해도 돼?').replace('can I drain my-node', 'my-node 드레인해도 돼?').replace('can I upgrade my-node', 'my-node 업그레이드해도 돼?')}`,
        'ko',
      );
      expect(ko).not.toMatch(/다른 노드|그다음 워커|다른 곳에서 시작/);
    }
    const reboot = await ask('r13', 'can I reboot my-node', 'en');
    // The controller-managed pods are evicted and stay Pending: none is "recreated" anywhere.
    expect(reboot).toMatch(/my-node is the only node/);
  });
});

describe('the data plane of a control-plane node reboot is affected, alone or together (reader 2.7)', () => {
  // Never "not affected": the node's kubelet, kube-proxy and CNI stop. Alone, with every workload
  // served from elsewhere, the heading says the capacity it loses rather than "affected" beside
  // [SAFE] (issue 30 item 4; Korean review 2026-12, answer 01).
  it('s01: one control-plane node, and two together, in both languages', async () => {
    for (const [cluster, q, locale, heading] of [
      ['s01', 'can I reboot atlas-cp-2', 'en', /^Data plane: keeps serving, capacity 5 → 4 nodes$/m],
      ['s01', 'can we reboot atlas-cp-1 and atlas-cp-2', 'en', /^Data plane: affected$/m],
      ['s01', 'atlas-cp-2 재부팅해도 돼?', 'ko', /^데이터 플레인: 중단 없음, 노드 용량 5대 → 4대$/m],
      ['s01', 'atlas-cp-1 이랑 atlas-cp-2 재부팅해도 돼?', 'ko', /^데이터 플레인: 영향 있음$/m],
    ] as const) {
      const text = await ask(cluster, q, locale);
      expect(text).toMatch(heading);
      expect(text).not.toMatch(/^Data plane: not affected$|^데이터 플레인: 영향 없음$/m);
    }
  });
});
