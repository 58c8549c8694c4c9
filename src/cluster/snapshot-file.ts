/**
 * Snapshot files: a scenario file (scenarios/FORMAT.md: a `cluster` List plus `captured_at`,
 * `etcd`, `readyz`, `request`, `expected`, …) or a bare `kubectl get … -A -o json` List.
 *
 * Large generated files (hundreds of MB) must load fast and within V8's string limit (~512 MiB),
 * so the file is read as bytes and walked structurally: the top-level object and `cluster.items`
 * are split into pieces by a byte scanner, each piece is parsed with `JSON.parse` (fast), and the
 * `etcd` block alone is parsed with lossless-json so that uint64 member ids (> 2^53) keep every
 * digit. Callers that do not want every item held at once (the simulator) pass `onItem`.
 */
import { readFile } from 'node:fs/promises';
import { parse as losslessParse, isLosslessNumber } from 'lossless-json';
import { SnapshotFileError } from '../errors.js';
import { CaptureTimeInference, type CaptureSource } from './capture-time.js';
import {
  SNAPSHOT_FORMATS_HELP,
  dumpDirectoryToSnapshotJson,
  isDirectory,
  listOf,
  splitJsonStream,
  yamlToSnapshotJson,
} from './snapshot-formats.js';
import type {
  EtcdAlarm,
  EtcdEndpointStatus,
  EtcdMember,
  EtcdStatus,
  KObjectMeta,
  ReadError,
  ReadErrorReason,
} from './types.js';

/** Any Kubernetes object of a List: `kind` and `metadata.name` are guaranteed by the loader. */
export interface KObject {
  apiVersion?: string;
  kind: string;
  metadata: KObjectMeta;
  [field: string]: unknown;
}

/** The descriptive fields of a scenario file (absent for a bare List). */
export interface SnapshotFileMeta {
  scenario?: string;
  source?: string;
  request?: string;
  expected?: unknown;
  notes?: string;
}

/** A loaded snapshot file. */
export interface SnapshotFile {
  /** The List's items (empty when the caller consumed them through `onItem`). */
  items: KObject[];
  /**
   * When the data was captured: the `capturedAt` option, else `captured_at`, else inferred from
   * the items (see {@link CaptureTimeInference}); null when none of these gives a time.
   */
  capturedAt: Date | null;
  /** Where {@link SnapshotFile.capturedAt} came from. */
  capturedFrom: CaptureSource;
  /**
   * `scenario`: a file with a `cluster` List and its own `readyz`/`etcd` (null there means the
   * apiserver did not answer / etcd was not observable). `list`: what kubectl prints, which holds
   * no `/readyz` and no etcd status at all: those are unknown, never failing.
   */
  format: 'scenario' | 'list';
  /**
   * The parts the checks read that no item of the file holds (`pods`, `leases`,
   * `poddisruptionbudgets`, `workloads`; see OBSERVABLE_PARTS), for a `list`; empty for a scenario.
   */
  missingParts: string[];
  /** The recorded etcd status (`source: 'recorded'`), or null when the file has none / `null`. */
  etcd: EtcdStatus | null;
  /** The recorded `/readyz?verbose` text, or null. */
  readyz: string | null;
  /**
   * Parts the capture could not read (`read_errors`, written by `k8s-ha-bot snapshot`): answered
   * as the live read's errors are ("could not read …"), never as an empty list. Absent or empty
   * when the file has none.
   */
  readErrors?: ReadError[];
  meta: SnapshotFileMeta;
}

/** Options of {@link parseSnapshotBuffer} / {@link loadSnapshotFile}. */
export interface ParseSnapshotOptions {
  /**
   * Called with each validated item, in file order, and its exact JSON text in the file. When
   * given, items are not kept in {@link SnapshotFile.items} (so a 150,000-pod file need not be
   * held parsed at once).
   */
  onItem?: (item: KObject, index: number, raw: string) => void;
  /**
   * Called with `captured_at` as soon as it is read (before the items when the file puts it
   * first, as FORMAT.md and the generator do), so a consumer can shift items while streaming.
   */
  onCapturedAt?: (capturedAt: Date) => void;
  /** The capture time to use whatever the file says (`--captured-at`). */
  capturedAt?: Date;
}

/**
 * Read and parse a snapshot file.
 * @param path - file path
 * @param options - see {@link ParseSnapshotOptions}
 * @returns the parsed file
 * @throws SnapshotFileError `snapshot-not-found` when the file is missing, `snapshot-invalid` when it
 *   is not valid JSON (message names file and line:column) or has the wrong shape (message names the
 *   field path, e.g. `cluster.items[3].metadata.name is missing`)
 */
export async function loadSnapshotFile(
  path: string,
  options: ParseSnapshotOptions = {},
): Promise<SnapshotFile> {
  // `kubectl cluster-info dump --output-directory DIR`: every *.json of the tree, as one List.
  if (await isDirectory(path))
    return parseSnapshotBuffer(Buffer.from(await dumpDirectoryToSnapshotJson(path)), path, options);
  let buf: Buffer;
  try {
    buf = await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new SnapshotFileError(`${path}: snapshot file not found`, 'snapshot-not-found', err);
    }
    throw new SnapshotFileError(
      `${path}: cannot read snapshot file (${code ?? 'error'})`,
      'snapshot-invalid',
      err,
    );
  }
  return parseSnapshotBuffer(buf, path, options);
}

/**
 * Parse snapshot file text.
 * @param text - the file's JSON text
 * @param sourceName - name used in error messages (usually the path)
 * @param options - see {@link ParseSnapshotOptions}
 * @returns the parsed file
 * @throws SnapshotFileError as {@link loadSnapshotFile}
 */
export function parseSnapshotText(
  text: string,
  sourceName: string,
  options: ParseSnapshotOptions = {},
): SnapshotFile {
  return parseSnapshotBuffer(Buffer.from(text, 'utf8'), sourceName, options);
}

// ---------------------------------------------------------------------------------------------
// Byte scanner

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

class Scanner {
  constructor(
    readonly buf: Buffer,
    readonly sourceName: string,
  ) {}

  /** Line and column (1-based, column in characters) of a byte offset. */
  lineCol(offset: number): string {
    const buf = this.buf;
    const end = Math.min(offset, buf.length);
    let line = 1;
    let lineStart = 0;
    let i = buf.indexOf(0x0a, 0);
    while (i !== -1 && i < end) {
      line++;
      lineStart = i + 1;
      i = buf.indexOf(0x0a, lineStart);
    }
    const col = buf.toString('utf8', lineStart, end).length + 1;
    return `${line}:${col}`;
  }

  syntaxError(offset: number, what: string, cause?: unknown): SnapshotFileError {
    return new SnapshotFileError(
      `${this.sourceName}:${this.lineCol(offset)}: invalid JSON: ${what}`,
      'snapshot-invalid',
      cause,
    );
  }

  ws(i: number): number {
    const buf = this.buf;
    while (i < buf.length) {
      const c = buf[i];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else break;
    }
    return i;
  }

  /** `i` is at an opening quote; returns the offset just after the closing quote. */
  string(i: number): number {
    const buf = this.buf;
    let j = i + 1;
    for (;;) {
      const q = buf.indexOf(QUOTE, j);
      if (q === -1) throw this.syntaxError(i, 'unterminated string');
      let k = q - 1;
      let backslashes = 0;
      while (k > i && buf[k] === BACKSLASH) {
        backslashes++;
        k--;
      }
      if (backslashes % 2 === 0) return q + 1;
      j = q + 1;
    }
  }

  /** Skip any value starting at `i` (no whitespace before); returns its end offset. */
  value(i: number): number {
    const buf = this.buf;
    const c = buf[i];
    if (c === undefined) throw this.syntaxError(i, 'unexpected end of file, a value was expected');
    if (c === QUOTE) return this.string(i);
    if (c === LBRACE || c === LBRACKET) {
      // one tight byte loop (strings handled inline): this is the hot path for huge files
      let depth = 0;
      let inString = false;
      let stringStart = 0;
      const n = buf.length;
      for (let j = i; j < n; j++) {
        const d = buf[j] as number;
        if (inString) {
          if (d === BACKSLASH) j++;
          else if (d === QUOTE) inString = false;
        } else if (d === QUOTE) {
          inString = true;
          stringStart = j;
        } else if (d === LBRACE || d === LBRACKET) depth++;
        else if (d === RBRACE || d === RBRACKET) {
          if (--depth === 0) return j + 1;
        }
      }
      if (inString) throw this.syntaxError(stringStart, 'unterminated string');
      throw this.syntaxError(i, `unterminated ${c === LBRACE ? 'object' : 'array'}`);
    }
    // number, true, false, null: up to the next delimiter; JSON.parse validates it later
    let j = i;
    while (j < buf.length) {
      const d = buf[j];
      if (
        d === COMMA ||
        d === RBRACE ||
        d === RBRACKET ||
        d === 0x20 ||
        d === 0x0a ||
        d === 0x0d ||
        d === 0x09
      )
        break;
      j++;
    }
    if (j === i) throw this.syntaxError(i, `unexpected '${String.fromCharCode(c)}', a value was expected`);
    return j;
  }

  /** Parse the bytes [start, end) with JSON.parse, reporting errors at their file position. */
  parse(start: number, end: number): unknown {
    const text = this.buf.toString('utf8', start, end);
    try {
      return JSON.parse(text);
    } catch (err) {
      const m = /position (\d+)/.exec((err as Error).message);
      const pos = m?.[1] === undefined ? 0 : Number(m[1]);
      const offset = start + Buffer.byteLength(text.slice(0, pos), 'utf8');
      throw this.syntaxError(offset, (err as Error).message.replace(/ in JSON at position \d+.*$/, ''), err);
    }
  }

  /**
   * Walk an object starting at `i` (at `{`). For each key, `onKey` may consume the value and
   * return its end; returning undefined skips it. Returns the offset after `}`.
   */
  object(i: number, onKey: (key: string, valueStart: number) => number | undefined): number {
    const buf = this.buf;
    if (buf[i] !== LBRACE) throw this.syntaxError(i, 'an object was expected');
    let j = this.ws(i + 1);
    if (buf[j] === RBRACE) return j + 1;
    for (;;) {
      if (buf[j] !== QUOTE) throw this.syntaxError(j, 'a quoted property name was expected');
      const keyEnd = this.string(j);
      const key = this.parse(j, keyEnd) as string;
      j = this.ws(keyEnd);
      if (buf[j] !== COLON) throw this.syntaxError(j, "':' was expected after a property name");
      j = this.ws(j + 1);
      const consumed = onKey(key, j);
      j = this.ws(consumed ?? this.value(j));
      if (buf[j] === COMMA) {
        j = this.ws(j + 1);
        continue;
      }
      if (buf[j] === RBRACE) return j + 1;
      throw this.syntaxError(j, "',' or '}' was expected after a property value");
    }
  }

  /** Walk an array starting at `i` (at `[`), calling `onElement` with each element's range. */
  array(i: number, onElement: (start: number, end: number, index: number) => void): number {
    const buf = this.buf;
    if (buf[i] !== LBRACKET) throw this.syntaxError(i, 'an array was expected');
    let j = this.ws(i + 1);
    if (buf[j] === RBRACKET) return j + 1;
    let index = 0;
    for (;;) {
      const end = this.value(j);
      onElement(j, end, index++);
      j = this.ws(end);
      if (buf[j] === COMMA) {
        j = this.ws(j + 1);
        continue;
      }
      if (buf[j] === RBRACKET) return j + 1;
      throw this.syntaxError(j, "',' or ']' was expected after an array element");
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Shape checks

function shapeError(sourceName: string, path: string, problem: string): SnapshotFileError {
  return new SnapshotFileError(`${sourceName}: ${path} ${problem}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkItem(raw: unknown, path: string, sourceName: string): KObject {
  if (!isRecord(raw)) throw shapeError(sourceName, path, 'is not an object');
  if (typeof raw.kind !== 'string' || raw.kind === '') {
    throw shapeError(
      sourceName,
      `${path}.kind`,
      raw.kind === undefined ? 'is missing' : 'is not a non-empty string',
    );
  }
  const meta = raw.metadata;
  if (!isRecord(meta)) {
    throw shapeError(sourceName, `${path}.metadata`, meta === undefined ? 'is missing' : 'is not an object');
  }
  if (typeof meta.name !== 'string' || meta.name === '') {
    throw shapeError(
      sourceName,
      `${path}.metadata.name`,
      meta.name === undefined ? 'is missing' : 'is not a non-empty string',
    );
  }
  if (meta.namespace !== undefined && typeof meta.namespace !== 'string') {
    throw shapeError(sourceName, `${path}.metadata.namespace`, 'is not a string');
  }
  return raw as KObject;
}

// ---------------------------------------------------------------------------------------------
// etcd block (lossless)

type Lossless = unknown;

function toBigInt(v: Lossless, path: string, sourceName: string): bigint {
  if (isLosslessNumber(v)) {
    if (!/^\d+$/.test(v.value)) throw shapeError(sourceName, path, `is not an unsigned integer (${v.value})`);
    return BigInt(v.value);
  }
  if (typeof v === 'string' && /^(\d+|0x[0-9a-fA-F]+)$/.test(v)) return BigInt(v);
  throw shapeError(sourceName, path, v === undefined ? 'is missing' : 'is not an unsigned integer');
}

function toNum(v: Lossless, path: string, sourceName: string, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (isLosslessNumber(v)) return Number(v.value);
  throw shapeError(sourceName, path, v === undefined ? 'is missing' : 'is not a number');
}

function toStringArray(v: Lossless, path: string, sourceName: string): string[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === 'string')) {
    throw shapeError(sourceName, path, 'is not an array of strings');
  }
  return v as string[];
}

const ALARM_NAMES: Record<string, string> = { '0': 'NONE', '1': 'NOSPACE', '2': 'CORRUPT' };

/**
 * Convert the `etcd` block (raw `etcdctl -w json` output, see scenarios/FORMAT.md) parsed with
 * lossless numbers into an {@link EtcdStatus}. A member needs `ID`; it needs `name` unless it has
 * no clientURLs (an added but unstarted member, which etcd lists with an empty name).
 */
function convertEtcd(raw: Lossless, sourceName: string): EtcdStatus | null {
  if (raw === null || raw === undefined) return null;
  if (!isRecord(raw)) throw shapeError(sourceName, 'etcd', 'is not an object or null');
  if (!Array.isArray(raw.members)) {
    throw shapeError(
      sourceName,
      'etcd.members',
      raw.members === undefined ? 'is missing' : 'is not an array',
    );
  }
  const members: EtcdMember[] = raw.members.map((m: Lossless, i: number): EtcdMember => {
    const p = `etcd.members[${i}]`;
    if (!isRecord(m)) throw shapeError(sourceName, p, 'is not an object');
    const clientURLs = toStringArray(m.clientURLs, `${p}.clientURLs`, sourceName);
    if (m.name !== undefined && typeof m.name !== 'string')
      throw shapeError(sourceName, `${p}.name`, 'is not a string');
    if (m.name === undefined && clientURLs.length > 0)
      throw shapeError(sourceName, `${p}.name`, 'is missing');
    return {
      id: toBigInt(m.ID, `${p}.ID`, sourceName),
      name: (m.name as string | undefined) ?? '',
      peerURLs: toStringArray(m.peerURLs, `${p}.peerURLs`, sourceName),
      clientURLs,
      isLearner: m.isLearner === true,
    };
  });
  const rawStatus = raw.endpoint_status ?? [];
  if (!Array.isArray(rawStatus)) throw shapeError(sourceName, 'etcd.endpoint_status', 'is not an array');
  const endpointStatus: EtcdEndpointStatus[] = rawStatus.map((e: Lossless, i: number): EtcdEndpointStatus => {
    const p = `etcd.endpoint_status[${i}]`;
    if (!isRecord(e)) throw shapeError(sourceName, p, 'is not an object');
    if (typeof e.Endpoint !== 'string') throw shapeError(sourceName, `${p}.Endpoint`, 'is missing');
    const s = e.Status;
    if (!isRecord(s)) throw shapeError(sourceName, `${p}.Status`, 'is missing');
    const header = isRecord(s.header) ? s.header : {};
    const out: EtcdEndpointStatus = {
      endpoint: e.Endpoint,
      memberId: toBigInt(header.member_id, `${p}.Status.header.member_id`, sourceName),
      leader: toBigInt(s.leader, `${p}.Status.leader`, sourceName),
      raftTerm: toNum(s.raftTerm, `${p}.Status.raftTerm`, sourceName, 0),
      raftIndex: toNum(s.raftIndex, `${p}.Status.raftIndex`, sourceName, 0),
      raftAppliedIndex: toNum(s.raftAppliedIndex, `${p}.Status.raftAppliedIndex`, sourceName, 0),
      dbSize: toNum(s.dbSize, `${p}.Status.dbSize`, sourceName, 0),
      dbSizeInUse: toNum(s.dbSizeInUse, `${p}.Status.dbSizeInUse`, sourceName, 0),
      version: typeof s.version === 'string' ? s.version : '',
    };
    if (s.isLearner === true) out.isLearner = true;
    return out;
  });
  const errors = toStringArray(raw.endpoint_status_stderr, 'etcd.endpoint_status_stderr', sourceName);
  const rawAlarms = raw.alarms ?? [];
  if (!Array.isArray(rawAlarms)) throw shapeError(sourceName, 'etcd.alarms', 'is not an array');
  const alarms: EtcdAlarm[] = rawAlarms.map((a: Lossless, i: number): EtcdAlarm => {
    const p = `etcd.alarms[${i}]`;
    if (!isRecord(a)) throw shapeError(sourceName, p, 'is not an object');
    const alarm = isLosslessNumber(a.alarm)
      ? (ALARM_NAMES[a.alarm.value] ?? a.alarm.value)
      : String(a.alarm ?? '');
    return { memberId: toBigInt(a.memberID, `${p}.memberID`, sourceName), alarm };
  });
  const status: EtcdStatus = { source: 'recorded', members, endpointStatus, errors, alarms };
  if (raw.db_size_quota !== undefined)
    status.dbSizeQuota = toNum(raw.db_size_quota, 'etcd.db_size_quota', sourceName);
  return status;
}

const READ_ERROR_REASONS: readonly ReadErrorReason[] = [
  'forbidden',
  'unauthorized',
  'timeout',
  'unreachable',
  'not-found',
  'error',
];

/** `read_errors`: `[{ resource, reason, status? }]` as `k8s-ha-bot snapshot` writes them. */
function parseReadErrors(v: unknown, sourceName: string): ReadError[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw shapeError(sourceName, 'read_errors', 'is not an array');
  return v.map((e: unknown, i: number): ReadError => {
    const p = `read_errors[${i}]`;
    if (!isRecord(e)) throw shapeError(sourceName, p, 'is not an object');
    if (typeof e.resource !== 'string' || e.resource === '')
      throw shapeError(sourceName, `${p}.resource`, 'is not a non-empty string');
    if (!READ_ERROR_REASONS.includes(e.reason as ReadErrorReason))
      throw shapeError(sourceName, `${p}.reason`, `is not one of ${READ_ERROR_REASONS.join(', ')}`);
    if (e.status !== undefined && (typeof e.status !== 'number' || !Number.isInteger(e.status)))
      throw shapeError(sourceName, `${p}.status`, 'is not an integer');
    return {
      resource: e.resource,
      reason: e.reason as ReadErrorReason,
      ...(e.status === undefined ? {} : { status: e.status as number }),
      detail: 'recorded in the snapshot file',
    };
  });
}

function parseCapturedAt(v: unknown, sourceName: string): Date | null {
  if (v === undefined || v === null) return null;
  const d = typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v) ? new Date(v) : null;
  if (d === null || Number.isNaN(d.getTime())) {
    throw shapeError(sourceName, 'captured_at', 'is not an RFC 3339 date (e.g. "2025-06-12T09:41:07Z")');
  }
  return d;
}

// ---------------------------------------------------------------------------------------------

/**
 * Parse snapshot file bytes (see the module comment for the approach).
 * @param buf - the file's bytes (UTF-8, optional BOM)
 * @param sourceName - name used in error messages
 * @param options - see {@link ParseSnapshotOptions}
 * @returns the parsed file
 * @throws SnapshotFileError as {@link loadSnapshotFile}
 */
export function parseSnapshotBuffer(
  buf: Buffer,
  sourceName: string,
  options: ParseSnapshotOptions = {},
): SnapshotFile {
  const sc = new Scanner(buf, sourceName);
  const items: KObject[] = [];
  const onItem = options.onItem;
  const top: Record<string, unknown> = {};
  const found: { etcd: [number, number] | null; itemsPath: string | null } = { etcd: null, itemsPath: null };
  const inference = new CaptureTimeInference();

  /**
   * Read the items array. Fast path: files with one item per line (the generator's, `jq -c`'s)
   * are split at newlines and each line parsed directly; at the first line that is not exactly
   * one item (a pretty-printed kubectl dump), the byte scanner takes over for the rest.
   */
  const readItems = (start: number, path: string): number => {
    found.itemsPath = path;
    if (buf[start] !== LBRACKET) throw shapeError(sourceName, path, 'is not an array');
    let j = sc.ws(start + 1);
    if (buf[j] === RBRACKET) return j + 1;
    let lineMode = true;
    for (let index = 0; ; index++) {
      let end = -1;
      let text = '';
      let parsed: unknown;
      if (lineMode && buf[j] === LBRACE) {
        let e = buf.indexOf(0x0a, j);
        if (e === -1) e = buf.length;
        while (e > j && (buf[e - 1] === 0x20 || buf[e - 1] === 0x0d || buf[e - 1] === 0x09)) e--;
        if (buf[e - 1] === COMMA) e--;
        if (buf[e - 1] === RBRACE) {
          text = buf.toString('utf8', j, e);
          try {
            parsed = JSON.parse(text);
            end = e;
          } catch (err) {
            void err; // not one item per line: the scanner below reads this and every later item
            lineMode = false;
          }
        } else lineMode = false;
      }
      if (end === -1) {
        end = sc.value(j);
        text = buf.toString('utf8', j, end);
        parsed = sc.parse(j, end);
      }
      const item = checkItem(parsed, `${path}[${index}]`, sourceName);
      inference.see(item);
      if (onItem) onItem(item, index, text);
      else items.push(item);
      j = sc.ws(end);
      if (buf[j] === COMMA) {
        j = sc.ws(j + 1);
        continue;
      }
      if (buf[j] === RBRACKET) return j + 1;
      throw sc.syntaxError(j, "',' or ']' was expected after an array element");
    }
  };

  let i = buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  i = sc.ws(i);
  if (i >= buf.length) throw sc.syntaxError(i, `the file is empty; ${SNAPSHOT_FORMATS_HELP}`);
  // Not a JSON object: YAML (`kubectl get -o yaml`, multi-document), else refused with the formats that work.
  if (buf[i] !== LBRACE)
    return parseSnapshotBuffer(
      Buffer.from(yamlToSnapshotJson(buf.toString('utf8', i), sourceName)),
      sourceName,
      options,
    );
  // A stream of Lists (`kubectl cluster-info dump`): one List of all their items.
  const streamOfLists = (afterFirst: number): SnapshotFile => {
    let docs: unknown[];
    try {
      docs = splitJsonStream(buf.toString('utf8', i));
    } catch (err) {
      throw sc.syntaxError(afterFirst, `in a stream of JSON Lists: ${(err as Error).message}`, err);
    }
    return parseSnapshotBuffer(Buffer.from(listOf(docs)), sourceName, options);
  };
  // With `onItem`, the stream is seen before any item is handed out (one more pass over the bytes);
  // without it, after the walk below (whose items are then dropped): one pass fewer over every file.
  if (onItem) {
    let afterFirst = buf.length;
    try {
      afterFirst = sc.ws(sc.value(i));
    } catch (err) {
      void err; // malformed: the walk below reports it at its exact position
    }
    if (afterFirst < buf.length && buf[afterFirst] === LBRACE) return streamOfLists(afterFirst);
  }
  const end = sc.object(i, (key, vs) => {
    if (key === 'cluster') {
      if (buf[vs] !== LBRACE) {
        const ve = sc.value(vs);
        top.cluster = sc.parse(vs, ve);
        return ve;
      }
      top.cluster = {};
      return sc.object(vs, (ck, cvs) => (ck === 'items' ? readItems(cvs, 'cluster.items') : undefined));
    }
    if (key === 'items' && top.cluster === undefined) return readItems(vs, 'items');
    const ve = sc.value(vs);
    if (key === 'etcd') found.etcd = [vs, ve];
    else top[key] = sc.parse(vs, ve);
    if (key === 'captured_at' && options.capturedAt === undefined) {
      const d = parseCapturedAt(top.captured_at, sourceName);
      if (d !== null) options.onCapturedAt?.(d);
    }
    return ve;
  });
  const rest = sc.ws(end);
  if (!onItem && rest < buf.length && buf[rest] === LBRACE) return streamOfLists(rest);
  if (rest < buf.length) throw sc.syntaxError(rest, 'unexpected text after the end of the JSON object');

  if (top.cluster !== undefined && !isRecord(top.cluster))
    throw shapeError(sourceName, 'cluster', 'is not an object');
  if (found.itemsPath === null) {
    throw shapeError(
      sourceName,
      top.cluster !== undefined ? 'cluster.items' : 'items',
      `is missing (expected a scenario file with a "cluster" List, or a kubectl List); ${SNAPSHOT_FORMATS_HELP}`,
    );
  }

  const recorded = parseCapturedAt(top.captured_at, sourceName);
  const inferred = inference.result();
  const [capturedAt, capturedFrom]: [Date | null, CaptureSource] =
    options.capturedAt !== undefined
      ? [options.capturedAt, 'given']
      : recorded !== null
        ? [recorded, 'captured_at']
        : [inferred.at, inferred.from];
  const format = found.itemsPath === 'cluster.items' ? 'scenario' : 'list';
  let readyz: string | null = null;
  if (top.readyz !== undefined && top.readyz !== null) {
    if (typeof top.readyz !== 'string') throw shapeError(sourceName, 'readyz', 'is not a string or null');
    readyz = top.readyz;
  }
  let etcd: EtcdStatus | null = null;
  if (found.etcd !== null) {
    const [s, e] = found.etcd;
    let raw: unknown;
    try {
      raw = losslessParse(buf.toString('utf8', s, e));
    } catch (err) {
      // JSON.parse reports the exact position of the same error
      sc.parse(s, e);
      throw sc.syntaxError(s, `etcd: ${(err as Error).message}`, err);
    }
    etcd = convertEtcd(raw, sourceName);
  }
  const meta: SnapshotFileMeta = {};
  for (const k of ['scenario', 'source', 'request', 'notes'] as const) {
    const v = top[k];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw shapeError(sourceName, k, 'is not a string');
    meta[k] = v;
  }
  if (top.expected !== undefined) meta.expected = top.expected;
  const readErrors = parseReadErrors(top.read_errors, sourceName);
  return {
    items,
    capturedAt,
    capturedFrom,
    format,
    missingParts: format === 'list' ? inference.missingParts() : [],
    etcd,
    readyz,
    ...(readErrors.length > 0 ? { readErrors } : {}),
    meta,
  };
}
