import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { Display } from '../../domain/format.ts';
import { selectCurrency } from '../../machines/auth.machine.ts';
import { useAppSystem } from './app-context.tsx';

/** How this person reads amounts and dates: their locale and the shop's currency. */
export function useDisplay(): Display {
  const { auth, locale } = useAppSystem();
  const currency = useSelector(auth, selectCurrency);
  return useMemo(() => ({ locale, currency }), [locale, currency]);
}
