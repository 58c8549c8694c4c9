/**
 * The bundled demo cluster (the quick start's embedded default) answers as its file says.
 */
import { afterAll, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import { loadConfig } from '../../src/config/load-config.js';
import { renderText } from '../../src/explain/render-text.js';

const demo = JSON.parse(readFileSync(join(process.cwd(), 'examples/ha-3cp.json'), 'utf8')) as {
  request: string;
  expected: { verdict: string; planes: string[]; must_mention: string[] };
};
let close: () => Promise<void> = async () => undefined;
afterAll(() => close());

it('the embedded default answers the demo request as expected', async () => {
  const config = await loadConfig({ env: {} });
  expect(config.defaultCluster).toBe('demo');
  const service = createAnswerService({ config });
  close = () => service.close();
  const reply = await service.answer({
    requestId: 'demo-1',
    text: demo.request,
    cluster: 'demo',
    locale: 'en',
    user: { platform: 'console', id: 't' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  });
  // The summary says why when there is no verdict (a read that failed).
  expect({ verdict: reply.verdict, why: reply.verdict === null ? reply.summary : '' }).toEqual({
    verdict: demo.expected.verdict,
    why: '',
  });
  const affected = reply.planes.filter((p) => p.affected).map((p) => p.plane);
  for (const p of demo.expected.planes) expect(affected).toContain(p);
  const text = renderText(reply).toLowerCase();
  for (const term of demo.expected.must_mention) expect(text).toContain(term.toLowerCase());
});
