import { useSelector } from '../../app/use-selector.ts';
import { selectUserName } from '../../../machines/auth.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { DashboardScreen } from './dashboard-screen.tsx';

export default function DashboardRoute(_: ScreenProps) {
  const { auth } = useAppSystem();
  const name = useSelector(auth, selectUserName);
  return <DashboardScreen name={name} />;
}
