import { Portal } from '@ark-ui/react/portal';
import { memo, type FormEvent, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { POS_SHORTCUT, PROFILE_PATH } from '../../domain/paths.ts';
import { Button } from '../components/ui/button.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { IconButton } from '../components/ui/icon-button.tsx';
import { Input } from '../components/ui/input.tsx';
import { AppLink } from '../components/ui/link.tsx';
import { Menu } from '../components/ui/menu.tsx';
import { SimpleTooltip } from '../components/ui/tooltip.tsx';

export interface TopBarProps {
  user: { name: string; email: string };
  drawerOpen: boolean;
  narrow: boolean;
  theme: 'light' | 'dark';
  drawerId: string;
  onToggleDrawer(): void;
  onToggleTheme(): void;
  onLogout(): void;
  onSearch?(q: string): void;
  onOpenNotifications?(): void;
  bell?: ReactNode;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '?';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Drawn again only when its props change (the shell passes stable ones). */
export const TopBar = memo(function TopBar({ user, drawerOpen, narrow, theme, drawerId, onToggleDrawer, onToggleTheme, onLogout, onSearch, onOpenNotifications, bell }: TopBarProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSearch?.(String(new FormData(e.currentTarget).get('q') ?? '').trim());
  };
  // The field opens the search palette (Ctrl+K too), carrying what was typed into it.
  const open = (e: { currentTarget: HTMLInputElement }) => {
    const q = e.currentTarget.value;
    e.currentTarget.value = '';
    onSearch?.(q);
  };
  const themeLabel = theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <header
      className={css({
        position: 'sticky',
        top: '0',
        zIndex: 'sticky',
        px: { base: '3', sm: '6' },
        bg: 'color-mix(in srgb, token(colors.bg.canvas) 88%, transparent)',
        backdropFilter: 'blur(8px)',
      })}
    >
      <div className={css({ maxW: 'content', mx: 'auto', h: '16', display: 'flex', alignItems: 'center', gap: narrow ? '0.5' : '2' })}>
        <IconButton icon="menu" aria-label={drawerOpen ? 'Hide navigation menu' : 'Show navigation menu'} aria-expanded={drawerOpen} aria-controls={drawerId} onClick={onToggleDrawer} />
        <form role="search" aria-label="Search the shop" onSubmit={submit} className={css({ position: 'relative', flex: '1', maxW: '96', minW: '20', ms: '1', me: narrow ? '1' : '0' })}>
          <Icon name="search" size="sm" className={css({ position: 'absolute', insetStart: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' })} />
          <Input
            type="search"
            name="q"
            aria-label="Search"
            aria-keyshortcuts="Control+K Meta+K"
            aria-haspopup="dialog"
            onClick={open}
            onChange={open}
            placeholder={narrow ? 'Search' : 'Search products, customers, documents'}
            className={css({ ps: '9', borderRadius: 'full', bg: 'bg.surface', borderColor: 'border.default', h: '10' })}
          />
        </form>
        {narrow ? null : <div className={css({ flex: '1' })} />}
        <Button asChild variant="subtle" size="sm" tone="primary" aria-label={narrow ? 'POS' : undefined}>
          <AppLink href={POS_SHORTCUT}>
            <Icon name="register" />
            {narrow ? null : 'POS'}
          </AppLink>
        </Button>
        <SimpleTooltip content="Open the website in a new tab">
          <Button asChild variant="ghost" size="sm" tone="neutral" aria-label={narrow ? 'Website (opens in a new tab)' : undefined}>
            <a href="/" target="_blank" rel="noopener noreferrer">
              <Icon name="globe" />
              {narrow ? null : 'Website'}
            </a>
          </Button>
        </SimpleTooltip>
        <SimpleTooltip content={themeLabel}>
          <IconButton icon={theme === 'dark' ? 'sun' : 'moon'} size={narrow ? 'sm' : 'md'} aria-label={themeLabel} onClick={onToggleTheme} />
        </SimpleTooltip>
        {bell ?? (
          <SimpleTooltip content="Notifications">
            <IconButton icon="bell" size={narrow ? 'sm' : 'md'} aria-label="Notifications" onClick={onOpenNotifications} />
          </SimpleTooltip>
        )}
        <UserMenu user={user} onLogout={onLogout} />
      </div>
    </header>
  );
});

const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  w: '10',
  h: '10',
  borderRadius: 'full',
  bg: 'primary.solid',
  color: 'white',
  fontSize: 'sm',
  fontWeight: 'semibold',
  letterSpacing: '0.02em',
});

function UserMenu({ user, onLogout }: Pick<TopBarProps, 'user' | 'onLogout'>) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end', gutter: 10 }} lazyMount unmountOnExit>
      <Menu.Trigger
        aria-label="User menu"
        className={css({
          position: 'relative',
          ms: '1',
          borderRadius: 'full',
          cursor: 'pointer',
          _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
        })}
      >
        <span className={avatar}>{initials(user.name)}</span>
        <span aria-hidden className={css({ position: 'absolute', insetEnd: '0', bottom: '0', w: '2.5', h: '2.5', borderRadius: 'full', bg: 'success.solid', boxShadow: '0 0 0 2px token(colors.bg.canvas)' })} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={css({ minW: '64' })}>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3', px: '4', py: '2' })}>
              <span className={avatar} aria-hidden>
                {initials(user.name)}
              </span>
              <div className={css({ minW: '0' })}>
                <p className={css({ fontWeight: 'semibold', fontSize: 'sm', truncate: true })}>{user.name}</p>
                <p className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>{user.email}</p>
              </div>
            </div>
            <Menu.Separator />
            <Menu.Item value="profile" asChild>
              <AppLink href={PROFILE_PATH}>
                <Icon name="user" />
                Profile
              </AppLink>
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={onLogout}>
              <Icon name="logout" />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
