import type { Role } from '@contract/auth';
import {
  BarChart3,
  Building2,
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

/** Marks a message key kept in data (scripts/check-messages.mjs counts it as used). */
export const msg = <K extends string>(key: K) => key;

export interface NavEntry {
  to: string;
  /** the message key of its name (shell area) */
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
  { to: '/', label: msg('shell:nav.home'), icon: House, slug: 'home', key: 'h' },
  { to: '/my-tasks', label: msg('shell:nav.myTasks'), icon: ListTodo, slug: 'my-tasks', key: 'm' },
  {
    to: '/advanced-tasks',
    label: msg('shell:nav.advancedTasks'),
    icon: ClipboardList,
    slug: 'advanced-tasks',
    key: 'a',
  },
  { to: '/projects', label: msg('shell:nav.projects'), icon: FolderKanban, slug: 'projects', key: 'p' },
  { to: '/clients', label: msg('shell:nav.clients'), icon: Building2, slug: 'clients', key: 'l' },
  { to: '/tracker', label: msg('shell:nav.tracker'), icon: Timer, slug: 'tracker', key: 't' },
  {
    to: '/attendance',
    label: msg('shell:nav.attendance'),
    icon: CalendarCheck,
    slug: 'attendance',
    key: 'd',
  },
  {
    to: '/timesheets',
    label: msg('shell:nav.timesheets'),
    icon: CalendarRange,
    slug: 'timesheets',
    key: 's',
  },
  { to: '/time-off', label: msg('shell:nav.timeOff'), icon: TreePalm, slug: 'time-off', key: 'o' },
  { to: '/chat', label: msg('shell:nav.chat'), icon: MessageSquare, slug: 'chat', key: 'c' },
  { to: '/reports', label: msg('shell:nav.reports'), icon: BarChart3, slug: 'reports', key: 'r' },
  { to: '/team/manage', label: msg('shell:nav.team'), icon: Users, slug: 'team', key: 'e' },
];

export const adminNav: NavEntry[] = [
  {
    to: '/admin',
    label: msg('shell:nav.admin'),
    icon: ShieldCheck,
    slug: 'admin',
    alsoActiveOn: ['/admin/pending-users'],
    key: 'x',
  },
  {
    to: '/admin/user-credentials',
    label: msg('shell:nav.userCredentials'),
    icon: KeyRound,
    slug: 'user-credentials',
    key: 'u',
  },
];

export const isAdmin = (role: Role | string | undefined) => role === 'admin';

const sectionTitles: Record<string, string> = {
  '/': msg('shell:section.dashboard'),
  '/my-tasks': msg('shell:section.myTasks'),
  '/advanced-tasks': msg('shell:section.advancedTasks'),
  '/projects': msg('shell:section.projects'),
  '/clients': msg('shell:section.clients'),
  '/tracker': msg('shell:section.tracker'),
  '/attendance': msg('shell:section.attendance'),
  '/chat': msg('shell:section.chat'),
  '/timesheets': msg('shell:section.timesheets'),
  '/time-off': msg('shell:section.timeOff'),
  '/profile': msg('shell:section.profile'),
  '/admin': msg('shell:section.admin'),
  '/admin/pending-users': msg('shell:section.pendingUsers'),
  '/admin/user-credentials': msg('shell:section.userCredentials'),
  '/verification-codes': msg('shell:section.verificationCodes'),
  '/login': msg('shell:section.login'),
  '/register': msg('shell:section.register'),
  '/team/manage': msg('shell:section.teamManage'),
  '/reports': msg('shell:section.reports'),
  '/trash': msg('shell:section.trash'),
  '/labels': msg('shell:section.labels'),
};

/** The message key of the header's section name; a path that is no section is the 404 page, and says so. */
export function sectionTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // A project's own page (/projects/{id}) belongs to the Projects section.
  if (/^\/projects\/[^/]+$/.test(path)) return msg('shell:section.projects');
  // A task's page (/tasks/{id}) reads 'Task'.
  if (/^\/tasks\/[^/]+$/.test(path)) return msg('shell:section.task');
  if (/^\/clients\/[^/]+$/.test(path)) return msg('shell:section.clients');
  return sectionTitles[path] ?? msg('shell:section.notFound');
}

export function isEntryActive(entry: NavEntry, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (entry.to === '/projects' && path.startsWith('/projects/')) return true;
  if (entry.to === '/clients' && path.startsWith('/clients/')) return true;
  return path === entry.to || (entry.alsoActiveOn?.includes(path) ?? false);
}
