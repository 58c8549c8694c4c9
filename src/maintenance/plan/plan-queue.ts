/**
 * Plan jobs: an approved maintenance plan runs as one job on its cluster's maintenance
 * queue (`maintenanceQueueNameFor(cluster)`), consumed by the maintenance worker like the
 * single-node execution jobs. One job id per plan (`mpx-<plan id>`), so a retried approval adds
 * nothing; the job survives dead workers (the stalled-job check hands it to another, which resumes
 * the plan from Redis).
 */
import type { Queue } from 'bullmq';
import { BotError } from '../../errors.js';
import type { MaintenancePlan } from './plan-types.js';

/** The data of a plan job. */
export interface PlanJobData {
  planId: string;
  cluster: string;
}

/** BullMQ job name of plan jobs. */
export const PLAN_JOB_NAME = 'execute-plan';

/**
 * The job id of a plan's run. No ':' (BullMQ rejects it).
 * @param planId - `mp-…`
 * @returns `mpx-<planId>`
 */
export function planJobIdFor(planId: string): string {
  return `mpx-${planId}`;
}

/**
 * Add a job under its id, or hand it to a worker again when a job of that id failed for good
 * (BullMQ fails a job that stalled more often than allowed, e.g. across a Redis restart, or that
 * spent its attempts): `add` alone keeps the failed job and adds nothing, so the plan or lock
 * break it runs would be left open with no worker on it.
 * @param queue - the cluster's maintenance queue
 * @param name - the job name
 * @param data - the job data
 * @param jobId - the job id
 * @throws what BullMQ throws (Redis)
 */
export async function addOrRetryJob(queue: Queue, name: string, data: object, jobId: string): Promise<void> {
  await queue.add(name, data, {
    jobId,
    attempts: 5,
    backoff: { type: 'exponential', delay: 10_000 },
    removeOnComplete: { age: 7 * 24 * 3600 },
    removeOnFail: { age: 7 * 24 * 3600 },
  });
  if ((await queue.getJobState(jobId)) === 'failed')
    await (
      await queue.getJob(jobId)
    )?.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
}

/**
 * Add the job of an approved plan (idempotent: one job id per plan; a job that failed for good is
 * retried, see {@link addOrRetryJob}).
 * @param queue - the cluster's maintenance queue
 * @param plan - the plan (approved)
 * @throws BotError `queue-unavailable` when Redis fails
 */
export async function enqueuePlan(
  queue: Queue,
  plan: Pick<MaintenancePlan, 'id' | 'cluster'>,
): Promise<void> {
  try {
    await addOrRetryJob(
      queue,
      PLAN_JOB_NAME,
      { planId: plan.id, cluster: plan.cluster } satisfies PlanJobData,
      planJobIdFor(plan.id),
    );
  } catch (err) {
    throw new BotError('queue-unavailable', `maintenance: cannot add the job of plan ${plan.id}`, {
      retryable: true,
      cause: err,
    });
  }
}
