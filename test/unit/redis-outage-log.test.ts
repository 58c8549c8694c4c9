/**
 * {@link RedisOutageLog} on a virtual clock: one warning per outage, one summary per 30 s, one info
 * line on reconnection (issue 33 re-run: 306 warning lines with stacks in 31 s of Redis down).
 */
import { describe, expect, it } from '@jest/globals';
import {
  isRedisConnectionError,
  queueErrorListener,
  REDIS_OUTAGE_SUMMARY_MS,
  RedisOutageLog,
} from '../../src/queue/redis-connection.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const refused = (): Error =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });

describe('RedisOutageLog', () => {
  it('an outage of 95 s at 10 errors a second: 1 warning, 3 summaries, 1 info on reconnection', () => {
    let t = Date.parse('2026-12-07T10:00:00Z');
    const log = recordingLogger();
    const outage = new RedisOutageLog(log.logger, 'redis://:secret@redis:6379', () => t);
    for (let i = 0; i < 950; i += 1) {
      outage.error(refused());
      t += 100;
    }
    outage.ready();
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([
      [40, 'redis connection error'],
      [40, 'Redis still unreachable: 301 errors since 2026-12-07T10:00:00.000Z'],
      [40, 'Redis still unreachable: 601 errors since 2026-12-07T10:00:00.000Z'],
      [40, 'Redis still unreachable: 901 errors since 2026-12-07T10:00:00.000Z'],
      [30, 'redis reconnected'],
    ]);
    expect(log.lines[0]).toMatchObject({
      code: 'ECONNREFUSED',
      error: 'connect ECONNREFUSED 127.0.0.1:6379',
    });
    expect(log.lines[0]?.err).toBeUndefined();
    expect(JSON.stringify(log.lines)).not.toContain('secret');
    expect(log.lines[4]).toMatchObject({ errors: 950 });
    // a new outage warns again
    outage.error(refused());
    outage.ready();
    outage.ready();
    expect(log.lines.map((l) => l.msg).slice(5)).toEqual(['redis connection error', 'redis reconnected']);
    expect(REDIS_OUTAGE_SUMMARY_MS).toBe(30_000);
  });

  it('a BullMQ error that is not a connection error is still a warning with its stack', () => {
    const log = recordingLogger();
    const listener = queueErrorListener(log.logger, 'redis://redis:6379', 'worker error', { queueName: 'q' });
    listener(new Error('Missing lock for job 1. moveToFinished'));
    listener(new Error('Missing lock for job 2. moveToFinished'));
    listener(refused());
    listener(new Error('Connection is closed.'));
    expect(log.lines.map((l) => l.msg)).toEqual(['worker error', 'worker error', 'redis connection error']);
    expect(log.lines[0]?.err).toMatchObject({ stack: expect.any(String) });
    expect(isRedisConnectionError(new Error('Connection is closed.'))).toBe(true);
    expect(isRedisConnectionError(new Error('ERR wrong number of arguments'))).toBe(false);
  });
});
