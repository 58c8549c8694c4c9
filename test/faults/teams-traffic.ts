/**
 * TEST ONLY (fault suite): Teams message activities into the real Teams adapter (botbuilder
 * CloudAdapter, `/api/messages`) and the accounting of the Adaptive Cards the fake Bot Connector
 * received. Each request has its own conversation and user. An answer is a delivered (2xx) card
 * message in the request's conversation that is not a continuation ("…, continued (2/3)"); the
 * plain-text "Checking …" acknowledgement and typing are not answers.
 *
 * The adapter runs in the suite's process with authentication off (`allowNoAuth`, loopback only):
 * the CLI gateway turns Teams on only with real Bot Framework credentials, whose tokens cannot be
 * minted offline.
 */
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { Ledger, RequestOutcome, SentRequest } from './slack-traffic.js';

const BOT_ID = '28:k8s-ha-bot';
/** The tenant of every request (the adapter's TEAMS_ALLOWED_TENANTS). */
export const TRAFFIC_TENANT = 'tenant-1';
const CARD = 'application/vnd.microsoft.card.adaptive';
const CONTINUED = /continued \(\d+\/\d+\)|계속 \(\d+\/\d+\)/;

/** Sends Teams activities and keeps the ledger. */
export class TeamsTraffic implements Ledger {
  private seq = 0;

  /**
   * @param connector - the fake Bot Connector named by the activities' serviceUrl
   * @param messagesUrl - the adapter's `POST /api/messages`
   */
  constructor(
    private readonly connector: FakeBotConnector,
    private readonly messagesUrl: string,
  ) {}

  /**
   * Build a request (not sent yet); `send` may be called more than once (a redelivery: same activity id).
   * @param fault - short fault tag
   * @param text - the request text
   */
  make(fault: string, text: string): { request: SentRequest; send: () => Promise<void> } {
    this.seq += 1;
    const tag = `${fault}-${this.seq}`;
    const request: SentRequest = {
      id: `${fault}-teams-${this.seq}`,
      kind: 'teams',
      channel: `a:conv-${tag}`,
      user: `29:user-${tag}`,
      text,
      sentAt: 0,
      deliveries: 0,
      statuses: [],
      finalAcks: [],
      errors: [],
    };
    const activity = {
      type: 'message',
      id: `act-${tag}`,
      timestamp: new Date().toISOString(),
      serviceUrl: this.connector.serviceUrl,
      channelId: 'msteams',
      from: {
        id: request.user,
        name: `User ${tag}`,
        aadObjectId: `00000000-0000-0000-0000-${String(this.seq).padStart(12, '0')}`,
      },
      conversation: { id: request.channel, conversationType: 'personal', tenantId: TRAFFIC_TENANT },
      recipient: { id: BOT_ID, name: 'k8s-ha-bot' },
      text,
      locale: 'en-US',
      entities: [],
      channelData: { tenant: { id: TRAFFIC_TENANT } },
    };
    const body = JSON.stringify(activity);
    const send = async (): Promise<void> => {
      if (request.deliveries === 0) request.sentAt = Date.now();
      request.deliveries += 1;
      try {
        const res = await fetch(this.messagesUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        request.statuses.push(res.status);
        await res.text();
      } catch (err) {
        request.errors.push(err instanceof Error ? err.message : String(err));
      }
    };
    return { request, send };
  }

  /** @inheritDoc */
  outcome(request: SentRequest): RequestOutcome {
    const answers: RequestOutcome['answers'] = [];
    const continuations = new Map<string, number>();
    for (const call of this.connector.delivered()) {
      if (call.method !== 'POST' || call.conversationId !== request.channel) continue;
      const attachments = (call.body.attachments as Array<{ contentType?: string }> | undefined) ?? [];
      if (!attachments.some((a) => a.contentType === CARD)) continue;
      const text = JSON.stringify(call.body);
      const summary = typeof call.body.summary === 'string' ? call.body.summary : text.slice(0, 200);
      if (CONTINUED.test(summary)) continuations.set(text, (continuations.get(text) ?? 0) + 1);
      else answers.push({ at: call.at, text: summary });
    }
    answers.sort((a, b) => a.at - b.at);
    const repeatedContinuations = [...continuations.values()].reduce((n, c) => n + c - 1, 0);
    return { request, answers, repeatedContinuations };
  }
}
