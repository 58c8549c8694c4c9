/**
 * Answers from snapshot files through the answer service, rendered as the console shows them:
 * the set-up the answer-text tests share (one cluster per file, asked in English or Korean).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type AnswerService, createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import type { Reply } from '../../src/explain/reply.js';

/** test/fixtures/scenarios, absolute. */
export const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');
/** test/fixtures/real-clusters, absolute. */
export const REAL_CLUSTERS = join(process.cwd(), 'test/fixtures/real-clusters');

/**
 * Every numbered scenario and real-cluster file (`NN-….json`, absolute paths) and the demo
 * cluster of `ask` without --cluster (examples/ha-3cp.json).
 */
export function fixtureClusterFiles(): string[] {
  const numbered = (dir: string): string[] =>
    readdirSync(dir)
      .filter((f) => /^\d+.*\.json$/.test(f))
      .map((f) => join(dir, f));
  return [...numbered(SCENARIOS), ...numbered(REAL_CLUSTERS), join(process.cwd(), 'examples/ha-3cp.json')];
}

/**
 * A clock held at the moment it is made: every call returns that instant (a new Date each time).
 * For answers about recorded files, whose ages must be the recorded ones however long a busy
 * machine takes between serving a file and answering from it.
 * @returns the clock
 */
export function heldClock(): () => Date {
  const at = Date.now();
  return () => new Date(at);
}

/** An answer service over snapshot files, and a question asked of one of them. */
export interface SnapshotAnswers {
  /**
   * The rendered text answer to `text` about `cluster`, in `locale` (`--lang` is added to the text).
   * @throws Error when `cluster` is not one of the files given
   */
  ask(cluster: string, text: string, locale: 'en' | 'ko'): Promise<string>;
  /**
   * The structured reply to `text` about `cluster`, in `locale` (`--lang` is added to the text).
   * @throws Error when `cluster` is not one of the files given
   */
  reply(cluster: string, text: string, locale: 'en' | 'ko'): Promise<Reply>;
  /** The service itself, for tests that need the structured reply. */
  service: AnswerService;
  /** Stops the service (call it in `afterAll`). */
  close(): Promise<void>;
}

/**
 * An answer service whose clusters are the given snapshot files (served through the simulator, as
 * the worker serves a snapshot cluster, or with `fromFile` analysed straight from the file as
 * `ask --snapshot` does: no socket, for unit tests).
 * The service's clock stands still at the moment this is called (issue 31, item 1: no fixture
 * stamped once and judged later against the wall clock). The simulator shifts a file's timestamps by
 * now - captured_at when it first serves it; on a real clock every second between that shift and an
 * answer (many on a busy machine) adds a second to each age the answer states, so "renewed 52 s ago"
 * became 53. With the clock held, every age is the recorded one, as `fromFile` gives them.
 * @param files - cluster name → absolute path of its snapshot file; the first is the default cluster
 * @param options - `fromFile`: analyse the files directly (default false); `now`: the clock (default:
 *   held at the moment of the call)
 */
export function snapshotAnswers(
  files: Record<string, string>,
  options: { fromFile?: boolean; now?: () => Date } = {},
): SnapshotAnswers {
  const names = Object.keys(files);
  const config: BotConfig = {
    source: 'test',
    clusters: Object.fromEntries(
      Object.entries(files).map(([name, snapshot]) => [
        name,
        { kind: 'snapshot' as const, snapshot, requestTimeoutMs: 5000, deadlineMs: 20000 },
      ]),
    ),
    defaultCluster: names[0] ?? '',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
  const service = createAnswerService({
    config,
    snapshotsFromFile: options.fromFile === true,
    now: options.now ?? heldClock(),
  });
  const reply = async (cluster: string, text: string, locale: 'en' | 'ko'): Promise<Reply> => {
    if (!names.includes(cluster)) throw new Error(`no snapshot file for cluster ${cluster}`);
    const job: AnswerJob = {
      requestId: `ask-${cluster}`,
      text: `${text} --lang ${locale}`,
      cluster,
      locale,
      user: { platform: 'console', id: 'tester' },
      replyTo: { platform: 'console', address: {} },
      enqueuedAt: new Date().toISOString(),
    };
    return await service.answer(job);
  };
  return {
    service,
    reply,
    ask: async (cluster, text, locale) => renderText(await reply(cluster, text, locale)),
    close: () => service.close(),
  };
}
