import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactCreate, ContactUpdate } from '@syrx/contracts/contacts';
import { contactCategoryRoutes } from '@syrx/contracts/routes/catalogues';
import { contactsRoutes } from '@syrx/contracts/routes/contacts';
import { callRoute } from '../../../lib/api-client';

/** The same keys as the project editor's people lists, so a change here refreshes its selects. */
export const contactKeys = {
  all: ['contacts'] as const,
  ofGroup: (groupId: number) => ['contacts', 'group', groupId] as const,
};

/** GET /api/v2/groups/{groupId}/contacts; nothing is asked without a group. */
export const useGroupContacts = (groupId: number | undefined) =>
  useQuery({
    queryKey: contactKeys.ofGroup(groupId ?? 0),
    queryFn: () => callRoute(contactsRoutes.forGroup, { params: { groupId: groupId ?? 0 } }),
    enabled: groupId !== undefined,
  });

/** POST /api/v2/contacts (a new contact, `id` null) or PUT /api/v2/contacts/{id}. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ContactCreate | ContactUpdate }): Promise<Contact> =>
      id === null ? callRoute(contactsRoutes.create, { body: body as ContactCreate }) : callRoute(contactsRoutes.update, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** DELETE /api/v2/contacts/{id} (204). */
export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(contactsRoutes.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** GET /api/v2/contact-categories/choices: the categories a contact may have (Admin › Contact categories), by name. */
export const useContactCategoryChoices = () => useQuery({ queryKey: ['contact-category-choices'], queryFn: () => callRoute(contactCategoryRoutes.choices) });
