import type { FieldPath, FieldValues } from 'react-hook-form';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Field, type FieldProps } from './field';

type Named<T extends FieldValues> = { name: FieldPath<T> };

/**
 * A choice from a list too long to scroll (time zones): the options are searched by typing, and
 * chosen with the arrows and Enter or by pointing (docs/product/client-behaviour.md#searchable-lists).
 * Short lists use SelectField.
 */
export function ComboboxField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  emptyText,
  disabled,
}: Named<T> &
  Omit<FieldProps, 'name' | 'children' | 'label'> & {
    label: string;
    options: readonly ComboboxOption[];
    placeholder?: string;
    emptyText?: string;
    disabled?: boolean;
  }) {
  return (
    <Field name={name} label={label} hint={hint} className={className}>
      {({ control, field }) => (
        <Combobox
          {...control}
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          options={options}
          listLabel={label}
          placeholder={placeholder}
          emptyText={emptyText}
          disabled={disabled}
        />
      )}
    </Field>
  );
}
