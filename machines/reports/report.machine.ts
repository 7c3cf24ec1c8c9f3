import { and, assign, fromCallback, fromPromise, setup, stateIn } from 'xstate';
import { presetRange, rangeFromSearch, rangeProblem, rangeSearch, type RangePreset, type ReportRange } from '../../domain/insight/report-range.ts';
import type { ReportResponse } from '../../domain/insight/reports.ts';
import type { Notice } from '../toast/toast.constants.ts';

export interface ReportContext {
  kind: string;
  /** The person's today (YYYY-MM-DD): what the presets mean. */
  today: string;
  range: ReportRange;
  /** The last answer for `range` (kept while another range loads, for the page not to jump). */
  data: ReportResponse | null;
  /** Why the last load failed. */
  error: string | null;
  /** What is wrong with the range asked for, under its field; nothing is loaded for it. */
  problem: { field: 'from' | 'to'; message: string } | null;
}

export type ReportEvent =
  | { type: 'report.range'; from: string; to: string }
  | { type: 'report.preset'; preset: RangePreset }
  /** The address changed under the page (back, forward, a link to the same report). */
  | { type: 'report.urlChanged'; search: string }
  | { type: 'report.retry' }
  | { type: 'report.export' }
  | { type: 'report.print' };

export interface ReportInput {
  kind: string;
  today: string;
  /** The address's query (`?from=…&to=…`). */
  search: string;
  /** The answer the page's loader got: shown at once, its range taken as the page's. */
  data?: ReportResponse | undefined;
}

export const REPORT_MESSAGES = { load: 'The report could not be loaded.', export: 'The CSV file could not be made.' };
const messageOf = (e: unknown, fallback: string) => (e as { message?: string } | undefined)?.message || fallback;

/** The range an event asks for: typed in the fields, a preset, or the address's. */
function asked(context: ReportContext, event: ReportEvent): ReportRange {
  if (event.type === 'report.range') return { from: event.from, to: event.to };
  if (event.type === 'report.preset') return presetRange(event.preset, context.today);
  if (event.type === 'report.urlChanged') return rangeFromSearch(event.search, context.today);
  return context.range;
}
const writeShownRange = { type: 'writeUrl' as const, params: ({ context }: { context: ReportContext }) => ({ search: rangeSearch(context.range) }) };
/** A good range is written to the address and loaded (the request under way dropped); a bad one is said under its field and nothing is asked. */
const toAsked = [
  { guard: 'askedIsGood' as const, target: '.loading', reenter: true, actions: ['takeAsked' as const, writeShownRange] },
  { target: '.invalid', actions: ['takeAsked' as const, writeShownRange] },
];

/**
 * One report of any kind (domain/insight/reports.ts) over a date range: loads on arrival and on
 * every change of range (from the fields, a preset or the address), dropping the request for the
 * range it left; shows the rows or says there are none; a failed load is retried on demand. The
 * range lives in the address (`writeUrl`), so the report is shareable and survives a reload.
 * Beside it, the CSV of the shown range downloads one at a time, and the shown report prints.
 */
export const reportMachine = setup({
  types: {
    context: {} as ReportContext,
    input: {} as ReportInput,
    events: {} as ReportEvent,
  },
  actors: {
    loadReport: fromPromise<ReportResponse, { kind: string; range: ReportRange }>(async () => {
      throw new Error('loadReport is provided by the app');
    }),
    exportReport: fromPromise<void, { kind: string; range: ReportRange }>(async () => {
      throw new Error('exportReport is provided by the app');
    }),
    /** Sends `report.urlChanged` when the address changes under the page (provided). */
    followAddressBar: fromCallback<ReportEvent>(() => () => {}),
  },
  actions: {
    /** Put the range in the address, replacing the entry (provided: navigation's `nav.go`). */
    writeUrl: (_, _p: { search: string }) => {},
    /** Open the browser's print dialog (provided: window.print). */
    print: () => {},
    /** Say what went wrong (provided: a toast). */
    notify: (_, _p: Notice) => {},
    takeAsked: assign(({ context, event }) => {
      const range = asked(context, event);
      return { range, problem: rangeProblem(range) };
    }),
  },
  guards: {
    askedIsGood: ({ context, event }) => rangeProblem(asked(context, event)) === null,
    hasAnswer: ({ context }) => context.data !== null,
    hasNoRows: ({ context }) => context.data !== null && context.data.rows.length === 0,
    answerIsEmpty: (_, { data }: { data: ReportResponse }) => data.rows.length === 0,
    rangeIsBad: ({ context }) => context.problem !== null,
    /** The address names another range than the shown one (not the address the page just wrote). */
    askedMoved: ({ context, event }) => {
      const range = asked(context, event);
      return range.from !== context.range.from || range.to !== context.range.to;
    },
  },
}).createMachine({
  id: 'report',
  context: ({ input }) => {
    const range = input.data ? { from: input.data.from, to: input.data.to } : rangeFromSearch(input.search, input.today);
    return { kind: input.kind, today: input.today, range, data: input.data ?? null, error: null, problem: rangeProblem(range) };
  },
  invoke: { id: 'followAddressBar', src: 'followAddressBar' },
  type: 'parallel',
  states: {
    view: {
      initial: 'starting',
      on: {
        'report.range': toAsked,
        // A preset is always a good range (a year at most).
        'report.preset': { target: '.loading', reenter: true, actions: ['takeAsked', writeShownRange] },
        'report.urlChanged': [
          { guard: and(['askedMoved', 'askedIsGood']), target: '.loading', reenter: true, actions: 'takeAsked' },
          { guard: 'askedMoved', target: '.invalid', actions: 'takeAsked' },
        ],
      },
      states: {
        starting: {
          description: "The page's loader gave the answer, or the range must be loaded (or is not one).",
          always: [
            { guard: 'hasNoRows', target: 'empty', actions: writeShownRange },
            { guard: 'hasAnswer', target: 'shown', actions: writeShownRange },
            { guard: 'rangeIsBad', target: 'invalid' },
            { target: 'loading', actions: writeShownRange },
          ],
        },
        loading: {
          description: "The range's report is on its way; leaving this state drops the request.",
          tags: ['busy'],
          invoke: {
            id: 'loadReport',
            src: 'loadReport',
            input: ({ context }) => ({ kind: context.kind, range: context.range }),
            onDone: [
              { guard: { type: 'answerIsEmpty', params: ({ event }) => ({ data: event.output }) }, target: 'empty', actions: assign({ data: ({ event }) => event.output, error: null }) },
              { target: 'shown', actions: assign({ data: ({ event }) => event.output, error: null }) },
            ],
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, REPORT_MESSAGES.load) }) },
          },
        },
        shown: {
          description: 'The rows and their totals; the report can be printed and exported.',
          on: { 'report.print': { actions: 'print' } },
        },
        empty: { description: 'Nothing happened in the range: the page says so.' },
        failed: {
          description: 'The load failed; the message and Retry are shown.',
          tags: ['error'],
          on: { 'report.retry': 'loading' },
        },
        invalid: { description: 'The range is not one (from after to, too long): nothing is asked until it is fixed.' },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: { on: { 'report.export': { guard: stateIn({ view: 'shown' }), target: 'exporting' } } },
        exporting: {
          description: "The shown range's CSV is downloading.",
          tags: ['exporting'],
          invoke: {
            id: 'exportReport',
            src: 'exportReport',
            input: ({ context }) => ({ kind: context.kind, range: context.range }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'notify', params: ({ event }) => ({ toastType: 'error', body: messageOf(event.error, REPORT_MESSAGES.export) }) } },
          },
        },
      },
    },
  },
});
