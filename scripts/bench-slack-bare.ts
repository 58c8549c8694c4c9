/**
 * The baseline for the Slack ack benchmark: a bare Bolt app (same HTTPReceiver, same client
 * options) whose slash command handler only acks. Prints `listening on <port>` on stdout.
 * Env: SLACK_SIGNING_SECRET, SLACK_API_URL.
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';

const receiver = new HTTPReceiver({
  signingSecret: process.env.SLACK_SIGNING_SECRET ?? '',
  endpoints: '/slack/events',
  logLevel: LogLevel.ERROR,
});
const app = new App({
  token: 'xoxb-bench',
  receiver,
  logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL ?? '', retryConfig: { retries: 0 } },
});
app.command('/k8s', async ({ ack }) => {
  await ack({ response_type: 'ephemeral', text: 'ok' });
});
const server = (await app.start(0)) as unknown as import('node:http').Server;
const address = server.address();
process.stdout.write(`listening on ${address && typeof address === 'object' ? address.port : 0}\n`);
