import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useState } from 'react';
import { selectBusy, selectFieldErrors } from '../../../machines/auth.machine.ts';
import { selectAlert } from '../../../machines/alert.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { LoginView } from './login-view.tsx';

/** Sign-in: the fields are the person's draft; what happens on submit is the auth machine's. */
export function LoginScreen() {
  const { auth, alert } = useAppSystem();
  const busy = useSelector(auth, selectBusy);
  const errors = useSelector(auth, selectFieldErrors);
  const shown = useSelector(alert, selectAlert, shallowEqual);
  const [fields, setFields] = useState({ email: '', password: '' });

  return (
    <LoginView
      email={fields.email}
      password={fields.password}
      errors={errors}
      busy={busy}
      alert={shown}
      onChange={(field, value) => setFields((f) => ({ ...f, [field]: value }))}
      onSubmit={() => auth.send({ type: 'login.submit', ...fields })}
    />
  );
}
