import { useId, type CSSProperties, type KeyboardEvent } from 'react';
import { css } from 'styled-system/css';
import { toast as toastRecipe } from 'styled-system/recipes/toast';
import { Button } from './button.tsx';
import { Icon, type IconName } from './icon.tsx';
import type { ToastType } from '../../../machines/toast/toast.constants.ts';
import { Spinner } from './spinner.tsx';

export interface ToastItem {
  id: string;
  type: ToastType;
  title?: string;
  body: string;
  /** ms; 0 = stays until answered (confirm, prompt) or closed. */
  timeout: number;
  /** ms left when this snapshot was taken; the bar animates from here to empty. */
  remaining: number;
  paused: boolean;
  promptValue?: string;
  /** Set by the machine for the 400 ms fade-out before the toast is dropped. */
  leaving?: boolean;
}

export interface ToastStackProps {
  /** Newest first, as the machine orders them. */
  toasts: readonly ToastItem[];
  onClose(id: string): void;
  onPause(id: string): void;
  onResume(id: string): void;
  onConfirm(id: string, value?: string): void;
  onCancel(id: string): void;
  onPromptChange(id: string, value: string): void;
}

const ICON: Record<Exclude<ToastType, 'async'>, IconName> = {
  simple: 'bell',
  success: 'check-circle',
  error: 'x-circle',
  warning: 'alert',
  info: 'info',
  confirm: 'help',
  prompt: 'message',
};

/** The toast list, fixed top-right. Purely a view of the toast machine's snapshot. */
export function ToastStack({ toasts, ...handlers }: ToastStackProps) {
  const styles = toastRecipe();
  return (
    <section aria-label="Messages" className={styles.group}>
      {toasts.map((t) => (
        <Toast key={t.id} toast={t} {...handlers} />
      ))}
    </section>
  );
}

function Toast({ toast: t, onClose, onPause, onResume, onConfirm, onCancel, onPromptChange }: { toast: ToastItem } & Omit<ToastStackProps, 'toasts'>) {
  const styles = toastRecipe({ type: t.type });
  const uid = useId();
  const asks = t.type === 'confirm' || t.type === 'prompt';
  const titleId = `${uid}-title`;
  const bodyId = `${uid}-body`;
  const fraction = t.timeout > 0 ? Math.max(0, Math.min(1, t.remaining / t.timeout)) : 0;

  const progressStyle = {
    '--toast-from': `${fraction * 100}%`,
    width: `${fraction * 100}%`,
    animationDuration: `${Math.max(0, t.remaining)}ms`,
  } as CSSProperties;

  return (
    <div
      role={asks ? 'alertdialog' : 'status'}
      aria-labelledby={t.title ? titleId : undefined}
      aria-describedby={bodyId}
      aria-label={t.title ? undefined : labelFor(t.type)}
      data-type={t.type}
      data-leaving={t.leaving || undefined}
      className={styles.root}
      onMouseEnter={() => onPause(t.id)}
      onMouseLeave={() => onResume(t.id)}
      onClick={asks ? undefined : () => onClose(t.id)}
    >
      <span className={styles.icon}>{t.type === 'async' ? <Spinner size="sm" /> : <Icon name={ICON[t.type]} />}</span>
      <div className={styles.content}>
        {t.title ? (
          <p id={titleId} className={styles.title}>
            {t.title}
          </p>
        ) : null}
        <p id={bodyId} className={styles.description}>
          {t.body}
        </p>
        {t.type === 'prompt' ? (
          <input
            className={styles.input}
            aria-label={t.title ? `${t.title}: answer` : 'Answer'}
            placeholder="Enter answer here..."
            value={t.promptValue ?? ''}
            onChange={(e) => onPromptChange(t.id, e.currentTarget.value)}
            onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
              if (e.key === 'Enter') onConfirm(t.id, t.promptValue ?? '');
            }}
          />
        ) : null}
        {asks ? (
          <div className={styles.actions}>
            <Button size="sm" variant="outline" tone="neutral" className={onToastButton} onClick={() => onCancel(t.id)}>
              Cancel
            </Button>
            <Button
              size="sm"
              variant="solid"
              tone="neutral"
              className={onToastPrimary}
              onClick={() => onConfirm(t.id, t.type === 'prompt' ? (t.promptValue ?? '') : undefined)}
            >
              Ok
            </Button>
          </div>
        ) : null}
      </div>
      {asks ? null : (
        <button
          type="button"
          className={styles.closeTrigger}
          aria-label="Dismiss"
          onClick={(e) => {
            e.stopPropagation();
            onClose(t.id);
          }}
        >
          <Icon name="close" size="sm" />
        </button>
      )}
      {t.timeout > 0 ? <span key={t.remaining} aria-hidden className={styles.progress} data-paused={t.paused || undefined} style={progressStyle} /> : null}
    </div>
  );
}

function labelFor(type: ToastType): string {
  return type === 'simple' || type === 'async' ? 'Notice' : type.charAt(0).toUpperCase() + type.slice(1);
}

// Buttons sitting on a coloured toast: white outline/filled so they read on any status colour.
const onToastButton = css({ color: 'white!', borderColor: 'rgba(255,255,255,0.8)!', _hover: { bg: 'rgba(255,255,255,0.16)!' } });
const onToastPrimary = css({ bg: 'white!', color: 'ink.900!', _hover: { bg: 'rgba(255,255,255,0.88)!' } });
