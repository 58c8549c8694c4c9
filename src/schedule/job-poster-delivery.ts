/**
 * A {@link PostDelivery} over an adapter poster that delivers replies of answer jobs (the Teams
 * adapter's `TeamsPoster.deliver(reply, job)`: proactive message through the conversation
 * reference stored in Redis under the job's `replyTo.address.conversation`). Structural: nothing
 * here imports an adapter or botbuilder.
 */
import type { ChatPlatform } from '../commands/types.js';
import type { Reply } from '../explain/reply.js';
import type { AnswerJob } from '../queue/job.js';
import type { PostDelivery } from './schedule-runner.js';
import type { ScheduleSpec } from './schedule-spec.js';

/** What the poster must offer: deliver a reply to the address of a job. */
export interface JobReplyPoster {
  /**
   * @returns true when delivered, false when refused for good (unknown conversation)
   * @throws when a retry later may work
   */
  deliver(reply: Reply, job: AnswerJob): Promise<boolean>;
}

/**
 * Deliver scheduled posts through a job-reply poster.
 * @param poster - e.g. the Teams adapter's TeamsPoster
 * @param platform - the platform of the synthetic job's user and reply target
 * @returns a delivery posting to `{ conversation: spec.conversation }`; the job's request id is the
 *   occurrence's delivery id, so the poster's per-message markers make a retry post nothing twice
 */
export function jobPosterDelivery(poster: JobReplyPoster, platform: ChatPlatform = 'teams'): PostDelivery {
  return {
    deliver(spec: ScheduleSpec, reply: Reply, deliveryId: string) {
      const job: AnswerJob = {
        requestId: `schedule.${deliveryId}`,
        text: 'status',
        command: { kind: 'ha-status' },
        cluster: spec.cluster,
        locale: spec.locale,
        user: { platform, id: spec.createdBy ?? 'scheduler' },
        replyTo: { platform, address: { conversation: spec.conversation } },
        enqueuedAt: new Date().toISOString(),
      };
      return poster.deliver(reply, job);
    },
  };
}
