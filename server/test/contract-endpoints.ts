import type { Endpoint } from '@contract/endpoint';

/** Every endpoint group the contract exports (`export const xApi = endpoints(...)`), flattened. */
export function contractEndpoints(): Endpoint[] {
  const modules = import.meta.glob<Record<string, unknown>>(['../../contract/*.ts', '!**/*.test.ts'], {
    eager: true,
  });
  const found: Endpoint[] = [];
  for (const module of Object.values(modules)) {
    for (const [name, value] of Object.entries(module)) {
      if (!name.endsWith('Api') || !value || typeof value !== 'object') continue;
      found.push(...(Object.values(value) as Endpoint[]));
    }
  }
  return found;
}
