import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { DASHBOARD_PATH } from '../../../domain/paths.ts';
import { PASSWORD_FORM, PROFILE_FORM } from '../../../machines/profile/profile.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useSelector } from '../../app/use-selector.ts';
import type { ProfileData } from '../../pages/loaders/profile.ts';
import { profileScreenMachine } from '../../resources/profile-providers.ts';
import { FormView, type FormActor } from '../resource/form-view.tsx';
import type { ScreenProps } from '../screen-props.ts';
import { SessionsCard } from './sessions-card.tsx';

const BACK = { href: DASHBOARD_PATH, label: 'Back to the dashboard' };

/** /admin/profile (the user menu's Profile): name and email, the password, the signed-in sessions. */
export default function ProfileRoute({ title, data }: ScreenProps) {
  const system = useAppSystem();
  const machine = useMemo(() => profileScreenMachine(system), [system]);
  const user = system.auth.getSnapshot().context.user;
  const actor = useActorRef(machine, {
    input: { user: { name: user?.name ?? '', email: user?.email ?? '' }, sessions: (data as ProfileData | undefined)?.sessions },
    inspect: system.inspect,
  });
  const profileForm = useSelector(actor, (s) => s.children.profileForm) as FormActor;
  const passwordForm = useSelector(actor, (s) => s.children.passwordForm) as FormActor;
  const sessions = useSelector(actor, (s) => s.children.sessions);
  return (
    <div className={css({ display: 'grid', gap: '6', maxW: '4xl' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '-3' })}>How you sign in, and where you are signed in. Fields marked * are required.</p>
      <FormView actor={profileForm} title={title} fields={PROFILE_FORM.fields} what="profile" back={BACK} section={{ title: 'Name and email' }} cancel={false} />
      <FormView
        actor={passwordForm}
        title={title}
        fields={PASSWORD_FORM.fields}
        what="password"
        back={BACK}
        section={{ title: 'Password', description: 'Changing it signs you out on your other devices.' }}
        submitLabel="Change password"
        cancel={false}
      />
      {sessions ? <SessionsCard actor={sessions} /> : null}
    </div>
  );
}
