import { css } from 'styled-system/css';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';

const centered = css({ minH: '60vh', display: 'grid', placeItems: 'center', p: '6' });

/** While the stored session is checked or a redirect settles. */
export function Splash() {
  return (
    <div className={css({ minH: '100vh', display: 'grid', placeItems: 'center' })}>
      <Spinner size="lg" label="Loading" />
    </div>
  );
}

export function PageLoading() {
  return (
    <div className={centered}>
      <Spinner size="lg" label="Loading page" />
    </div>
  );
}

export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className={centered}>
      <Card.Root role="alert">
        <Card.Header>
          <Card.Title>This page could not be loaded</Card.Title>
          <Card.Description>{message} Check the connection, then reload.</Card.Description>
        </Card.Header>
        <Card.Footer>
          <Button onClick={onRetry}>Reload</Button>
        </Card.Footer>
      </Card.Root>
    </div>
  );
}

/** The stored session could not be checked because the server did not answer. */
export function ServerUnreachable({ onRetry, onSignOut }: { onRetry(): void; onSignOut(): void }) {
  return (
    <Card.Root role="alert">
      <Card.Header>
        <Card.Title>The server cannot be reached</Card.Title>
        <Card.Description>Your session is kept. We will try again in a few seconds, or you can try now.</Card.Description>
      </Card.Header>
      <Card.Footer>
        <Button onClick={onRetry}>Try again</Button>
        <Button variant="ghost" onClick={onSignOut}>
          Sign out
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
