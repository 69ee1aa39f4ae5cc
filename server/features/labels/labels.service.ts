import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createLabelRequest, Label, updateLabelRequest } from '@contract/labels';
import { labels } from '../../db/schema';
import type { Context } from '../../lib/context';
import { badRequest, isUniqueViolation, notFound } from '../../lib/errors';

/**
 * The organisation's labels (docs/product/tasks.md#labels): everyone reads them, managers and
 * admins (the route's access) keep them. A name is unique whatever its case (a unique index on
 * lower(name) decides between two at once).
 */
export function listLabels({ db }: Context): Promise<Label[]> {
  return db
    .select({ id: labels.id, name: labels.name, color: labels.color })
    .from(labels)
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
}

const lowerColor = (color: string) => color.toLowerCase();

async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('label_name_taken', 'name');
    throw error;
  }
}

export async function createLabel(
  { db, now }: Context,
  input: z.output<typeof createLabelRequest>,
): Promise<Label> {
  const [row] = await unique(() =>
    db
      .insert(labels)
      .values({ name: input.name, color: lowerColor(input.color), createdAt: now })
      .returning({ id: labels.id, name: labels.name, color: labels.color }),
  );
  return row;
}

export async function updateLabel(
  { db }: Context,
  id: string,
  input: z.output<typeof updateLabelRequest>,
): Promise<Label> {
  const [row] = await unique(() =>
    db
      .update(labels)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: lowerColor(input.color) } : {}),
      })
      .where(eq(labels.id, id))
      .returning({ id: labels.id, name: labels.name, color: labels.color }),
  );
  if (!row) throw notFound('label_not_found');
  return row;
}

export async function deleteLabel({ db }: Context, id: string): Promise<void> {
  const deleted = await db.delete(labels).where(eq(labels.id, id)).returning({ id: labels.id });
  if (deleted.length === 0) throw notFound('label_not_found');
}
