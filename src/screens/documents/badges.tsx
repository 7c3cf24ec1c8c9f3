import { PAYMENT_STATUS_TONES, PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/documents/payments.facts.ts';
import type { Lifecycle } from '../../../domain/documents/lifecycle.ts';
import { Badge } from '../../components/ui/badge.tsx';

/** Badge tones of the lifecycle table in the badge recipe's words. */
export const badgeTone = (tone: string) => (tone === 'danger' ? 'error' : tone === 'info' ? 'info' : tone === 'success' ? 'success' : tone === 'warning' ? 'warning' : 'neutral') as 'error' | 'info' | 'success' | 'warning' | 'neutral';

/** A document's status as its kind's lifecycle table names and colours it. */
export function StatusBadge({ lifecycle, status }: { lifecycle: Lifecycle; status: string }) {
  const def = lifecycle.statuses[status];
  return <Badge tone={badgeTone(def?.tone ?? 'neutral')}>{def?.label ?? status}</Badge>;
}

export function PaymentBadge({ status }: { status: string }) {
  return <Badge tone={badgeTone(PAYMENT_STATUS_TONES[status as PaymentStatus] ?? 'neutral')}>{PAYMENT_STATUSES[status as PaymentStatus] ?? status}</Badge>;
}
