import { z } from 'zod';
import { idParam, text } from './common';
import { endpoints } from './endpoint';
import { labelSchema } from './tasks';

export { labelSchema, type Label } from './tasks';

/** #rrggbb, the form a colour input gives. */
export const LABEL_COLOR = /^#[0-9a-fA-F]{6}$/;

/** The colours the label form offers; each keeps white text readable (docs/product/tasks.md#labels). */
export const labelColors = [
  '#b91c1c',
  '#c2410c',
  '#a16207',
  '#15803d',
  '#0f766e',
  '#1d4ed8',
  '#6d28d9',
  '#be185d',
  '#4b5563',
] as const;

const labelName = text({ required: 'label_name_required', max: 40, tooLong: 'label_name_too_long' });
const labelColor = z.string({ message: 'label_color_invalid' }).regex(LABEL_COLOR, 'label_color_invalid');

export const createLabelRequest = z.object({ name: labelName, color: labelColor });
export type CreateLabelRequest = z.input<typeof createLabelRequest>;
export const updateLabelRequest = z
  .object({ name: labelName.optional(), color: labelColor.optional() })
  .refine((b) => b.name !== undefined || b.color !== undefined, { message: 'nothing_to_change' });

export const labelsApi = endpoints('Labels', {
  list: {
    method: 'GET',
    path: '/api/labels',
    summary: "The organisation's labels, by name",
    access: 'signedIn',
    responses: { 200: z.array(labelSchema) },
  },
  create: {
    method: 'POST',
    path: '/api/labels',
    summary: 'Add a label (name unique whatever its case)',
    access: ['manager', 'admin'],
    body: createLabelRequest,
    responses: { 201: labelSchema },
  },
  update: {
    method: 'PATCH',
    path: '/api/labels/{id}',
    summary: 'Rename or recolour a label',
    access: ['manager', 'admin'],
    params: idParam,
    body: updateLabelRequest,
    responses: { 200: labelSchema },
  },
  remove: {
    method: 'DELETE',
    path: '/api/labels/{id}',
    summary: 'Delete a label; the tasks carrying it lose it',
    access: ['manager', 'admin'],
    params: idParam,
    responses: { 204: null },
  },
});
