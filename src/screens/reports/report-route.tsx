import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { formatCell, formatDay } from '../../../domain/format.ts';
import { reportByKind, type ReportDef } from '../../../domain/insight/reports.ts';
import { reportViewEqual, selectReportView } from '../../../machines/reports/report.selectors.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useDisplay } from '../../app/display.ts';
import { useSelector } from '../../app/use-selector.ts';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { pageKey } from '../../../domain/routes.ts';
import { screenArg } from '../../pages/page.ts';
import { reportInput, reportPageMachine } from '../../resources/report-providers.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { ReportTable } from './report-table.tsx';

const printOnly = css({ display: 'none', '@media print': { display: 'grid' } });
const dateBox = css({ w: '10rem', maxW: 'full' });
const sheet = css({ display: 'grid', gap: '3', minW: '0', '@media print': { color: 'black', bg: 'white' } });

/**
 * Every report (`report:<kind>`, domain/insight/reports.ts) on one screen: the range (presets and
 * two days, in the address), the kind's table with its totals, Export CSV and Print (on A4: the
 * shop, the title, the range and the table, src/theme/index.css `.print-report`). The machine
 * (machines/reports/report.machine.ts) loads and decides; this view selects and sends.
 */
export default function ReportRoute({ screen, title, data }: ScreenProps) {
  const report = pageKey(screen) === 'report' ? reportByKind(screenArg(screen)) : undefined;
  if (!report) return <AlertMessage variant="centered" title="There is no such report." />;
  // A new actor for each kind: the menu goes from one report to another on the same view.
  return <ReportPage key={report.kind} report={report} title={title} data={data} />;
}

function ReportPage({ report, title, data }: { report: ReportDef; title: string; data: unknown }) {
  const system = useAppSystem();
  const machine = useMemo(() => reportPageMachine(system, report.kind), [system, report.kind]);
  const actor = useActorRef(machine, { input: reportInput(system, report.kind, data), inspect: system.inspect });
  const view = useSelector(actor, selectReportView, reportViewEqual);
  const display = useDisplay();
  const shop = useSelector(system.auth, (s) => s.context.user?.shop?.name ?? '');
  const day = (d: string) => formatDay(d, display);
  const { range, problem } = view;
  const send = (from: string, to: string) => actor.send({ type: 'report.range', from, to });

  return (
    <div className={css({ display: 'grid', gap: '4', minW: '0' })}>
      <PageHeader
        subtitle={report.description}
        actions={
          <>
            <Button variant="outline" size="sm" disabled={!view.can.print} onClick={() => actor.send({ type: 'report.print' })}>
              <Icon name="receipt" size="sm" />
              Print
            </Button>
            <Button variant="solid" size="sm" disabled={!view.can.export} loading={view.exporting} onClick={() => actor.send({ type: 'report.export' })}>
              <Icon name="download" size="sm" />
              Export CSV
            </Button>
          </>
        }
      />
      <fieldset className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', border: '0', p: '0', m: '0', minW: '0' })}>
        <legend className={css({ srOnly: true })}>Date range</legend>
        <div role="group" aria-label="Presets" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {view.presets.map((p) => (
            <Button key={p.key} size="sm" variant={view.preset === p.key ? 'solid' : 'outline'} tone={view.preset === p.key ? 'primary' : 'neutral'} aria-pressed={view.preset === p.key} onClick={() => actor.send({ type: 'report.preset', preset: p.key })}>
              {p.label}
            </Button>
          ))}
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          <Field.Root invalid={problem?.field === 'from'} className={css({ w: 'auto' })}>
            <Field.Label>From</Field.Label>
            <Field.Input type="date" value={range.from} className={dateBox} onChange={(e) => send(e.currentTarget.value, range.to)} />
            {problem?.field === 'from' ? <Field.ErrorText>{problem.message}</Field.ErrorText> : null}
          </Field.Root>
          <Field.Root invalid={problem?.field === 'to'} className={css({ w: 'auto' })}>
            <Field.Label>To</Field.Label>
            <Field.Input type="date" value={range.to} className={dateBox} onChange={(e) => send(range.from, e.currentTarget.value)} />
            {problem?.field === 'to' ? <Field.ErrorText>{problem.message}</Field.ErrorText> : null}
          </Field.Root>
        </div>
      </fieldset>

      <section className={`print-report ${sheet}`} aria-label={title} aria-busy={view.busy}>
        <header className={printOnly}>
          <strong className={css({ fontSize: '14pt' })}>{shop}</strong>
          <h2 className={css({ fontSize: '18pt', fontWeight: 'bold' })}>{title}</h2>
          <span>
            {day(range.from)} – {day(range.to)}
          </span>
        </header>
        {view.phase === 'loading' ? (
          <div className={css({ display: 'grid', placeItems: 'center', py: '16' })}>
            <Spinner size="lg" label={`Loading the report`} />
          </div>
        ) : view.phase === 'failed' ? (
          <AlertMessage variant="centered" title="The report could not be loaded." onRetry={view.can.retry ? () => actor.send({ type: 'report.retry' }) : undefined}>
            {view.error}
          </AlertMessage>
        ) : view.phase === 'empty' ? (
          <p className={css({ py: '12', textAlign: 'center', color: 'fg.muted' })}>
            Nothing to report from {day(range.from)} to {day(range.to)}. Try a longer range.
          </p>
        ) : view.phase === 'invalid' ? (
          <p className={css({ py: '12', textAlign: 'center', color: 'fg.muted' })}>Choose a range to run the report.</p>
        ) : view.data ? (
          <>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', '@media print': { display: 'none' } })}>
              {day(view.data.from)} – {day(view.data.to)} · {formatCell('number', view.data.total_rows, display)} {view.data.total_rows === 1 ? 'row' : 'rows'}
            </p>
            <ReportTable title={title} columns={report.columns} data={view.data} display={display} />
            {view.data.total_rows > view.data.rows.length ? (
              <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                Showing the first {formatCell('number', view.data.rows.length, display)} of {formatCell('number', view.data.total_rows, display)} rows; Export CSV for all of them.
              </p>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
