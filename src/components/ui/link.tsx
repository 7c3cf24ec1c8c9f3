import { createContext, use, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

type Navigate = (href: string) => void;

const NavigateContext = createContext<Navigate | null>(null);

/** Gives every AppLink below it the app's way to move (the navigation machine). */
export function LinkNavigation({ navigate, children }: { navigate: Navigate; children: ReactNode }) {
  return <NavigateContext value={navigate}>{children}</NavigateContext>;
}

export interface AppLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
}

/** True when the click should stay in the SPA (not a new tab/window, not a modified click). */
export function isPlainLeftClick(e: MouseEvent<HTMLElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * The one in-app link: a real <a href> (middle-click, Ctrl/Cmd-click, copy link and "open in
 * new tab" keep working) whose plain left click moves the app through its navigation
 * machine instead of loading the page. Nothing else in the app navigates from a click.
 */
export function AppLink({ href, onClick, target, ...rest }: AppLinkProps) {
  const navigate = use(NavigateContext);
  return (
    <a
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!navigate || (target && target !== '_self') || !isPlainLeftClick(e)) return;
        e.preventDefault();
        navigate(href);
      }}
      {...rest}
    />
  );
}
