import { useSelector } from '@xstate/react';
import { selectUser } from '../../../machines/auth.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import type { ScreenProps } from '../registry.ts';
import { DashboardScreen } from './dashboard-screen.tsx';

export default function DashboardRoute(_: ScreenProps) {
  const { auth } = useAppSystem();
  const name = useSelector(auth, (s) => selectUser(s)?.name ?? '');
  return <DashboardScreen name={name} />;
}
