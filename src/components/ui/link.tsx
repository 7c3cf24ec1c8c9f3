import { createContext, use, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

interface Navigation {
  /** Follow a link. */
  navigate(href: string): void;
  /** A link is hovered or focused: its page's code may be fetched now. */
  warm(href: string): void;
}

const NavigateContext = createContext<Navigation | null>(null);

/** Gives every AppLink below it the app's way to move (the navigation machine). */
export function LinkNavigation({ navigation, children }: { navigation: Navigation; children: ReactNode }) {
  return <NavigateContext value={navigation}>{children}</NavigateContext>;
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
 * Hovering or focusing it lets the navigation machine fetch its page's code ahead.
 */
export function AppLink({ href, onClick, onPointerEnter, onFocus, target, ...rest }: AppLinkProps) {
  const navigation = use(NavigateContext);
  return (
    <a
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!navigation || (target && target !== '_self') || !isPlainLeftClick(e)) return;
        e.preventDefault();
        navigation.navigate(href);
      }}
      onPointerEnter={(e) => {
        onPointerEnter?.(e);
        navigation?.warm(href);
      }}
      onFocus={(e) => {
        onFocus?.(e);
        navigation?.warm(href);
      }}
      {...rest}
    />
  );
}
