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

/** An answer service over snapshot files, and a question asked of one of them. */
export interface SnapshotAnswers {
  /**
   * The rendered text answer to `text` about `cluster`, in `locale` (`--lang` is added to the text).
   * @throws Error when `cluster` is not one of the files given
   */
  ask(cluster: string, text: string, locale: 'en' | 'ko'): Promise<string>;
  /** The service itself, for tests that need the structured reply. */
  service: AnswerService;
  /** Stops the service (call it in `afterAll`). */
  close(): Promise<void>;
}

/**
 * An answer service whose clusters are the given snapshot files (served through the simulator, as
 * the worker serves a snapshot cluster, or with `fromFile` analysed straight from the file as
 * `ask --snapshot` does: no socket, for unit tests).
 * @param files - cluster name → absolute path of its snapshot file; the first is the default cluster
 * @param options - `fromFile`: analyse the files directly (default false)
 */
export function snapshotAnswers(
  files: Record<string, string>,
  options: { fromFile?: boolean } = {},
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
  const service = createAnswerService({ config, snapshotsFromFile: options.fromFile === true });
  return {
    service,
    async ask(cluster, text, locale) {
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
      return renderText(await service.answer(job));
    },
    close: () => service.close(),
  };
}
