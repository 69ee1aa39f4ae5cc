import type { DashboardStats } from '@contract/dashboard';
import { useQuery } from '@tanstack/react-query';

export function useDashboardStats() {
  return useQuery<DashboardStats>({ queryKey: ['/api/dashboard/stats'] });
}

/** The few task fields the dashboard shows; the tasks feature owns the full shape. */
export type RecentTask = {
  id: string;
  title: string;
  status: 'todo' | 'in_progress' | 'pending_review' | 'completed';
  priority: 'low' | 'medium' | 'high';
  project: string | null;
  dueDate: string | null;
};

export function useMyTasks() {
  return useQuery<RecentTask[]>({ queryKey: ['/api/my-tasks'] });
}
