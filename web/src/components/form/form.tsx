import { createContext, type ReactNode, useContext, useId } from 'react';
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { dismissStaleToasts } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useErrorText } from './error-text';

const IdPrefix = createContext('field');
/** The prefix of the form's field ids (`{prefix}-{name}`), so a label, its control and its messages pair up. */
export const useFieldIdPrefix = () => useContext(IdPrefix);

/**
 * A form: the browser's own validation is off (the contract's schema decides, with its messages),
 * and the submit handler only runs when every field is valid. A submit refused for its fields withdraws
 * the toast an earlier submit left ('Schedule Saved' never stands beside the errors).
 */
export function Form<In extends FieldValues, Out extends FieldValues>({
  form,
  onSubmit,
  idPrefix,
  className,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  onSubmit: SubmitHandler<Out>;
  /** Stable field ids (tests and links may point at them); a unique one otherwise. */
  idPrefix?: string;
  className?: string;
  children: ReactNode;
}) {
  const generated = useId().replace(/:/g, '');
  return (
    <FormProvider {...form}>
      <IdPrefix.Provider value={idPrefix ?? generated}>
        <form
          noValidate
          onSubmit={form.handleSubmit(onSubmit, dismissStaleToasts)}
          className={cn('flex flex-col gap-4', className)}
        >
          {children}
        </form>
      </IdPrefix.Provider>
    </FormProvider>
  );
}

/** A message about the whole form (the server refused it), announced to screen readers. */
export function FormMessage({ children, testId }: { children: ReactNode; testId?: string }) {
  const errorText = useErrorText();
  if (!children) return null;
  return (
    <p
      role="alert"
      data-testid={testId}
      className="rounded-md bg-danger-soft px-3 py-2 text-sm text-danger-foreground"
    >
      {typeof children === 'string' ? errorText(children) : children}
    </p>
  );
}
