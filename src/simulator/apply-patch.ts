/**
 * The three patch formats kube-apiserver accepts on `PATCH`, chosen by `Content-Type`:
 * JSON patch (RFC 6902), JSON merge patch (RFC 7386) and strategic merge patch (Kubernetes).
 *
 * The strategic merge patch here is a merge patch plus the parts of the Kubernetes format that
 * matter for nodes, pods and leases: lists with a merge key (`status.conditions` and
 * `status.addresses` by `type`, `metadata.ownerReferences` by `uid`, `spec.containers` by `name`)
 * merge by key, `$patch: delete` / `$patch: replace` directives, and the `$setElementOrder/…`,
 * `$retainKeys` and `$deleteFromPrimitiveList/…` directives kubectl may add (ignored, applied as
 * plain merge). Every other list is replaced, as for `spec.taints` (no patch strategy in core/v1).
 * @see https://kubernetes.io/docs/tasks/manage-kubernetes-objects/update-api-object-kubectl-patch/
 * @see https://datatracker.ietf.org/doc/html/rfc6902
 * @see https://datatracker.ietf.org/doc/html/rfc7386
 */
import { BotError } from '../errors.js';

/** The patch types, by their `Content-Type`. */
export type PatchType = 'json' | 'merge' | 'strategic';

/**
 * The patch type of a `Content-Type` header, or null for an unsupported one (the apiserver
 * answers 415 then; `application/apply-patch+yaml` is not served).
 * @param contentType - the request's Content-Type (parameters such as `; charset=utf-8` ignored)
 */
export function patchTypeOf(contentType: string | undefined): PatchType | null {
  const t = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (t === 'application/json-patch+json') return 'json';
  if (t === 'application/merge-patch+json') return 'merge';
  if (t === 'application/strategic-merge-patch+json') return 'strategic';
  return null;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Merge keys of lists, by field name, for the strategic merge patch (core/v1 `patchMergeKey`). */
const MERGE_KEYS: Record<string, string> = {
  conditions: 'type',
  addresses: 'type',
  ownerReferences: 'uid',
  containers: 'name',
  initContainers: 'name',
  volumes: 'name',
  env: 'name',
};

/**
 * Apply a patch to a copy of `target`.
 * @param target - the current object (not modified)
 * @param patch - the parsed patch body
 * @param type - the patch type
 * @returns the patched object
 * @throws BotError `bad-request` for a malformed patch, or a JSON patch `test` that fails
 *   (`message` says which)
 */
export function applyPatch(target: unknown, patch: unknown, type: PatchType): unknown {
  const doc = structuredClone(target) as Json;
  if (type === 'json') return applyJsonPatch(doc, patch);
  if (!isObject(patch)) throw new BotError('bad-request', 'a merge patch must be a JSON object');
  return type === 'merge' ? mergePatch(doc, patch) : strategicMerge(doc, patch);
}

function mergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? target : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k] ?? null, v);
  }
  return out;
}

function strategicMerge(target: Json, patch: Json): Json {
  if (!isObject(patch)) return patch;
  if (patch.$patch === 'replace') {
    const copy = { ...patch };
    delete copy.$patch;
    return copy;
  }
  if (patch.$patch === 'delete') return null;
  const out: JsonObject = isObject(target) ? target : {};
  for (const [k, v] of Object.entries(patch)) {
    if (
      k.startsWith('$setElementOrder/') ||
      k.startsWith('$deleteFromPrimitiveList/') ||
      k === '$retainKeys' ||
      k === '$patch'
    )
      continue;
    if (v === null) {
      delete out[k];
      continue;
    }
    const key = MERGE_KEYS[k];
    const cur = out[k];
    if (Array.isArray(v) && key !== undefined && Array.isArray(cur)) {
      out[k] = mergeList(cur, v, key);
    } else out[k] = strategicMerge(cur ?? null, v);
  }
  return out;
}

function mergeList(cur: Json[], patch: Json[], key: string): Json[] {
  const out = [...cur];
  for (const item of patch) {
    if (!isObject(item) || item[key] === undefined) {
      out.push(item);
      continue;
    }
    const i = out.findIndex((x) => isObject(x) && x[key] === item[key]);
    if (item.$patch === 'delete') {
      if (i >= 0) out.splice(i, 1);
      continue;
    }
    if (i >= 0) out[i] = strategicMerge(out[i] ?? null, item);
    else out.push(strategicMerge(null, item));
  }
  return out;
}

function parsePointer(path: unknown): string[] {
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
    throw new BotError('bad-request', `invalid JSON pointer: ${String(path)}`);
  if (path === '') return [];
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function getAt(doc: Json, tokens: string[]): Json | undefined {
  let cur: Json | undefined = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (isObject(cur)) cur = cur[t];
    else return undefined;
  }
  return cur;
}

function parentOf(doc: Json, tokens: string[], path: string): { parent: Json; last: string } {
  const parent = getAt(doc, tokens.slice(0, -1));
  if (parent === undefined || typeof parent !== 'object' || parent === null) {
    throw new BotError('bad-request', `doc is missing path: "${path}"`);
  }
  return { parent, last: tokens[tokens.length - 1] as string };
}

function addAt(doc: Json, tokens: string[], value: Json, path: string): Json {
  if (tokens.length === 0) return value;
  const { parent, last } = parentOf(doc, tokens, path);
  if (Array.isArray(parent)) {
    const i = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(i) || i < 0 || i > parent.length)
      throw new BotError('bad-request', `index out of range: "${path}"`);
    parent.splice(i, 0, value);
  } else (parent as JsonObject)[last] = value;
  return doc;
}

function removeAt(doc: Json, tokens: string[], path: string): Json {
  const { parent, last } = parentOf(doc, tokens, path);
  if (Array.isArray(parent)) {
    const i = Number(last);
    if (!Number.isInteger(i) || i < 0 || i >= parent.length)
      throw new BotError('bad-request', `index out of range: "${path}"`);
    parent.splice(i, 1);
  } else {
    if (!(last in (parent as JsonObject)))
      throw new BotError('bad-request', `unable to remove nonexistent key: ${last}: missing value`);
    delete (parent as JsonObject)[last];
  }
  return doc;
}

function applyJsonPatch(doc: Json, patch: unknown): Json {
  if (!Array.isArray(patch)) throw new BotError('bad-request', 'a JSON patch must be an array of operations');
  let out = doc;
  for (const raw of patch as unknown[]) {
    if (!isObject(raw)) throw new BotError('bad-request', 'a JSON patch operation must be an object');
    const op = raw.op;
    const path = String(raw.path);
    const tokens = parsePointer(raw.path);
    switch (op) {
      case 'add':
        out = addAt(out, tokens, structuredClone(raw.value ?? null), path);
        break;
      case 'remove':
        out = removeAt(out, tokens, path);
        break;
      case 'replace':
        if (getAt(out, tokens) === undefined)
          throw new BotError(
            'bad-request',
            `replace operation does not apply: doc is missing key: ${path}: missing value`,
          );
        if (tokens.length === 0) out = structuredClone(raw.value ?? null);
        else {
          out = removeAt(out, tokens, path);
          out = addAt(out, tokens, structuredClone(raw.value ?? null), path);
        }
        break;
      case 'test':
        if (JSON.stringify(getAt(out, tokens)) !== JSON.stringify(raw.value))
          throw new BotError('bad-request', `testing value ${path} failed: test failed`);
        break;
      case 'move':
      case 'copy': {
        const fromTokens = parsePointer(raw.from);
        const v = getAt(out, fromTokens);
        if (v === undefined)
          throw new BotError('bad-request', `doc is missing from path: "${String(raw.from)}"`);
        if (op === 'move') out = removeAt(out, fromTokens, String(raw.from));
        out = addAt(out, tokens, structuredClone(v), path);
        break;
      }
      default:
        throw new BotError('bad-request', `Unexpected kind: ${String(op)}`);
    }
  }
  return out;
}
