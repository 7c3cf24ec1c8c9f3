import { createContext, use, type ReactNode } from 'react';
import type { AppSystem } from './system.ts';

const AppSystemContext = createContext<AppSystem | null>(null);

export function AppSystemProvider({ system, children }: { system: AppSystem; children: ReactNode }) {
  return <AppSystemContext value={system}>{children}</AppSystemContext>;
}

/** The app-wide actors. Views select from them and send events; nothing else. */
export function useAppSystem(): AppSystem {
  const system = use(AppSystemContext);
  if (!system) throw new Error('useAppSystem must be used inside <AppSystemProvider>');
  return system;
}
