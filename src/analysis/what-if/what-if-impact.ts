/**
 * The shape of a "what if" analysis, and the small helpers every change shares.
 */
import type { WhatIfChange } from '../../commands/types.js';
import type { ControlPlaneState } from '../control-plane-state.js';
import type { RebootImpact } from '../reboot-impact.js';
import {
  type FactValue,
  type Finding,
  type Plane,
  PLANES,
  SEVERITY_RANK,
  type Verdict,
  verdictOf,
} from '../types.js';
import type { ClusterSnapshot } from '../../cluster/types.js';

/**
 * One sentence of an answer that is not a finding: what stops, what keeps working, when traffic
 * would be interrupted, how long, what to do first. `key` is looked up under `whatIf.` in the
 * locale texts; `params` are interpolated by name.
 */
export interface Statement {
  plane: Plane;
  key: string;
  params: Record<string, FactValue>;
}

/** What the analysis was about. */
export type WhatIfSubject =
  | { kind: 'what-if'; change: WhatIfChange }
  | { kind: 'drain'; node: string; verb?: 'cordon' | 'uncordon' | 'delete-node' }
  | { kind: 'upgrade'; node: string; targetVersion: string | null };

/** The result of a what-if, drain or upgrade analysis. */
export interface WhatIfImpact {
  subject: WhatIfSubject;
  /**
   * false when the request names a component the bot does not know, a node that does not exist,
   * or a component this cluster does not run: `findings` then holds the one `what-if-target`
   * finding that says so, and `verdict` is null.
   */
  known: boolean;
  /** Sorted worst first. */
  findings: Finding[];
  verdict: Verdict | null;
  /** The planes the change affects: its own plane, plus any plane with a warn or block finding. */
  planesAffected: Plane[];
  stops: Statement[];
  keeps: Statement[];
  /** The conditions under which traffic would be interrupted (docs/domain.md, "When traffic does get interrupted"). */
  interruptions: Statement[];
  /** How long the effects last, where a number is known. */
  durations: Statement[];
  /** Ordered steps (upgrade order, rolling order). */
  steps: Statement[];
  /** What to check or do first. */
  advice: Statement[];
  /** The reboot analysis an upgrade includes. */
  reboot?: RebootImpact;
  state: ControlPlaneState;
  /** When the snapshot was taken, ISO 8601. */
  snapshotAt: string;
  /** Where `snapshotAt` came from, for a snapshot file ({@link ClusterSnapshot.capturedFrom}). */
  capturedFrom?: ClusterSnapshot['capturedFrom'];
}

/** Collects the parts of an impact while a change is analysed. */
export class ImpactBuilder {
  readonly findings: Finding[] = [];
  readonly stops: Statement[] = [];
  readonly keeps: Statement[] = [];
  readonly interruptions: Statement[] = [];
  readonly durations: Statement[] = [];
  readonly steps: Statement[] = [];
  readonly advice: Statement[] = [];

  /** @param ownPlanes - the planes the change itself touches */
  constructor(readonly ownPlanes: readonly Plane[]) {}

  stop(plane: Plane, key: string, params: Record<string, FactValue> = {}): this {
    this.stops.push({ plane, key, params });
    return this;
  }

  keep(plane: Plane, key: string, params: Record<string, FactValue> = {}): this {
    this.keeps.push({ plane, key, params });
    return this;
  }

  interrupt(plane: Plane, key: string, params: Record<string, FactValue> = {}): this {
    this.interruptions.push({ plane, key, params });
    return this;
  }

  duration(plane: Plane, key: string, params: Record<string, FactValue> = {}): this {
    this.durations.push({ plane, key, params });
    return this;
  }

  step(plane: Plane, key: string, params: Record<string, FactValue> = {}): this {
    this.steps.push({ plane, key, params });
    return this;
  }

  advise(plane: Plane, key: string, params: Record<string, FactValue> = {}): this {
    if (!this.advice.some((a) => a.key === key)) this.advice.push({ plane, key, params });
    return this;
  }

  /**
   * Assemble the impact: findings sorted worst first, verdict, planes affected.
   * @param subject - what was asked
   * @param state - the control-plane state
   * @param snapshotAt - ISO 8601
   */
  finish(subject: WhatIfSubject, state: ControlPlaneState, snapshotAt: string): WhatIfImpact {
    const sorted = this.findings
      .map((f, i) => ({ f, i }))
      .sort((a, b) => SEVERITY_RANK[b.f.severity] - SEVERITY_RANK[a.f.severity] || a.i - b.i)
      .map((x) => x.f);
    const planesAffected = PLANES.filter(
      (p) =>
        this.ownPlanes.includes(p) ||
        sorted.some(
          (f) => f.plane === p && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warn && f.check !== 'read-error',
        ),
    );
    return {
      subject,
      known: true,
      findings: sorted,
      verdict: verdictOf(sorted),
      planesAffected,
      stops: this.stops,
      keeps: this.keeps,
      interruptions: this.interruptions,
      durations: this.durations,
      steps: this.steps,
      advice: this.advice,
      state,
      snapshotAt,
    };
  }
}

/**
 * An impact that only says the target is unknown or absent (verdict null).
 * @param subject - what was asked
 * @param target - the `what-if-target` finding
 * @param state - the control-plane state
 * @param snapshotAt - ISO 8601
 */
export function unknownTarget(
  subject: WhatIfSubject,
  target: Finding,
  state: ControlPlaneState,
  snapshotAt: string,
): WhatIfImpact {
  return {
    subject,
    known: false,
    findings: [target],
    verdict: null,
    planesAffected: [],
    stops: [],
    keeps: [],
    interruptions: [],
    durations: [],
    steps: [],
    advice: [],
    state,
    snapshotAt,
  };
}
