import { css } from 'styled-system/css';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { formatMoment } from '../../../domain/format.ts';
import { useDisplay } from '../../app/display.ts';
import { DocCard } from './cards.tsx';
import type { ShownStep } from '../../../machines/document/kind.ts';

export type { ShownStep };

/** Every transition, with who and when (the server records each in the same transaction). */
export function HistoryCard({ history, lifecycle, words, nobody = 'The system (demo data)' }: { history: readonly ShownStep[]; lifecycle: Lifecycle; words: Readonly<Record<string, string>>; nobody?: string | undefined }) {
  const display = useDisplay();
  const label = (s: string | null) => (s ? (lifecycle.statuses[s]?.label ?? s) : '');
  return (
    <DocCard id="history" title="History">
        <ol aria-labelledby="history-title" className={css({ display: 'grid', gap: '3', mt: '3' })}>
          {history.map((h) => (
            <li key={h.id} className={css({ fontSize: 'sm', borderInlineStartWidth: '2px', borderColor: 'border.default', ps: '3' })}>
              <p className={css({ fontWeight: 'semibold' })}>
                {words[h.action] ?? lifecycle.actions[h.action]?.label ?? h.action}
                {h.from_status && h.from_status !== h.to_status ? ` · ${label(h.from_status)} → ${label(h.to_status)}` : ''}
              </p>
              <p className={css({ color: 'fg.muted' })}>
                {h.user_name ?? nobody} · {formatMoment(h.created_at, display)}
              </p>
              {h.note ? <p className={css({ whiteSpace: 'pre-wrap' })}>{h.note}</p> : null}
            </li>
          ))}
        </ol>
    </DocCard>
  );
}
