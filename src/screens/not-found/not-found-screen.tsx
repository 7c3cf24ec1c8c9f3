import { css } from 'styled-system/css';
import { DASHBOARD_PATH } from '../../../domain/paths.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AppLink } from '../../components/ui/link.tsx';
import { Icon } from '../../components/ui/icon.tsx';

export interface NotFoundScreenProps {
  /** 1 when nothing else on the page gives an h1 (the blank layout); the shell already does. */
  headingLevel?: 1 | 2;
}

export function NotFoundScreen({ headingLevel = 2 }: NotFoundScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card.Root className={css({ maxW: '2xl', mx: 'auto', w: 'full' })}>
      <Card.Body className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: '3', py: '14' })}>
        <p aria-hidden className={css({ fontSize: '6xl', fontWeight: 'bold', lineHeight: '1', color: 'primary.fg', letterSpacing: '-0.04em' })}>
          404
        </p>
        <Heading className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>Page not found</Heading>
        <p className={css({ color: 'fg.muted', maxW: 'md' })}>The address may be mistyped, or the page has moved.</p>
        <Button asChild className={css({ mt: '3' })}>
          <AppLink href={DASHBOARD_PATH}>
            <Icon name="dashboard" />
            Back to the dashboard
          </AppLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
