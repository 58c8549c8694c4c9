#!/usr/bin/env node
/**
 * Prints the folder-level import graph of src/, adapters/ and workers/ and its cycles.
 *
 * A "folder" is the first level below src/ or adapters/ (src/analysis/what-if/x.ts belongs to
 * src/analysis; src/errors.ts is its own node, src/errors); workers/ is one node. Only relative
 * imports count (`import … from './x.js'`, `export … from`, `import('./x.js')`, `import './x.js'`),
 * type-only imports included: a type import still ties the folders together for a reader.
 *
 * Usage: `node scripts/folder-deps.mjs [--json] [--edges] [--root DIR]` (DIR: another checkout; default this one). Exit code 1 when the graph has a
 * cycle or an edge against the layer order ({@link SRC_LAYERS}), 0 otherwise. `--edges` lists, for each folder edge, the files that make it.
 * Imported by test/integration/layers.test.ts through {@link folderGraph} and {@link findCycles}.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOTS = ['src', 'adapters', 'workers'];

/**
 * The layer order of src/, bottom first: a folder may import only folders before it in this list
 * (docs/architecture.md "Layers"). eslint.config.js turns it into `no-restricted-imports` rules, and
 * test/integration/layers.test.ts checks the whole graph against it ({@link layerViolations}).
 */
export const SRC_LAYERS = [
  'errors', // BotError and its codes
  'util', // logger, redaction, env numbers, safe text, closest names, time zones, metric hooks
  'commands', // chat text → ChatCommand (parse, en/ko)
  'cluster', // ClusterSnapshot types and reading it (API, files, watch cache)
  'config', // settings (read once), bot config file, kube contexts, Redis settings and key names
  'analysis', // pure checks: snapshot + now → findings + verdict
  'etcd', // etcd discovery and probes
  'simulator', // a Kubernetes API serving snapshot files
  'explain', // findings → en/ko texts, Reply
  'queue', // BullMQ jobs and replies
  'maintenance', // maintenance requests, policy, execution
  'answer', // one command → one Reply
  'schedule', // scheduled HA posts
  'ops', // process concerns: ops server, readiness, rate limit, metrics registry, shutdown
  'intake', // the chat seam: ChatCommand → decision, the platforms' shared Redis and reply side
];

/**
 * The adapters that host others: the console CLI, the gateway process, and the composition root
 * adapters/k8s-ha-bot.ts. Every other folder of adapters/ translates one chat platform
 * ({@link isPlatformAdapter}): a new one (adapters/mattermost) is held to the rule without a list to edit.
 */
export const HOST_ADAPTERS = ['console', 'gateway', 'k8s-ha-bot'];

/** Whether `name` (a folder of adapters/) translates one chat platform; such a folder imports only src/. */
export function isPlatformAdapter(name) {
  return !HOST_ADAPTERS.includes(name);
}

/** Every .ts file below `dir` (absolute paths). */
function tsFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...tsFiles(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The graph node a repository-relative path belongs to, or undefined outside the roots. */
export function folderOf(rel) {
  const parts = rel.split(/[\\/]/);
  if (parts[0] === 'workers') return 'workers';
  if (parts[0] !== 'src' && parts[0] !== 'adapters') return undefined;
  if (parts.length < 2) return undefined;
  const second = parts[1].replace(/\.(ts|js)$/, '');
  return `${parts[0]}/${second}`;
}

const IMPORT_RE =
  /(?:\bimport|\bexport)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative module specifiers a source text imports (comments are stripped first). */
export function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const specs = [];
  for (const m of code.matchAll(IMPORT_RE)) {
    const spec = m[1] ?? m[2];
    if (spec && spec.startsWith('.')) specs.push(spec);
  }
  return specs;
}

/**
 * Folder graph of the repository at `root`.
 * @returns `{ nodes: string[], edges: Map<string, Map<string, string[]>> }`: edges.get(a).get(b) lists
 * the `file -> specifier` lines that make folder a import folder b.
 */
export function folderGraph(root) {
  const nodes = new Set();
  const edges = new Map();
  for (const top of ROOTS) {
    let files;
    try {
      files = tsFiles(path.join(root, top));
    } catch {
      continue;
    }
    for (const file of files) {
      const rel = path.relative(root, file);
      const from = folderOf(rel);
      if (!from) continue;
      nodes.add(from);
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        const target = path.relative(root, path.resolve(path.dirname(file), spec));
        const to = folderOf(target);
        if (!to || to === from) continue;
        nodes.add(to);
        if (!edges.has(from)) edges.set(from, new Map());
        const byTarget = edges.get(from);
        if (!byTarget.has(to)) byTarget.set(to, []);
        byTarget.get(to).push(`${rel} -> ${spec}`);
      }
    }
  }
  return { nodes: [...nodes].sort(), edges };
}

/**
 * Strongly connected components with more than one node (Tarjan), each sorted; these are the
 * folder-level cycles.
 */
export function findCycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.edges.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.nodes) if (!idx.has(v)) visit(v);
  return out;
}

/**
 * Folder edges against the layer order: a src/ folder importing a src/ folder above it or
 * adapters/ or workers/; workers/ importing adapters/; a platform adapter importing another adapter
 * or a worker; the console importing the gateway or a platform adapter (the composition root hands
 * them in); the gateway importing the console or a worker.
 * @returns lines `from -> to` (empty when the order holds)
 */
export function layerViolations(graph) {
  const out = [];
  const rank = (node) => SRC_LAYERS.indexOf(node.slice('src/'.length));
  for (const [from, targets] of graph.edges) {
    for (const to of targets.keys()) {
      let bad = false;
      if (from.startsWith('src/'))
        bad = !to.startsWith('src/') || rank(to) > rank(from) || rank(to) < 0 || rank(from) < 0;
      else if (from === 'workers') bad = to.startsWith('adapters/');
      else if (from === 'adapters/console') bad = to.startsWith('adapters/');
      else if (from === 'adapters/gateway') bad = to === 'adapters/console' || to === 'workers';
      else if (from.startsWith('adapters/') && isPlatformAdapter(from.slice('adapters/'.length)))
        bad = to.startsWith('adapters/') || to === 'workers';
      if (bad) out.push(`${from} -> ${to}`);
    }
  }
  return out.sort();
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const rootFlag = process.argv.indexOf('--root');
  const root =
    rootFlag > 0 && process.argv[rootFlag + 1]
      ? path.resolve(process.argv[rootFlag + 1])
      : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const graph = folderGraph(root);
  const cycles = findCycles(graph);
  const violations = layerViolations(graph);
  if (process.argv.includes('--json')) {
    const edges = {};
    for (const [a, m] of graph.edges) edges[a] = [...m.keys()].sort();
    console.log(JSON.stringify({ nodes: graph.nodes, edges, cycles, violations }, null, 2));
  } else {
    for (const a of graph.nodes) {
      const targets = [...(graph.edges.get(a)?.keys() ?? [])].sort();
      console.log(`${a} -> ${targets.join(', ') || '(nothing)'}`);
      if (process.argv.includes('--edges'))
        for (const t of targets)
          for (const line of graph.edges.get(a).get(t)) console.log(`    ${t}: ${line}`);
    }
    console.log(cycles.length ? `\n${cycles.length} cycle(s):` : '\nno folder-level cycle');
    for (const c of cycles) console.log(`  ${c.join(' <-> ')}`);
    console.log(
      violations.length
        ? `${violations.length} edge(s) against the layer order:`
        : 'no edge against the layer order',
    );
    for (const v of violations) console.log(`  ${v}`);
  }
  process.exitCode = cycles.length || violations.length ? 1 : 0;
}
