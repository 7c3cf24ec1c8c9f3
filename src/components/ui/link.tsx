import type { AnchorHTMLAttributes, MouseEvent } from 'react';

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  /** Called instead of a page load on a plain left click; the router (the app) does the rest. */
  onNavigate(href: string): void;
}

/** True when the click should stay in the SPA (not a new tab/window, not a modified click). */
export function isPlainLeftClick(e: MouseEvent<HTMLElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/** A real <a href> (middle-click, copy link and new tab keep working) that drives the router. */
export function AppLink({ href, onNavigate, onClick, target, ...rest }: AppLinkProps) {
  return (
    <a
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (target && target !== '_self') return;
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        onNavigate(href);
      }}
      {...rest}
    />
  );
}
