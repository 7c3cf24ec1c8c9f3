import type { SchemaKit } from '../schema-kit.ts';
import { PREFIXES } from '../documents/numbering.ts';
import { defineSingleton } from '../resource.ts';

/** The series of the other documents, which an invoice's may not share (INV-, never SL-). */
const TAKEN_PREFIXES: readonly string[] = Object.entries(PREFIXES).flatMap(([k, v]) => (k === 'invoice' ? [] : [v]));

export const PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'other', label: 'Other' },
] as const;

/** A scale label's two-digit EAN-13 prefix (in-store range 20–29 in practice), or empty: unused. */
const scalePrefix = (z: SchemaKit['z'], fallback: string) => z.string({ error: 'Enter two digits or leave it empty.' }).trim().regex(/^(\d{2})?$/, { error: 'Enter two digits, like 21, or leave it empty.' }).default(fallback);

export const posSetting = defineSingleton({
  key: 'posSetting',
  label: 'POS setting',
  api: '/api/v1/admin/settings/pos',
  permission: 'pos setting',
  schema: ({ z, optionalRelationId, basisPoints, optionalText, requiredText }) =>
    z.strictObject({
      default_customer_id: optionalRelationId('a customer'),
      default_tax_bps: basisPoints('the default tax').default(0),
      payment_methods: z
        .array(z.enum(['cash', 'card', 'other'], { error: 'Choose cash, card or other.' }), { error: 'Choose the payment methods.' })
        .min(1, { error: 'Enable at least one payment method.' })
        .max(3)
        .transform((m) => [...new Set(m)]),
      receipt_header: optionalText(500),
      receipt_footer: optionalText(500),
      show_product_images: z.boolean({ error: 'Choose yes or no.' }).default(true),
      invoice_prefix: requiredText('an invoice prefix', 12)
        .regex(/^[A-Za-z0-9-]+$/, { error: 'Use letters, digits and - only.' })
        .refine((v) => !TAKEN_PREFIXES.includes(v.toUpperCase()), { error: `Other documents are numbered ${TAKEN_PREFIXES.join(', ')}: choose another prefix, like INV-.` }),
      /** Invoice numbers start again each year, the year in the number (INV-2026-000001). */
      invoice_yearly_restart: z.boolean({ error: 'Choose yes or no.' }).default(false),
      /** In-store EAN-13 prefixes of scale labels (domain/pos/till.facts.ts PosTerms.scale). */
      scale_weight_prefix: scalePrefix(z, '21'),
      scale_price_prefix: scalePrefix(z, '23'),
    }).superRefine((v, ctx) => {
      if (v.scale_weight_prefix && v.scale_weight_prefix === v.scale_price_prefix) {
        ctx.addIssue({ code: 'custom', path: ['scale_price_prefix'], message: 'Weight and price labels need different prefixes: choose another, like 23.' });
      }
    }),
  defaults: {
    default_customer_id: '',
    default_tax_bps: 0,
    payment_methods: ['cash', 'card'],
    receipt_header: '',
    receipt_footer: '',
    show_product_images: true,
    invoice_prefix: PREFIXES.invoice,
    invoice_yearly_restart: false,
    scale_weight_prefix: '21',
    scale_price_prefix: '23',
  },
  fields: [
    { name: 'default_customer_id', label: 'Default customer', kind: 'relation', relation: 'customers', help: 'Leave empty for a walk-in customer.' },
    { name: 'default_tax_bps', label: 'Default tax %', kind: 'percent' },
    { name: 'payment_methods', label: 'Payment methods', kind: 'checkboxes', options: PAYMENT_METHODS, required: true },
    { name: 'invoice_prefix', label: 'Invoice prefix', kind: 'text', required: true },
    { name: 'invoice_yearly_restart', label: 'Restart invoice numbers each year', kind: 'switch', help: 'Numbers like INV-2026-000001, starting at 1 every year.' },
    { name: 'receipt_header', label: 'Receipt header', kind: 'textarea', wide: true },
    { name: 'receipt_footer', label: 'Receipt footer', kind: 'textarea', wide: true },
    { name: 'show_product_images', label: 'Show product images', kind: 'switch' },
    { name: 'scale_weight_prefix', label: 'Scale label prefix: weight', kind: 'text', help: 'Two digits that start a weighed item’s EAN-13 label (21 + product + weight in grams). Leave empty when unused.' },
    { name: 'scale_price_prefix', label: 'Scale label prefix: price', kind: 'text', help: 'Two digits that start a priced item’s EAN-13 label (23 + product + price). Leave empty when unused.' },
  ],
  // A seller's session carries the methods it enables (domain/auth.ts SessionShop).
  refreshesSession: true,
});

export const websiteSetting = defineSingleton({
  key: 'websiteSetting',
  label: 'Web site setting',
  api: '/api/v1/admin/settings/website',
  permission: 'website setting',
  schema: ({ z, requiredText, optionalUrl, optionalEmail, optionalPhone, optionalText }) =>
    z.strictObject({
      shop_name: requiredText('the shop name'),
      logo: optionalUrl(),
      email: optionalEmail(),
      phone: optionalPhone(),
      address: optionalText(500),
      /** Printed on invoices and credit notes. */
      tax_number: optionalText(64),
      currency: z
        .string({ error: 'Enter a currency code.' })
        .trim()
        .regex(/^[A-Za-z]{3}$/, { error: 'Enter a three-letter currency code like USD.' })
        .transform((v) => v.toUpperCase()),
      facebook: optionalUrl(),
      instagram: optionalUrl(),
      twitter: optionalUrl(),
      youtube: optionalUrl(),
    }),
  defaults: {
    shop_name: '',
    logo: '',
    email: '',
    phone: '',
    address: '',
    tax_number: '',
    currency: 'USD',
    facebook: '',
    instagram: '',
    twitter: '',
    youtube: '',
  },
  fields: [
    { name: 'shop_name', label: 'Shop name', kind: 'text', required: true },
    { name: 'currency', label: 'Currency', kind: 'text', required: true, help: 'Three letters, like USD or EUR.' },
    { name: 'email', label: 'Email', kind: 'email' },
    { name: 'phone', label: 'Phone', kind: 'tel' },
    { name: 'address', label: 'Address', kind: 'textarea', wide: true },
    { name: 'tax_number', label: 'Tax number', kind: 'text', help: 'Printed on invoices.' },
    { name: 'logo', label: 'Logo', kind: 'imageUrl', placeholder: 'https://…', wide: true, help: 'Upload a JPEG, PNG or WebP (up to 5 MB), or enter its address.' },
    { name: 'facebook', label: 'Facebook', kind: 'url' },
    { name: 'instagram', label: 'Instagram', kind: 'url' },
    { name: 'twitter', label: 'X (Twitter)', kind: 'url' },
    { name: 'youtube', label: 'YouTube', kind: 'url' },
  ],
  refreshesSession: true,
});
