import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useFieldIdPrefix } from './form';

/**
 * The "$" toggle of a form (docs/product/billing.md#billable): pressed when the time will be
 * billable. Untouched it shows the project's default (`projectDefault`) and sends nothing; pressing
 * it sends the choice. Its accessible name is "Billable".
 */
export function BillableField({ name, projectDefault }: { name: string; projectDefault: boolean }) {
  const prefix = useFieldIdPrefix();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const pressed = typeof field.value === 'boolean' ? field.value : projectDefault;
  return <BillableToggle id={`${prefix}-${name}`} pressed={pressed} onPressedChange={field.onChange} />;
}

/**
 * The "$" toggle itself, outside a form too (the running timer's, switched while it runs): pressed
 * when the time is billable; `disabled` while a switch is being saved.
 */
export function BillableToggle({
  id,
  pressed,
  onPressedChange,
  disabled,
}: {
  id?: string;
  pressed: boolean;
  onPressedChange: (pressed: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <button
      id={id}
      type="button"
      aria-pressed={pressed}
      aria-label={t('billing.billable')}
      title={t(pressed ? 'billing.billableOn' : 'billing.billableOff')}
      disabled={disabled}
      onClick={() => onPressedChange(!pressed)}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-md border text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60',
        pressed
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-input bg-background text-muted-foreground',
      )}
    >
      $
    </button>
  );
}
