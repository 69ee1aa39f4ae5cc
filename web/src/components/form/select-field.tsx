import type { FieldPath, FieldValues } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Field, type FieldProps } from './field';

type Named<T extends FieldValues> = { name: FieldPath<T> };

export type Option = { value: string; label: string };

/** The list item standing for "none" (a select item's value cannot be empty). */
const NONE = '\u0000none';

/**
 * A choice from a list (statuses, roles, projects, people); `placeholder` shows while nothing is
 * chosen. With `noneLabel`, the first item chooses nothing: the field then holds `null`.
 */
export function SelectField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  options,
  placeholder,
  noneLabel,
  emptyText,
  disabled,
}: Named<T> &
  Omit<FieldProps, 'name' | 'children'> & {
    options: readonly Option[];
    placeholder?: string;
    noneLabel?: string;
    /** Shown in the open list when there is nothing to choose. */
    emptyText?: string;
    disabled?: boolean;
  }) {
  const items = noneLabel ? [{ value: NONE, label: noneLabel }, ...options] : options;
  return (
    <Field name={name} label={label} hint={hint} className={className}>
      {({ control, field }) => (
        <Select
          value={field.value ?? (noneLabel ? NONE : '')}
          onValueChange={(value) => field.onChange(value === NONE ? null : value)}
          disabled={disabled}
          name={field.name}
        >
          <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {items.length === 0 && emptyText && (
              <div className="px-2 py-1.5 text-sm text-muted-foreground">{emptyText}</div>
            )}
            {items.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}
