import { fromCallback, fromPromise } from 'xstate';
import { localDay } from '../../domain/insight/report-range.ts';
import { adminHref } from '../../domain/paths.ts';
import { reportMachine, type ReportEvent, type ReportInput } from '../../machines/reports/report.machine.ts';
import { saveFile } from '../app/save-file.ts';
import type { AppSystem } from '../app/system.ts';
import { fetchReport, reportPath } from '../screens/reports/report-api.ts';

/** The report page's address for a kind (domain/routes.ts declares it so). */
export const reportHref = (kind: string) => adminHref(`/reports/${kind}`);

/** The report machine with real HTTP (the request of a left range aborted), the address bar, print and toasts. */
export function reportPageMachine(system: AppSystem, kind: string) {
  const { api, navigation } = system;
  const path = reportHref(kind);
  return reportMachine.provide({
    actors: {
      loadReport: fromPromise(({ input, signal }) => fetchReport(api, input.kind, input.range, signal)),
      exportReport: fromPromise(async ({ input }) => {
        const { blob, filename } = await api.download(reportPath(input.kind, input.range, true));
        saveFile(blob, filename);
      }),
      followAddressBar: fromCallback<ReportEvent>(({ sendBack }) => {
        const sub = navigation.on('nav.shown', (e) => {
          if (e.pathname === path) sendBack({ type: 'report.urlChanged', search: e.search });
        });
        return () => sub.unsubscribe();
      }),
    },
    actions: {
      writeUrl: (_, { search }) => navigation.send({ type: 'nav.go', to: path + search, replace: true }),
      print: () => window.print(),
      notify: (_, notice) => system.notify(notice),
    },
  });
}

/** Where the page's machine starts: the address's range (the person's today for the presets), the loader's answer if it got one. */
export const reportInput = (system: AppSystem, kind: string, data: unknown): ReportInput => ({
  kind,
  today: localDay(new Date()),
  search: navigationSearch(system),
  data: data as ReportInput['data'],
});
const navigationSearch = (system: AppSystem) => system.navigation.getSnapshot().context.search;
