import type { ScreenProps } from '../screen-props.ts';
import { PlaceholderScreen } from './placeholder-screen.tsx';

/** Route entry for every screen that is not built yet. */
export default function PlaceholderRoute({ title }: ScreenProps) {
  return <PlaceholderScreen title={title} />;
}
