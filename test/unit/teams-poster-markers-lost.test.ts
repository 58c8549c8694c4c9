/**
 * The Teams poster when the Redis posted-message markers of a delivered reply are gone: a Sentinel
 * failover promoted a replica that lacked them (asynchronous replication), and the answer job,
 * whose completion was lost with them, ran again and published its reply again
 * (test/integration/redis-sentinel.test.ts saw a second failover right after a first one lose about
 * 1 s of writes). The same gateway process must not send the answer to the conversation twice.
 */
import { describe, expect, it } from '@jest/globals';
import type { TeamsConnector } from '../../adapters/teams/teams-bot-framework.js';
import { TeamsPoster } from '../../adapters/teams/teams-poster.js';
import { explainHelp } from '../../src/explain/explain-messages.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';

describe('Teams poster: a reply delivered again after its Redis markers were lost', () => {
  it('sends nothing again from the process that sent it', async () => {
    const sent: string[] = [];
    const connector: TeamsConnector = {
      send: async () => {
        sent.push('send');
        return `activity-${sent.length}`;
      },
      update: async () => undefined,
      reply: async () => `reply-${sent.length}`,
      sendPersonal: async () => `personal-${sent.length}`,
    } as unknown as TeamsConnector;
    const markers = new Map<string, Map<number, string>>();
    const poster = new TeamsPoster({
      connector,
      store: {
        reference: async () => ({ conversation: { id: 'conv-1', conversationType: 'channel' } }),
        postedMessages: async (id) => new Map(markers.get(id) ?? []),
        markPosted: async (id, index, activityId) => {
          const m = markers.get(id) ?? new Map<number, string>();
          m.set(index, activityId);
          markers.set(id, m);
        },
        saveCard: async () => undefined,
      },
      logger: silentLogger,
      sleep: async () => undefined,
    });
    const reply = explainHelp(
      { locale: 'en', requestId: 'req-1', cluster: 'prod' },
      { names: ['prod'], defaultCluster: 'prod' },
    );
    const job: AnswerJob = {
      requestId: 'req-1',
      text: 'help',
      cluster: 'prod',
      locale: 'en',
      user: { platform: 'teams', id: '29:user' },
      replyTo: { platform: 'teams', address: { conversation: 'conv-1' } },
      enqueuedAt: new Date().toISOString(),
    };

    await expect(poster.deliver(reply, job)).resolves.toBe(true);
    const first = sent.length;
    expect(first).toBeGreaterThanOrEqual(1);
    expect(markers.get('req-1')?.size).toBe(first);

    markers.clear(); // the failover: the promoted replica never had them
    await expect(poster.deliver(reply, job)).resolves.toBe(true);
    expect(sent).toHaveLength(first);
  });
});
