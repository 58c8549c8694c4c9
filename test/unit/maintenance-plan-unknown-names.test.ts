/**
 * `maintain` with hundreds of names that are no node, on a cluster of 5,000 nodes (hostile review of
 * issue 20): the worker looks for "did you mean" names with an edit distance against every node of
 * the cluster. For each of 500 unknown names that is 2.5 million distances, over a second of the
 * worker's event loop (where the maintenance Leases are renewed) per command. The answer still
 * names every unknown name, and suggests for the first few.
 */
import { describe, expect, it } from '@jest/globals';
import { answerMaintenancePlan } from '../../src/answer/answer-maintenance-plan.js';
import type { ClusterSnapshot, KNode } from '../../src/cluster/types.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { MaintenancePlanCommand } from '../../src/commands/types.js';
import type { AnswerJob } from '../../src/queue/job.js';

describe('a plan request naming hundreds of unknown nodes', () => {
  it('is answered naming the unknown names, with suggestions for the first ones only', async () => {
    const nodes = Array.from(
      { length: 5000 },
      (_, i) =>
        ({
          metadata: { name: `ip-10-0-${i % 250}-${i % 199}.ec2.internal`, labels: {} },
        }) as unknown as KNode,
    );
    let text = 'maintain ip-10-0-1-1.ec2.internat';
    for (let i = 0; text.length < 1900; i++) text += ` ${i}`;
    const parsed = parseCommand(text, {});
    if (!parsed.ok || parsed.command.kind !== 'maintenance-plan') throw new Error('not a plan command');
    const command = parsed.command as MaintenancePlanCommand;
    expect(command.targets.kind === 'nodes' && command.targets.nodes.length).toBeGreaterThan(400);
    const job = {
      requestId: 'r1',
      text,
      cluster: 'prod',
      locale: 'en',
      user: { platform: 'console', id: 'alice', tenant: 'local' },
      replyTo: { platform: 'console', address: {} },
      enqueuedAt: new Date().toISOString(),
    } as AnswerJob;
    const reply = await answerMaintenancePlan({
      command,
      job,
      snapshot: { nodes } as unknown as ClusterSnapshot,
      readWithNodes: () => Promise.reject(new Error('not reached')),
      now: new Date(),
      service: {} as never,
      locale: 'en',
    });
    expect(reply.kind).toBe('error');
    expect(reply.summary).toContain('ip-10-0-1-1.ec2.internat');
    expect(reply.summary).toContain(' 399');
    // the typo of the first name still gets its suggestion
    expect(reply.summary).toMatch(/Did you mean ip-10-0-1-1\.ec2\.internal/);
  });
});
