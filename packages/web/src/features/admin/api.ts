import type { AdminInviteBody, AdminInviteResponse, AdminUser, AdminWaitlistEntry } from '@kassa/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';

// The admin page's answers change only with its own mutations, which refresh both lists (an
// approval or a disabling shows in the users' list too).
const ADMIN_KEY = ['admin'] as const;
const USERS_KEY = [...ADMIN_KEY, 'users'] as const;
const WAITLIST_KEY = [...ADMIN_KEY, 'waitlist'] as const;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
}

/** GET admin/users: every user, oldest first. */
export function useAdminUsers(enabled = true) {
  return useQuery({ queryKey: USERS_KEY, queryFn: () => apiGet<AdminUser[]>('admin/users'), enabled });
}

/** GET admin/waitlist: longest waiting first. */
export function useAdminWaitlist(enabled = true) {
  return useQuery({
    queryKey: WAITLIST_KEY,
    queryFn: () => apiGet<AdminWaitlistEntry[]>('admin/waitlist'),
    enabled,
  });
}

/** POST admin/invite: mails the address a code its sign-up uses by itself. */
export function useInvite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AdminInviteBody) => apiPost<AdminInviteResponse>('admin/invite', body),
    onSuccess: refresh,
  });
}

/** POST admin/approve/{userId}: mails a waitlisted user a code and the link to enter it. */
export function useApprove() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (userId: number) => apiPost<AdminWaitlistEntry>(`admin/approve/${userId}`),
    onSuccess: refresh,
  });
}

/** POST admin/disable/{id} or admin/enable/{id}. */
export function useSetDisabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      apiPost<AdminUser>(`admin/${disabled ? 'disable' : 'enable'}/${id}`),
    onSuccess: refresh,
  });
}
