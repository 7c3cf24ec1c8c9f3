import { localDay, rangeFromSearch } from '../../../domain/insight/report-range.ts';
import type { AppSystem } from '../../app/system.ts';
import { fetchReport } from '../../screens/reports/report-api.ts';
import { screenArg, type PageRequest } from '../page.ts';

/** A report's page (`report:<kind>`): the report for the address's range, last month when it names none. */
export const loadReport = (system: Pick<AppSystem, 'api'>, request: Pick<PageRequest, 'search' | 'screen'>) =>
  fetchReport(system.api, screenArg(request.screen), rangeFromSearch(request.search, localDay(new Date())));
