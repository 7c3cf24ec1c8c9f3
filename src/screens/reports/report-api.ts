import { rangeSearch, type ReportRange } from '../../../domain/insight/report-range.ts';
import { REPORTS_API, reportResponse, type ReportResponse } from '../../../domain/insight/reports.ts';
import type { Api } from '../../app/api.ts';

/** A report's address on the API for a range; `csv`: its CSV file. */
export const reportPath = (kind: string, range: ReportRange, csv = false) => `${REPORTS_API}/${encodeURIComponent(kind)}${rangeSearch(range)}${csv ? '&format=csv' : ''}`;

/** A report for a range, checked against the contract (an answer of another shape is a failure, not a blank table). */
export async function fetchReport(api: Pick<Api, 'call'>, kind: string, range: ReportRange, signal?: AbortSignal): Promise<ReportResponse> {
  const answer = reportResponse.safeParse(await api.call<unknown>(reportPath(kind, range), signal ? { signal } : {}));
  if (!answer.success) throw new Error('The server answered the report with something else.');
  return answer.data;
}
