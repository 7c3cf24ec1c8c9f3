import { useActorRef } from '@xstate/react';
import { useSelector } from '../../../app/use-selector.ts';
import { useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { IMAGE_ACCEPT } from '../../../../domain/stock/image.ts';
import { selectImageField } from '../../../../machines/fields/image-upload.selectors.ts';
import { useAppSystem } from '../../../app/app-context.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { imageUploaderMachine } from '../../../resources/stock-providers.ts';
import { asText, describedBy, fieldIds, LabelledField } from './field-frame.tsx';
import type { FieldProps } from './field-props.ts';

const frame = css({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  w: '24',
  h: '24',
  borderRadius: 'md',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  bg: 'bg.subtle',
  color: 'fg.muted',
  overflow: 'hidden',
});

/**
 * An uploaded image: the preview, "Choose image" (a file picker), "Remove"; while the file is
 * on its way the field says so. The uploader machine checks and sends the file; its answer
 * becomes the form's value (an id for a product, an address for the website's images).
 */
function ImageUpload(props: FieldProps & { store: 'id' | 'url' }) {
  const { field, value, error, readOnly, onChange, store } = props;
  const system = useAppSystem();
  const commit = useRef(onChange);
  commit.current = onChange;
  const machine = useMemo(
    () => imageUploaderMachine(system, (image) => commit.current(image ? (store === 'id' ? image.id : image.url) : '')),
    [system, store],
  );
  const actor = useActorRef(machine, { inspect: system.inspect });
  const text = asText(value);
  const view = useSelector(actor, (s) => selectImageField(s, text, store));
  const input = useRef<HTMLInputElement>(null);
  const shown = view.error ?? error;
  const ids = fieldIds(field.name);

  return (
    <LabelledField field={field} error={shown} readOnly={readOnly}>
      <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
        <div className={frame} aria-live="polite">
          {view.uploading ? (
            <Spinner size="md" label={`Uploading ${view.fileName ?? 'the image'}`} />
          ) : view.preview ? (
            <img src={view.preview} alt={`${field.label}: preview`} className={css({ w: 'full', h: 'full', objectFit: 'cover' })} />
          ) : (
            <Icon name="image" label={text ? 'No preview for this address' : 'No image'} />
          )}
        </div>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minW: '0', flex: '1' })}>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <input
              ref={input}
              id={`${ids.control}-file`}
              type="file"
              accept={IMAGE_ACCEPT}
              aria-label={`Choose ${field.label.toLowerCase()} file`}
              className={css({ srOnly: true })}
              tabIndex={-1}
              disabled={readOnly || !view.canChoose}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) actor.send({ type: 'image.choose', file });
              }}
            />
            <Button variant="outline" size="sm" loading={view.uploading} disabled={readOnly || !view.canChoose} onClick={() => input.current?.click()}>
              <Icon name="image" size="sm" />
              {text ? 'Replace image' : 'Choose image'}
            </Button>
            {view.canRemove ? (
              <Button variant="ghost" tone="error" size="sm" disabled={readOnly} onClick={() => actor.send({ type: 'image.remove' })}>
                <Icon name="trash" size="sm" />
                Remove
              </Button>
            ) : null}
          </div>
          {store === 'url' ? (
            <Field.Input
              name={field.name}
              aria-describedby={describedBy(field, shown)}
              placeholder={field.placeholder}
              value={text}
              onChange={(e) => onChange(e.currentTarget.value)}
            />
          ) : (
            // The id itself means nothing to a person; the control that takes the focus on an error is the button above.
            <input type="hidden" name={field.name} value={text} />
          )}
        </div>
      </div>
    </LabelledField>
  );
}

export const ImageField = (props: FieldProps) => <ImageUpload {...props} store="id" />;
export const ImageUrlField = (props: FieldProps) => <ImageUpload {...props} store="url" />;
