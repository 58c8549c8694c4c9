/**
 * Answers from snapshot files through the answer service, rendered as the console shows them:
 * the set-up the answer-text tests share (one cluster per file, asked in English or Korean).
 */
import { join } from 'node:path';
import { type AnswerService, createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';

/** test/fixtures/scenarios, absolute. */
export const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');
/** test/fixtures/real-clusters, absolute. */
export const REAL_CLUSTERS = join(process.cwd(), 'test/fixtures/real-clusters');

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
 * the worker serves a snapshot cluster).
 * @param files - cluster name → absolute path of its snapshot file; the first is the default cluster
 */
export function snapshotAnswers(files: Record<string, string>): SnapshotAnswers {
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
  const service = createAnswerService({ config });
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
