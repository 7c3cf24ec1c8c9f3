import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { selectBusy, selectFieldErrors } from '../../../machines/auth.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { LoginView } from './login-view.tsx';

/** Sign-in: the fields are the person's draft; what happens on submit is the auth machine's. */
export function LoginScreen() {
  const { auth, alert } = useAppSystem();
  const busy = useSelector(auth, selectBusy);
  const errors = useSelector(auth, selectFieldErrors);
  const kind = useSelector(alert, (s) => s.value);
  const message = useSelector(alert, (s) => s.context.message);
  const [fields, setFields] = useState({ email: '', password: '' });

  return (
    <LoginView
      email={fields.email}
      password={fields.password}
      errors={errors}
      busy={busy}
      alert={kind === 'none' ? null : { kind, message }}
      onChange={(field, value) => setFields((f) => ({ ...f, [field]: value }))}
      onSubmit={() => auth.send({ type: 'login.submit', ...fields })}
    />
  );
}
