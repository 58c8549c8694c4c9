/**
 * The "Details" button of a Slack answer (issue 30, item 4: chat-sized answers). The answer's
 * first message is its first screen; its details are stored in Redis when the answer is posted
 * ({@link SlackDetailsButton.save}, key `details:<id>` of ./slack-store.ts, with a TTL) and the
 * button's value is their id. A click shows those same details, never a new analysis:
 *
 * - in a modal (views.open with the click's `trigger_id`, which Slack accepts for 3 s), when they
 *   fit one (at most 100 blocks: https://docs.slack.dev/reference/views/modal-views);
 * - otherwise, or when views.open fails, posted in the answer's thread (once, whoever clicks
 *   again is told they are there), or privately to the clicker for an ephemeral answer;
 * - once expired: "These details have expired: ask again.", privately.
 *
 * Who may click is checked by the app (./slack-app.ts) as for every button; the texts were escaped
 * and sanitised when the answer was rendered (./render-blocks.ts `renderSlackDetails`).
 */
import type { types, webApi } from '@slack/bolt';
import { randomBytes } from 'node:crypto';
import type { Locale } from '../../src/commands/types.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import { translator, type Translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import type { Logger } from '../../src/util/logger.js';
import { escapeMrkdwn, truncateEscaped } from './mrkdwn.js';
import { renderSlackDetails, SLACK_LIMITS, type SlackDetails, type SlackMessage } from './render-blocks.js';
import type { SlackStore } from './slack-store.js';

/** How long an answer's details are kept for its button, in s (a day; then "ask again"). */
export const DETAILS_TTL_SECONDS = 86_400;

/**
 * Most characters of section text stored per answer (48 KiB of UTF-16 units): a hostile review
 * found a 250-pod node's details took 149 KB of Redis for a day, about 2 GB a day for one user at
 * the default rate limit. Sections past it are replaced by one line saying how many were left out
 * and where the whole answer is (the console, `--format json`).
 */
export const DETAILS_MAX_CHARS = 48 * 1024;

/**
 * How long a user's click on one answer's button is remembered, in s: clicks within it are
 * ignored (a hostile review sent 300 clicks and got 300 Slack calls). Slack's `trigger_id` lives 3 s.
 */
export const DETAILS_CLICK_SECONDS = 3;

/** Blocks a modal view takes (https://docs.slack.dev/reference/views/modal-views). */
const MODAL_BLOCKS = 100;
/** Characters of a modal's title and close button (same page). */
const MODAL_TITLE = 24;

/** A details id: `sd-` and 22 base64url characters (128 random bits). */
const DETAILS_ID = /^sd-[A-Za-z0-9_-]{22}$/;

/**
 * Whether a button value is a details id (anything else is ignored before Redis is asked).
 * @param value - the clicked button's value
 */
export function isDetailsId(value: string): boolean {
  return DETAILS_ID.test(value);
}

/** The Web API methods used (Bolt's `app.client` has them). */
export interface SlackDetailsClient {
  views: { open(args: webApi.ViewsOpenArguments): Promise<webApi.ViewsOpenResponse> };
  chat: {
    postMessage(args: webApi.ChatPostMessageArguments): Promise<webApi.ChatPostMessageResponse>;
    postEphemeral(args: webApi.ChatPostEphemeralArguments): Promise<webApi.ChatPostEphemeralResponse>;
  };
}

/** Options of {@link SlackDetailsButton}. */
export interface SlackDetailsOptions {
  store: Pick<SlackStore, 'saveDetails' | 'readDetails' | 'claim' | 'release'>;
  client: SlackDetailsClient;
  logger: Logger;
  /** How long details are kept, in s. @defaultValue {@link DETAILS_TTL_SECONDS} */
  ttlSeconds?: number;
}

/** One click on "Details", after the app admitted the clicker. */
export interface DetailsClick {
  /** The click's `trigger_id` (views.open). */
  triggerId: string;
  channel: string;
  userId: string;
  /** The thread of the answer message (its own ts when it starts none); absent: no thread to post in. */
  threadTs?: string;
  /** The answer was ephemeral: the details go privately to the clicker when no modal opens. */
  ephemeral: boolean;
  /** The clicker's language, for "expired" (the details keep the answer's). */
  locale: Locale;
}

function mrkdwn(text: string): types.MrkdwnElement {
  return { type: 'mrkdwn', text, verbatim: true };
}

function plain(text: string, max: number): types.PlainTextElement {
  return { type: 'plain_text', text: truncateEscaped(escapeMrkdwn(text), max), emoji: true };
}

/** The details in a modal titled "Details": exactly the answer's detail sections. */
function modalView(details: SlackDetails, tr: Translator): types.ModalView {
  return {
    type: 'modal',
    title: plain(tr.t('screen.details'), MODAL_TITLE),
    close: plain(tr.t('slack.close'), MODAL_TITLE),
    blocks: details.sections.map((text): types.SectionBlock => ({ type: 'section', text: mrkdwn(text) })),
  };
}

/** The details as thread messages within Slack's message limits, each opened by "Details: title (n/N)". */
function threadMessages(details: SlackDetails, tr: Translator): SlackMessage[] {
  const bodies: types.SectionBlock[][] = [];
  let chars = Infinity;
  for (const text of details.sections) {
    const body = bodies[bodies.length - 1];
    // A context line of at most 300 characters opens each message.
    if (
      !body ||
      body.length >= SLACK_LIMITS.blocksPerMessage - 1 ||
      chars + text.length > SLACK_LIMITS.messageChars - 600
    ) {
      bodies.push([{ type: 'section', text: mrkdwn(text) }]);
      chars = text.length;
    } else {
      body.push({ type: 'section', text: mrkdwn(text) });
      chars += text.length;
    }
  }
  return bodies.map((body, i) => {
    const head = truncateEscaped(
      escapeMrkdwn(tr.t('slack.detailsOf', { title: details.title, part: i + 1, total: bodies.length })),
      300,
    );
    return { text: head, blocks: [{ type: 'context', elements: [mrkdwn(head)] }, ...body] };
  });
}

/**
 * The details cut to {@link DETAILS_MAX_CHARS}: whole sections while they fit, then one line saying
 * how many sections were left out.
 * @param details - the rendered details
 * @param tr - the answer's translator
 * @returns the details to store (the same object when they fit)
 */
export function boundedDetails(details: SlackDetails, tr: Translator): SlackDetails {
  let chars = 0;
  const kept: string[] = [];
  for (const text of details.sections) {
    if (chars + text.length > DETAILS_MAX_CHARS) break;
    kept.push(text);
    chars += text.length;
  }
  if (kept.length === details.sections.length) return details;
  const left = details.sections.length - kept.length;
  return { ...details, sections: [...kept, escapeMrkdwn(tr.t('slack.detailsCut', { count: left }))] };
}

/**
 * Stores answers' details and shows them on a click (see the module doc).
 */
export class SlackDetailsButton {
  /** @param options - see {@link SlackDetailsOptions} */
  constructor(private readonly options: SlackDetailsOptions) {}

  /**
   * Store an answer's details before it is posted, at most {@link DETAILS_MAX_CHARS} of them.
   * @param reply - the answer
   * @param channel - the channel it is posted to: a click from any other channel is answered
   *   "expired" (the id alone must not show a private answer's details elsewhere)
   * @returns the id for its "Details" button, or null when it has no details (no button)
   * @throws whatever Redis throws (the poster then puts the details in the message itself)
   */
  async save(reply: Reply, channel?: string): Promise<string | null> {
    const rendered = renderSlackDetails(reply);
    if (!rendered) return null;
    const details = {
      ...boundedDetails(rendered, translator(rendered.locale)),
      ...(channel ? { channel } : {}),
    };
    const id = `sd-${randomBytes(16).toString('base64url')}`;
    await this.options.store.saveDetails(id, details, this.options.ttlSeconds ?? DETAILS_TTL_SECONDS);
    return id;
  }

  /**
   * Show the details of a click: a modal, else the answer's thread, else "expired".
   * @param id - the button's value, already checked with {@link isDetailsId}
   * @param click - who clicked, where
   * @throws nothing: Slack and Redis failures are logged, and the clicker told privately
   */
  async open(id: string, click: DetailsClick): Promise<void> {
    const { store, client, logger } = this.options;
    let details: SlackDetails | null;
    try {
      details = await store.readDetails(id);
    } catch (err) {
      logger.warn({ err, channel: click.channel }, 'could not read an answer’s details (Redis)');
      await this.tell(
        click,
        explainFailure({ locale: click.locale, requestId: id, cluster: null }, 'queue-unavailable').summary,
      );
      return;
    }
    if (!details || (details.channel !== undefined && details.channel !== click.channel)) {
      await this.tell(click, translator(click.locale).t('slack.detailsExpired'));
      return;
    }
    // One click per user and answer every few seconds: more are ignored (no Slack call).
    try {
      if (!(await store.claim([`details-click:${id}:${click.userId}`], DETAILS_CLICK_SECONDS))) return;
    } catch (err) {
      logger.warn({ err, channel: click.channel }, 'could not record a Details click (Redis)');
      return;
    }
    const tr = translator(details.locale);
    if (details.sections.length <= MODAL_BLOCKS) {
      try {
        await client.views.open({ trigger_id: click.triggerId, view: modalView(details, tr) });
        return;
      } catch (err) {
        const e = err as { code?: string; data?: { error?: string } };
        logger.warn(
          { code: e.code, slackError: e.data?.error, channel: click.channel },
          'views.open failed; posting the details in the answer’s thread',
        );
      }
    }
    try {
      await this.post(id, details, tr, click);
    } catch (err) {
      const e = err as { code?: string; data?: { error?: string } };
      logger.warn(
        { code: e.code, slackError: e.data?.error, channel: click.channel },
        'could not post an answer’s details',
      );
    }
  }

  /** The details in the answer's thread (once per answer), or privately when it has none. */
  private async post(id: string, details: SlackDetails, tr: Translator, click: DetailsClick): Promise<void> {
    const { store, client } = this.options;
    const where = { channel: click.channel, unfurl_links: false, unfurl_media: false };
    const privately = click.ephemeral || click.threadTs === undefined;
    const send = (m: SlackMessage): Promise<unknown> =>
      privately
        ? client.chat.postEphemeral({
            channel: click.channel,
            user: click.userId,
            text: m.text,
            blocks: m.blocks,
          })
        : client.chat.postMessage({ ...where, thread_ts: click.threadTs, text: m.text, blocks: m.blocks });
    // Once per answer in its thread; once per user when sent privately.
    const key = privately ? `details-private:${id}:${click.userId}` : `details-thread:${id}`;
    if (!(await store.claim([key], this.options.ttlSeconds ?? DETAILS_TTL_SECONDS))) {
      await this.tell(click, tr.t(privately ? 'slack.detailsSentPrivately' : 'slack.detailsInThread'));
      return;
    }
    try {
      for (const m of threadMessages(details, tr)) await send(m);
    } catch (err) {
      // Not (all) posted: the next click tries again.
      await store.release([key]).catch(() => undefined);
      throw err;
    }
  }

  /** A short private answer to the clicker; a failure is logged. */
  private async tell(click: DetailsClick, text: string): Promise<void> {
    try {
      await this.options.client.chat.postEphemeral({
        channel: click.channel,
        user: click.userId,
        text: escapeMrkdwn(text),
      });
    } catch (err) {
      this.options.logger.warn({ err, channel: click.channel }, 'could not answer a Details click privately');
    }
  }
}
