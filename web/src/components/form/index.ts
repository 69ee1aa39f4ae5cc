/**
 * The one form layer: state and validation with the contract's schema, labelled fields, server errors.
 * The sign-in page imports `form`, `field` and `use-zod-form` directly: they are all it needs, and
 * they ship in the small public chunk (web/vite.config.ts), without the select list's libraries.
 */
export { BillableField, BillableToggle } from './billable-field';
export { ComboboxField } from './combobox-field';
export { CheckboxField, type ControlProps, Field, TextareaField, TextField } from './field';
export { useErrorText } from './error-text';
export { Form, FormMessage } from './form';
export { FormDialog } from './form-dialog';
export { NewPasswordFields } from './new-password-fields';
export { type Option, SelectField } from './select-field';
export { applyServerErrors } from './server-errors';
export { TimeZoneField } from './time-zone-field';
export { type SchemaSource, useZodForm } from './use-zod-form';
