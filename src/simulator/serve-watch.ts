/**
 * `?watch=true` on every resource the simulator serves, as kube-apiserver answers it: a chunked
 * `200` whose body is one JSON `WatchEvent` per line (`{"type":"ADDED","object":{…}}`).
 *
 * - `resourceVersion` unset or `0` (or `sendInitialEvents=true`): an `ADDED` event for every object
 *   that matches now, then the changes; a numeric `resourceVersion` R: every change after R still
 *   in the history ({@link WatchHub}), then the live ones; R too old: one `ERROR` event carrying a
 *   `410` Status (reason `Expired`), then the end of the response, as the watch cache answers.
 * - Selectors (`labelSelector`, `fieldSelector`, the namespace of the path, the name of a
 *   single-object path) apply to events; an object that starts or stops matching is `ADDED` or
 *   `DELETED` for that watch, as in kube-apiserver.
 * - `allowWatchBookmarks=true`: a `BOOKMARK` every `bookmarkMs` with the current resourceVersion,
 *   and after the initial events of `sendInitialEvents=true` one annotated
 *   `k8s.io/initial-events-end: "true"`.
 * - `timeoutSeconds`: the response ends after that many seconds (default 1800, kube-apiserver's
 *   `--min-request-timeout`).
 * - `Accept: …;as=Table`: every event's object is a `meta.k8s.io/v1` Table of one row (the column
 *   definitions in the first event only), which is what `kubectl get -w` asks for.
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#watch-bookmarks
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FieldMatcher } from './field-selector.js';
import type { LabelMatcher } from '../util/label-selector.js';
import type { ObjectStore, ResourceStore, StoredObject } from './object-store.js';
import { groupVersion } from './resources.js';
import { tableCells, tableColumns } from './table.js';
import type { ChangeEvent, ChangeType } from './watch-hub.js';

/** Default bookmark period, in ms (kube-apiserver sends one about every minute). */
export const DEFAULT_BOOKMARK_MS = 60_000;
/**
 * Most bytes a watch response may hold unsent (a reader that stalls); past it the watch is closed,
 * as kube-apiserver's cacher closes a watcher that does not keep up ("Forcing … watcher close due
 * to unresponsiveness").
 * @see https://github.com/kubernetes/kubernetes/blob/master/staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go
 */
export const MAX_UNSENT_WATCH_BYTES = 16 * 1024 * 1024;
/** Default and largest `timeoutSeconds`, in s. */
export const WATCH_TIMEOUT_S = { default: 1800, max: 3600 } as const;

/** What the request asked to watch (parsed by start-simulator.ts). */
export interface WatchRequest {
  rs: ResourceStore;
  /** Namespace of the path, or null for all. */
  namespace: string | null;
  /** Name of a single-object path (`…/pods/NAME?watch=true`), or null. */
  name: string | null;
  label: LabelMatcher | null;
  field: FieldMatcher | null;
  /** Answer Table objects (`Accept: …;as=Table`). */
  asTable: boolean;
  url: URL;
  now: () => Date;
  /** Bookmark period, in ms. */
  bookmarkMs: number;
}

/** The outcome: an error to send as a Status, or null when the watch was started. */
export type WatchStart = { code: number; reason: string; message: string } | null;

/**
 * Serve one watch. Returns an error (nothing written yet) for bad parameters.
 * @param req - the request (its close ends the watch)
 * @param res - the response; kept open until the timeout or the client goes away
 * @param store - the simulator's store (its `changes` hub)
 * @param w - see {@link WatchRequest}
 * @returns null once the watch is running, else a 400 to answer
 */
export function serveWatch(
  req: IncomingMessage,
  res: ServerResponse,
  store: ObjectStore,
  w: WatchRequest,
): WatchStart {
  const q = w.url.searchParams;
  const rvText = q.get('resourceVersion') ?? '';
  const sendInitial = q.get('sendInitialEvents') === 'true';
  const bookmarks = q.get('allowWatchBookmarks') === 'true';
  const timeoutText = q.get('timeoutSeconds');
  const timeoutS = timeoutText === null || timeoutText === '' ? WATCH_TIMEOUT_S.default : Number(timeoutText);
  if (!Number.isInteger(timeoutS) || timeoutS < 0 || timeoutS > WATCH_TIMEOUT_S.max) {
    return {
      code: 400,
      reason: 'BadRequest',
      message: `invalid timeoutSeconds: ${timeoutText ?? ''} (0..${WATCH_TIMEOUT_S.max})`,
    };
  }
  if (rvText !== '' && !/^\d+$/.test(rvText)) {
    return { code: 400, reason: 'BadRequest', message: `invalid resourceVersion: ${rvText}` };
  }
  const def = w.rs.def;
  const plural = def.plural;
  const nsPrefix = w.namespace !== null && def.namespaced ? `${w.namespace}/` : null;
  const key = w.name !== null ? `${def.namespaced ? (w.namespace ?? '') : ''}/${w.name}` : null;
  const matches = (o: StoredObject): boolean =>
    (key === null || o.key === key) &&
    (nsPrefix === null || o.key.startsWith(nsPrefix)) &&
    (!w.label || w.label(o.labels)) &&
    (!w.field || w.field(o.fields));

  let firstTable = true;
  const line = (type: ChangeType | 'BOOKMARK' | 'ERROR', json: string): string =>
    `{"type":"${type}","object":${json}}\n`;
  const objectJson = (o: StoredObject): string => {
    if (!w.asTable) return o.json.toString('utf8');
    const obj = JSON.parse(o.json.toString('utf8')) as Record<string, unknown> & {
      metadata?: { name?: string; creationTimestamp?: string; resourceVersion?: string };
    };
    const include = q.get('includeObject') ?? 'Metadata';
    const row: Record<string, unknown> = { cells: tableCells(plural, obj, w.now().getTime()) };
    if (include === 'Object') row.object = obj;
    else if (include !== 'None')
      row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
    const table = {
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: { resourceVersion: obj.metadata?.resourceVersion ?? store.resourceVersion },
      columnDefinitions: firstTable ? tableColumns(plural) : [],
      rows: [row],
    };
    firstTable = false;
    return JSON.stringify(table);
  };
  const bookmark = (annotations?: Record<string, string>): string =>
    line(
      'BOOKMARK',
      JSON.stringify({
        kind: def.kind,
        apiVersion: groupVersion(def),
        metadata: { resourceVersion: store.resourceVersion, ...(annotations ? { annotations } : {}) },
      }),
    );
  /** The event this watch sees for a change, or null (another resource, or it never matched). */
  const eventFor = (e: ChangeEvent): string | null => {
    if (e.plural !== plural) return null;
    const now = e.type !== 'DELETED' && matches(e.object);
    const before = e.previous !== null && matches(e.previous);
    if (e.type === 'DELETED') return before ? line('DELETED', objectJson(e.object)) : null;
    if (now && before) return line('MODIFIED', objectJson(e.object));
    if (now) return line('ADDED', objectJson(e.object));
    if (before) return line('DELETED', objectJson(e.object));
    return null;
  };

  let backlog: string[];
  if (rvText === '' || rvText === '0' || sendInitial) {
    backlog = w.rs.objects.filter(matches).map((o) => line('ADDED', objectJson(o)));
    if (sendInitial && bookmarks) backlog.push(bookmark({ 'k8s.io/initial-events-end': 'true' }));
  } else {
    const past = store.changes.since(Number(rvText), plural);
    if (past === 'expired') {
      // kube-apiserver's watch cache: 200, one ERROR event with the 410 Status, end of the stream
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private' });
      const gone = {
        kind: 'Status',
        apiVersion: 'v1',
        metadata: {},
        status: 'Failure',
        message: `too old resource version: ${rvText} (${store.resourceVersion})`,
        reason: 'Expired',
        code: 410,
      };
      res.end(line('ERROR', JSON.stringify(gone)));
      return null;
    }
    backlog = past.map(eventFor).filter((l): l is string => l !== null);
  }

  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    'Transfer-Encoding': 'chunked',
  });
  if (backlog.length > 0) res.write(backlog.join(''));
  else res.flushHeaders();
  const open = (): boolean => !res.writableEnded && !res.destroyed;
  /** Write an event, unless the watch is over; a reader too far behind has its watch closed. */
  const send = (l: string): void => {
    if (!open()) return;
    if (res.writableLength > MAX_UNSENT_WATCH_BYTES) res.destroy();
    else res.write(l);
  };
  const unsubscribe = store.changes.subscribe(
    (e) => {
      const l = eventFor(e);
      if (l !== null) send(l);
    },
    () => end(),
  );
  // a bookmark only says "still here": none while earlier data waits for a slow reader
  const bookmarkTimer = bookmarks
    ? setInterval(() => {
        if (!res.writableNeedDrain) send(bookmark());
      }, w.bookmarkMs)
    : null;
  const timeout = setTimeout(() => end(), timeoutS * 1000);
  const stop = (): void => {
    unsubscribe();
    if (bookmarkTimer) clearInterval(bookmarkTimer);
    clearTimeout(timeout);
  };
  /** The timeout or closeAll: end the response (a stalled reader may hold its 'close' back for long). */
  const end = (): void => {
    stop();
    if (open()) res.end();
  };
  // 'close' of the response: it ended or the client went away; 'error': the socket failed (EPIPE…)
  res.on('close', stop);
  res.on('error', stop);
  req.socket.setTimeout(0);
  return null;
}
