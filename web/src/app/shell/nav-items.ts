import type { Role } from '@contract/auth';
import {
  BarChart3,
  CalendarCheck,
  CalendarRange,
  ClipboardList,
  FolderKanban,
  House,
  KeyRound,
  ListTodo,
  type LucideIcon,
  MessageSquare,
  TreePalm,
  ShieldCheck,
  Timer,
  Users,
} from 'lucide-react';

export interface NavEntry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Stable test id: nav-<slug>. */
  slug: string;
  /** Other paths that highlight this entry. */
  alsoActiveOn?: string[];
  /** the letter after 'g' that goes there (docs/product/client-behaviour.md#keyboard-shortcuts) */
  key: string;
}

export const mainNav: NavEntry[] = [
  { to: '/', label: 'Home', icon: House, slug: 'home', key: 'h' },
  { to: '/my-tasks', label: 'My Tasks', icon: ListTodo, slug: 'my-tasks', key: 'm' },
  { to: '/advanced-tasks', label: 'Advanced Tasks', icon: ClipboardList, slug: 'advanced-tasks', key: 'a' },
  { to: '/projects', label: 'Projects', icon: FolderKanban, slug: 'projects', key: 'p' },
  { to: '/tracker', label: 'Time Tracker', icon: Timer, slug: 'tracker', key: 't' },
  { to: '/attendance', label: 'Attendance', icon: CalendarCheck, slug: 'attendance', key: 'd' },
  { to: '/timesheets', label: 'Timesheets', icon: CalendarRange, slug: 'timesheets', key: 's' },
  { to: '/time-off', label: 'Time off', icon: TreePalm, slug: 'time-off', key: 'o' },
  { to: '/chat', label: 'Chat', icon: MessageSquare, slug: 'chat', key: 'c' },
  { to: '/reports', label: 'Reports', icon: BarChart3, slug: 'reports', key: 'r' },
  { to: '/team/manage', label: 'Team', icon: Users, slug: 'team', key: 'e' },
];

export const adminNav: NavEntry[] = [
  {
    to: '/admin',
    label: 'Admin Dashboard',
    icon: ShieldCheck,
    slug: 'admin',
    alsoActiveOn: ['/admin/pending-users'],
    key: 'x',
  },
  {
    to: '/admin/user-credentials',
    label: 'User Credentials',
    icon: KeyRound,
    slug: 'user-credentials',
    key: 'u',
  },
];

export const isAdmin = (role: Role | string | undefined) => role === 'admin';

const sectionTitles: Record<string, string> = {
  '/': 'Dashboard',
  '/my-tasks': 'My Tasks',
  '/advanced-tasks': 'Advanced Tasks',
  '/projects': 'Projects',
  '/tracker': 'Time Tracker',
  '/attendance': 'Attendance',
  '/chat': 'Chat',
  '/timesheets': 'Timesheets',
  '/time-off': 'Time off',
  '/profile': 'Profile',
  '/admin': 'Admin Dashboard',
  '/admin/pending-users': 'Pending Approvals',
  '/admin/user-credentials': 'User Credentials',
  '/verification-codes': 'Verification Codes',
  '/login': 'Sign In',
  '/register': 'Registration',
  '/team/manage': 'Team Management',
  '/reports': 'Reports',
};

/** The header's section name; a path that is no section is the 404 page, and says so. */
export function sectionTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A project's own page (/projects/{id}) belongs to the Projects section.
  if (/^\/projects\/[^/]+$/.test(path)) return 'Projects';
  return sectionTitles[path] ?? 'Page not found';
}

export function isEntryActive(entry: NavEntry, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (entry.to === '/projects' && path.startsWith('/projects/')) return true;
  return path === entry.to || (entry.alsoActiveOn?.includes(path) ?? false);
}
