/** Who someone is in the organisation; what each role may do is in docs/product/roles.md. */
export const roles = ['admin', 'manager', 'employee'] as const;
export type Role = (typeof roles)[number];
