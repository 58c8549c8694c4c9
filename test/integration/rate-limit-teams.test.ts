/**
 * The per-user rate limit through the real Teams adapter (botbuilder's CloudAdapter on
 * /api/messages, a fake Bot Connector at its HTTP boundary, real Redis, an in-memory stand-in of
 * the maintenance service): with K8S_HA_BOT_RATE_LIMIT=2, every typed command and every card click
 * counts, commands answered without a job (approve, maintenance status, audit, schedules) included;
 * the notice is sent once per window, privately: in a 1:1 chat with the user for a message in a
 * channel (in the message's thread only when Teams refuses that chat), in a click's invoke answer;
 * another user is not affected.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CARD_ACTION_MARKER } from '../../adapters/teams/render-card.js';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { actorKey } from '../../src/maintenance/types.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector, FakeConnectorCall } from '../helpers/fake-bot-connector.js';
import { FakeMaintenancePort, testRequest } from '../helpers/fake-maintenance-port.js';
import { TEST_TENANT, postActivity, teamsActivityBody } from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const USERS = {
  requester: { id: '29:req', name: 'Rita Requester', aadObjectId: 'aad-rl-requester' },
  spam: { id: '29:spam', name: 'Sam Spammer', aadObjectId: 'aad-rl-spam' },
  clicker: { id: '29:clicker', name: 'Cleo Clicker', aadObjectId: 'aad-rl-clicker' },
  carol: { id: '29:carol', name: 'Carol Admin', aadObjectId: 'aad-rl-carol' },
  guest: { id: '29:guest', name: 'Gus Uninstalled', aadObjectId: 'aad-rl-guest' },
  flaky: { id: '29:flaky', name: 'Fay Flaky', aadObjectId: 'aad-rl-flaky' },
} satisfies Record<string, TestTeamsUser>;

const keyOf = (u: TestTeamsUser): string =>
  actorKey({ platform: 'teams', tenant: TEST_TENANT, id: u.aadObjectId ?? '' });

describe('rate limit in the Teams adapter', () => {
  let redis: TestRedis;
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let url: string;
  const port = new FakeMaintenancePort(
    [keyOf(USERS.spam), keyOf(USERS.clicker), keyOf(USERS.carol)],
    [keyOf(USERS.spam), keyOf(USERS.carol)],
  );
  const conversation = '19:ops@thread.tacv2;messageid=1712000000700';
  const requester = {
    platform: 'teams' as const,
    tenant: TEST_TENANT,
    id: USERS.requester.aadObjectId,
    displayName: USERS.requester.name,
  };
  const ID = 'mr-rlrlrlrlrl';
  let n = 0;

  const send = (from: TestTeamsUser, extra: Partial<Parameters<typeof teamsActivityBody>[0]>) => {
    const id = `rl-act-${++n}`;
    return postActivity(
      url,
      teamsActivityBody({ id, conversationId: conversation, from, serviceUrl: fake.serviceUrl, ...extra }),
    ).then((res) => ({ ...res, id }));
  };
  const cardData = (verb: string) => ({
    k8sHaBot: CARD_ACTION_MARKER,
    action: verb,
    value: ID,
    card: ID,
    requestId: ID,
  });
  const execute = (from: TestTeamsUser, verb: string) =>
    send(from, {
      type: 'invoke',
      name: 'adaptiveCard/action',
      replyToId: 'card-1',
      value: { action: { type: 'Action.Execute', verb, data: cardData(verb) } },
    });
  const submit = (from: TestTeamsUser, verb: string) =>
    send(from, { replyToId: 'card-1', value: cardData(verb) });
  /** Messages in the conversation (default: the channel) that carry a rate-limit notice. */
  const notices = (where = conversation): FakeConnectorCall[] =>
    fake
      .delivered()
      .filter(
        (c) => c.conversationId === where && /You have asked|Too many requests/.test(JSON.stringify(c.body)),
      );
  /** The 1:1 chat the fake connector opens with a user. */
  const personalChat = (u: TestTeamsUser): string => `a:1on1-${u.id}`;

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeBotConnector();
    ({ teams, url } = await startTestTeamsAdapter({
      env: { K8S_HA_BOT_RATE_LIMIT: '2' },
      config: testBotConfig(redis.url),
      maintenance: { service: port },
    }));
    port.add(testRequest(ID, requester, conversation));
    // Storing the conversation reference (the bot added to the channel) is no request.
    await send(USERS.requester, { type: 'conversationUpdate' });
  });

  afterAll(async () => {
    await teams?.close();
    await fake?.close();
    await redis?.stop();
  });

  it('counts approve, maintenance status, audit, schedules and card clicks; one notice per window, in a 1:1 chat (nothing in the channel); others unaffected', async () => {
    // Two requests go through (limit 2): a typed approval and a status.
    await send(USERS.spam, { text: `approve ${ID}` });
    await send(USERS.spam, { text: `maintenance status ${ID}` });
    expect(port.decisions).toHaveLength(1);
    // The third (audit) is refused with the notice, in a 1:1 chat with Sam; the rest are refused silently.
    const audit = await send(USERS.spam, { text: 'audit' });
    await send(USERS.spam, { text: 'schedule daily 09:00 Asia/Seoul' });
    await submit(USERS.spam, 'maintenance-reject');
    const clicked = await execute(USERS.spam, 'maintenance-reject');
    await send(USERS.spam, { text: `approve ${ID}` });
    // The click is answered privately in its invoke response (no post).
    expect(clicked.json).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: 'Too many requests',
    });
    expect(audit.status).toBe(200);
    await fake.waitFor(() => notices(personalChat(USERS.spam)).length > 0);
    expect(notices(personalChat(USERS.spam))).toHaveLength(1);
    expect(JSON.stringify(notices(personalChat(USERS.spam))[0]?.body)).toMatch(
      /You have asked 2 times in a minute; try again in (59|60) s\./,
    );
    // The 1:1 chat was opened with Sam alone, in his tenant.
    const created = fake.calls.filter((c) => c.conversationId === '(create)');
    expect(
      created.map((c) => [
        (c.body.members as { id: string }[])[0]?.id,
        (c.body.tenantId as string | undefined) ??
          (c.body.channelData as { tenant?: { id?: string } } | undefined)?.tenant?.id,
      ]),
    ).toEqual([[USERS.spam.id, TEST_TENANT]]);
    // Nothing in the channel.
    expect(notices()).toHaveLength(0);
    // Nothing refused reached the maintenance service.
    expect(port.decisions).toHaveLength(1);
    // Carol is not limited by Sam's flood: her audit is answered.
    const before = fake.delivered().length;
    await send(USERS.carol, { text: 'audit' });
    expect(fake.delivered().length).toBeGreaterThan(before);
    expect(notices()).toHaveLength(0);
    expect(notices(personalChat(USERS.spam))).toHaveLength(1);
  });

  it('Teams refuses the 1:1 chat (403: the bot is not installed for the user): the notice goes to the message thread instead of being lost', async () => {
    fake.override((call) =>
      call.conversationId === '(create)' && (call.body.members as { id: string }[])[0]?.id === USERS.guest.id
        ? { status: 403, body: { error: { code: 'BotNotInConversationRoster', message: 'not installed' } } }
        : undefined,
    );
    try {
      await send(USERS.guest, { text: 'audit' });
      await send(USERS.guest, { text: 'audit' });
      const third = await send(USERS.guest, { text: 'audit' });
      await fake.waitFor(() => notices().some((c) => c.activityId === third.id));
      expect(notices().filter((c) => c.activityId === third.id)).toHaveLength(1);
      expect(fake.calls.filter((c) => c.conversationId === '(create)' && c.status === 403)).toHaveLength(1);
    } finally {
      fake.override(undefined);
    }
  });

  it('a passing failure of the 1:1 chat (502) is not taken as a refusal: nothing is posted in the channel', async () => {
    fake.override((call) =>
      call.conversationId === '(create)' && (call.body.members as { id: string }[])[0]?.id === USERS.flaky.id
        ? { status: 502 }
        : undefined,
    );
    try {
      await send(USERS.flaky, { text: 'audit' });
      await send(USERS.flaky, { text: 'audit' });
      const before = notices().length;
      await send(USERS.flaky, { text: 'audit' });
      // The turn is over when the HTTP answer came: the 1:1 attempt was made and failed.
      expect(
        fake.calls
          .filter(
            (c) =>
              c.conversationId === '(create)' &&
              (c.body.members as { id: string }[])[0]?.id === USERS.flaky.id,
          )
          .map((c) => c.status),
      ).toContain(502);
      expect(notices().length).toBe(before);
      expect(notices(personalChat(USERS.flaky))).toHaveLength(0);
    } finally {
      fake.override(undefined);
    }
  });

  it("a user's first refused request being a click gets the notice privately in the invoke answer and nothing in the channel", async () => {
    await execute(USERS.clicker, 'maintenance-approve');
    await execute(USERS.clicker, 'maintenance-approve');
    const before = notices().length;
    const third = await execute(USERS.clicker, 'maintenance-approve');
    expect(third.json).toMatchObject({ statusCode: 200, type: 'application/vnd.microsoft.activity.message' });
    expect(String(third.json?.value)).toMatch(
      /^You have asked 2 times in a minute; try again in (59|60) s\.$/,
    );
    expect(notices()).toHaveLength(before);
    expect(port.decisions.filter((d) => d.actor.id === USERS.clicker.aadObjectId)).toHaveLength(2);
  });
});
