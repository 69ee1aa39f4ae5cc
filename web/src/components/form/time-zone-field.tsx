import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import type { ComboboxOption } from '@/components/ui/combobox';
import { timeZoneNames } from '@/lib/time-zone';
import { ComboboxField } from './combobox-field';

/**
 * A time zone, chosen from the IANA zones this browser knows by typing part of its name ("berlin",
 * "new york"), never typed out in full (docs/product/profile.md). `none` is the first choice when
 * a person may have no zone of their own (the organisation's then applies).
 */
export function TimeZoneField<T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  className,
  none,
}: {
  name: FieldPath<T>;
  label?: string;
  hint?: string;
  className?: string;
  none?: ComboboxOption;
}) {
  const { t } = useTranslation();
  // A saved zone this browser does not know is still offered, so the form keeps it.
  const saved: unknown = useWatch({ name });
  const options = useMemo(
    () => [
      ...(none ? [none] : []),
      ...timeZoneNames(typeof saved === 'string' && saved !== none?.value ? saved : null).map((zone) => ({
        value: zone,
        label: zone.replace(/_/g, ' '),
      })),
    ],
    [none, saved],
  );
  return (
    <ComboboxField
      name={name}
      label={label ?? t('fields.timeZone')}
      hint={hint}
      className={className}
      options={options}
      placeholder={t('timeZone.search')}
      emptyText={t('timeZone.empty')}
    />
  );
}
