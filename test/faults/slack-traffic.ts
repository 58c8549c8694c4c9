/**
 * TEST ONLY (fault suite): signed Slack requests into the gateway, and the accounting of what
 * came back through the fake Slack Web API: per request, how many answers, when the first came.
 *
 * Every request gets its own channel and its own user (so answers are attributed without doubt,
 * and a per-user rate limit never speaks for the suite). An "answer" is
 * - a slash command's ack that is the whole answer (not "Checking …", e.g. "the queue is unavailable"),
 * - or a delivered (2xx, ok) first message in the request's channel: chat.postMessage,
 *   chat.postEphemeral or a POST to its response_url. Continuation messages of a long answer
 *   ("…, continued (2/3)") are not answers; the same continuation delivered twice is a duplicate.
 */
import type { FakeSlackAnswer, FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import { eventBody, sendSigned, slashCommandBody, triggerId } from '../helpers/fake-slack-requests.js';

/** One request the suite sent (possibly delivered more than once). */
export interface SentRequest {
  id: string;
  /** Slack slash command, app mention or DM; or a Teams message activity. */
  kind: 'command' | 'mention' | 'dm' | 'teams';
  channel: string;
  user: string;
  text: string;
  /** ms since the epoch, first delivery */
  sentAt: number;
  deliveries: number;
  /** HTTP statuses of the deliveries. */
  statuses: number[];
  /** Final acks (the ack was the whole answer), with their time. */
  finalAcks: Array<{ at: number; text: string }>;
  /** Delivery errors (the gateway did not answer HTTP at all). */
  errors: string[];
}

/** What came back for one request. */
export interface RequestOutcome {
  request: SentRequest;
  /** Answers, in time order (ms since the epoch) with their text. */
  answers: Array<{ at: number; text: string }>;
  /** The same continuation message delivered more than once. */
  repeatedContinuations: number;
}

const FORM = 'application/x-www-form-urlencoded' as const;
const JSON_TYPE = 'application/json' as const;
const CONTINUED = /continued \(\d+\/\d+\)|계속 \(\d+\/\d+\)/;

/** Requests the suite asks (scenario 01: a healthy 3-node stacked-etcd control plane). */
export const REQUEST_TEXTS: readonly string[] = [
  'can I reboot atlas-cp-2',
  'status',
  'drain and reboot atlas-wk-1',
  'can I reboot atlas-cp-1',
  'can I drain atlas-wk-2',
  'what if atlas-cp-3 goes down',
  'can I upgrade atlas-cp-3',
];

/**
 * Sends signed requests and keeps the ledger.
 */
export class SlackTraffic {
  readonly requests: SentRequest[] = [];
  /** Calls the fake answered with a failure (500, 429…): not delivered. */
  private readonly refused = new WeakSet<FakeSlackCall>();
  private seq = 0;

  /**
   * @param fake - the fake Slack Web API the gateway posts to
   * @param eventsUrl - the gateway's `POST /slack/events`
   */
  constructor(
    private readonly fake: FakeSlackApi,
    private readonly eventsUrl: string,
  ) {
    // Failure injection: `plan` decides each post's answer; undefined = the fake's default (success).
    for (const method of ['chat.postMessage', 'chat.postEphemeral']) {
      fake.override(method, async (call) => {
        await this.beforeAnswer?.(call);
        const answer = this.plan?.(call);
        if (answer) this.refused.add(call);
        return answer;
      });
    }
  }

  /** Runs while a post's HTTP answer is held (e.g. kill Redis while Slack is taking a post). */
  beforeAnswer: ((call: FakeSlackCall) => Promise<void>) | undefined;

  /** The fault of the moment in the Web API: a failure answer for a post, or undefined. */
  plan: ((call: FakeSlackCall) => FakeSlackAnswer | undefined) | undefined;

  /**
   * Build a request (not sent yet).
   * @param fault - short fault tag, used in ids, channels and users
   * @param kind - slash command, app mention or DM
   * @param text - the request text
   * @param from - channel and user to use instead of the request's own (e.g. one user flooding one
   *   channel; answers in a shared channel cannot be told apart by {@link outcome})
   */
  make(
    fault: string,
    kind: 'command' | 'mention' | 'dm',
    text: string,
    from?: { channel: string; user: string },
  ): { request: SentRequest; send: (retry?: number) => Promise<void> } {
    this.seq += 1;
    const n = this.seq;
    const tag = `${fault.toUpperCase().replace(/[^A-Z0-9]/g, '')}${n}`;
    const request: SentRequest = {
      id: `${fault}-${n}`,
      kind,
      channel: from?.channel ?? `${kind === 'dm' ? 'D' : 'C'}0${tag}`,
      user: from?.user ?? `U0${tag}`,
      text,
      sentAt: 0,
      deliveries: 0,
      statuses: [],
      finalAcks: [],
      errors: [],
    };
    this.requests.push(request);
    let body: string;
    let contentType: typeof FORM | typeof JSON_TYPE;
    if (kind === 'command') {
      body = slashCommandBody({
        text,
        user_id: request.user,
        channel_id: request.channel,
        trigger_id: triggerId(),
        response_url: `${this.fake.baseUrl}/response/${request.channel}`,
      });
      contentType = FORM;
    } else {
      const ts = `${1_712_000_000 + n}.000100`;
      const event =
        kind === 'mention'
          ? {
              type: 'app_mention',
              user: request.user,
              text: `<@UBOT> ${text}`,
              ts,
              channel: request.channel,
              event_ts: ts,
            }
          : {
              type: 'message',
              channel_type: 'im',
              user: request.user,
              text,
              ts,
              channel: request.channel,
              event_ts: ts,
            };
      body = eventBody(event, `Ev0${tag}`);
      contentType = JSON_TYPE;
    }
    const send = async (retry = 0): Promise<void> => {
      const at = Date.now();
      if (request.deliveries === 0) request.sentAt = at;
      request.deliveries += 1;
      try {
        // A redelivered event carries Slack's retry headers; a repeated slash command is the same body (same trigger_id).
        const headers: Record<string, string> =
          retry > 0 && kind !== 'command'
            ? { 'x-slack-retry-num': String(retry), 'x-slack-retry-reason': 'http_timeout' }
            : {};
        const res = await sendSigned(this.eventsUrl, body, { contentType, headers });
        request.statuses.push(res.status);
        if (kind === 'command' && res.status === 200) {
          const text = ackText(res.text);
          if (!/^Checking\b|확인 중/.test(text)) request.finalAcks.push({ at: Date.now(), text });
        }
      } catch (err) {
        request.errors.push(err instanceof Error ? err.message : String(err));
      }
    };
    return { request, send };
  }

  /** Delivered messages of a channel (refused calls left out), in order. */
  delivered(channel: string): FakeSlackCall[] {
    return this.fake.calls.filter(
      (c) =>
        !this.refused.has(c) &&
        (((c.method === 'chat.postMessage' || c.method === 'chat.postEphemeral') &&
          c.params.channel === channel) ||
          c.method === `response/${channel}`),
    );
  }

  /**
   * What came back for a request so far.
   * @param request - a sent request
   * @returns its answers and repeated continuations
   */
  outcome(request: SentRequest): RequestOutcome {
    const answers = request.finalAcks.map((a) => ({ ...a }));
    const seenContinuations = new Map<string, number>();
    for (const call of this.delivered(request.channel)) {
      const text = String(call.params.text ?? '');
      const isContinuation =
        CONTINUED.test(text) ||
        (request.kind === 'command' &&
          call.method === 'chat.postMessage' &&
          call.params.thread_ts !== undefined);
      if (isContinuation) {
        const key = `${text}\u0000${JSON.stringify(call.params.blocks ?? [])}`;
        seenContinuations.set(key, (seenContinuations.get(key) ?? 0) + 1);
      } else {
        answers.push({ at: call.at, text });
      }
    }
    answers.sort((a, b) => a.at - b.at);
    const repeatedContinuations = [...seenContinuations.values()].reduce((n, count) => n + (count - 1), 0);
    return { request, answers, repeatedContinuations };
  }
}

function ackText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { text?: unknown };
    return typeof parsed.text === 'string' ? parsed.text : body;
  } catch (err) {
    if (err instanceof SyntaxError) return body;
    throw err;
  }
}

/** One row of the fault table. */
export interface FaultRow {
  fault: string;
  sent: number | string;
  answered: number | string;
  lost: number | string;
  duplicated: number | string;
  /** Worst answer time in s (from the request, or from recovery for requests sent before it). */
  worst: string;
  /** Whether the row met its targets; null: not run (never a pass). */
  pass: boolean | null;
  notes: string;
  /** Count the same requests again (at the end of the suite), when the row counts requests. */
  recount?: () => FaultRow;
}

/** Options of {@link settle}. */
export interface SettleOptions {
  /** When the fault ended (the failed part is back), ms since the epoch; requests sent before it are timed from it. */
  recoveredAt: number;
  /** How long after recovery (or after the request, if later) an answer may take, in ms. @defaultValue 60 000 */
  budgetMs?: number;
  /** Quiet time after the last request's first answer, to catch late duplicates, in ms. @defaultValue 3000 */
  graceMs?: number;
}

/** Answer-text patterns of honest failure messages (queue down, did not finish, could not read…). */
const FAILURE_TEXT = /unavailable|did not finish|could not|failed|try again/i;

/** Anything that tells what came back for a request. */
export interface Ledger {
  outcome(request: SentRequest): RequestOutcome;
}

/**
 * Wait until every request has an answer (then a quiet grace time) or its budget has passed,
 * then count.
 * @param traffic - the ledger (Slack, Teams, or both)
 * @param requests - the fault's requests
 * @param fault - the row's name
 * @param options - recovery time, budget, grace
 * @returns the row
 */
export async function settle(
  traffic: Ledger,
  requests: readonly SentRequest[],
  fault: string,
  options: SettleOptions,
): Promise<FaultRow> {
  const budget = options.budgetMs ?? 60_000;
  const grace = options.graceMs ?? 3000;
  const refOf = (r: SentRequest): number => Math.max(r.sentAt, options.recoveredAt);
  const lastDeadline = Math.max(...requests.map((r) => refOf(r) + budget));
  for (;;) {
    const outcomes = requests.map((r) => traffic.outcome(r));
    const allAnswered = outcomes.every((o) => o.answers.length > 0);
    const lastFirst = Math.max(...outcomes.map((o) => o.answers[0]?.at ?? 0));
    if ((allAnswered && Date.now() - lastFirst >= grace) || Date.now() > lastDeadline + grace) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return count(traffic, requests, fault, options);
}

/**
 * Count a fault's requests as they stand now (no waiting). The suite counts each row once more at
 * its end, so that an answer repeated long after the row settled (a redelivery after BullMQ's
 * stalled-job check, up to about a minute later) is still seen as a duplicate.
 * @param traffic - the ledger
 * @param requests - the fault's requests
 * @param fault - the row's name
 * @param options - recovery time and budget
 * @returns the row, with `recount` to count again later
 */
export function count(
  traffic: Ledger,
  requests: readonly SentRequest[],
  fault: string,
  options: SettleOptions,
): FaultRow {
  const budget = options.budgetMs ?? 60_000;
  const refOf = (r: SentRequest): number => Math.max(r.sentAt, options.recoveredAt);
  const outcomes = requests.map((r) => traffic.outcome(r));
  let answered = 0;
  let lost = 0;
  let duplicated = 0;
  let late = 0;
  let failures = 0;
  let worst = 0;
  const lostIds: string[] = [];
  const dupIds: string[] = [];
  for (const o of outcomes) {
    const first = o.answers[0];
    const ref = first && first.at < options.recoveredAt ? o.request.sentAt : refOf(o.request);
    if (!first || first.at - ref > budget) {
      lost += 1;
      if (first) late += 1;
      lostIds.push(o.request.id);
      continue;
    }
    answered += 1;
    worst = Math.max(worst, (first.at - ref) / 1000);
    if (o.answers.some((a) => FAILURE_TEXT.test(a.text))) failures += 1;
    if (o.answers.length > 1 || o.repeatedContinuations > 0) {
      duplicated += 1;
      dupIds.push(`${o.request.id}(${o.answers.map((a) => a.text.slice(0, 40)).join(' | ')})`);
    }
  }
  const notes = [
    failures > 0 ? `${failures} answered with an honest failure message` : '',
    late > 0 ? `${late} answered later than ${budget / 1000} s (counted lost)` : '',
    lostIds.length > 0 ? `lost: ${lostIds.slice(0, 5).join(', ')}${lostIds.length > 5 ? ', …' : ''}` : '',
    dupIds.length > 0 ? `duplicated: ${dupIds.slice(0, 3).join('; ')}${dupIds.length > 3 ? '; …' : ''}` : '',
  ].filter(Boolean);
  return {
    fault,
    sent: requests.length,
    answered,
    lost,
    duplicated,
    worst: worst.toFixed(1),
    pass: lost === 0 && duplicated === 0,
    notes: notes.join('; '),
    recount: () => count(traffic, requests, fault, options),
  };
}
