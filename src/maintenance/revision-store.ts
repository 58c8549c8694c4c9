/**
 * What the maintenance stores in Redis share: single-node requests (request-store.ts), plans
 * (plan/plan-store.ts) and requests to break a lock (plan/lock-break.ts). Each keeps its records as
 * JSON under one key each; every write is an optimistic compare-and-set on the record's `revision`,
 * done by one Lua script (atomic in Redis) that also keeps the one open record per node or cluster
 * under an "open" key; a writer that lost the race reads again and re-decides; a finished record is
 * kept for a retention time; ids are drawn from the crypto random source.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { BotError } from '../errors.js';

/** RFC 4648 base32 alphabet, lower case (the id patterns' `[a-z2-7]`). */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Most attempts of one compare-and-set before giving up (each lost race means another writer won). */
export const MAX_CAS_ATTEMPTS = 200;

/**
 * A new record id: `prefix` + 10 base32 characters from the crypto random source (50 bits).
 * @param prefix - e.g. `mr-`, `mp-`, `lb-`
 * @returns e.g. `mr-k3x7q2mzab`
 */
export function newBase32Id(prefix: string): string {
  let out = prefix;
  for (const b of randomBytes(10)) out += BASE32[b & 31];
  return out;
}

/**
 * The head of every store's compare-and-set script (Lua). KEYS[1]: the record; KEYS[2]: the open
 * key of its node or cluster. ARGV[1]: the expected revision, or -1 to create; ARGV[3]: the id.
 * Creating returns `{0, ''}` when the id is taken and `{-2, open}` when the open key names another
 * record whose state is not terminal (the open key's record is read under the same prefix as
 * KEYS[1]); updating returns `{-1, ''}` when the record is gone and `{0, ''}` on a revision
 * mismatch. Otherwise the script goes on with the store's own writes (ARGV[2] is the new JSON).
 * @param terminalStates - the states that end a record (an open key naming such a record is free)
 * @returns Lua text, to be followed by the writes and `return {1, ''}`
 */
export function casGuardLua(terminalStates: readonly string[]): string {
  const notTerminal = terminalStates.map((s) => `st ~= '${s}'`).join(' and ');
  return `
local cur = redis.call('GET', KEYS[1])
local expected = tonumber(ARGV[1])
if expected == -1 then
  if cur then return {0, ''} end
  local open = redis.call('GET', KEYS[2])
  if open and open ~= ARGV[3] then
    local other = redis.call('GET', string.sub(KEYS[1], 1, string.len(KEYS[1]) - string.len(ARGV[3])) .. open)
    if other then
      local st = cjson.decode(other).state
      if ${notTerminal} then return {-2, open} end
    end
  end
else
  if not cur then return {-1, ''} end
  if tonumber(cjson.decode(cur).revision) ~= expected then return {0, ''} end
end
`;
}

/**
 * Run a compare-and-set script defined on the connection (`defineCommand`).
 * @param redis - the connection the script was defined on
 * @param command - the script's command name
 * @param args - KEYS then ARGV, as strings
 * @param failure - the error message when Redis fails
 * @returns the script's status (1 written, 0, -1, -2: see {@link casGuardLua}) and the other id
 * @throws BotError `queue-unavailable` (retryable) when Redis fails
 */
export async function runCas(
  redis: Redis,
  command: string,
  args: string[],
  failure: string,
): Promise<{ status: number; other: string }> {
  try {
    const cmd = (redis as unknown as Record<string, (...a: string[]) => Promise<[number, string]>>)[command];
    const [status, other] = await (cmd as (...a: string[]) => Promise<[number, string]>).apply(redis, args);
    return { status: Number(status), other: String(other) };
  } catch (err) {
    throw new BotError('queue-unavailable', failure, { retryable: true, cause: err });
  }
}

/**
 * The text under a key.
 * @param redis - a connected ioredis client
 * @param key - the record's key
 * @param failure - the error message when Redis fails
 * @returns the text, or null when there is none
 * @throws BotError `queue-unavailable` (retryable) when Redis fails
 */
export async function readText(redis: Redis, key: string, failure: string): Promise<string | null> {
  try {
    return await redis.get(key);
  } catch (err) {
    throw new BotError('queue-unavailable', failure, { retryable: true, cause: err });
  }
}

/**
 * Wait a little after a lost compare-and-set (0 to 19 ms, jittered, growing with the attempt) so
 * the winners' writes land before the next read.
 * @param attempt - the attempt that lost, from 0
 */
export function casRetryPause(attempt: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.floor(Math.random() * Math.min(20, attempt + 1))));
}

/** What a record kept by {@link OpenRecordStore} has: an id, its cluster, a state, a revision. */
export interface RevisionedRecord {
  id: string;
  cluster: string;
  state: string;
  revision: number;
}

/** How an {@link OpenRecordStore} names, checks and keeps its records. */
export interface OpenRecordStoreOptions<T extends RevisionedRecord> {
  /** The name the compare-and-set script is defined under on the connection (one per kind). */
  command: string;
  /** The store's name in error messages, e.g. `maintenance plan store`. */
  label: string;
  /** What an id is called in "could not draw an unused …", e.g. `plan id`. */
  idName: string;
  /** Ids of this kind; anything else is "not found" (never read). */
  idPattern: RegExp;
  /** A new id (see {@link newBase32Id}). */
  newId: () => string;
  /** The record's key. */
  recordKey: (id: string) => string;
  /** The key that names the one open record of a cluster. */
  openKey: (cluster: string) => string;
  /** The states that end a record: it is kept `retentionMs` and frees its cluster's open key. */
  terminalStates: readonly string[];
  /** How long a finished record is kept, in ms. */
  retentionMs: number;
  /**
   * Whether the JSON read under a key is a record of this kind; when not, `get` throws BotError
   * `internal` naming `description`. Without it every JSON value is taken as it is.
   */
  check?: { isRecord: (value: T, id: string) => boolean; description: string };
}

/**
 * Records with one open record per cluster, in Redis: JSON under `recordKey(id)`, every write a
 * compare-and-set on `revision` that also sets the cluster's open key (or, for a terminal state,
 * clears it and lets the record expire after the retention time). Used by the plans and the
 * requests to break a lock. Shares the caller's ioredis connection (not closed). Every method
 * throws BotError `queue-unavailable` (retryable) when Redis fails.
 */
export class OpenRecordStore<T extends RevisionedRecord> {
  /**
   * @param redis - a connected ioredis client (the script is defined on it here)
   * @param options - see {@link OpenRecordStoreOptions}
   */
  constructor(
    private readonly redis: Redis,
    private readonly options: OpenRecordStoreOptions<T>,
  ) {
    this.redis.defineCommand(options.command, {
      numberOfKeys: 2,
      lua: `${casGuardLua(options.terminalStates)}redis.call('SET', KEYS[1], ARGV[2])
if ARGV[4] == '1' then
  if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
else
  redis.call('SET', KEYS[2], ARGV[3])
end
return {1, ''}
`,
    });
  }

  private cas(record: T, expected: number): Promise<{ status: number; other: string }> {
    const o = this.options;
    return runCas(
      this.redis,
      o.command,
      [
        o.recordKey(record.id),
        o.openKey(record.cluster),
        String(expected),
        JSON.stringify(record),
        record.id,
        o.terminalStates.includes(record.state) ? '1' : '0',
        String(o.retentionMs),
      ],
      `${o.label}: Redis write failed for ${record.id}`,
    );
  }

  /**
   * A record by id.
   * @param id - an id matching `idPattern`; anything else is "not found" (never read)
   * @returns the record, or null
   * @throws BotError `internal` when the key holds something else (see `check`)
   */
  async get(id: string): Promise<T | null> {
    const o = this.options;
    if (!o.idPattern.test(id)) return null;
    const text = await readText(this.redis, o.recordKey(id), `${o.label}: Redis read failed for ${id}`);
    if (text === null) return null;
    const record = JSON.parse(text) as T;
    if (o.check && !o.check.isRecord(record, id))
      throw new BotError('internal', `${o.label}: ${o.recordKey(id)} does not hold ${o.check.description}`);
    return record;
  }

  /**
   * Store a new record under a fresh id (one open record per cluster).
   * @param make - the record for an id (called again with another id when one is taken)
   * @returns the record, or the cluster's open record (`existing`, when it could be read)
   * @throws BotError `internal` when five ids in a row were taken
   */
  async insert(make: (id: string) => T): Promise<{ ok: true; record: T } | { ok: false; existing?: T }> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const record = make(this.options.newId());
      const { status, other } = await this.cas(record, -1);
      if (status === 1) return { ok: true, record };
      if (status === -2) {
        const existing = await this.get(other);
        return existing ? { ok: false, existing } : { ok: false };
      }
      // status 0: the random id exists already (2^-50 per pair); draw another.
    }
    throw new BotError('internal', `${this.options.label}: could not draw an unused ${this.options.idName}`);
  }

  /**
   * Read, change, write with compare-and-set; again from the read when another writer won.
   * @param id - the record's id
   * @param change - the new record (revision is set here), or null to write nothing
   * @returns the record written, or null when `change` wrote nothing or there is no such record
   * @throws BotError `queue-unavailable` after {@link MAX_CAS_ATTEMPTS} lost races
   */
  async update(id: string, change: (record: T) => T | null): Promise<T | null> {
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt += 1) {
      const cur = await this.get(id);
      if (cur === null) return null;
      const next = change(structuredClone(cur));
      if (next === null) return null;
      next.revision = cur.revision + 1;
      const { status } = await this.cas(next, cur.revision);
      if (status === 1) return next;
      if (status === -1) return null;
      await casRetryPause(attempt);
    }
    throw new BotError('queue-unavailable', `${this.options.label}: too many concurrent writes to ${id}`, {
      retryable: true,
    });
  }
}
