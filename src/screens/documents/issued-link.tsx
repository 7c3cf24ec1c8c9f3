import { css } from 'styled-system/css';
import { issuedHref, type IssuedKind } from '../../../domain/documents/invoice.ts';
import { AppLink } from '../../components/ui/link.tsx';

/** Another document a document names, as a fact: `label` linking to `href`; `none` while there is none. */
export function DocumentLink({ href, label, none }: { href: string | null; label: string; none: string }) {
  if (!href) return <span className={css({ color: 'fg.muted', fontSize: 'sm', fontWeight: 'normal' })}>{none}</span>;
  return (
    <AppLink href={href} className={css({ color: 'primary.fg', textDecoration: 'underline', textUnderlineOffset: '2px' })}>
      {label}
    </AppLink>
  );
}

/** An issued document a sale or an order names ({ id, number }), as a fact: its number, linking to its page; `none` while there is none. */
export function IssuedLink({ kind, issued, none }: { kind: IssuedKind; issued: { id: number; number: string } | null | undefined; none: string }) {
  return <DocumentLink href={issued ? issuedHref(kind, issued.id) : null} label={issued?.number ?? ''} none={none} />;
}
