/**
 * The local chat page's HTTP side (adapters/web/web-chat.ts), with a fake `ask`: a button
 * becomes the request it stands for, the user is checked, and only the page itself may ask (no
 * form post from another site, no DNS-rebound Host).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request } from 'node:http';
import { startWebChat } from '../../adapters/web/web-chat.js';
import type { WebChat } from '../../adapters/web/web-chat.js';
import { plainReply } from '../../src/explain/explain-messages.js';

const asked: { text: string; user: string }[] = [];
let chat: WebChat;

beforeAll(async () => {
  chat = await startWebChat({
    ask: async (text, user) => {
      asked.push({ text, user });
      return {
        reply: plainReply({ locale: 'en', requestId: 'r', cluster: 'demo' }, 'help', 'T', `said ${text}`),
        exitCode: 0,
      };
    },
    nodes: () => [{ name: 'wk-1', ready: 'True', cordoned: false, bootID: 'b', pods: 1 }],
  });
});
afterAll(() => chat.close());

/** POST with any headers (fetch would not let a test set Host). */
function post(body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL('api/ask', chat.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the chat page server', () => {
  it('a button is the request it stands for, asked as the chosen user', async () => {
    const res = await post(
      JSON.stringify({ user: 'bob', button: { id: 'maintenance-approve', value: 'mr-abc123' } }),
      {
        'content-type': 'application/json',
      },
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      asked: 'approve mr-abc123',
      reply: { summary: 'said approve mr-abc123' },
    });
    expect(asked.at(-1)).toEqual({ text: 'approve mr-abc123', user: 'bob' });
    const maintain = await post(
      JSON.stringify({
        user: 'alice',
        button: { id: 'request-maintenance', value: '{"cluster":"demo","node":"wk-1"}' },
      }),
      { 'content-type': 'application/json' },
    );
    expect(JSON.parse(maintain.body)).toMatchObject({ asked: 'maintain wk-1 --cluster demo' });
  });

  it('refuses a bad user name, a form post from elsewhere and another Host; nothing is asked', async () => {
    const before = asked.length;
    const json = { 'content-type': 'application/json' };
    expect((await post(JSON.stringify({ user: 'a b', text: 'status' }), json)).status).toBe(400);
    expect(
      (await post(JSON.stringify({ user: 'bob', text: 'status' }), { 'content-type': 'text/plain' })).status,
    ).toBe(415);
    expect(
      (await post(JSON.stringify({ user: 'bob', text: 'status' }), { ...json, host: 'evil.example:80' }))
        .status,
    ).toBe(421);
    expect(asked.length).toBe(before);
  });

  it('serves the page and the nodes', async () => {
    expect(await (await fetch(chat.url)).text()).toContain('<title>k8s-ha-bot: try it locally</title>');
    expect(await (await fetch(new URL('api/nodes', chat.url))).json()).toEqual({
      nodes: [{ name: 'wk-1', ready: 'True', cordoned: false, bootID: 'b', pods: 1 }],
    });
  });
});
