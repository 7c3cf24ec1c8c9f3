import type { SnapshotFrom } from 'xstate';
import { presetOf, RANGE_PRESETS, type RangePreset, type ReportRange } from '../../domain/insight/report-range.ts';
import type { ReportResponse } from '../../domain/insight/reports.ts';
import type { reportMachine } from './report.machine.ts';

type ReportSnapshot = SnapshotFrom<typeof reportMachine>;

export type ReportPhase = 'loading' | 'shown' | 'empty' | 'failed' | 'invalid';

/** What the report page shows and offers, decided here: the view draws it and sends events. */
export interface ReportView {
  phase: ReportPhase;
  range: ReportRange;
  /** The preset the range is (its button pressed), if any. */
  preset: RangePreset | null;
  presets: readonly { key: RangePreset; label: string }[];
  problem: { field: 'from' | 'to'; message: string } | null;
  /** The answer shown (only when shown). */
  data: ReportResponse | null;
  error: string | null;
  busy: boolean;
  exporting: boolean;
  can: { export: boolean; print: boolean; retry: boolean };
}

const PHASES: readonly ReportPhase[] = ['loading', 'shown', 'empty', 'failed', 'invalid'];

export function selectReportView(s: ReportSnapshot): ReportView {
  const phase = PHASES.find((p) => s.matches({ view: p })) ?? 'loading';
  return {
    phase,
    range: s.context.range,
    preset: presetOf(s.context.range, s.context.today),
    presets: RANGE_PRESETS,
    problem: s.context.problem,
    data: phase === 'shown' ? s.context.data : null,
    error: phase === 'failed' ? s.context.error : null,
    busy: s.hasTag('busy'),
    exporting: s.hasTag('exporting'),
    can: { export: s.can({ type: 'report.export' }), print: s.can({ type: 'report.print' }), retry: s.can({ type: 'report.retry' }) },
  };
}

/** The same view model while nothing it shows changed (useSelector compares by reference). */
export const reportViewEqual = (a: ReportView, b: ReportView) =>
  a.phase === b.phase && a.range === b.range && a.problem === b.problem && a.data === b.data && a.error === b.error && a.exporting === b.exporting && a.can.export === b.can.export && a.can.print === b.can.print && a.can.retry === b.can.retry;
