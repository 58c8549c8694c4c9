/**
 * The Slack poster when Redis refuses a posted-message marker after Slack accepted the post (Redis
 * died in between): the delivery must not fail (the replies queue would post it again), a retried
 * delivery in this process posts nothing new, and the marker lands once Redis answers again.
 */
import { describe, expect, it } from '@jest/globals';
import { SlackPoster } from '../../adapters/slack/slack-poster.js';
import type { SlackPosterClient } from '../../adapters/slack/slack-poster.js';
import { slackMessagesFor } from '../../adapters/slack/slack-messages.js';
import { explainHelp } from '../../src/explain/explain-messages.js';
import { silentLogger } from '../../src/util/logger.js';

/** A marker store whose Redis is "down" until `up` is set. */
function flakyStore(): {
  store: ConstructorParameters<typeof SlackPoster>[0]['store'];
  markers: Map<string, Map<number, string>>;
  setUp(up: boolean): void;
  writes: number;
} {
  let up = true;
  const markers = new Map<string, Map<number, string>>();
  const state = {
    writes: 0,
    markers,
    setUp(value: boolean) {
      up = value;
    },
    store: {
      async postedMessages(id: string) {
        return new Map(markers.get(id) ?? []);
      },
      async markPosted(id: string, index: number, ts: string) {
        state.writes += 1;
        if (!up) throw new Error('Connection is closed.');
        const m = markers.get(id) ?? new Map<number, string>();
        m.set(index, ts);
        markers.set(id, m);
      },
    },
  };
  return state;
}

describe('Slack poster: posted-message markers when Redis fails', () => {
  it('a refused marker does not fail the delivery, a retried delivery posts nothing again, and the marker lands later', async () => {
    const posts: string[] = [];
    const client: SlackPosterClient = {
      chat: {
        postMessage: async (args) => {
          posts.push(String(args.channel));
          return { ok: true, ts: `1.${posts.length}` };
        },
        postEphemeral: async () => ({ ok: true }),
      },
    };
    const flaky = flakyStore();
    const poster = new SlackPoster({
      client,
      store: flaky.store,
      render: slackMessagesFor,
      logger: silentLogger,
      sleep: () => new Promise((r) => setTimeout(r, 5)),
    });
    const reply = explainHelp(
      { locale: 'en', requestId: 'req-1', cluster: 'prod' },
      { names: ['prod'], defaultCluster: 'prod' },
    );
    const messages = slackMessagesFor(reply).length;
    expect(messages).toBeGreaterThanOrEqual(1);

    flaky.setUp(false);
    await expect(poster.deliver(reply, { channel: 'C1' }, 'req-1')).resolves.toBe(true);
    expect(posts).toHaveLength(messages);
    // The replies queue retries the delivery (its completion could not be recorded either): nothing new.
    await expect(poster.deliver(reply, { channel: 'C1' }, 'req-1')).resolves.toBe(true);
    expect(posts).toHaveLength(messages);

    // Redis is back: the background retry records every marker, so another gateway would skip them too.
    flaky.setUp(true);
    const deadline = Date.now() + 3000;
    while ((flaky.markers.get('req-1')?.size ?? 0) < messages && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(flaky.markers.get('req-1')?.size).toBe(messages);
    const other = new SlackPoster({
      client,
      store: flaky.store,
      render: slackMessagesFor,
      logger: silentLogger,
    });
    await other.deliver(reply, { channel: 'C1' }, 'req-1');
    expect(posts).toHaveLength(messages);
  });
});
