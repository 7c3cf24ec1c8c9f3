import { Portal } from '@ark-ui/react/portal';
import { useId, useRef, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { selectPalette } from '../../machines/search/search.selectors.ts';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { Icon } from '../components/ui/icon.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useAppSystem } from './app-context.tsx';
import { useSelector } from './use-selector.ts';

const GROUP_ICONS: Record<string, string> = { Actions: 'plus', Screens: 'grid', Products: 'box', Customers: 'user', Suppliers: 'truck', Documents: 'file' };

const content = css({
  alignSelf: 'flex-start',
  mt: { base: '2', sm: '16' },
  maxW: '2xl',
  p: '0',
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  maxH: { base: 'calc(100dvh - 1rem)', sm: '70vh' },
});
const field = css({
  flex: '1',
  minW: '0',
  h: '14',
  bg: 'transparent',
  border: 'none',
  outline: 'none',
  fontSize: 'md',
  color: 'fg.default',
  _placeholder: { color: 'fg.muted' },
});
const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'md',
  cursor: 'pointer',
  '&[aria-selected=true]': { bg: 'primary.subtle', color: 'primary.fg' },
});

/**
 * The top bar's search and Ctrl+K: an Ark dialog holding a combobox input and one listbox,
 * drawn from the search machine's view model (machines/search/search.selectors.ts). Typing,
 * arrows, Enter and Esc are events; Ark returns the focus to where it was when it closes.
 */
export function SearchPalette() {
  const { search } = useAppSystem();
  const view = useSelector(search, selectPalette);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-${index}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // The page's own shortcuts (the till's) must not act on what is typed here; Esc is the dialog's.
    if (e.key !== 'Escape') e.stopPropagation();
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      search.send({ type: 'search.move', by: e.key === 'ArrowDown' ? 1 : -1 });
    } else if (e.key === 'Enter') {
      e.preventDefault();
      search.send({ type: 'search.choose' });
    }
  };

  return (
    <Dialog.Root
      open={view.open}
      lazyMount
      unmountOnExit
      initialFocusEl={() => input.current}
      onOpenChange={(d) => {
        if (!d.open) search.send({ type: 'search.close' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content className={content}>
            <Dialog.Title className={css({ srOnly: true })}>Search everywhere</Dialog.Title>
            <div className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '4', borderBottom: '1px solid', borderColor: 'border.default' })}>
              <Icon name="search" className={css({ color: 'fg.muted', flexShrink: 0 })} />
              <input
                ref={input}
                className={field}
                role="combobox"
                aria-label="Search everywhere"
                aria-expanded={view.sections.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={view.active === null ? undefined : optionId(view.active)}
                autoComplete="off"
                spellCheck={false}
                placeholder="Products, customers, suppliers, references, screens…"
                value={view.q}
                onChange={(e) => search.send({ type: 'search.type', q: e.target.value })}
                onKeyDown={onKeyDown}
              />
              {view.busy ? <Spinner label="Searching" size="sm" /> : null}
              <kbd className={css({ hideBelow: 'sm', fontSize: 'xs', color: 'fg.muted', border: '1px solid', borderColor: 'border.default', borderRadius: 'sm', px: '1.5' })}>Esc</kbd>
            </div>
            <div className={css({ overflowY: 'auto', p: '2' })}>
              {view.error ? (
                <div role="alert" className={css({ display: 'flex', alignItems: 'center', gap: '3', p: '3', color: 'error.fg', flexWrap: 'wrap' })}>
                  <span className={css({ flex: '1' })}>{view.error}</span>
                  {view.canRetry ? (
                    <Button size="sm" variant="outline" tone="neutral" onClick={() => search.send({ type: 'search.retry' })}>
                      Retry
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {view.nothing ? <p className={css({ p: '3', color: 'fg.muted' })}>Nothing found for “{view.q.trim()}”.</p> : null}
              {view.tooShort ? <p className={css({ p: '3', color: 'fg.muted' })}>No code or reference “{view.q.trim()}”. Type 3 or more characters to search names.</p> : null}
              <div id={listId} role="listbox" aria-label="Results">
                {view.sections.map((section) => (
                  <div key={`${section.group}-${section.items[0]!.index}`} role="group" aria-label={section.group} className={css({ mb: '2' })}>
                    <div aria-hidden className={css({ px: '3', py: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em' })}>
                      {section.group}
                    </div>
                    {section.items.map((item) => (
                      <div
                        key={item.index}
                        id={optionId(item.index)}
                        role="option"
                        aria-selected={item.active}
                        className={option}
                        // A click must not take the focus from the input (the dialog keeps it there).
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => search.send({ type: 'search.choose', index: item.index })}
                      >
                        <Icon name={GROUP_ICONS[item.group] ?? 'dot'} size="sm" className={css({ flexShrink: 0, color: 'fg.muted' })} />
                        <span className={css({ display: 'flex', flexDirection: 'column', minW: '0' })}>
                          <span className={css({ fontWeight: 'medium', truncate: true })}>{item.label}</span>
                          {item.detail ? <span className={css({ fontSize: 'xs', color: 'fg.muted', truncate: true })}>{item.detail}</span> : null}
                        </span>
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
