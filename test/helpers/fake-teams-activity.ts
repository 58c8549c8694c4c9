/**
 * Test helpers for the Teams adapter: Bot Framework activities as Teams sends them (message,
 * Action.Execute invoke, Action.Submit message, conversationUpdate) aimed at a fake Bot Connector,
 * a POST to /api/messages, and readers for Adaptive Cards in recorded connector calls.
 */
import { ADAPTIVE_CARD_CONTENT_TYPE } from '../../adapters/teams/render-card.js';
import type { FakeConnectorCall } from './fake-bot-connector.js';

/** The bot's id in test activities. */
export const TEST_BOT_ID = '28:k8s-ha-bot';
/** The tenant of every test user. */
export const TEST_TENANT = '72f988bf-0000-4000-8000-00000000aaaa';

/** A Teams user: `aadObjectId` undefined models a client that sends none. */
export interface TestTeamsUser {
  id: string;
  name: string;
  aadObjectId?: string;
}

/** What a test activity says. */
export interface TestActivityInput {
  id: string;
  conversationId: string;
  from: TestTeamsUser;
  serviceUrl: string;
  type?: string;
  name?: string;
  text?: string;
  value?: unknown;
  replyToId?: string;
  conversationType?: 'personal' | 'groupChat' | 'channel';
  locale?: string;
}

/**
 * A Bot Framework activity as Teams POSTs it.
 * @param input - ids, user, text or value
 * @returns the JSON body
 */
export function teamsActivityBody(input: TestActivityInput): Record<string, unknown> {
  return {
    type: input.type ?? 'message',
    id: input.id,
    ...(input.name ? { name: input.name } : {}),
    timestamp: new Date().toISOString(),
    serviceUrl: input.serviceUrl,
    channelId: 'msteams',
    from: {
      id: input.from.id,
      name: input.from.name,
      ...(input.from.aadObjectId ? { aadObjectId: input.from.aadObjectId } : {}),
    },
    conversation: {
      id: input.conversationId,
      conversationType: input.conversationType ?? 'channel',
      tenantId: TEST_TENANT,
    },
    recipient: { id: TEST_BOT_ID, name: 'k8s-ha-bot' },
    ...(input.text !== undefined ? { text: input.text } : {}),
    ...(input.value !== undefined ? { value: input.value } : {}),
    ...(input.replyToId ? { replyToId: input.replyToId } : {}),
    locale: input.locale ?? 'en-US',
    entities: [],
    channelData: { tenant: { id: TEST_TENANT } },
  };
}

/**
 * POST an activity to the adapter.
 * @param url - `http://127.0.0.1:<port>/api/messages`
 * @param body - the activity
 * @returns status and parsed JSON body (undefined when empty)
 */
export async function postActivity(
  url: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text.trim() === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

/** An Adaptive Card as the tests read it. */
export interface TestCard {
  version?: string;
  fallbackText?: string;
  body?: unknown[];
  actions?: {
    type: string;
    verb?: string;
    title?: string;
    data?: Record<string, unknown>;
    fallback?: { type: string; data?: Record<string, unknown> };
  }[];
}

/**
 * The Adaptive Card of a recorded connector call.
 * @param call - a recorded call
 * @returns the card, or undefined when the activity has none
 */
export function cardOfCall(call: FakeConnectorCall | undefined): TestCard | undefined {
  const attachments = call?.body.attachments as { contentType: string; content: TestCard }[] | undefined;
  return attachments?.find((a) => a.contentType === ADAPTIVE_CARD_CONTENT_TYPE)?.content;
}

/**
 * Every TextRun / TextBlock text of a card, joined by newlines.
 * @param card - the card
 */
export function textOfCard(card: TestCard | undefined): string {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if ((o.type === 'TextRun' || o.type === 'TextBlock') && typeof o.text === 'string') out.push(o.text);
      Object.values(o).forEach(walk);
    }
  };
  walk(card?.body);
  return out.join('\n');
}
