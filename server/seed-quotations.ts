import { and, asc, eq } from 'drizzle-orm';
import { addDays } from '../domain/documents/quotation.facts.ts';
import type { Tx } from './db/index.ts';
import { customers, products } from './db/schema.ts';
import type { Actor } from './documents/engine.ts';
import { answerQuotation, convertQuotation, createQuotation, sendQuotation } from './documents/quotations.ts';

/**
 * The demo shop's quotations (issue 34): one in every state — a draft, one sent, one accepted,
 * one rejected, one expired (sent, and past its valid-until day) and one converted with its
 * pending sale — each written and moved along through the same functions as the API, dated in
 * the last two months. The accepted and the converted ones quote a serial-tracked product too
 * (no serials: they are named when the sale completes). Quotations move no stock and the
 * converted one's sale is pending, so every level still equals its ledger. Called by seedDemoSelling (./seed-sales.ts) under its marker.
 */

const DAY = 86_400_000;
const at = (now: Date, daysAgo: number): Actor => ({ userId: null, at: new Date(now.getTime() - daysAgo * DAY) });
const dayOf = (a: Actor) => a.at!.toISOString().slice(0, 10);

type Step = 'send' | 'accept' | 'reject' | 'convert';
/** Each quotation: days ago it was written, how long it is valid, its steps (days after writing), its goods ([index, quantity]) and how many of a serial-tracked one. */
const PLAN: { daysAgo: number; valid: number; steps: [Step, number][]; lines: [number, number][]; tracked?: number; note?: string }[] = [
  { daysAgo: 2, valid: 30, steps: [], lines: [[0, 2], [1, 1]], note: 'Waiting for the customer’s final quantities.' },
  { daysAgo: 6, valid: 30, steps: [['send', 0]], lines: [[2, 5]] },
  { daysAgo: 12, valid: 30, steps: [['send', 1], ['accept', 4]], lines: [[3, 1], [4, 3]], tracked: 1 },
  { daysAgo: 25, valid: 14, steps: [['send', 0], ['reject', 6]], lines: [[5, 10]], note: 'Found it cheaper elsewhere.' },
  { daysAgo: 60, valid: 30, steps: [['send', 1]], lines: [[1, 4], [2, 2]] },
  { daysAgo: 18, valid: 30, steps: [['send', 0], ['accept', 3], ['convert', 4]], lines: [[0, 3], [5, 2]], tracked: 1 },
];

export async function seedDemoQuotations(tx: Tx, now: Date): Promise<void> {
  // Goods a quotation can become a pending sale of: active, one tax method; and one serial-tracked.
  const goods = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'active'), eq(products.tracks_serials, false), eq(products.tax_method, 'exclusive')))
    .orderBy(asc(products.id))
    .limit(6);
  const [tracked] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.status, 'active'), eq(products.tracks_serials, true), eq(products.tax_method, 'exclusive')))
    .orderBy(asc(products.id))
    .limit(1);
  const people = await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(PLAN.length);
  if (goods.length < 6 || !people.length) return;
  for (const [i, q] of PLAN.entries()) {
    const written = at(now, q.daysAgo);
    const quotedOn = dayOf(written);
    const { id } = await createQuotation(
      tx,
      {
        customer_id: people[i % people.length]!.id,
        quoted_on: quotedOn,
        valid_until: addDays(quotedOn, q.valid),
        lines: [
          ...q.lines.map(([g, quantity]) => ({ product_id: goods[g]!.id, quantity, discount: 0 })),
          ...(q.tracked && tracked ? [{ product_id: tracked.id, quantity: q.tracked, discount: 0 }] : []),
        ],
        discount: i % 2 ? 500 : 0,
        tax_bps: 0,
        shipping: i % 3 ? 0 : 1500,
        note: q.note ?? null,
      },
      written,
    );
    for (const [step, after] of q.steps) {
      const actor = at(now, q.daysAgo - after);
      if (step === 'send') await sendQuotation(tx, id, null, actor);
      else if (step === 'convert') await convertQuotation(tx, id, null, actor);
      else await answerQuotation(step)(tx, id, null, actor);
    }
  }
}
