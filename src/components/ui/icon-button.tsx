import { Button, type ButtonProps } from './button.tsx';
import { Icon, type IconName } from './icon.tsx';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'square' | 'aria-label'> {
  /** Required: an icon-only button has no other accessible name. */
  'aria-label': string;
  icon: IconName;
}

/** Round, icon-only button; defaults to the muted ghost look used in the top bar. */
export function IconButton({ icon, variant = 'ghost', tone = 'neutral', ...rest }: IconButtonProps) {
  return (
    <Button variant={variant} tone={tone} square {...rest}>
      <Icon name={icon} />
    </Button>
  );
}
