/** What pages (and other screens' pages) may use from the admin feature. */
export { AccessDenied } from './access-denied';
export { AdminStatCards } from './admin-stat-cards';
export { AdminTabs, type AdminTab } from './admin-tabs';
export { useAdminStats } from './api';
export { AuditLogTab } from './audit-log-tab';
export { InviteDialog } from './invite-dialog';
export { PendingCountCard, PendingUsersList } from './pending-users-list';
export { UserCredentials } from './user-credentials';
export { UserManagementTab } from './user-management-tab';
