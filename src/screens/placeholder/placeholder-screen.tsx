import { css } from 'styled-system/css';
import { Card } from '../../components/ui/card.tsx';
import { Icon } from '../../components/ui/icon.tsx';

/** Stands in for a screen that does not exist yet, and says so rather than faking one. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <Card.Root>
      <Card.Body className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '16' })}>
        <span className={css({ display: 'inline-flex', p: '4', borderRadius: 'full', bg: 'primary.subtle', color: 'primary.fg' })}>
          <Icon name="tool" size="xl" />
        </span>
        <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>{title}</h2>
        <p className={css({ color: 'fg.muted', maxW: 'md' })}>This screen is not built yet.</p>
      </Card.Body>
    </Card.Root>
  );
}
