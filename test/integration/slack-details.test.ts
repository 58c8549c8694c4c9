/**
 * The Slack "Details" button (issue 30, item 4) end to end: signed requests into the real Bolt
 * HTTPReceiver → real Redis → an in-process worker with the real answer step over a scenario
 * snapshot → Block Kit posted to the fake Slack Web API; then signed button clicks → views.open
 * (or the answer's thread) on the same fake.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { SLACK_STORE_PREFIX } from '../../adapters/slack/slack-store.js';
import { DETAILS_TTL_SECONDS } from '../../adapters/slack/slack-details.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import { silentLogger } from '../../src/util/logger.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import { eventBody, sendSigned, TEST_SIGNING_SECRET, triggerId } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const FORM = 'application/x-www-form-urlencoded' as const;
const JSON_TYPE = 'application/json' as const;
const DETAILS_ACTION_ID = 'k8s-ha-bot:details';

const botConfig = (redisUrl: string): BotConfig =>
  testBotConfig(redisUrl, { snapshot: SCENARIO, clusters: ['prod'] });

interface Block {
  type: string;
  text?: { text: string };
  elements?: { action_id?: string; value?: string; text?: string | { text: string } }[];
}

const blocksOf = (call: FakeSlackCall | undefined): Block[] => (call?.params.blocks ?? []) as Block[];
const sectionTexts = (blocks: readonly Block[]): string[] =>
  blocks.filter((b) => b.type === 'section').map((b) => b.text?.text ?? '');
const detailsButtons = (call: FakeSlackCall | undefined): { value?: string }[] =>
  blocksOf(call)
    .filter((b) => b.type === 'actions')
    .flatMap((b) => b.elements ?? [])
    .filter((e) => e.action_id === DETAILS_ACTION_ID);

/**
 * What the same answer showed under its "Details" label before the button: every section after
 * that label, over all messages (the old rendering, without a details id).
 */
function inlineDetails(reply: Reply): string[] {
  const texts = renderSlackMessages(reply).flatMap((m) => sectionTexts(m.blocks as Block[]));
  const at = texts.indexOf(`*${translator(reply.locale).t('screen.details')}*`);
  expect(at).toBeGreaterThan(0);
  return texts.slice(at + 1);
}

describe('Slack "Details" button on a healthy 3-node control plane', () => {
  let redis: TestRedis;
  let fake: FakeSlackApi;
  let gateway: RunningGateway;
  let worker: RunningWorker;
  let client: Redis;
  let url: string;
  const service = createAnswerService({ config: botConfig('redis://unused:1') });
  /** The worker's replies by request id: the answers the posted messages were made of. */
  const replies = new Map<string, Reply>();

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    worker = await startWorker({
      redisUrl: redis.url,
      clusters: ['prod'],
      handler: async (job, context) => {
        const reply = await service.handler(job, context);
        replies.set(job.requestId, reply);
        return reply;
      },
      logger: silentLogger,
    });
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test-token',
        SLACK_API_URL: fake.apiUrl,
      },
      config: botConfig(redis.url),
      logger: silentLogger,
      port: 0,
    });
    url = `http://127.0.0.1:${gateway.port}/slack/events`;
    client = new Redis(redis.url, { maxRetriesPerRequest: null });
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    client?.disconnect();
    await service.close();
    await fake?.close();
    await redis?.stop();
  });

  const posts = (channel: string): FakeSlackCall[] =>
    fake.callsOf('chat.postMessage').filter((c) => c.params.channel === channel);
  const ephemerals = (user: string): FakeSlackCall[] =>
    fake.callsOf('chat.postEphemeral').filter((c) => c.params.user === user);

  /** Mention the bot in `channel` and wait for the answer's first message. */
  async function ask(text: string, channel: string, eventId: string): Promise<FakeSlackCall> {
    const ts = '1712000000.000100';
    const event = { type: 'app_mention', user: 'U0ASK', text: `<@UBOT> ${text}`, ts, channel, event_ts: ts };
    expect((await sendSigned(url, eventBody(event, eventId), { contentType: JSON_TYPE })).status).toBe(200);
    await fake.waitFor(() => posts(channel).length >= 1);
    const [post] = posts(channel);
    return post as FakeSlackCall;
  }

  /** Click a "Details" button as `user` of `team`, in `channel`; the answer message is `messageTs`. */
  async function click(value: string, channel: string, user: string, team = 'T0TEST'): Promise<void> {
    const payload = {
      type: 'block_actions',
      trigger_id: triggerId(),
      user: { id: user, team_id: team },
      team: { id: 'T0TEST' },
      channel: { id: channel },
      container: {
        type: 'message',
        message_ts: '1712000000.000900',
        thread_ts: '1712000000.000100',
        channel_id: channel,
      },
      message: { ts: '1712000000.000900', thread_ts: '1712000000.000100', text: 'answer' },
      actions: [
        { type: 'button', action_id: DETAILS_ACTION_ID, block_id: 'b', value, action_ts: '1712000001.0' },
      ],
    };
    const res = await sendSigned(url, `payload=${encodeURIComponent(JSON.stringify(payload))}`, {
      contentType: FORM,
    });
    expect(res.status).toBe(200);
  }

  const requestOf = (eventId: string): Reply => {
    const reply = replies.get(`ev-${eventId}`);
    expect(reply).toBeDefined();
    return reply as Reply;
  };

  it('the answer is its first screen with a Details button; a click opens a modal with exactly the details, from Redis with a TTL', async () => {
    const post = await ask('can I reboot atlas-cp-2', 'C0DET1', 'Ev0DET1');
    const [button, ...others] = detailsButtons(post);
    expect(others).toHaveLength(0);
    const id = button?.value ?? '';
    expect(id).toMatch(/^sd-/);
    const details = inlineDetails(requestOf('Ev0DET1'));
    expect(details.length).toBeGreaterThan(0);
    // The message no longer carries them: no "Details" label, none of their sections.
    const shown = sectionTexts(blocksOf(post));
    expect(shown).not.toContain('*Details*');
    for (const d of details) expect(shown).not.toContain(d);
    expect(posts('C0DET1')).toHaveLength(1);
    // Stored when posted, for a day.
    const ttl = await client.ttl(`${SLACK_STORE_PREFIX}details:${id}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DETAILS_TTL_SECONDS);

    await click(id, 'C0DET1', 'U0CLICK');
    await fake.waitFor(() => fake.callsOf('views.open').length >= 1);
    const [open] = fake.callsOf('views.open');
    const view = open?.params.view as { type: string; title: { text: string }; blocks: Block[] };
    expect(view.type).toBe('modal');
    expect(view.title.text).toBe('Details');
    expect(sectionTexts(view.blocks)).toEqual(details);
    expect(view.blocks.length).toBeLessThanOrEqual(100);
    expect(typeof open?.params.trigger_id).toBe('string');
  });

  it('in Korean: the modal shows the Korean answer’s details under “자세히”', async () => {
    const post = await ask('atlas-cp-2 재부팅해도 돼?', 'C0DETKO', 'Ev0DETKO');
    const id = detailsButtons(post)[0]?.value ?? '';
    const before = fake.callsOf('views.open').length;
    await click(id, 'C0DETKO', 'U0CLICKKO');
    await fake.waitFor(() => fake.callsOf('views.open').length > before);
    const view = fake.callsOf('views.open')[before]?.params.view as {
      title: { text: string };
      blocks: Block[];
    };
    expect(view.title.text).toBe('자세히');
    expect(sectionTexts(view.blocks)).toEqual(inlineDetails(requestOf('Ev0DETKO')));
  });

  it('an answer without details (help) has no Details button', async () => {
    const post = await ask('help', 'C0DET2', 'Ev0DET2');
    expect(detailsButtons(post)).toHaveLength(0);
    expect(blocksOf(post).length).toBeGreaterThan(0);
  });

  it('two users’ clicks each open the same modal', async () => {
    const id = detailsButtons(await ask('can I reboot atlas-cp-1', 'C0DET3', 'Ev0DET3'))[0]?.value ?? '';
    const before = fake.callsOf('views.open').length;
    await click(id, 'C0DET3', 'U0TWICE');
    await click(id, 'C0DET3', 'U0TWICE2');
    await fake.waitFor(() => fake.callsOf('views.open').length >= before + 2);
    const [a, b] = fake.callsOf('views.open').slice(before);
    expect(a?.params.trigger_id).not.toBe(b?.params.trigger_id);
    expect((a?.params.view as { blocks: Block[] }).blocks).toEqual(
      (b?.params.view as { blocks: Block[] }).blocks,
    );
    expect(sectionTexts((a?.params.view as { blocks: Block[] }).blocks)).toEqual(
      inlineDetails(requestOf('Ev0DET3')),
    );
    expect(ephemerals('U0TWICE')).toHaveLength(0);
    expect(ephemerals('U0TWICE2')).toHaveLength(0);
  });

  it('a click from another channel than the answer’s is told the details expired, and no modal opens', async () => {
    const id = detailsButtons(await ask('can I reboot atlas-cp-2', 'C0DET7', 'Ev0DET7'))[0]?.value ?? '';
    const before = fake.callsOf('views.open').length;
    await click(id, 'C0ELSEWHERE', 'U0ELSE');
    await fake.waitFor(() => ephemerals('U0ELSE').length >= 1);
    expect(ephemerals('U0ELSE')[0]?.params.text).toBe('These details have expired: ask again.');
    expect(fake.callsOf('views.open')).toHaveLength(before);
  });

  it('expired details: the clicker is told privately to ask again, and no modal opens', async () => {
    const id = detailsButtons(await ask('can I reboot atlas-cp-3', 'C0DET4', 'Ev0DET4'))[0]?.value ?? '';
    expect(await client.del(`${SLACK_STORE_PREFIX}details:${id}`)).toBe(1);
    const before = fake.callsOf('views.open').length;
    await click(id, 'C0DET4', 'U0LATE');
    await fake.waitFor(() => ephemerals('U0LATE').length >= 1);
    expect(ephemerals('U0LATE')[0]?.params.text).toBe('These details have expired: ask again.');
    expect(fake.callsOf('views.open')).toHaveLength(before);
  });

  it('a user of another team is refused privately and sees no details', async () => {
    const id = detailsButtons(await ask('can I reboot atlas-cp-2', 'C0DET5', 'Ev0DET5'))[0]?.value ?? '';
    const before = fake.callsOf('views.open').length;
    await click(id, 'C0DET5', 'U0EVIL', 'T0EVIL');
    await fake.waitFor(() => ephemerals('U0EVIL').length >= 1);
    expect(String(ephemerals('U0EVIL')[0]?.params.text)).toContain('T0EVIL');
    expect(fake.callsOf('views.open')).toHaveLength(before);
    expect(posts('C0DET5')).toHaveLength(1);
  });

  it('when views.open fails, the details are posted once in the answer’s thread; a second click is told where they are', async () => {
    const id = detailsButtons(await ask('can I reboot atlas-cp-1', 'C0DET6', 'Ev0DET6'))[0]?.value ?? '';
    fake.override('views.open', () => ({ body: { ok: false, error: 'expired_trigger_id' } }));
    try {
      await click(id, 'C0DET6', 'U0NOMODAL');
      await fake.waitFor(() => posts('C0DET6').length >= 2);
      await click(id, 'C0DET6', 'U0NOMODAL2');
      await fake.waitFor(() => ephemerals('U0NOMODAL2').length >= 1);
    } finally {
      fake.override('views.open', () => undefined);
    }
    const thread = posts('C0DET6').slice(1);
    expect(thread).toHaveLength(1);
    expect(thread[0]?.params.thread_ts).toBe('1712000000.000100');
    expect(sectionTexts(blocksOf(thread[0]))).toEqual(inlineDetails(requestOf('Ev0DET6')));
    expect(ephemerals('U0NOMODAL2')[0]?.params.text).toBe("This answer's details are in its thread.");
  });
});
