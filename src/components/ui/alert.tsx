import type { ReactNode } from 'react';
import { alert, type AlertVariantProps } from 'styled-system/recipes/alert';
import { el } from './element.tsx';
import { createSlots } from './slots.ts';
import { Button } from './button.tsx';
import { Icon, type IconName } from './icon.tsx';

const { withProvider, withContext } = createSlots(alert);

const Root = withProvider(el.div, 'root');

/** The parts, for layouts the simple form below does not cover. */
export const Alert = {
  Root,
  Icon: withContext(el.span, 'icon'),
  Content: withContext(el.div, 'content'),
  Title: withContext(el.p, 'title'),
  Description: withContext(el.div, 'description'),
  Actions: withContext(el.div, 'actions'),
};

type Tone = 'error' | 'success' | 'warning' | 'info';

const ICONS: Record<Tone, IconName> = {
  error: 'x-circle',
  success: 'check-circle',
  warning: 'alert',
  info: 'info',
};

export interface AlertMessageProps extends Omit<AlertVariantProps, 'tone'> {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons after the text (Reload). */
  actions?: ReactNode;
  /** Offers "Try again" after the text. */
  onRetry?: () => void;
  icon?: IconName;
  className?: string;
}

/**
 * One message a person should read now (`role="alert"`): the icon of its tone, an optional
 * title, the text and its actions. Every such message in the app is this component.
 */
export function AlertMessage({ tone = 'error', variant, title, children, actions, onRetry, icon, className }: AlertMessageProps) {
  return (
    <Alert.Root role="alert" tone={tone} variant={variant} className={className}>
      <Alert.Icon>
        <Icon name={icon ?? ICONS[tone]} size={variant === 'inline' ? 'sm' : 'md'} />
      </Alert.Icon>
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        {children ? <Alert.Description>{children}</Alert.Description> : null}
      </Alert.Content>
      {actions || onRetry ? (
        <Alert.Actions>
          {actions}
          {onRetry ? (
            <Button size="sm" variant={variant === 'centered' ? 'solid' : 'outline'} onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Alert.Actions>
      ) : null}
    </Alert.Root>
  );
}
