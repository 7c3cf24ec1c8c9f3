import { PlaceholderScreen } from '../placeholder/placeholder-screen.tsx';
import type { ScreenProps } from '../screen-props.ts';

export default function LabelsRoute({ title }: ScreenProps) {
  return <PlaceholderScreen title={title} />;
}
