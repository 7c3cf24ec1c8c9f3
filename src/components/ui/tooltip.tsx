import { Portal } from '@ark-ui/react/portal';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import type { ReactElement, ReactNode } from 'react';
import { tooltip } from 'styled-system/recipes/tooltip';
import { createSlots } from './slots.ts';

const { withRootProvider, withContext } = createSlots(tooltip);

export const Tooltip = {
  Root: withRootProvider(ArkTooltip.Root),
  Trigger: withContext(ArkTooltip.Trigger, 'trigger'),
  Positioner: withContext(ArkTooltip.Positioner, 'positioner'),
  Content: withContext(ArkTooltip.Content, 'content'),
  Arrow: withContext(ArkTooltip.Arrow, 'arrow'),
  ArrowTip: withContext(ArkTooltip.ArrowTip, 'arrowTip'),
};

export interface SimpleTooltipProps {
  content: ReactNode;
  /** One focusable element; it stays the trigger (asChild). */
  children: ReactElement;
  placement?: 'top' | 'bottom' | 'left' | 'right' | 'right-start';
  disabled?: boolean;
  /** Share the trigger id with another Ark root on the same element (e.g. a Menu trigger). */
  triggerId?: string;
}

/** A hover/focus label for an icon-only control. The control keeps its own aria-label. */
export function SimpleTooltip({ content, children, placement = 'bottom', disabled, triggerId }: SimpleTooltipProps) {
  if (disabled) return children;
  return (
    <Tooltip.Root {...(triggerId ? { ids: { trigger: triggerId } } : {})} positioning={{ placement }} openDelay={300} closeDelay={0} lazyMount unmountOnExit>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{content}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
