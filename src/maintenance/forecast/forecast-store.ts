/**
 * Forecasts, outcomes and node history in Redis, beside the maintenance requests (issue 34).
 *
 * Keys (under the maintenance prefix, `k8s-ha-bot:maintenance:` by default):
 * - `…:forecast:<id>`: the request's {@link NodeForecast} (JSON, at most {@link MAX_FORECAST_PODS} pods);
 * - `…:observed-evictions:<id>`: hash `namespace/name` → {@link ObservedEviction} (JSON);
 * - `…:comparison:<id>`: the {@link ForecastRecord} written when the node ends;
 * - `…:approval-snapshot:<id>`: the cluster at approval, snapshot file text (at most
 *   {@link MAX_APPROVAL_SNAPSHOT_BYTES}; a larger one is not kept);
 *   all four expire with the request ({@link DEFAULT_FINISHED_RETENTION_MS} after it is written);
 * - `…:history:<cluster>:<node>`: list of {@link NodeHistoryEntry}, newest first, at most
 *   {@link HISTORY_LENGTH}, expiring {@link HISTORY_TTL_S} after the last maintenance;
 * - `…:mismatches:<cluster>`: list of {@link MismatchRecord}, newest first, at most
 *   {@link MISMATCH_LOG_LENGTH} (the daily report's warnings).
 */
import type { Redis } from 'ioredis';
import { DEFAULT_FINISHED_RETENTION_MS, MAINTENANCE_KEY_PREFIX } from '../request-store.js';
import type { ForecastComparison, ForecastMismatch } from '../../explain/forecast-comparison.js';
import type { NodeForecast, ObservedEviction, ObservedOutcome } from './forecast.js';
import { REPORTED_KINDS } from './forecast.js';

/** Maintenances an estimate is the median of ("median of the last 3"). */
export const HISTORY_ESTIMATE_COUNT = 3;
/** Maintenances kept per node for estimates. */
export const HISTORY_LENGTH = 10;
/** How long a node's history is kept after its last maintenance, in s (180 days). */
export const HISTORY_TTL_S = 180 * 24 * 3600;
/** Mismatches kept per cluster for the daily report. */
export const MISMATCH_LOG_LENGTH = 200;
/** Largest approval snapshot kept, in bytes (16 MiB). */
export const MAX_APPROVAL_SNAPSHOT_BYTES = 16 * 1024 * 1024;

/** What a node's maintenance leaves for the next estimates. */
export interface NodeHistoryEntry {
  requestId: string;
  /** When the maintenance ended (ISO 8601). */
  at: string;
  /** Observed time away and drain duration, in ms (null: not observed). */
  awayMs: number | null;
  drainMs: number | null;
}

/** A fate or blocker mismatch, as the daily report lists it. */
export interface MismatchRecord extends ForecastMismatch {
  requestId: string;
  node: string;
  /** ISO 8601. */
  at: string;
}

/** The forecast, the outcome and their comparison of one request. */
export interface ForecastRecord {
  forecast: NodeForecast;
  outcome: ObservedOutcome;
  comparison: ForecastComparison;
}

/** Forecasts, outcomes and history over Redis (see the module comment for the keys). */
export class ForecastStore {
  private readonly retentionS: number;

  /**
   * @param redis - a connected ioredis client
   * @param prefix - the maintenance key prefix @defaultValue {@link MAINTENANCE_KEY_PREFIX}
   * @param retentionMs - how long per-request keys are kept, in ms @defaultValue {@link DEFAULT_FINISHED_RETENTION_MS}
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string = MAINTENANCE_KEY_PREFIX,
    retentionMs = DEFAULT_FINISHED_RETENTION_MS,
  ) {
    this.retentionS = Math.ceil(retentionMs / 1000);
  }

  private key(kind: string, id: string): string {
    return `${this.prefix}${kind}:${id}`;
  }

  private async getJson<T>(key: string): Promise<T | null> {
    const text = await this.redis.get(key);
    return text === null ? null : (JSON.parse(text) as T);
  }

  /**
   * Keep a request's forecast, unless one is kept already (a resumed execution keeps the first).
   * @returns true when this one was kept
   */
  async putForecast(id: string, forecast: NodeForecast): Promise<boolean> {
    const ok = await this.redis.set(
      this.key('forecast', id),
      JSON.stringify(forecast),
      'EX',
      this.retentionS,
      'NX',
    );
    return ok === 'OK';
  }

  /** The request's forecast, or null when none was kept. */
  getForecast(id: string): Promise<NodeForecast | null> {
    return this.getJson(this.key('forecast', id));
  }

  /**
   * Count one answer of the Eviction API for a pod of the request's drain.
   * @param status - the HTTP status (0: not answered)
   * @param budget - the budget a 429 named, when known
   */
  async recordEviction(id: string, pod: string, status: number, budget?: string): Promise<void> {
    const key = this.key('observed-evictions', id);
    const old = await this.redis.hget(key, pod);
    const e: ObservedEviction = old ? (JSON.parse(old) as ObservedEviction) : { pod, answers: {} };
    e.answers[String(status)] = (e.answers[String(status)] ?? 0) + 1;
    if (budget) e.budget = budget;
    await this.redis.multi().hset(key, pod, JSON.stringify(e)).expire(key, this.retentionS).exec();
  }

  /** Every eviction answer recorded for the request. */
  async evictions(id: string): Promise<ObservedEviction[]> {
    const all = await this.redis.hgetall(this.key('observed-evictions', id));
    return Object.values(all).map((t) => JSON.parse(t) as ObservedEviction);
  }

  /**
   * Keep the cluster as it was at approval (snapshot file text), unless one is kept already.
   * @returns false when it was too large ({@link MAX_APPROVAL_SNAPSHOT_BYTES}) or already kept
   */
  async putApprovalSnapshot(id: string, text: string): Promise<boolean> {
    if (Buffer.byteLength(text) > MAX_APPROVAL_SNAPSHOT_BYTES) return false;
    return (
      (await this.redis.set(this.key('approval-snapshot', id), text, 'EX', this.retentionS, 'NX')) === 'OK'
    );
  }

  /** The approval snapshot of a request, or null. */
  getApprovalSnapshot(id: string): Promise<string | null> {
    return this.redis.get(this.key('approval-snapshot', id));
  }

  /**
   * Record the end of a node's maintenance: its comparison, the node's history, and the fate and
   * blocker mismatches for the daily report.
   */
  async putRecord(id: string, cluster: string, record: ForecastRecord): Promise<void> {
    const history = this.historyKey(cluster, record.forecast.node);
    const log = this.mismatchKey(cluster);
    const entry: NodeHistoryEntry = {
      requestId: id,
      at: record.outcome.at,
      awayMs: record.outcome.awayMs,
      drainMs: record.outcome.drainMs,
    };
    const tx = this.redis
      .multi()
      .set(this.key('comparison', id), JSON.stringify(record), 'EX', this.retentionS)
      .lpush(history, JSON.stringify(entry))
      .ltrim(history, 0, HISTORY_LENGTH - 1)
      .expire(history, HISTORY_TTL_S);
    const reported = record.comparison.mismatches.filter((m) => REPORTED_KINDS.includes(m.kind));
    if (reported.length > 0) {
      const rows = reported.map((m): MismatchRecord => ({
        ...m,
        requestId: id,
        node: record.forecast.node,
        at: entry.at,
      }));
      tx.lpush(log, ...rows.map((r) => JSON.stringify(r)))
        .ltrim(log, 0, MISMATCH_LOG_LENGTH - 1)
        .expire(log, HISTORY_TTL_S);
    }
    await tx.exec();
  }

  /** The comparison of a request, or null when its node has not ended. */
  getRecord(id: string): Promise<ForecastRecord | null> {
    return this.getJson(this.key('comparison', id));
  }

  /** A node's past maintenances, newest first (at most {@link HISTORY_LENGTH}). */
  async history(cluster: string, node: string): Promise<NodeHistoryEntry[]> {
    const rows = await this.redis.lrange(this.historyKey(cluster, node), 0, HISTORY_LENGTH - 1);
    return rows.map((t) => JSON.parse(t) as NodeHistoryEntry);
  }

  /** A cluster's fate and blocker mismatches since `since` (ISO 8601 or Date), newest first. */
  async mismatchesSince(cluster: string, since: Date): Promise<MismatchRecord[]> {
    const rows = await this.redis.lrange(this.mismatchKey(cluster), 0, MISMATCH_LOG_LENGTH - 1);
    return rows
      .map((t) => JSON.parse(t) as MismatchRecord)
      .filter((r) => Date.parse(r.at) >= since.getTime());
  }

  private historyKey(cluster: string, node: string): string {
    return `${this.prefix}history:${cluster}:${node}`;
  }

  private mismatchKey(cluster: string): string {
    return `${this.prefix}mismatches:${cluster}`;
  }
}
