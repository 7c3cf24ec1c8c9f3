import { shallowEqual, useSelector } from '../../app/use-selector.ts';
import { useEffect, useRef, useState } from 'react';
import { selectBusy, selectFieldErrors } from '../../../machines/auth.machine.ts';
import { selectAlert } from '../../../machines/alert.machine.ts';
import { useAppSystem } from '../../app/app-context.tsx';
import { useHydrated } from '../../app/use-hydrated.ts';
import { LoginView } from './login-view.tsx';

/** Sign-in: the fields are the person's draft; what happens on submit is the auth machine's. */
export function LoginScreen() {
  const { auth, alert } = useAppSystem();
  const busy = useSelector(auth, selectBusy);
  const errors = useSelector(auth, selectFieldErrors);
  const shown = useSelector(alert, selectAlert, shallowEqual);
  const [fields, setFields] = useState({ email: '', password: '' });
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  // A form the server drew may have been typed into (or filled by a password manager) before the
  // app took it over: React keeps what the fields hold, and the draft takes it from them.
  useEffect(() => {
    const typed = (name: string) => {
      const input = form.current?.elements.namedItem(name);
      return input instanceof HTMLInputElement ? input.value : '';
    };
    const email = typed('email');
    const password = typed('password');
    if (email || password) setFields((f) => ({ email: f.email || email, password: f.password || password }));
  }, []);

  return (
    <LoginView
      formRef={form}
      ready={hydrated}
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
