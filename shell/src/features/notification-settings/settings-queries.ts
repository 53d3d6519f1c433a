import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getNotificationPreferences,
  getOrganisationSettings,
  updateNotificationPreferences,
  updateOrganisationSettings,
} from '@verity/shared-api/calls';

// The contract's shapes, as the calls give them.
export type NotificationPreference = Awaited<ReturnType<typeof getNotificationPreferences>>[number];
export type NotificationPreferenceChange = Parameters<
  typeof updateNotificationPreferences
>[0][number];

export const settingsKeys = {
  preferences: () => ['notification-preferences'] as const,
  organisation: () => ['organisation-settings'] as const,
};

export function useNotificationPreferences() {
  return useQuery({
    queryKey: settingsKeys.preferences(),
    queryFn: () => getNotificationPreferences(),
  });
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: NotificationPreferenceChange[]) => updateNotificationPreferences(changes),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.preferences(), saved),
  });
}

export function useOrganisationSettings() {
  return useQuery({
    queryKey: settingsKeys.organisation(),
    queryFn: () => getOrganisationSettings(),
  });
}

export function useSaveOrganisationTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => updateOrganisationSettings({ timeZone }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.organisation(), saved),
  });
}
