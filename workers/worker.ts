/**
 * The worker: consumes the answer queues of some clusters, calls the injected answer step, returns
 * the reply as the job's result (for callers waiting on it) and publishes it on the platform's
 * replies queue (Slack, Teams).
 */
import type { RedisTarget } from '../src/config/redis-settings.js';
import { UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { BotError } from '../src/errors.js';
import type { Reply } from '../src/explain/reply.js';
import { DEFAULT_JOB_TIMEOUT_MS } from '../src/config/bot-config.js';
import { callHandler } from '../src/queue/answer-handler.js';
import type { AnswerHandler } from '../src/queue/answer-handler.js';
import { defaultErrorReply } from '../src/queue/error-reply.js';
import { encodeFailureReason, toBotError } from '../src/queue/failure-reason.js';
import { isReplyPlatform, parseAnswerJob, queueNameFor } from '../src/queue/job.js';
import type { AnswerJob } from '../src/queue/job.js';
import { openWorkerConnection, queueErrorListener } from '../src/queue/redis-connection.js';
import { ReplyPublisher } from '../src/queue/reply-queue.js';
import type { Logger } from '../src/util/logger.js';
import { recordJob, recordVerdict } from '../src/ops/metrics.js';
import { queueKeys } from '../src/config/queue-keys.js';

/** Default BullMQ job lock of answer jobs, in ms (see {@link WorkerOptions.lockDurationMs}). */
export const DEFAULT_LOCK_DURATION_MS = 15_000;

/** Default stalled-job check interval, in ms (see {@link WorkerOptions.stalledIntervalMs}). */
export const DEFAULT_STALLED_INTERVAL_MS = 10_000;

/** Options of {@link startWorker}. */
export interface WorkerOptions {
  /** `redis://host:port`. */
  redisUrl: RedisTarget;
  /** Clusters to serve: one BullMQ Worker per cluster queue (`k8s-ha-bot-cluster-<name>`). */
  clusters: string[];
  /** The answer step. */
  handler: AnswerHandler;
  /** Jobs run in parallel per cluster. @defaultValue 2 (each job reads a whole cluster) */
  concurrency?: number;
  /** Process logger; each job logs through a child with `requestId`, `jobId`, `cluster`, `attempt`. */
  logger: Logger;
  /** BullMQ key prefix. @defaultValue `'bull'` */
  prefix?: string;
  /** Time limit of one handler call, in ms. @defaultValue 60 000 */
  jobTimeoutMs?: number;
  /**
   * BullMQ job lock, in ms: a worker that dies (SIGKILL, lost node) holds its jobs at most this long
   * before another worker may take them; renewed every half of it while the job runs.
   * @defaultValue 15 000 (with the stall check below, a dead worker's job is re-run within ~25 s,
   *   before the gateways' 60 s "did not finish" follow-up)
   */
  lockDurationMs?: number;
  /** How often BullMQ looks for stalled jobs, in ms. @defaultValue 10 000 */
  stalledIntervalMs?: number;
  /** Time to wait for Redis at start, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** The reply published when a Slack/Teams job fails for good. @defaultValue {@link defaultErrorReply} */
  errorReply?: (job: AnswerJob, err: BotError) => Reply;
}

/** A started worker. */
export interface RunningWorker {
  /** The queues consumed, one per cluster. */
  readonly queueNames: readonly string[];
  /**
   * Stop taking jobs, let the jobs in progress finish (or, with `force`, abort their handlers'
   * signals and put their jobs back in the queue at once, `moveToWait`, without using an attempt;
   * should that fail, the job's attempt fails and is retried, or BullMQ hands it on as stalled),
   * then disconnect.
   */
  close(options?: { force?: boolean }): Promise<void>;
}

/**
 * Start consuming the clusters' queues.
 *
 * Errors: a handler's BotError with `retryable: false` fails the job at once (BullMQ
 * `UnrecoverableError`); a retryable one (and any non-BotError) is retried with the job's backoff
 * (3 attempts by default). The failed reason is `[<code>] <message>` so the producer gets the code back.
 * When a Slack/Teams job fails for good, an error reply ({@link WorkerOptions.errorReply}) is
 * published, so the user is told.
 * @param options - see {@link WorkerOptions}
 * @returns the running worker, ready (its Redis connection established)
 * @throws BotError `queue-unavailable` when Redis cannot be reached within `connectTimeoutMs`;
 *   `bad-request` for a cluster name that is not an RFC 1123 label; ConfigError for a bad `redisUrl`
 */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const { logger, handler } = options;
  const queueNames = options.clusters.map(queueNameFor);
  const prefix = queueKeys(options.prefix).prefix;
  const jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const errorReply = options.errorReply ?? defaultErrorReply;
  const connection = await openWorkerConnection(options.redisUrl, {
    connectTimeoutMs: options.connectTimeoutMs,
    logger,
  });
  const publisher = new ReplyPublisher(connection, prefix, logger);

  // Set by a forced close: a handler aborted by it puts its job back in the queue (no attempt used).
  let forcedStop = false;
  const inFlight = new Set<Promise<unknown>>();

  const processJob = (bullJob: Job<unknown, Reply>, token?: string, signal?: AbortSignal): Promise<Reply> => {
    const run = processOne(bullJob, token, signal);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run)).catch(() => undefined);
    return run;
  };

  const processOne = async (
    bullJob: Job<unknown, Reply>,
    token?: string,
    signal?: AbortSignal,
  ): Promise<Reply> => {
    const attempt = bullJob.attemptsMade + 1;
    const attempts = bullJob.opts.attempts ?? 1;
    let job: AnswerJob;
    try {
      job = parseAnswerJob(bullJob.data);
    } catch (err) {
      const botError = toBotError(err);
      logger.error({ err, jobId: bullJob.id }, 'dropping a job with invalid data');
      throw new UnrecoverableError(encodeFailureReason(botError));
    }
    const log = logger.child({ requestId: job.requestId, jobId: bullJob.id, cluster: job.cluster, attempt });
    const started = Date.now();
    const platform = job.replyTo.platform;
    try {
      const reply = await callHandler(handler, job, { logger: log, timeoutMs: jobTimeoutMs, signal });
      if (isReplyPlatform(platform)) await publisher.publish(platform, { reply, job }, String(bullJob.id));
      log.info({ durationMs: Date.now() - started, verdict: reply.verdict, kind: reply.kind }, 'answered');
      recordJob(job.command?.kind ?? 'unparsed', 'answered', Date.now() - started);
      recordVerdict(reply.verdict);
      return reply;
    } catch (err) {
      if (forcedStop && signal?.aborted && token !== undefined) {
        // Shutdown deadline passed: the job goes back to waiting for another worker, attempt not counted.
        try {
          await bullJob.moveToWait(token);
          log.warn({ durationMs: Date.now() - started }, 'worker stopping: job put back in the queue');
          throw new WaitingError();
        } catch (moveError) {
          if (moveError instanceof WaitingError) throw moveError;
          log.warn({ err: moveError }, 'could not put the job back in the queue; it fails this attempt');
        }
      }
      const botError = toBotError(err);
      const final = !botError.retryable || attempt >= attempts;
      log.warn(
        { err, code: botError.code, retryable: botError.retryable, final, durationMs: Date.now() - started },
        'answer failed',
      );
      recordJob(job.command?.kind ?? 'unparsed', 'failed', Date.now() - started);
      if (final && isReplyPlatform(platform)) {
        try {
          await publisher.publish(platform, { reply: errorReply(job, botError), job }, String(bullJob.id));
        } catch (publishError) {
          log.error({ err: publishError }, 'could not publish the error reply');
        }
      }
      if (!botError.retryable) throw new UnrecoverableError(encodeFailureReason(botError));
      throw new Error(encodeFailureReason(botError), { cause: err });
    }
  };

  const workers = queueNames.map((queueName) => {
    const worker = new Worker<unknown, Reply>(queueName, processJob, {
      connection,
      prefix,
      concurrency: options.concurrency ?? 2,
      lockDuration: options.lockDurationMs ?? DEFAULT_LOCK_DURATION_MS,
      stalledInterval: options.stalledIntervalMs ?? DEFAULT_STALLED_INTERVAL_MS,
      // A job whose worker died is re-run (stalled) rather than failed, a few times.
      maxStalledCount: 3,
    });
    worker.on('error', queueErrorListener(logger, options.redisUrl, 'worker error', { queueName }));
    return worker;
  });
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  logger.info({ queueNames, prefix }, 'worker ready');

  let closing: Promise<void> | undefined;
  return {
    queueNames,
    close(closeOptions = {}) {
      // A forced close during a graceful one aborts the handlers, so the graceful close ends soon;
      // their jobs go back to the queue before the connection closes (bounded wait).
      if (closeOptions.force) {
        forcedStop = true;
        for (const worker of workers) worker.cancelAllJobs('worker shutting down');
      }
      const settled = closeOptions.force
        ? Promise.race([
            Promise.allSettled([...inFlight]),
            new Promise<void>((resolve) => setTimeout(resolve, 2000).unref()),
          ])
        : Promise.resolve();
      closing ??= (async () => {
        await settled;
        const results = await Promise.allSettled(
          workers.map((worker) => worker.close(closeOptions.force ?? false)),
        );
        for (const result of results) {
          if (result.status === 'rejected') logger.warn({ err: result.reason }, 'closing a worker failed');
        }
        await publisher.close();
        connection.disconnect();
        logger.info({ queueNames }, 'worker stopped');
      })();
      return closing;
    },
  };
}
