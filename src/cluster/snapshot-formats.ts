/**
 * The formats users have, each turned into the one List the snapshot loader reads:
 * - `kubectl get … -o yaml` (a List in YAML) and multi-document YAML (`---` between objects or
 *   Lists, as `kubectl get … -o yaml` per resource concatenated, or manifests);
 * - `kubectl cluster-info dump` (a stream of concatenated JSON Lists, typed `NodeList`,
 *   `PodList`…, whose items carry no `kind`) and its `--output-directory` tree (`nodes.json`,
 *   `<namespace>/pods.json`, …).
 * Anything else is refused with {@link SNAPSHOT_FORMATS_HELP}: which formats work and how to make one.
 *
 * @see https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cluster-info/kubectl_cluster-info_dump/
 */
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { yamlLib } from '../util/lazy-yaml.js';
import { yamlAliasProblem } from '../util/yaml-alias-bound.js';
import { SnapshotFileError } from '../errors.js';

/** The command that captures what the checks read, as a plain List. */
export const KUBECTL_SNAPSHOT_COMMAND =
  'kubectl get nodes,pods,leases,poddisruptionbudgets,deployments,replicasets,statefulsets,daemonsets,endpointslices -A -o json > cluster.json';

/** What a refused file is told: the formats that work, and how to make one. */
export const SNAPSHOT_FORMATS_HELP =
  'a snapshot is one of: a scenario file (as in test/fixtures/scenarios/ and examples/ha-3cp.json), a `kubectl get … -o json` or `-o yaml` List, multi-document YAML, ' +
  '`kubectl cluster-info dump` output (the stream, or its --output-directory). Make one with: ' +
  KUBECTL_SNAPSHOT_COMMAND;

/** At most this many files of a `--output-directory` tree are read (a dump has a few per namespace). */
export const DUMP_DIRECTORY_MAX_FILES = 5000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The items of one parsed document: a List's items (a typed `NodeList` gives its items
 * `kind: Node` and the list's apiVersion when they lack them, as cluster-info dump prints them),
 * or the document itself when it is one object.
 */
function itemsOf(doc: unknown): unknown[] {
  if (!isRecord(doc)) return [];
  if (Array.isArray(doc.items)) {
    const listKind =
      typeof doc.kind === 'string' && doc.kind.endsWith('List') && doc.kind !== 'List'
        ? doc.kind.slice(0, -'List'.length)
        : null;
    return doc.items.map((item: unknown) => {
      if (!listKind || !isRecord(item) || item.kind !== undefined) return item;
      return { apiVersion: doc.apiVersion, kind: listKind, ...item };
    });
  }
  return typeof doc.kind === 'string' ? [doc] : [];
}

/**
 * One List of every item of several documents.
 * @param docs - parsed documents (Lists or objects)
 * @returns `{"apiVersion":"v1","kind":"List","items":[…]}` as JSON text
 */
export function listOf(docs: readonly unknown[]): string {
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items: docs.flatMap(itemsOf) });
}

/**
 * YAML text (one or several documents) → JSON text the loader reads: a single scenario document
 * (with `cluster`) as is, anything else merged into one List.
 * @param text - the file's text
 * @param sourceName - the file, for messages
 * @throws SnapshotFileError when it is not YAML, its aliases would expand it too much
 *   (`yamlAliasProblem`), or it holds no Kubernetes object
 */
export function yamlToSnapshotJson(text: string, sourceName: string): string {
  const docs = yamlLib().parseAllDocuments(text, { prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [docs];
  const error = list.flatMap((d) => ('errors' in d ? d.errors : []))[0];
  if (error) {
    throw new SnapshotFileError(
      `${sourceName}: neither JSON nor YAML (${error.message.split('\n')[0] ?? 'parse error'}); ${SNAPSHOT_FORMATS_HELP}`,
      'snapshot-invalid',
      error,
    );
  }
  const aliases = yamlAliasProblem(list, text);
  if (aliases !== null) throw new SnapshotFileError(`${sourceName}: ${aliases}`);
  const values = list
    .map((d) => d.toJS({ maxAliasCount: -1 }) as unknown)
    .filter((v) => v !== null && v !== undefined);
  const only = values[0];
  if (values.length === 1 && isRecord(only) && 'cluster' in only) return JSON.stringify(only);
  if (!values.some((v) => itemsOf(v).length > 0)) {
    throw new SnapshotFileError(`${sourceName}: no Kubernetes object found; ${SNAPSHOT_FORMATS_HELP}`);
  }
  return listOf(values);
}

/**
 * A `kubectl cluster-info dump --output-directory` tree → one List of every object of its
 * `*.json` files (logs and other files are ignored).
 * @param dir - the directory
 * @returns the List's JSON text
 * @throws SnapshotFileError when a JSON file is invalid, or the tree holds no object
 */
export async function dumpDirectoryToSnapshotJson(dir: string): Promise<string> {
  const files: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (files.length >= DUMP_DIRECTORY_MAX_FILES) return;
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile() && e.name.endsWith('.json')) files.push(p);
    }
  };
  await walk(dir);
  files.sort();
  const docs: unknown[] = [];
  for (const f of files) {
    try {
      docs.push(...splitJsonStream(await readFile(f, 'utf8')));
    } catch (err) {
      throw new SnapshotFileError(
        `${f}: invalid JSON in the dump directory (${(err as Error).message})`,
        'snapshot-invalid',
        err,
      );
    }
  }
  const text = listOf(docs);
  if (!docs.some((d) => itemsOf(d).length > 0))
    throw new SnapshotFileError(`${dir}: no Kubernetes object in its *.json files; ${SNAPSHOT_FORMATS_HELP}`);
  return text;
}

/**
 * Concatenated JSON values (`{…}{…}` or one per line, as cluster-info dump prints them) → values.
 * @param text - the stream
 * @throws SyntaxError at the first invalid value
 */
export function splitJsonStream(text: string): unknown[] {
  const out: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (depth++ === 0) start = i;
    } else if (c === '}' || c === ']') {
      if (--depth === 0) out.push(JSON.parse(text.slice(start, i + 1)));
    } else if (depth === 0 && c !== undefined && !/\s/.test(c))
      throw new SyntaxError(`unexpected '${c}' between JSON values`);
  }
  if (depth !== 0) throw new SyntaxError('unterminated JSON value at the end');
  return out;
}

/**
 * Whether a path is a directory (a cluster-info dump `--output-directory`).
 * @param path - a path
 */
export async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    // missing: the file read reports it
    return false;
  }
}
