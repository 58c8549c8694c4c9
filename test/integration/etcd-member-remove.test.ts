/**
 * A pasted `etcdctl member remove` is a permanent removal, not an outage (before: "What if etcd
 * goes down on atlas-cp-3", "stays down until it is restarted", step 1 "bring the member back", and
 * a picture that lost the leader's star).
 *
 * The clusters are the demo (examples/ha-3cp.json: 3 stacked members, atlas-cp-1 93b80db26f336247
 * the leader) and variants of it, as the public reports describe them: etcd-io/etcd#2330 (removing a
 * member of a 3-member cluster), k3s-io/k3s#10408 (`etcdctl member remove` on a control-plane node),
 * etcd-io/etcd#3009 and kubernetes-sigs/cluster-api#8250 (a removal refused with a member down,
 * "re-configuration failed due to not enough started members"). Expected before the bot was run,
 * from the etcd docs ("Runtime reconfiguration"; FAQ "What is failure tolerance?", "Why an odd
 * number of cluster members?"), etcd's strict reconfiguration check (`--strict-reconfig-check`,
 * default true: `RaftCluster.IsReadyToRemoveVotingMember`, etcd-io/etcd#6156) and kubeadm's
 * "Removing a control plane node":
 * - 3 members, remove the follower atlas-cp-3: 2 members, quorum 2, tolerance 0 ("no member may fail
 *   after this"), CAUTION; the leader keeps its star: ★●● → ★●; step 1 names kubeadm reset or
 *   removing /etc/kubernetes/manifests/etcd.yaml (else the static pod crash-loops);
 * - the leader atlas-cp-1 by its ID: the same arithmetic, and a leader election (writes pause
 *   briefly): ●●★ → ★● (the members left elect a leader);
 * - atlas-cp-3 already down, removed: the 2 left both up, quorum 2, tolerance 0; accepted, ★●○ → ★●;
 * - atlas-cp-2 down, remove atlas-cp-3: 1 started of the 2 left, quorum 2: etcd refuses it, UNSAFE;
 * - 4 members, remove atlas-cp-3: 3 members, quorum 2, tolerance 1: SAFE (with the manifest step);
 * - a learner (scenario 45): no voter, so no quorum check (etcd `mayRemoveMember`: "no need to check
 *   quorum when removing non-voting member"): quorum stays 2 of 3, SAFE;
 * - the only member (scenario 05, kubernetes-retired/etcdadm#16 "failed to remove self from etcd
 *   cluster: etcdserver: re-configuration failed due to not enough started members"): refused, UNSAFE.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { renderText } from '../../src/explain/render-text.js';
import type { Reply } from '../../src/explain/reply.js';
import { firstScreenLines, splitReply } from '../../src/explain/first-screen.js';
import { translator } from '../../src/explain/i18n.js';
import { answerViolations } from '../helpers/answer-invariants.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const demoFile = join(process.cwd(), 'examples/ha-3cp.json');
const dir = mkdtempSync(join(tmpdir(), 'member-remove-'));

interface EtcdRecord {
  members: { ID: number; name: string; clientURLs: string[]; peerURLs: string[] }[];
  endpoint_status: { Endpoint: string; Status: { header: { member_id: number } } }[];
}

/**
 * A variant of the demo: `down` members have no endpoint status (as `etcdctl endpoint status
 * --cluster` leaves out a member that does not answer); `extra` adds a fourth member that answers.
 * The IDs of a rewritten file lose their last digits (JSON numbers), so these are asked by name.
 */
function variant(name: string, down: readonly string[], extra = false): string {
  const demo = JSON.parse(readFileSync(demoFile, 'utf8')) as { etcd: EtcdRecord };
  const etcd = demo.etcd;
  const urlOf = (member: string): string => etcd.members.find((m) => m.name === member)?.clientURLs[0] ?? '';
  etcd.endpoint_status = etcd.endpoint_status.filter((s) => !down.map(urlOf).includes(s.Endpoint));
  if (extra) {
    const status = structuredClone(etcd.endpoint_status[0]);
    if (status === undefined) throw new Error('demo has no endpoint status');
    status.Endpoint = 'https://10.20.0.14:2379';
    status.Status.header.member_id = 4101;
    etcd.members.push({
      ID: 4101,
      name: 'atlas-cp-4',
      clientURLs: ['https://10.20.0.14:2379'],
      peerURLs: ['https://10.20.0.14:2380'],
    });
    etcd.endpoint_status.push(status);
  }
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(demo));
  return file;
}

/** An answer service over a snapshot file, closed after the tests; `ask` goes through the console path. */
function asker(file: string): (text: string) => Promise<{ text: string; first: string[]; reply: Reply }> {
  const config = testBotConfig('', { snapshot: file, clusters: ['demo'] });
  const service = createAnswerService({ config });
  afterAll(() => service.close());
  return async (text) => {
    const outcome = await handleConsoleRequest({ text }, config, (job) => service.answer(job));
    const reply = outcome.reply;
    return {
      text: renderText(reply),
      first: firstScreenLines(splitReply(reply).first, translator(reply.locale)),
      reply,
    };
  };
}

/** No answer invariant is broken (test/helpers/answer-invariants.ts). */
function violations(reply: Reply, target: string): string[] {
  return answerViolations(reply, {
    target,
    downNodes: [],
    allControlPlane: false,
    minor: null,
    request: 'what-if',
    nodeCount: 5,
  });
}

/** Words of an outage, never of a removal. */
const OUTAGE =
  /goes down on|until it is restarted|bring the member back|다운되면|다시 시작될 때까지|멤버를 복구/;

describe('etcdctl member remove on the demo (3 members, all up)', () => {
  const ask = asker(demoFile);

  it.each([
    ['en', 'is `etcdctl member remove atlas-cp-3` safe?'],
    ['ko', '`etcdctl member remove atlas-cp-3` 해도 돼?'],
  ])('%s: a follower removed leaves 2 members, quorum 2, no failure tolerated', async (lang, text) => {
    const a = await ask(text);
    expect(a.reply.title).toMatch(
      lang === 'en' ? /etcd member of atlas-cp-3 is removed/ : /atlas-cp-3의 etcd 멤버를 제거하면/,
    );
    expect(a.reply.verdict).toBe('caution');
    expect(a.text).toMatch(
      lang === 'en'
        ? /from 3 to 2 voting members, quorum 2[^\n]*no member may fail after this/
        : /3대에서 2대가 됩니다\(쿼럼 2[^\n]*어떤 멤버도 장애가 나면 안 됩니다/,
    );
    expect(a.text).not.toMatch(OUTAGE);
    expect(a.first).toContain(
      lang === 'en'
        ? 'etcd ★●● → ★● (member removed: ★ leader, ● up, ○ down, ? not seen; quorum after 2: kept)'
        : 'etcd ★●● → ★● (멤버 제거: ★ 리더, ● 정상, ○ 다운, ? 확인 안 됨; 제거 뒤 쿼럼 2: 유지)',
    );
    // Step 1 (on the first screen when it fits beside the counted reason, else first in Details).
    const step = a.text.split('\n').find((l) => /^\s*1\. /.test(l)) ?? '';
    expect(step).toMatch(/\/etc\/kubernetes\/manifests\/etcd\.yaml/);
    expect(a.text).toMatch(/kubeadm reset/);
    expect(violations(a.reply, 'atlas-cp-3')).toEqual([]);
  });

  it.each([
    ['en', 'etcdctl member remove 93b80db26f336247', /leader election|elect a new leader/],
    ['ko', '`etcdctl member remove 93b80db26f336247` 해도 돼?', /새 리더를 뽑고/],
  ])('%s: the leader removed by its ID: a leader election, the star moves', async (lang, text, election) => {
    const a = await ask(text);
    expect(a.reply.title).toMatch(/93b80db26f336247[^\n]*atlas-cp-1/);
    expect(a.text).toMatch(election);
    expect(a.text).toMatch(lang === 'en' ? /writes pause briefly/ : /쓰기가 잠시 멈춥니다/);
    expect(a.text).not.toMatch(OUTAGE);
    expect(a.first.join('\n')).toMatch(/etcd ●●★ → ★● /);
    expect(violations(a.reply, 'atlas-cp-1')).toEqual([]);
  });
});

describe('etcdctl member remove with a member down', () => {
  const askDown = asker(variant('cp3-down', ['atlas-cp-3']));
  const askOther = asker(variant('cp2-down', ['atlas-cp-2']));

  it.each([
    ['en', 'etcdctl member remove atlas-cp-3'],
    ['ko', 'etcdctl member remove atlas-cp-3 해도 돼?'],
  ])('%s: the member down removed: the 2 left both up, quorum 2, accepted', async (lang, text) => {
    const a = await askDown(text);
    expect(a.reply.verdict).toBe('caution');
    expect(a.text).toMatch(
      lang === 'en'
        ? /from 3 to 2 voting members, quorum 2, with 2 up: no member may fail/
        : /3대에서 2대가 됩니다\(쿼럼 2, 정상 2대\)/,
    );
    expect(a.text).not.toMatch(/refuses|거부합니다/);
    expect(a.first.join('\n')).toMatch(/etcd ★●○ → ★● /);
  });

  it.each([
    ['en', 'etcdctl member remove atlas-cp-3', /etcd refuses this removal[^\n]*only 1 of them are started/],
    ['ko', 'etcdctl member remove atlas-cp-3 해도 돼?', /etcd가 이 제거를 거부합니다/],
  ])(
    '%s: another member down: etcd refuses the removal (strict reconfig check)',
    async (_lang, text, want) => {
      const a = await askOther(text);
      expect(a.reply.verdict).toBe('unsafe');
      expect(a.text).toMatch(want);
      expect(a.text).toMatch(/atlas-cp-2/);
      expect(a.first.join('\n')).toMatch(/etcd ★○● → ★○● /);
    },
  );
});

describe('etcdctl member remove of 1 of 4 members', () => {
  const ask = asker(variant('four', [], true));

  it.each([
    [
      'en',
      'etcdctl member remove atlas-cp-3',
      /from 4 to 3 voting members, quorum 2[^\n]*tolerates 1 member failure/,
    ],
    [
      'ko',
      'etcdctl member remove atlas-cp-3 해도 돼?',
      /4대에서 3대가 됩니다\(쿼럼 2[^\n]*1대까지는 장애가 나도 쿼럼이 유지됩니다/,
    ],
  ])('%s: 3 members left, quorum 2, tolerance 1', async (_lang, text, want) => {
    const a = await ask(text);
    expect(a.reply.verdict).toBe('safe');
    expect(a.text).toMatch(want);
    expect(a.first.join('\n')).toMatch(/etcd ★●●● → ★●● /);
  });
});

describe('etcdctl member remove of a learner, and of the only member', () => {
  const scenario = (name: string): string => join(process.cwd(), 'test/fixtures/scenarios', `${name}.json`);
  const askLearner = asker(scenario('45-3cp-etcd-learner-joining'));
  const askSingle = asker(scenario('05-single-control-plane'));

  it.each([
    ['en', 'etcdctl member remove ab54a98ceb1f0ad2', /is a learner, not a voting member[^\n]*\(2 of 3\)/],
    [
      'ko',
      'etcdctl member remove ab54a98ceb1f0ad2 해도 돼?',
      /투표 멤버가 아닌 learner입니다[^\n]*3대 중 2대/,
    ],
  ])('%s: a learner is removed without touching the quorum', async (_lang, text, want) => {
    const a = await askLearner(text);
    expect(a.reply.verdict).toBe('safe');
    expect(a.text).toMatch(want);
  });

  it.each([
    [
      'en',
      'etcdctl member remove eridani-cp',
      /etcd refuses this removal: eridani-cp is its only voting member/,
    ],
    [
      'ko',
      'etcdctl member remove eridani-cp 해도 돼?',
      /etcd가 이 제거를 거부합니다: eridani-cp는 유일한 투표 멤버/,
    ],
  ])('%s: the only member: etcd refuses it', async (_lang, text, want) => {
    const a = await askSingle(text);
    expect(a.reply.verdict).toBe('unsafe');
    expect(a.text).toMatch(want);
  });
});
