import type { FormEvent, Ref } from 'react';
import { css, cx } from 'styled-system/css';
import { AlertMessage } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Logo, PRODUCT_NAME } from '../../components/ui/logo.tsx';

export type LoginField = 'email' | 'password';

export interface LoginViewProps {
  email: string;
  password: string;
  errors: { email?: string | undefined; password?: string | undefined };
  busy: boolean;
  /** The page alert of SPEC §4 (e.g. a failed sign-in), if any. */
  alert?: { kind: 'success' | 'danger'; message: string } | null;
  onChange(field: LoginField, value: string): void;
  onSubmit(): void;
  /** False while the app has not taken over a form the server drew: the fields take typing, the button waits. */
  ready?: boolean;
  formRef?: Ref<HTMLFormElement>;
}

const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', role: 'Super Admin' },
  { email: 'manager@example.com', role: 'Manager' },
  { email: 'cashier@example.com', role: 'Cashier' },
] as const;

export function LoginView({ email, password, errors, busy, alert, onChange, onSubmit, ready = true, formRef }: LoginViewProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <div className={css({ w: 'full', maxW: '440px', display: 'flex', flexDirection: 'column', gap: '5' })}>
      <Card.Root className={css({ boxShadow: 'lg' })}>
        <Card.Body className={css({ p: { base: '6', sm: '9' }, display: 'flex', flexDirection: 'column', gap: '6' })}>
          <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '5' })}>
            <Logo withName={false} />
            <div>
              <h1 className={css({ fontSize: '2xl', fontWeight: 'bold', letterSpacing: '-0.02em', lineHeight: 'tight' })}>{PRODUCT_NAME}</h1>
              <p className={css({ mt: '1.5', fontSize: 'sm', color: 'fg.muted' })}>Sign in to manage products, stock and sales.</p>
            </div>
          </div>

          {alert ? <AlertMessage tone={alert.kind === 'danger' ? 'error' : 'success'}>{alert.message}</AlertMessage> : null}

          <form ref={formRef} noValidate onSubmit={submit} aria-label="Sign in" className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              error={errors.email}
              onValueChange={(v) => onChange('email', v)}
            />
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              placeholder="Your password"
              value={password}
              error={errors.password}
              onValueChange={(v) => onChange('password', v)}
            />
            <Button type="submit" size="lg" fullWidth loading={busy} disabled={!ready} className={css({ mt: '2' })}>
              Sign in
            </Button>
          </form>
        </Card.Body>
      </Card.Root>

      <aside
        aria-label="Demo accounts"
        className={css({
          p: '4',
          borderRadius: 'lg',
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'primary.fg',
          bg: 'primary.subtle',
          color: 'fg.default',
          fontSize: 'sm',
        })}
      >
        <p className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', color: 'primary.fg' })}>
          <Icon name="info" size="sm" />
          Try it with a demo account
        </p>
        <ul className={css({ mt: '2', display: 'grid', gap: '1', listStyle: 'none' })}>
          {DEMO_ACCOUNTS.map((a) => (
            <li key={a.email} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
              <code className={css({ fontFamily: 'mono', fontSize: 'xs' })}>{a.email}</code>
              <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>{a.role}</span>
            </li>
          ))}
        </ul>
        <p className={css({ mt: '2', fontSize: 'xs', color: 'fg.muted' })}>
          Password for all three: <code className={css({ fontFamily: 'mono', color: 'fg.default' })}>password</code>
        </p>
      </aside>
    </div>
  );
}
