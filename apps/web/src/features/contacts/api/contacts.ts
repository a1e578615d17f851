import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type Contact, type ContactCreate, type ContactUpdate, contactListSchema, contactSchema } from '@syrx/contracts/contacts';
import { v2Api } from '../../../lib/api-client';

/** The same keys as the project editor's people lists, so a change here refreshes its selects. */
export const contactKeys = {
  all: ['contacts'] as const,
  ofGroup: (groupId: number) => ['contacts', 'group', groupId] as const,
};

/** GET /api/v2/groups/{groupId}/contacts; nothing is asked without a group. */
export const useGroupContacts = (groupId: number | undefined) =>
  useQuery({
    queryKey: contactKeys.ofGroup(groupId ?? 0),
    queryFn: () => v2Api(`/groups/${groupId}/contacts`, { schema: contactListSchema }),
    enabled: groupId !== undefined,
  });

/** POST /api/v2/contacts (a new contact, `id` null) or PUT /api/v2/contacts/{id}. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContactCreate | ContactUpdate }): Promise<Contact> =>
      id === null ? v2Api('/contacts', { method: 'POST', body, schema: contactSchema }) : v2Api(`/contacts/${id}`, { method: 'PUT', body, schema: contactSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** DELETE /api/v2/contacts/{id} (204). */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => v2Api(`/contacts/${id}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
