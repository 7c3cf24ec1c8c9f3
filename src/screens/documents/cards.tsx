import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Card } from '../../components/ui/card.tsx';
import { cardHeading } from './styles.ts';

const body = css({ pt: '5', px: { base: '4', sm: '6' } });
const gridBody = css({ pt: '5', px: { base: '4', sm: '6' }, display: 'grid', gap: '4' });

/** A document page's card, named by its heading (`{id}-title`). */
export function DocCard({ id, title, grid = false, children }: { id: string; title: string; grid?: boolean; children: ReactNode }) {
  return (
    <Card.Root aria-labelledby={`${id}-title`}>
      <Card.Body className={grid ? gridBody : body}>
        <h2 id={`${id}-title`} className={cardHeading}>
          {title}
        </h2>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** A card that is a form (an action's panel, the stock count): its heading names it; its buttons below. */
export function FormCard({ id, title, onSubmit, footer, children }: { id: string; title: string; onSubmit(): void; footer: ReactNode; children: ReactNode }) {
  return (
    <Card.Root asChild>
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Card.Body className={gridBody}>
          <h2 id={`${id}-title`} className={cardHeading}>
            {title}
          </h2>
          {children}
        </Card.Body>
        <Card.Footer className={css({ justifyContent: 'flex-start', px: { base: '4', sm: '6' }, pb: '5', pt: '4', borderTopWidth: '1px', borderColor: 'border.default' })}>{footer}</Card.Footer>
      </form>
    </Card.Root>
  );
}
