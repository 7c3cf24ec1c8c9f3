import { css } from 'styled-system/css';
import { REPORTS } from '../../../domain/insight/report-kinds.ts';
import { mayOpen, reportRouteName, routeByName } from '../../../domain/routes.ts';
import { selectPermissions } from '../../../machines/auth.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useSelector } from '../../app/use-selector.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { reportHref } from '../../resources/report-providers.ts';
import { PageHeader } from '../resource/page-header.tsx';
import type { ScreenProps } from '../screen-props.ts';

const card = css({
  display: 'grid',
  gap: '1',
  alignContent: 'start',
  h: 'full',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.default',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { borderColor: 'primary.solid', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});

/** /reports: the reports this person may run (all their rights held), each with what it counts. */
export default function ReportsIndexRoute(_: ScreenProps) {
  const { auth } = useAppSystem();
  const held = useSelector(auth, selectPermissions, (a, b) => a.size === b.size && [...a].every((p) => b.has(p)));
  // The route table decides who may open a report (its right and the ones it also needs), as for the menu.
  const mine = REPORTS.filter((r) => mayOpen(routeByName(reportRouteName(r.kind)), [...held]));
  return (
    <div>
      <PageHeader subtitle="Each report runs over a date range, with its total, a CSV export and a print layout." />
      {mine.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>No report is open to you: each needs the rights of what it counts.</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' }, listStyle: 'none', p: '0' })}>
          {mine.map((r) => (
            <li key={r.kind}>
              <AppLink href={reportHref(r.kind)} className={card}>
                <span className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', color: 'primary.fg' })}>
                  <Icon name="list" size="sm" />
                  {r.title}
                </span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{r.description}</span>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
