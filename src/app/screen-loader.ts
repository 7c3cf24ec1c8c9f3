import type { ComponentType, ReactNode } from 'react';
import type { Layout } from '../../domain/routes.ts';
import type { ScreenRequest } from '../../machines/screen.machine.ts';
import type { ScreenProps } from '../screens/screen-props.ts';

export interface ShellProps {
  title: string;
  children: ReactNode;
}

/**
 * Gets a page's code (and its first data) ready for the screen machine; the view then takes
 * the loaded components synchronously. Implemented by src/screens/registry.ts, handed to the
 * app system by main.tsx (so the system, which every screen reaches, does not import the screens).
 */
export interface ScreenLoader<System> {
  /** The page's chunks (the shell's too for the content layout) and, for a list, its first page asked for. */
  load(request: ScreenRequest, system: System): Promise<void>;
  /** Fetches a page's chunks ahead of a click; nothing else happens. */
  warm(page: { screen: string; layout: Layout }): void;
  /** The screen's component, once its code is here. */
  screen(key: string): ComponentType<ScreenProps> | undefined;
  /** The shell (drawer, top bar, menus), once its code is here. */
  shell(): ComponentType<ShellProps> | undefined;
}
