import type { ComponentProps, ReactNode } from 'react';
import {
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  get,
  useController,
  useFormContext,
} from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useErrorText } from './error-text';
import { useFieldIdPrefix } from './form';

/** What a field hands its control: the id its label points at, and its error state for assistive tech. */
export type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

export type FieldProps = {
  name: string;
  label: ReactNode;
  /** Shown under the control until there is an error. */
  hint?: ReactNode;
  /** The label is read by assistive tech but not shown (a composer whose placeholder says it all). */
  hideLabel?: boolean;
  className?: string;
  children: (props: {
    control: ControlProps;
    field: ControllerRenderProps<FieldValues, string>;
  }) => ReactNode;
};

/**
 * One labelled field of the surrounding Form: its label, its control (rendered by `children`) and
 * its message. The control gets `aria-invalid` and `aria-describedby` pointing at the error (or the
 * hint), and the error is announced when it appears.
 */
export function Field({ name, label, hint, hideLabel, className, children }: FieldProps) {
  const prefix = useFieldIdPrefix();
  const { control, formState } = useFormContext();
  const { field } = useController({ name, control });
  const errorText = useErrorText();
  const error = errorText((get(formState.errors, name) as { message?: string } | undefined)?.message);
  const id = `${prefix}-${name}`;
  const messageId = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={hideLabel ? 'sr-only' : undefined}>
        {label}
      </Label>
      {children({ control: { id, 'aria-invalid': Boolean(error), 'aria-describedby': messageId }, field })}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

type Named<T extends FieldValues> = { name: FieldPath<T> };

/**
 * A text input field (any `type`: text, email, password, date, time, number…). A number field holds
 * a number, and undefined when emptied (so the schema's default applies); a field given
 * `empty={null}` holds null when emptied (an optional date: cleared means none).
 */
export function TextField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  inputClassName,
  type = 'text',
  empty,
  hideLabel,
  ...input
}: Named<T> &
  Omit<FieldProps, 'name' | 'children'> &
  Omit<ComponentProps<'input'>, 'name' | 'id' | 'className'> & {
    inputClassName?: string;
    empty?: null;
  }) {
  const emptiable = type === 'number' || empty === null;
  return (
    <Field name={name} label={label} hint={hint} hideLabel={hideLabel} className={className}>
      {({ control, field }) => (
        <Input
          {...input}
          {...control}
          className={inputClassName}
          type={type}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(e) => {
            const { value } = e.target;
            if (value === '' && emptiable) field.onChange(empty);
            else field.onChange(type === 'number' ? e.target.valueAsNumber : value);
          }}
        />
      )}
    </Field>
  );
}

export function TextareaField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  hideLabel,
  className,
  textareaClassName,
  ...textarea
}: Named<T> &
  Omit<FieldProps, 'name' | 'children'> &
  Omit<ComponentProps<'textarea'>, 'name' | 'id' | 'className'> & { textareaClassName?: string }) {
  return (
    <Field name={name} label={label} hint={hint} hideLabel={hideLabel} className={className}>
      {({ control, field }) => (
        <Textarea
          {...textarea}
          {...control}
          className={textareaClassName}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A yes/no choice of the surrounding Form: the box, its label beside it, and an optional hint below. */
export function CheckboxField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
}: Named<T> & { label: ReactNode; hint?: ReactNode; className?: string }) {
  const prefix = useFieldIdPrefix();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const id = `${prefix}-${name}`;
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={id} className="flex items-start gap-2 text-sm text-foreground">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-primary"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          checked={Boolean(field.value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => field.onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="pl-6 text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
