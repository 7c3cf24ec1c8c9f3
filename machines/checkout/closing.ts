import type { PaymentMethod } from '../../domain/documents/payments.facts.ts';
import type { RegisterSession } from '../../domain/pos/till.facts.ts';
import type { RegisterCloseBody } from '../../domain/pos/till.ts';

/**
 * Counting a register session to close it, as the till (its cashier) and the session's page (a
 * manager closing one left open) both do: every method the session takes starts at 0 counted,
 * and the close sends each once (the server checks them against what it expects).
 */
export type Counted = Partial<Record<PaymentMethod, number>>;

export const startCounting = (session: RegisterSession): Counted => Object.fromEntries(session.methods.map((m) => [m.method, 0]));

export const closeBody = (counted: Counted): RegisterCloseBody => ({ counted: Object.entries(counted).map(([method, amount]) => ({ method: method as PaymentMethod, amount: amount ?? 0 })) });
