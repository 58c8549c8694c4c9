/**
 * The daily HA report on the simulator served over TLS.
 * - A troubled cluster (API certificate expiring in 5 days, a node cordoned 3 days ago, a stale
 *   kured lock, a PDB stuck at 0 for 2 days, 12 scheduler Lease transitions since yesterday's
 *   report) gives one report naming all five, most urgent first; a healthy cluster one line OK.
 * - Two schedule runners (as in two gateways), each with its own answer step (as two workers),
 *   post each report exactly once to Slack (fake Web API) and Teams (fake Bot Connector).
 * Set SHOW_REPORTS=1 to print the Slack and Teams texts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { webApi } from '@slack/bolt';
import { Redis } from 'ioredis';
import { slackMessagesFor } from '../../adapters/slack/slack-messages.js';
import { SlackPoster } from '../../adapters/slack/slack-poster.js';
import { slackScheduleDelivery } from '../../adapters/slack/slack-schedule-delivery.js';
import { SlackStore } from '../../adapters/slack/slack-store.js';
import { BotFrameworkHost } from '../../adapters/teams/teams-bot-framework.js';
import { loadTeamsConfig } from '../../src/config/chat-settings.js';
import { toJsonOutput } from '../../adapters/console/console-adapter.js';
import { TeamsPoster } from '../../adapters/teams/teams-poster.js';
import { TeamsStore } from '../../adapters/teams/teams-store.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { AnswerService } from '../../src/answer/answer.js';
import type { ReportBaseline } from '../../src/analysis/daily/health-report.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { jobPosterDelivery } from '../../src/schedule/job-poster-delivery.js';
import { ScheduleRunner, statusFromAnswer } from '../../src/schedule/schedule-runner.js';
import type { PostDelivery } from '../../src/schedule/schedule-runner.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import { scheduleIdFor } from '../../src/schedule/schedule-spec.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { metricsRegistry } from '../../src/ops/metrics.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { selfSignedCert } from '../helpers/tls-cert.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const H = 3_600_000;
const CHANNEL = 'C0REPORT';
const TEAMS_CONVERSATION = '19:report@thread.tacv2';
const EVERY_2S = '*/2 * * * * *';

/** The healthy scenario turned into the troubled one (times relative to its `captured_at`). */
function troubled(file: SnapshotFile): SnapshotFile {
  const captured = file.capturedAt?.getTime() ?? Date.now();
  const at = (ms: number): string => new Date(captured - ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const items: KObject[] = structuredClone(file.items);
  const wk2 = items.find((i) => i.kind === 'Node' && i.metadata.name === 'atlas-wk-2') as KObject & {
    spec: Record<string, unknown>;
  };
  wk2.spec = {
    ...wk2.spec,
    unschedulable: true,
    taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }],
  };
  wk2.metadata.managedFields = [
    {
      manager: 'kubectl-cordon',
      operation: 'Update',
      apiVersion: 'v1',
      time: at(3 * 24 * H),
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:spec': { 'f:unschedulable': {} } },
    },
  ];
  const scheduler = items.find(
    (i) => i.kind === 'Lease' && i.metadata.name === 'kube-scheduler',
  ) as KObject & { spec: { leaseTransitions?: number } };
  scheduler.spec.leaseTransitions = 14; // 2 at yesterday's report (the baseline the test stores)
  // kured's lock held by a node that is gone (its `created` is inside JSON: never shifted, so real time)
  items.push({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'kured',
      namespace: 'kube-system',
      uid: 'kured-uid',
      creationTimestamp: at(90 * 24 * H),
      labels: { name: 'kured' },
      annotations: {
        'weave.works/kured-node-lock': JSON.stringify({
          nodeID: 'atlas-wk-9',
          metadata: { unschedulable: false },
          created: new Date(Date.now() - 5 * H).toISOString(),
          TTL: 0,
        }),
      },
    },
    spec: { selector: { matchLabels: { name: 'kured' } } },
    status: { desiredNumberScheduled: 5, numberReady: 5 },
  });
  const pod = (name: string, node: string): KObject => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      uid: `${name}-uid`,
      labels: { app: 'web' },
      creationTimestamp: at(10 * 24 * H),
    },
    spec: { nodeName: node, containers: [{ name: 'web', image: 'nginx:1.27' }] },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: at(10 * 24 * H) }],
    },
  });
  items.push(pod('web-0', 'atlas-wk-1'), pod('web-1', 'atlas-wk-2'));
  items.push({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'shop', uid: 'pdb-web', creationTimestamp: at(10 * 24 * H) },
    spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } },
    status: {
      disruptionsAllowed: 0,
      currentHealthy: 2,
      desiredHealthy: 2,
      expectedPods: 2,
      observedGeneration: 1,
      conditions: [
        {
          type: 'DisruptionAllowed',
          status: 'False',
          reason: 'InsufficientPods',
          message: '',
          observedGeneration: 1,
          lastTransitionTime: at(2 * 24 * H),
        },
      ],
    },
  });
  return { ...file, items };
}

/** The value of one sample of the process registry (`name{labels}` as prom-client prints it), or undefined. */
async function metric(line: string): Promise<number | undefined> {
  const found = (await metricsRegistry.metrics()).split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

function job(cluster: string, text: string, locale: 'en' | 'ko' = 'en'): AnswerJob {
  return {
    requestId: `report-${cluster}`,
    text,
    cluster,
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

let dir: string;
let troubledSim: RunningSimulator;
let healthySim: RunningSimulator;
let config: BotConfig;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-report-'));
  const file = await loadSnapshotFile(SCENARIO);
  // Live components (heartbeats): what was alive at load stays alive however long the run takes
  // (without them the leader Leases of the healthy cluster expired 15 s in, under load).
  troubledSim = await startSimulator({
    file: troubled(file),
    tls: await selfSignedCert(5),
    heartbeats: true,
  });
  healthySim = await startSimulator({ file, tls: await selfSignedCert(365), heartbeats: true });
  const kubeconfig = async (name: string, sim: RunningSimulator): Promise<string> => {
    const path = join(dir, `${name}.yaml`);
    await writeFile(path, sim.kubeconfig);
    return path;
  };
  const timeouts = { requestTimeoutMs: 5000, deadlineMs: 20000 };
  config = {
    source: 'test',
    clusters: {
      troubled: {
        kind: 'context',
        context: 'simulator',
        kubeconfig: await kubeconfig('troubled', troubledSim),
        ...timeouts,
      },
      healthy: {
        kind: 'context',
        context: 'simulator',
        kubeconfig: await kubeconfig('healthy', healthySim),
        ...timeouts,
      },
    },
    defaultCluster: 'troubled',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
});

afterAll(async () => {
  await troubledSim?.close();
  await healthySim?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the HA report on demand (health report, 일일 점검)', () => {
  let service: AnswerService;
  beforeAll(() => {
    service = createAnswerService({ config });
  });
  afterAll(async () => {
    await service.close();
  });

  it('names the expiring API certificate (seen in our own TLS handshake), the cordoned node, the stale lock and the stuck PDB, most urgent first', async () => {
    const reply = await service.answer(job('troubled', 'health report'));
    const items = reply.healthReport?.items ?? [];
    expect(items.map((i) => [i.kind, i.subject])).toEqual([
      ['certificate', `cert/apiserver 127.0.0.1:${troubledSim.port}`],
      ['lock-stale', 'lock/kured kube-system/kured'],
      ['pdb-stuck', 'pdb/shop/web'],
      ['node-cordoned', 'node/atlas-wk-2'],
    ]);
    expect(items[0]).toMatchObject({ severity: 'block', facts: { days: 5, renewal: 'kubeadm' } });
    expect(items[2]?.facts).toMatchObject({ days: 2, pods: ['web-0', 'web-1'] });
    expect(items[3]?.facts).toMatchObject({ days: 3, by: 'kubectl-cordon' });
    expect(reply.summary).toBe('4 things on troubled need attention (1 urgent).');
    expect(reply.sections[0]?.lines[0]).toMatch(
      /^1\. API server certificate at 127\.0\.0\.1:\d+ expires in 5 days .*kubeadm certs renew all/,
    );
  });

  it("exports what it read (issue 32 item 5): the certificate's notAfter, the leader Leases' transitions, etcd's failure tolerance, the maintenance lock free", async () => {
    // nothing read yet about a cluster: no series (unknown), not a healthy-looking 0
    expect(await metric('k8s_ha_bot_etcd_failure_tolerance{cluster="healthy"}')).toBeUndefined();
    const reply = await service.answer(job('troubled', 'health report'));
    const cert = reply.healthReport?.items.find((i) => i.kind === 'certificate');
    expect(
      await metric(
        `k8s_ha_bot_certificate_expiry_timestamp_seconds{cluster="troubled",source="apiserver",endpoint="127.0.0.1:${troubledSim.port}"}`,
      ),
    ).toBe(Date.parse(String(cert?.facts.notAfter)) / 1000);
    // troubled() sets kube-scheduler's to 14; kube-controller-manager's is the scenario's 2
    expect(await metric('k8s_ha_bot_lease_transitions{cluster="troubled",lease="kube-scheduler"}')).toBe(14);
    expect(
      await metric('k8s_ha_bot_lease_transitions{cluster="troubled",lease="kube-controller-manager"}'),
    ).toBe(2);
    // 3 stacked etcd members, all Ready: quorum 2, one failure tolerated (etcd FAQ)
    expect(await metric('k8s_ha_bot_etcd_failure_tolerance{cluster="troubled"}')).toBe(1);
    // no maintenance Lease: the lock is free
    expect(await metric('k8s_ha_bot_maintenance_lock_overdue_seconds{cluster="troubled"}')).toBe(0);
  });

  it('answers in Korean to 일일 점검', async () => {
    const reply = await service.answer(job('troubled', '일일 점검', 'ko'));
    expect(reply.summary).toBe('troubled: 확인이 필요한 항목 4개 (긴급 1개).');
    expect(reply.sections[0]?.lines[0]).toMatch(/API 서버 인증서\(127\.0\.0\.1:\d+\)가 5일 후 만료됩니다/);
  });

  it('--format json carries the items, most urgent first, with their facts', async () => {
    const json = JSON.parse(
      JSON.stringify(toJsonOutput(await service.answer(job('troubled', 'daily health report')))),
    ) as {
      health: string;
      report: {
        items: { kind: string; severity: string; facts: Record<string, unknown> }[];
        thresholds: Record<string, number>;
      };
    };
    expect(json.health).toBe('critical');
    expect(json.report.items.map((i) => i.kind)).toEqual([
      'certificate',
      'lock-stale',
      'pdb-stuck',
      'node-cordoned',
    ]);
    expect(json.report.items[0]?.facts.notAfter).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(json.report.thresholds.cordonedHours).toBe(24);
  });

  it('with the watch cache on, the report still reads fresh (the cache drops managedFields: who cordoned, since when)', async () => {
    const cached = createAnswerService({ config, watchCache: true });
    try {
      await eventually(
        'the cache in sync',
        async () => (await cached.answer(job('troubled', 'status'))).context.cache,
        60_000,
        100,
      ).catch(() => undefined); // the next line says it
      expect((await cached.answer(job('troubled', 'status'))).context.cache).toBeDefined(); // the cache is in sync
      const reply = await cached.answer(job('troubled', 'health report'));
      expect(reply.healthReport?.items.find((i) => i.kind === 'node-cordoned')?.facts).toMatchObject({
        days: 3,
        by: 'kubectl-cordon',
      });
    } finally {
      await cached.close();
    }
  });

  it("names the bot's own maintenance lock left expired by a worker that died mid-maintenance", async () => {
    const file = await loadSnapshotFile(SCENARIO);
    const captured = file.capturedAt?.getTime() ?? Date.now();
    const lease: KObject = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'k8s-ha-bot-maintenance',
        namespace: 'k8s-ha-bot',
        uid: 'lock-uid',
        annotations: { 'k8s-ha-bot/node': 'atlas-wk-1', 'k8s-ha-bot/worker': 'worker-a' },
      },
      spec: {
        holderIdentity: 'mr-0123456789',
        leaseDurationSeconds: 60,
        acquireTime: new Date(captured - 3 * H).toISOString(),
        renewTime: new Date(captured - 2 * H).toISOString(),
      },
    };
    const sim = await startSimulator({ file: { ...file, items: [...file.items, lease] } });
    const path = join(dir, 'locked.yaml');
    await writeFile(path, sim.kubeconfig);
    const locked = createAnswerService({
      config: {
        ...config,
        clusters: {
          locked: {
            kind: 'context',
            context: 'simulator',
            kubeconfig: path,
            requestTimeoutMs: 5000,
            deadlineMs: 20000,
          },
        },
        defaultCluster: 'locked',
      },
    });
    try {
      const before = Date.now();
      const reply = await locked.answer(job('locked', 'health report'));
      const after = Date.now();
      expect(reply.healthReport?.items.map((i) => [i.kind, i.variant, i.facts.holder, i.facts.node])).toEqual(
        [['lock-stale', 'bot-expired', 'mr-0123456789', 'atlas-wk-1']],
      );
      expect(reply.sections[0]?.lines[0]).toMatch(
        /^1\. Maintenance lock k8s-ha-bot\/k8s-ha-bot-maintenance of mr-0123456789 expired 1 h ago without being released/,
      );
      // held past renewTime (2 h before the capture, shifted to the simulator's now) + 60 s, when read
      const renewed = captured - 2 * H + sim.shiftMs;
      const overdue = await metric('k8s_ha_bot_maintenance_lock_overdue_seconds{cluster="locked"}');
      expect(overdue).toBeGreaterThanOrEqual((before - renewed) / 1000 - 60);
      expect(overdue).toBeLessThanOrEqual((after - renewed) / 1000 - 60);
    } finally {
      await locked.close();
      await sim.close();
    }
  });

  it('a healthy cluster is one line OK', async () => {
    const reply = await service.answer(job('healthy', 'health report'));
    expect(reply.summary).toBe('OK: nothing on healthy needs attention.');
    expect(reply.sections).toEqual([]);
    expect(reply.health).toBe('healthy');
  });
});

describe('the daily report, two gateways and two workers', () => {
  let redis: TestRedis;
  let fake: FakeSlackApi;
  let connector: FakeBotConnector;
  let store: Redis;
  let schedules: ScheduleService;
  const services: AnswerService[] = [];
  const runners: ScheduleRunner[] = [];
  const delivered: { platform: string; id: string; reply: Reply }[] = [];

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    connector = await startFakeBotConnector();
    store = new Redis(redis.url);
    schedules = new ScheduleService({ redisUrl: redis.url, defaultTimeZone: 'UTC' });
    const client = new webApi.WebClient('xoxb-test', {
      slackApiUrl: fake.apiUrl,
      retryConfig: { retries: 0 },
    });
    const slack = slackScheduleDelivery(
      new SlackPoster({
        client,
        store: new SlackStore(store, 'k8s-ha-bot:slack:reporttest:'),
        render: slackMessagesFor,
        logger: silentLogger,
      }),
    );
    const teamsStore = new TeamsStore(store, 'k8s-ha-bot:teams:reporttest:');
    await teamsStore.saveReference(TEAMS_CONVERSATION, {
      bot: { id: '28:bot', name: 'k8s-ha-bot' },
      user: { id: '29:user-alice' },
      conversation: { id: TEAMS_CONVERSATION, conversationType: 'channel', tenantId: 'tenant-1' },
      channelId: 'msteams',
      serviceUrl: connector.serviceUrl,
      locale: 'en-US',
    });
    const host = new BotFrameworkHost(loadTeamsConfig({}, { allowNoAuth: true }), silentLogger);
    const teams = jobPosterDelivery(
      new TeamsPoster({
        connector: host,
        store: teamsStore,
        logger: silentLogger,
        baseDelayMs: 5,
        maxDelayMs: 50,
      }),
    );
    const recording = (platform: string, inner: PostDelivery): PostDelivery => ({
      async deliver(spec, reply, id) {
        delivered.push({ platform, id, reply });
        return inner.deliver(spec, reply, id);
      },
    });
    for (let i = 0; i < 2; i += 1) {
      const service = createAnswerService({ config });
      services.push(service);
      runners.push(
        await ScheduleRunner.start({
          redisUrl: redis.url,
          readStatus: statusFromAnswer((j) => service.answer(j)),
          deliveries: { slack: recording('slack', slack), teams: recording('teams', teams) },
          logger: silentLogger,
        }),
      );
    }
  });

  afterAll(async () => {
    await Promise.all(runners.map((r) => r.close()));
    await Promise.all(services.map((s) => s.close()));
    await schedules.close();
    store.disconnect();
    await fake.close();
    await connector.close();
    await redis.stop();
  });

  it('posts one report naming all five, most urgent first, and a one-line OK for the healthy cluster, each exactly once', async () => {
    // Yesterday's report stored kube-scheduler at 2 transitions (the cluster is at 14 now).
    const yesterday = new Date(Date.now() - 24 * H).toISOString();
    const baseline: ReportBaseline = {
      churn: {
        at: yesterday,
        leases: { 'kube-scheduler': 2, 'kube-controller-manager': 2 },
        etcdTerm: null,
        etcdDbBytes: null,
      },
      items: [],
    };
    await store.set(
      `k8s-ha-bot:schedule:report:${scheduleIdFor('slack', CHANNEL, 'troubled')}`,
      JSON.stringify(baseline),
    );
    await store.set(
      `k8s-ha-bot:schedule:report:${scheduleIdFor('teams', TEAMS_CONVERSATION, 'troubled')}`,
      JSON.stringify(baseline),
    );
    const base = { time: '09:00', locale: 'en' as const, cronOverride: EVERY_2S, report: {} };
    // A bad setting is refused and creates nothing.
    await expect(
      schedules.create({
        ...base,
        platform: 'slack',
        conversation: CHANNEL,
        cluster: 'troubled',
        report: { thresholds: { cordonHours: 1 } },
      }),
    ).rejects.toMatchObject({ code: 'bad-request' });
    await schedules.create({ ...base, platform: 'slack', conversation: CHANNEL, cluster: 'troubled' });
    await schedules.create({
      ...base,
      platform: 'teams',
      conversation: TEAMS_CONVERSATION,
      cluster: 'troubled',
    });
    await schedules.create({ ...base, platform: 'slack', conversation: CHANNEL, cluster: 'healthy' });
    const occurrences = (platform: string, cluster: string): Set<string> =>
      new Set(
        delivered
          .filter((d) => d.platform === platform && d.reply.context.cluster === cluster)
          .map((d) => d.id),
      );
    await eventually(
      'two occurrences of each schedule',
      () =>
        occurrences('slack', 'troubled').size >= 2 &&
        occurrences('teams', 'troubled').size >= 2 &&
        occurrences('slack', 'healthy').size >= 2,
      60_000,
    ).catch(() => undefined); // the assertions below say which
    for (const s of await schedules.list()) await schedules.remove(s.platform, s.conversation, s.id);
    // each occurrence delivered once, across both runners
    const ids = delivered.map((d) => `${d.platform}:${d.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(occurrences('slack', 'troubled').size).toBeGreaterThanOrEqual(2);

    const first = delivered.find(
      (d) => d.platform === 'slack' && d.reply.context.cluster === 'troubled',
    )?.reply;
    expect(first?.healthReport?.items.map((i) => i.kind)).toEqual([
      'certificate',
      'lock-stale',
      'pdb-stuck',
      'node-cordoned',
      'lease-churn',
    ]);
    expect(first?.summary).toBe('5 things on troubled need attention (1 urgent).');
    expect(first?.sections[0]?.lines[4]).toMatch(
      /^5\. Leader Lease kube-scheduler changed hands 12 times in 24 h/,
    );
    // the second report compares with the first: nothing new, nothing cleared, no more churn
    const second = delivered.filter(
      (d) => d.platform === 'slack' && d.reply.context.cluster === 'troubled',
    )[1]?.reply;
    expect(second?.healthReport?.items.map((i) => i.kind)).toEqual([
      'certificate',
      'lock-stale',
      'pdb-stuck',
      'node-cordoned',
    ]);
    expect(second?.sections[1]?.lines.join('\n')).toMatch(/^Cleared: Leader Lease kube-scheduler/);
    expect(first?.sections[1]?.lines).toEqual(['New since the last report: 1, 2, 3, 4, 5.']);

    const healthy = delivered.find(
      (d) => d.platform === 'slack' && d.reply.context.cluster === 'healthy',
    )?.reply;
    expect(healthy?.summary).toBe('OK: nothing on healthy needs attention.');
    expect(healthy?.sections).toEqual([]);

    // what Slack and Teams received
    await fake.waitFor((calls) => calls.filter((c) => c.method === 'chat.postMessage').length >= 4);
    const slackPosts = fake.callsOf('chat.postMessage').map((c) => c.params);
    const teamsPosts = connector.delivered().map((c) => c.body);
    const blocksText = (p: Record<string, unknown>): string =>
      (
        (p.blocks as
          { type: string; text?: { text: string }; elements?: { text?: string }[] }[] | undefined) ?? []
      )
        .map((b) => b.text?.text ?? (b.elements ?? []).map((e) => e.text ?? '').join(' '))
        .join('\n');
    const slackTroubled = slackPosts.map(blocksText).find((t) => t.includes('5 things on troubled'));
    const slackHealthy = slackPosts.map(blocksText).find((t) => t.includes('OK: nothing on healthy'));
    expect(slackTroubled).toContain('kubeadm certs renew all');
    expect(slackHealthy).toBeDefined();
    const cardText = (b: Record<string, unknown>): string =>
      JSON.stringify(b)
        .match(/"text":"(?:[^"\\]|\\.)*"/g)
        ?.map((t) => JSON.parse(t.slice(7)) as string)
        .join('\n') ?? '';
    const teamsTroubled = teamsPosts.map(cardText).find((t) => t.includes('5 things on troubled'));
    expect(teamsTroubled).toContain('kured');
    if (process.env.SHOW_REPORTS) {
      console.log(
        `--- Slack (troubled)\n${slackTroubled ?? ''}\n--- Slack (healthy)\n${slackHealthy ?? ''}\n--- Teams (troubled)\n${teamsTroubled ?? ''}`,
      );
    }
  });

  it('quiet hours hold back a report with nothing urgent (marked done, nothing posted) and post an urgent one with a note', async () => {
    delivered.length = 0;
    const allDay = { quietHours: { from: '00:00', to: '00:00' } }; // from = to wraps: the whole day
    const base = { time: '09:00', locale: 'en' as const, cronOverride: EVERY_2S, report: allDay };
    const quietChannel = 'C0QUIET';
    const troubledSpec = (
      await schedules.create({ ...base, platform: 'slack', conversation: quietChannel, cluster: 'troubled' })
    ).spec;
    const healthySpec = (
      await schedules.create({ ...base, platform: 'slack', conversation: quietChannel, cluster: 'healthy' })
    ).spec;
    const markers = async (id: string): Promise<string[]> => store.keys(`k8s-ha-bot:schedule:posted:${id}:*`);
    await eventually(
      'two occurrences of each schedule done',
      async () => (await markers(healthySpec.id)).length >= 2 && (await markers(troubledSpec.id)).length >= 2,
      60_000,
    ).catch(() => undefined); // the assertions below say which
    await schedules.remove('slack', quietChannel, troubledSpec.id);
    await schedules.remove('slack', quietChannel, healthySpec.id);
    const healthyDone = await markers(healthySpec.id);
    expect(healthyDone.length).toBeGreaterThanOrEqual(2);
    expect(delivered.filter((d) => d.id.startsWith(healthySpec.id))).toEqual([]);
    const urgent = delivered.filter((d) => d.id.startsWith(troubledSpec.id));
    expect(urgent.length).toBeGreaterThanOrEqual(1);
    expect(urgent[0]?.reply.title).toBe(
      'Daily HA report of troubled (posted in quiet hours: something is urgent)',
    );
  });
});
