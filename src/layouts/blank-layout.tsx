import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** For guest screens (login): no menu, content centred on the canvas. */
export function BlankLayout({ children }: { children?: ReactNode }) {
  return (
    <main
      className={css({
        minH: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: '4',
        py: '10',
        bg: 'bg.canvas',
        backgroundImage:
          'radial-gradient(circle at 12% 18%, rgba(124, 58, 237, 0.10), transparent 42%), radial-gradient(circle at 88% 84%, rgba(124, 58, 237, 0.08), transparent 40%)',
      })}
    >
      {children}
    </main>
  );
}
