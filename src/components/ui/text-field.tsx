import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { field } from 'styled-system/recipes/field';
import { Icon } from './icon.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: string;
  helper?: ReactNode;
  /** An error message; when present the field is invalid and the message is announced. */
  error?: string | undefined;
  /** Text, e.g. the machine's value; pair with onValueChange. */
  onValueChange?: (value: string) => void;
}

const data = (on: boolean | undefined) => (on ? '' : undefined);
const part = (name: string) => ({ 'data-scope': 'field', 'data-part': name });

/**
 * The common case: label, input, helper or error text under it, with the field recipe and the
 * same ids, ARIA and data attributes as Ark's Field (components/ui/field.tsx), which the forms
 * use. This one needs no Ark, so the sign-in form (its only user) loads none.
 */
export function TextField({ label, helper, error, required, disabled, readOnly, onValueChange, onChange, className, id, ...input }: TextFieldProps) {
  const auto = useId();
  const controlId = id ?? `field::${auto}`;
  const classes = field();
  const invalid = Boolean(error);
  const states = { 'data-disabled': data(disabled), 'data-invalid': data(invalid), 'data-readonly': data(readOnly) };
  return (
    <div {...part('root')} role="group" {...states} className={classes.root}>
      <label {...part('label')} {...states} data-required={data(required)} htmlFor={controlId} className={classes.label}>
        {label}
        {required ? (
          <span {...part('required-indicator')} aria-hidden className={classes.requiredIndicator}>
            *
          </span>
        ) : null}
      </label>
      <input
        {...part('input')}
        id={controlId}
        aria-describedby={helper && !invalid ? `${controlId}::helper-text` : undefined}
        aria-errormessage={invalid ? `${controlId}::error-text` : undefined}
        aria-invalid={invalid || undefined}
        data-invalid={data(invalid)}
        data-required={data(required)}
        data-readonly={data(readOnly)}
        required={required}
        disabled={disabled}
        readOnly={readOnly}
        className={cx(classes.input, className)}
        onChange={(e) => {
          onChange?.(e);
          onValueChange?.(e.currentTarget.value);
        }}
        {...input}
      />
      {error ? (
        <span {...part('error-text')} id={`${controlId}::error-text`} aria-live="polite" className={classes.errorText}>
          <Icon name="alert" size="sm" />
          {error}
        </span>
      ) : helper ? (
        <span {...part('helper-text')} id={`${controlId}::helper-text`} data-disabled={data(disabled)} className={classes.helperText}>
          {helper}
        </span>
      ) : null}
    </div>
  );
}
