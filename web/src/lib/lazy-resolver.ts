import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a contract schema that is loaded on first validation, so a page
 * whose first paint must be light (sign-in) does not ship zod up front. The same schema validates
 * on the server; until it arrives, nothing is validated (the first submit waits for it).
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<ZodType>): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return (await ready)(values, context, options);
  };
}
