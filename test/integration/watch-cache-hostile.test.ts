/**
 * The watch cache against a hostile API (test/helpers/hostile-kube-api.ts, the modes of
 * ../shared/hostile-repro-2/watch-attack.sh; issue 33 findings 1, 2 and 8): a malformed event
 * never crashes the process and makes the cache relist; every failure is backed off as client-go's
 * reflector does (counted on a virtual clock: no wall time is measured); past its bounds a
 * cluster's cache stops and says so once, and another cluster's cache is unaffected.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { ClusterWatchCache } from '../../src/cluster/watch-cache.js';
import type { WatchCacheOptions, WatchCacheTimers } from '../../src/cluster/watch-cache.js';
import { eventually } from '../helpers/eventually.js';
import { startHostileKubeApi } from '../helpers/hostile-kube-api.js';
import type { HostileKubeApi, HostileMode } from '../helpers/hostile-kube-api.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const FAILED = 'watch cache: list or watch failed; answers read fresh until it recovers';
const PAST_BOUND =
  "watch cache: past its bound; this cluster's cache is stopped and its answers read the cluster fresh until it lists again";
/** Small real waits, so that a failing mode still goes round many times within a test. */
const FAST_BACKOFF = { initialMs: 5, capMs: 40 };

describe('watch cache against a hostile API', () => {
  const apis: HostileKubeApi[] = [];
  const caches: ClusterWatchCache[] = [];
  afterEach(async () => {
    for (const c of caches.splice(0)) c.close();
    for (const a of apis.splice(0)) await a.close();
  });
  async function startBoth(
    options: Partial<WatchCacheOptions> = {},
    apiOptions: Parameters<typeof startHostileKubeApi>[0] = {},
  ): Promise<{ api: HostileKubeApi; cache: ClusterWatchCache; log: ReturnType<typeof recordingLogger> }> {
    const api = await startHostileKubeApi(apiOptions);
    apis.push(api);
    const log = recordingLogger();
    const cache = new ClusterWatchCache({
      kubeConfig: api.kubeConfig,
      cluster: 'hostile',
      logger: log.logger,
      backoff: FAST_BACKOFF,
      ...options,
    });
    caches.push(cache);
    await cache.start();
    await eventually('the cache in sync', () => cache.inSync);
    return { api, cache, log };
  }

  it.each(['nullobj', 'nometa', 'malformed'] as const)(
    '%s: the event is refused (logged bounded), the cache relists with backoff, and is in sync again once the API behaves',
    async (mode) => {
      const { api, cache, log } = await startBoth();
      const relists = cache.stats.relists;
      api.setMode(mode);
      await eventually('three relists', () => cache.stats.relists >= relists + 3);
      expect(cache.inSync).toBe(false);
      const refused = log.withMsg(FAILED).map((l) => String(l.detail));
      expect(refused.some((d) => d.includes('event refused'))).toBe(true);
      expect(Math.max(...refused.map((d) => d.length))).toBeLessThan(1500);
      api.setMode('pass');
      await eventually('in sync again', () => cache.inSync);
      expect(await cache.snapshot(null, null)).not.toBeNull();
    },
  );

  /**
   * The pods resource alone fails (the others stay connected), on a virtual clock that moves only
   * by the waits the pods reflector asks for: so requests can be counted per virtual second.
   */
  it.each(['gone410', 'errev410', 'close0', 'status500', 'nullobj'] as const)(
    '%s: waits grow 800 ms x2 up to 30 s with jitter (client-go), under 2 requests/s after the first minute, one warning',
    async (mode: HostileMode) => {
      let t = 0;
      const waits: { at: number; requests: number; ms: number }[] = [];
      const served: { api?: HostileKubeApi } = {};
      const podRequests = (): number =>
        served.api?.requests.filter((r) => r.path === '/api/v1/pods').length ?? 0;
      const timers: WatchCacheTimers = {
        now: () => t,
        sleep: (ms) => {
          waits.push({ at: t, requests: podRequests(), ms });
          t += ms;
          return new Promise((r) => setImmediate(r));
        },
      };
      const { api, cache, log } = await startBoth({ timers, backoff: {} });
      served.api = api;
      api.setMode(mode, '/api/v1/pods');
      await eventually('three virtual minutes of failures', () => t >= 180_000);
      // each wait in [base, 2 x base], base = 800 ms doubled per failure, at most 30 s
      waits.forEach((w, i) => {
        const base = Math.min(800 * 2 ** i, 30_000);
        expect(w.ms).toBeGreaterThanOrEqual(base);
        expect(w.ms).toBeLessThanOrEqual(2 * base);
      });
      const afterMinute = waits.find((w) => w.at >= 60_000);
      const last = waits.at(-1);
      if (!afterMinute || !last) throw new Error('no waits after the first minute');
      const perSecond = (last.requests - afterMinute.requests) / ((last.at - afterMinute.at) / 1000);
      expect(perSecond).toBeLessThan(2);
      // without backoff every failure came at once: as many requests as failures, in no virtual time
      expect(last.requests - afterMinute.requests).toBeLessThanOrEqual(
        2 * (waits.length - waits.indexOf(afterMinute)),
      );
      expect(log.withMsg(FAILED).filter((l) => l.level === 40 && l.resource === '/api/v1/pods')).toHaveLength(
        1,
      );
      api.setMode('pass', '/api/v1/pods');
      await eventually('in sync again', () => cache.inSync);
    },
  );

  it('a flood of distinct objects past maxObjects stops the cache, which says so once with the figures; requests stop', async () => {
    const { api, cache, log } = await startBoth({ maxObjects: 1500 }, { floodCount: 1000 });
    api.setMode('flood', '/api/v1/pods');
    await eventually('the cache stopped past its bound', () => cache.stoppedPastBound);
    expect(cache.inSync).toBe(false);
    expect(await cache.snapshot(null, null)).toBeNull(); // the caller reads fresh
    const warned = log.withMsg(PAST_BOUND);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ cluster: 'hostile', maxObjects: 1500 });
    expect(Number(warned[0]?.objects)).toBeGreaterThan(1500);
    const { watches, listPages } = cache.stats;
    api.setMode('pass'); // closes every watch: a running cache would come back
    // another cache lists and watches the same API meanwhile: real requests, a real while
    const other = new ClusterWatchCache({ kubeConfig: api.kubeConfig, cluster: 'other' });
    caches.push(other);
    await other.start();
    await eventually('the other cache in sync', () => other.inSync);
    expect(cache.stats).toMatchObject({ watches, listPages });
    expect(log.withMsg(PAST_BOUND)).toHaveLength(1);
  });

  it('past its bound the cache waits a cool-down (10 min, doubled on the next trip), then lists afresh: in sync again once the flood stops', async () => {
    let t = 0;
    const cooldowns: { ms: number; end: () => void }[] = [];
    // a virtual clock: reflector backoffs pass at once, each cool-down only when the test ends it
    const timers: WatchCacheTimers = {
      now: () => t,
      sleep: (ms) =>
        ms >= 600_000
          ? new Promise((r) =>
              cooldowns.push({
                ms,
                end: () => {
                  t += ms;
                  r();
                },
              }),
            )
          : ((t += ms), new Promise((r) => setImmediate(r))),
    };
    const { api, cache, log } = await startBoth(
      { maxObjects: 1500, timers, backoff: {} },
      { floodCount: 1000 },
    );
    api.setMode('flood', '/api/v1/pods');
    await eventually('the cache stopped past its bound', () => cache.stoppedPastBound);
    expect(cooldowns.map((c) => c.ms)).toEqual([expect.any(Number)]);
    expect(cooldowns[0]?.ms).toBeGreaterThanOrEqual(600_000);
    expect(cooldowns[0]?.ms).toBeLessThanOrEqual(660_000);
    expect(log.withMsg(PAST_BOUND)).toMatchObject([
      { retryInMs: cooldowns[0]?.ms, retryAt: expect.any(String) },
    ]);
    expect(cache.inSync).toBe(false);
    // the flood goes on: the cache lists again, goes past its bound again and waits twice as long
    cooldowns[0]?.end();
    await eventually('a second trip', () => cooldowns.length === 2);
    expect(cooldowns[1]?.ms).toBeGreaterThanOrEqual(1_200_000);
    expect(log.withMsg(PAST_BOUND)).toHaveLength(2);
    expect(cache.inSync).toBe(false);
    // the flood stops: after the cool-down the cache is in sync again and answers from memory
    api.setMode('pass');
    cooldowns[1]?.end();
    await eventually('in sync again', () => cache.inSync);
    expect(cache.stoppedPastBound).toBe(false);
    expect(await cache.snapshot(null, null)).not.toBeNull();
    expect(log.withMsg(PAST_BOUND)).toHaveLength(2);
  });

  it('received bytes past maxBytes stop the cache too', async () => {
    const { api, cache, log } = await startBoth({ maxBytes: 64 * 1024 }, { floodCount: 1000 });
    api.setMode('flood', '/apis/apps/v1/deployments');
    await eventually('the cache stopped past its bound', () => cache.stoppedPastBound);
    expect(Number(log.withMsg(PAST_BOUND)[0]?.bytes)).toBeGreaterThan(64 * 1024);
  });

  it('a line longer than maxLineBytes (no newline) closes the watch as a failure, without buffering the rest', async () => {
    const { api, cache, log } = await startBoth({ maxLineBytes: 256 * 1024 }, { nolineBytes: 64 << 20 });
    const failures = cache.stats.failures;
    api.setMode('noline', '/api/v1/nodes');
    await eventually('two failed watches', () => cache.stats.failures >= failures + 2);
    expect(
      log.withMsg(FAILED).some((l) => String(l.detail).includes('a line longer than 262144 bytes')),
    ).toBe(true);
    api.setMode('pass', '/api/v1/nodes');
    await eventually('in sync again', () => cache.inSync);
  });

  it("one cluster's cache failing (refused events, then past its bound) leaves another cluster's cache answering", async () => {
    const bad = await startBoth({ maxObjects: 1500 }, { floodCount: 1000 });
    const good = await startBoth();
    bad.api.setMode('nullobj');
    await eventually('the bad cluster relisting', () => bad.cache.stats.relists >= 2);
    bad.api.setMode('flood');
    await eventually('the bad cluster stopped past its bound', () => bad.cache.stoppedPastBound);
    expect(good.cache.inSync).toBe(true);
    expect(await good.cache.snapshot(null, null)).not.toBeNull();
    expect(good.log.withMsg(FAILED)).toHaveLength(0);
  });
});
