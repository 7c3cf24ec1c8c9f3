import { css } from 'styled-system/css';
import { issuedHref, type IssuedKind } from '../../../domain/documents/invoice.ts';
import { AppLink } from '../../components/ui/link.tsx';

/** An issued document a sale or an order names ({ id, number }), as a fact: its number, linking to its page; `none` while there is none. */
export function IssuedLink({ kind, issued, none }: { kind: IssuedKind; issued: { id: number; number: string } | null | undefined; none: string }) {
  if (!issued) return <span className={css({ color: 'fg.muted', fontSize: 'sm', fontWeight: 'normal' })}>{none}</span>;
  return (
    <AppLink href={issuedHref(kind, issued.id)} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}>
      {issued.number}
    </AppLink>
  );
}
