/**
 * The layer order (docs/architecture.md "Layers"): ESLint refuses an import against it, and the folder
 * graph of src/, adapters/ and workers/ has no cycle and no edge against it
 * (scripts/folder-deps.mjs). No processes besides `node scripts/folder-deps.mjs`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The rule ids and messages ESLint (this repository's eslint.config.js) reports for `code` at `filePath`. */
async function lint(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

interface FolderDeps {
  nodes: string[];
  edges: Record<string, string[]>;
  cycles: string[][];
  violations: string[];
}

/** Runs scripts/folder-deps.mjs --json on a tree; resolves its answer and exit code. */
async function folderDeps(treeRoot: string): Promise<{ deps: FolderDeps; code: number }> {
  const args = [path.join(root, 'scripts/folder-deps.mjs'), '--json', '--root', treeRoot];
  try {
    const { stdout } = await run(process.execPath, args);
    return { deps: JSON.parse(stdout) as FolderDeps, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; code: number };
    return { deps: JSON.parse(e.stdout) as FolderDeps, code: e.code };
  }
}

describe('ESLint keeps the layer order', () => {
  it('refuses src/analysis importing src/queue (static, type-only and import())', async () => {
    const layer = expect.stringMatching(
      /^no-restricted-(imports|syntax): .*layer order: src\/analysis imports only/,
    );
    expect(
      await lint(
        'src/analysis/probe.ts',
        "import { queueNameFor } from '../queue/job.js';\nexport const q = queueNameFor;\n",
      ),
    ).toEqual([layer]);
    expect(
      await lint(
        'src/analysis/what-if/probe.ts',
        "import type { AnswerJob } from '../../queue/job.js';\nexport type J = AnswerJob;\n",
      ),
    ).toEqual([layer]);
    expect(
      await lint('src/analysis/probe.ts', "export const load = () => import('../ops/metrics.js');\n"),
    ).toEqual([layer]);
  });

  it('refuses the lower layers importing src/ops, and src/errors.ts importing a folder', async () => {
    expect(
      await lint(
        'src/cluster/probe.ts',
        "import { metricsRegistry } from '../ops/metrics.js';\nexport const r = metricsRegistry;\n",
      ),
    ).toEqual([
      expect.stringContaining('layer order: src/cluster imports only src/errors, src/util, src/commands'),
    ]);
    expect(
      await lint(
        'src/maintenance/probe.ts',
        "import { answer } from '../answer/answer.js';\nexport const a = answer;\n",
      ),
    ).toEqual([expect.stringContaining('layer order: src/maintenance')]);
    expect(
      await lint(
        'src/errors.ts',
        "import { safeText } from './util/safe-text.js';\nexport const s = safeText;\n",
      ),
    ).toEqual([expect.stringContaining('layer order: src/errors')]);
  });

  it('refuses an adapter importing another adapter, and a worker importing an adapter', async () => {
    const platform = expect.stringContaining(
      'layer order: a platform adapter (adapters/<platform>) imports no other adapter',
    );
    expect(
      await lint(
        'adapters/teams/probe.ts',
        "import { UserLocaleCache } from '../slack/slack-locale.js';\nexport const c = UserLocaleCache;\n",
      ),
    ).toEqual([platform]);
    expect(
      await lint(
        'adapters/slack/probe.ts',
        "import { startGateway } from '../gateway/gateway.js';\nexport const g = startGateway;\n",
      ),
    ).toEqual([platform]);
    expect(
      await lint(
        'adapters/slack/probe.ts',
        "import { runWorkerProcess } from '../../workers/main.js';\nexport const w = runWorkerProcess;\n",
      ),
    ).toEqual([platform]);
    expect(
      await lint(
        'workers/probe.ts',
        "import { UserLocaleCache } from '../adapters/slack/slack-locale.js';\nexport const c = UserLocaleCache;\n",
      ),
    ).toEqual([expect.stringContaining('layer order: workers import src/ only')]);
  });

  it('holds a new platform folder to the rule without a list to edit (adapters/mattermost)', async () => {
    expect(
      await lint(
        'adapters/mattermost/probe.ts',
        "import { SlackIntake } from '../slack/slack-intake.js';\nexport const i = SlackIntake;\n",
      ),
    ).toEqual([expect.stringContaining('layer order: a platform adapter')]);
    expect(
      await lint(
        'adapters/mattermost/probe.ts',
        "export const load = () => import('../teams/teams-bot.js');\n",
      ),
    ).toEqual([expect.stringContaining('layer order: a platform adapter')]);
    // The chat seam is what a platform builds on.
    expect(
      await lint(
        'adapters/mattermost/probe.ts',
        "import { decideChatCommand } from '../../src/intake/intake.js';\nexport const d = decideChatCommand;\n",
      ),
    ).toEqual([]);
  });

  it('keeps src/intake on top of src/: nothing below imports it, and the console imports no chat adapter', async () => {
    expect(
      await lint(
        'src/ops/probe.ts',
        "import { decideChatCommand } from '../intake/intake.js';\nexport const d = decideChatCommand;\n",
      ),
    ).toEqual([expect.stringContaining('layer order: src/ops imports only')]);
    expect(
      await lint(
        'src/intake/probe.ts',
        "import { commandGate } from '../ops/rate-limit.js';\nexport const g = commandGate;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'adapters/console/probe.ts',
        "import { startSlackAdapter } from '../slack/slack-adapter.js';\nexport const s = startSlackAdapter;\n",
      ),
    ).toEqual([expect.stringContaining('layer order: the console imports no other adapter')]);
  });

  it('accepts imports along the order', async () => {
    expect(
      await lint(
        'src/analysis/probe.ts',
        "import type { ClusterSnapshot } from '../cluster/types.js';\nexport type S = ClusterSnapshot;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'src/ops/probe.ts',
        "import { queueNameFor } from '../queue/job.js';\nexport const q = queueNameFor;\n",
      ),
    ).toEqual([]);
    expect(
      await lint(
        'adapters/teams/probe.ts',
        "import { isLanguageNeutral } from '../../src/commands/language-neutral.js';\nexport const n = isLanguageNeutral;\n",
      ),
    ).toEqual([]);
  });
});

describe('the folder graph', () => {
  it('of this tree has no cycle and no edge against the layer order', async () => {
    const { deps, code } = await folderDeps(root);
    expect(deps.nodes).toEqual(
      expect.arrayContaining([
        'src/analysis',
        'src/ops',
        'src/util',
        'src/intake',
        'adapters/slack',
        'workers',
      ]),
    );
    expect(deps.cycles).toEqual([]);
    expect(deps.violations).toEqual([]);
    expect(code).toBe(0);
  });

  describe('of a made-up tree', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'folder-deps-'));
      const files: Record<string, string> = {
        'src/util/log.ts': "import { count } from '../ops/metrics.js';\nexport const log = count;\n",
        'src/ops/metrics.ts':
          "import type { Job } from '../queue/job.js';\nexport const count = (j: Job) => j;\n",
        'src/queue/job.ts': "export type Job = string;\nexport const l = () => import('../util/log.js');\n",
        'src/analysis/a.ts': "// import { x } from '../ops/metrics.js';\nexport const a = 1;\n",
        'adapters/mattermost/m.ts': "import { s } from '../slack/s.js';\nexport const m = s;\n",
        'adapters/slack/s.ts': "import { l } from '../../src/util/log.js';\nexport const s = l;\n",
      };
      for (const [rel, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
        await writeFile(path.join(dir, rel), text);
      }
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('finds the cycle (import(), type imports included, comments not) and the edge against the order', async () => {
      const { deps, code } = await folderDeps(dir);
      expect(deps.cycles).toEqual([['src/ops', 'src/queue', 'src/util']]);
      expect(deps.edges['src/analysis']).toBeUndefined();
      expect(deps.violations).toEqual(['adapters/mattermost -> adapters/slack', 'src/util -> src/ops']);
      expect(code).toBe(1);
    });
  });
});
