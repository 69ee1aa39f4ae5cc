import type { FieldValues, Resolver, UseFormProps, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '@/lib/i18n';

type Schema = z.ZodType<FieldValues, FieldValues>;
/** A schema, or a loader for one: the sign-in page fetches zod only when the form is first sent. */
export type SchemaSource<S extends Schema> = S | (() => Promise<S>);

/**
 * Validates with the contract's own schema, so the browser shows the exact messages the server
 * would answer with (keys of locales/<language>/errors.json, shown by the fields in the screen's
 * language). A loader is called on the first submit and its schema kept.
 */
function contractResolver<S extends Schema>(
  source: SchemaSource<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let resolver: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([
      typeof source === 'function' ? source() : Promise.resolve(source),
      import('@hookform/resolvers/zod'),
      // The schema's messages are keys of the `errors` area: its words are there before any shows.
      i18n.loadNamespaces('errors'),
    ]).then(
      ([schema, { zodResolver }]) =>
        zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    );
    return (await resolver)(values, context, options);
  };
}

/**
 * The one way to hold a form's state (react-hook-form): values typed by the schema's input, the
 * submit handler receives its output (defaults applied, text trimmed). Every field's error shows on
 * submit, then each updates as it is corrected.
 */
export function useZodForm<S extends Schema>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'firstError',
    ...options,
    resolver: contractResolver(schema),
  });
}
