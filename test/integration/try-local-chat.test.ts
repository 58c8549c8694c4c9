/**
 * Issue 31 item 3: `k8s-ha-bot try` (the real CLI, from source) starts the simulator, a real
 * redis-server, a worker and the local chat page; headless Chromium (Debian `chromium`, driven by
 * playwright-core) uses the page as a new user would: asks a question and sees the verdict,
 * requests a maintenance as alice, switches to bob and presses Approve, and watches the node go
 * cordoned, NotReady, come back with a new bootID, Ready and uncordoned (the page's list of what
 * changed, and its node table). Every wait is for what
 * the page shows, with a generous ceiling.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { eventually } from '../helpers/eventually.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NODE = 'atlas-wk-2';

const describeBrowser = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM))
  console.warn(
    `no browser at ${CHROMIUM}: skipping the try page test (bash .ci/run installs Debian's chromium)`,
  );

describeBrowser('k8s-ha-bot try, in headless Chromium', () => {
  let child: ChildProcess;
  let output = '';
  let url: string;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [
        '--import',
        './test/helpers/redis-child-ts-loader.mjs',
        'test/faults/cli-entry.ts',
        'try',
        '--reboot-delay',
        '3',
      ],
      { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: undefined }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    url = await eventually(
      () => `try prints its page address (output: ${output})`,
      () => {
        if (child.exitCode !== null) throw new Error(`try exited ${child.exitCode}`);
        return /the chat page is at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
      },
      180_000,
      200,
    );
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    page = await browser.newPage();
    await page.goto(url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      await exited;
    }
  });

  /** The page's last bot message. */
  const lastReply = () => page.locator('.msg.bot').last();
  /** The node's row as the page shows it: Ready status, cordoned, bootID. */
  const row = async (): Promise<{ ready: string; cordoned: string; bootId: string }> => {
    const r = page.locator(`tr[data-node="${NODE}"]`);
    return {
      ready: (await r.getAttribute('data-ready')) ?? '',
      cordoned: (await r.getAttribute('data-cordoned')) ?? '',
      bootId: (await r.getAttribute('data-boot-id')) ?? '',
    };
  };
  const ask = async (user: string, text: string): Promise<void> => {
    const before = await page.locator('.msg.bot').count();
    await page.selectOption('#user', user);
    await page.fill('#text', text);
    await page.click('#send');
    await page.locator('.msg.bot').nth(before).waitFor({ timeout: 120_000 });
  };

  it('answers a question with its verdict, sections and buttons', async () => {
    await ask('alice', `can I reboot ${NODE}`);
    const reply = lastReply();
    expect(await reply.locator('.verdict').textContent()).toBe('safe');
    expect(await reply.locator('.title').textContent()).toContain(NODE);
    expect(await reply.locator('.section').count()).toBeGreaterThan(0);
    expect(await reply.locator('button[data-action="request-maintenance"]').count()).toBe(1);
  }, 180_000);

  it('a maintenance requested by alice and approved by bob: the node is cordoned, reboots and comes back', async () => {
    const first = await eventually(
      'the node row',
      async () => ((await row()).bootId ? row() : null),
      30_000,
      200,
    );
    expect(first).toMatchObject({ ready: 'True', cordoned: 'false' });
    await page.locator('.msg.bot').last().locator('button[data-action="request-maintenance"]').click();
    await page.locator('.msg.bot[data-kind="maintenance"]').first().waitFor({ timeout: 120_000 });
    const card = page.locator('.msg.bot[data-kind="maintenance"]').first();
    expect(await card.locator('.title').textContent()).toMatch(/^Maintenance mr-/);
    // the requester cannot approve: switch the user, then press the card's Approve
    await page.selectOption('#user', 'bob');
    const before = await page.locator('.msg.bot').count();
    await card.locator('button[data-action="maintenance-approve"]').click();
    await page.locator('.msg.bot').nth(before).waitFor({ timeout: 120_000 });
    expect(await lastReply().locator('.summary').textContent()).toMatch(/^Approved/);
    // what the page shows of the node, as it changes
    const seen = new Set<string>();
    const back = await eventually(
      `${NODE} cordoned, rebooted (NotReady, new bootID) and back Ready, uncordoned`,
      async () => {
        const r = await row();
        if (r.cordoned === 'true') seen.add('cordoned');
        if (r.ready !== 'True') seen.add('not-ready');
        return r.bootId !== first.bootId && r.ready === 'True' && r.cordoned === 'false' ? r : null;
      },
      300_000,
      100,
    );
    expect(back.bootId).not.toBe(first.bootId);
    expect(seen.has('cordoned')).toBe(true);
    // the page's own account of the node, in order (the node is down 8 s; the page looks every second)
    const changes = await page
      .locator(`#changes li[data-node="${NODE}"]`)
      .evaluateAll((items) =>
        items.map((i) => (i as unknown as { dataset: { change: string } }).dataset.change),
      );
    const order = ['cordoned', 'NotReady', 'new', 'Ready', 'uncordoned'].map((c) => changes.indexOf(c));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // the request says it is done
    const id =
      /Maintenance (mr-[a-z0-9]+)/.exec((await card.locator('.title').textContent()) ?? '')?.[1] ?? '';
    const done = await eventually(
      'the request completed',
      async () => {
        await ask('alice', `status ${id}`);
        const summary = (await lastReply().locator('.summary').textContent()) ?? '';
        return /^Done/.test(summary) ? summary : null;
      },
      120_000,
      1000,
    );
    expect(done).toContain('uncordoned');
  }, 480_000);

  it("a fleet plan of both workers, requested by alice and approved by bob, runs to its end; the card names each node's request", async () => {
    await ask('alice', 'maintain all workers kernel patch');
    const card = lastReply();
    const title = (await card.locator('.title').textContent()) ?? '';
    const id = /Maintenance plan (mp-[a-z0-9]+)/.exec(title)?.[1];
    expect(id).toBeDefined();
    await page.selectOption('#user', 'bob');
    const before = await page.locator('.msg.bot').count();
    await card.locator('button[data-action="maintenance-approve"]').click();
    await page.locator('.msg.bot').nth(before).waitFor({ timeout: 120_000 });
    const done = await eventually(
      `plan ${id ?? ''} completed`,
      async () => {
        await ask('alice', `status ${id ?? ''}`);
        const reply = lastReply();
        return /^Completed/.test((await reply.locator('.summary').textContent()) ?? '')
          ? reply.locator('.section li').allTextContents()
          : null;
      },
      400_000,
      3000,
    );
    for (const node of ['atlas-wk-1', 'atlas-wk-2'])
      expect(done.find((l) => l.includes(`${node} (worker)`))).toMatch(/done \(request mr-[a-z0-9]+\)/);
  }, 600_000);
});
