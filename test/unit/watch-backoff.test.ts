/**
 * The watch cache's backoff (client-go's reflector: 800 ms doubled up to 30 s, jitter 1.0, reset
 * after 2 minutes without a failure) and its check of watch events (issue 33 findings 1 and 2).
 */
import { describe, expect, it } from '@jest/globals';
import { Backoff, parseWatchEvent } from '../../src/cluster/watch-cache.js';

describe('Backoff', () => {
  it("waits 800 ms doubled per failure up to 30 s, each lengthened by up to itself (client-go's reflector)", () => {
    let t = 0;
    const low = new Backoff(
      {},
      () => t,
      () => 0,
    );
    const high = new Backoff(
      {},
      () => t,
      () => 0.999,
    );
    const lows: number[] = [];
    const highs: number[] = [];
    for (let i = 0; i < 9; i++) {
      lows.push(low.next());
      highs.push(Math.round(high.next()));
      t += 1000; // failures close together: no reset
    }
    expect(lows).toEqual([800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000, 30_000]);
    expect(highs).toEqual([1599, 3198, 6397, 12_794, 25_587, 51_174, 59_970, 59_970, 59_970]);
  });

  it('starts over at 800 ms when no failure came for 2 minutes, not before', () => {
    let t = 0;
    const b = new Backoff(
      {},
      () => t,
      () => 0,
    );
    for (let i = 0; i < 6; i++) b.next();
    t += 120_000;
    expect(b.next()).toBe(30_000); // exactly 2 minutes: still backing off
    t += 120_001;
    expect(b.next()).toBe(800);
  });
});

describe('parseWatchEvent', () => {
  const pod = { metadata: { name: 'p', namespace: 'default', resourceVersion: '7' } };
  it.each([
    ['{"type":"ADDED","object":null}', 'object is not a JSON object'],
    ['{"type":"MODIFIED","object":{"kind":"X"}}', 'no metadata'],
    ['{"type":"ADDED","object":', 'not JSON'],
    ['[1]', 'not a JSON object'],
    ['{"type":"CHANGED","object":{}}', 'unknown type'],
    ['{"type":"ADDED","object":{"metadata":{"resourceVersion":"1"}}}', 'no metadata.name'],
    ['{"type":"ADDED","object":{"metadata":{"name":"p"}}}', 'no metadata.resourceVersion'],
    [
      '{"type":"ADDED","object":{"metadata":{"name":"p","resourceVersion":"1","namespace":3}}}',
      'metadata.namespace is not a string',
    ],
    ['{"type":"BOOKMARK","object":{"metadata":{}}}', 'no metadata.resourceVersion'],
  ])('refuses %s: %s', (line, refused) => {
    expect(parseWatchEvent(line)).toEqual({ refused });
  });

  it('accepts ADDED, MODIFIED, DELETED with metadata, a BOOKMARK with a resourceVersion, an ERROR Status', () => {
    for (const type of ['ADDED', 'MODIFIED', 'DELETED'])
      expect(parseWatchEvent(JSON.stringify({ type, object: pod }))).toEqual({ type, object: pod });
    const bookmark = { type: 'BOOKMARK', object: { kind: 'Pod', metadata: { resourceVersion: '9' } } };
    expect(parseWatchEvent(JSON.stringify(bookmark))).toEqual(bookmark);
    const error = { type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } };
    expect(parseWatchEvent(JSON.stringify(error))).toEqual(error);
  });
});
