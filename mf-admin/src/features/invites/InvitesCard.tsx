import {
  Alert,
  Button,
  Card,
  chakra,
  errorMessage,
  Field,
  FormInput,
  Heading,
  HStack,
  isApiError,
  Spinner,
  Stack,
  Text,
  toast,
} from '@rampquote/web-kit';
import { useState } from 'react';
import {
  useAdminInvitesAddMutation,
  useAdminInvitesListQuery,
  useAdminInvitesRemoveMutation,
  type AdminInvite,
} from './invites-api';

/** Beta invitations: list, add an e-mail or a domain, remove. */
export function InvitesCard() {
  const list = useAdminInvitesListQuery();
  const [add, { isLoading: adding }] = useAdminInvitesAddMutation();
  const [remove] = useAdminInvitesRemoveMutation();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const text = value.trim();
    if (!text) {
      setFieldError('Enter an e-mail address or a domain such as example.com');
      return;
    }
    try {
      const invite = await add(text).unwrap();
      setValue('');
      setFieldError(null);
      toast({ title: 'Invitation added', description: `${invite.value} may now sign in.`, type: 'success' });
    } catch (err) {
      const detail = isApiError(err) ? err.body?.details?.[0]?.message : undefined;
      if (isApiError(err) && err.status === 409) setFieldError('Already invited');
      else if (detail) setFieldError(detail);
      else toast({ title: 'Could not add the invitation', description: errorMessage(err), type: 'error' });
    }
  }

  async function removeInvite(invite: AdminInvite) {
    try {
      await remove(invite.id).unwrap();
      toast({ title: 'Invitation removed', description: invite.value, type: 'success' });
    } catch (err) {
      toast({ title: 'Could not remove the invitation', description: errorMessage(err), type: 'error' });
    }
  }

  return (
    <Card.Root as="section" aria-labelledby="invites-heading">
      <Card.Header>
        <Heading as="h2" size="lg" id="invites-heading">
          Beta Invitations
        </Heading>
        <Text color="fg.muted">Invited e-mail addresses, and domains whose every address is invited.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <form onSubmit={submit} noValidate>
            <HStack align="end" gap="3">
              <Field.Root invalid={Boolean(fieldError)} flex="1">
                <Field.Label>E-mail or domain</Field.Label>
                <FormInput
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  placeholder="pilot@example.com or example.com"
                />
                <Field.ErrorText>{fieldError}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" loading={adding}>
                Invite
              </Button>
            </HStack>
          </form>
          {list.isLoading ? (
            <Spinner size="sm" />
          ) : list.isError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>Error loading invitations</Alert.Title>
              <Alert.Description>{errorMessage(list.error)}</Alert.Description>
            </Alert.Root>
          ) : list.data?.invites.length ? (
            <chakra.ul listStyleType="none" aria-label="Invitations">
              {list.data.invites.map((invite) => (
                <HStack as="li" key={invite.id} justify="space-between" py="1" borderBottomWidth="1px">
                  <Text>
                    {invite.value}{' '}
                    <chakra.span color="fg.muted">({invite.kind === 'domain' ? 'domain' : 'e-mail'})</chakra.span>
                  </Text>
                  <Button
                    size="xs"
                    variant="outline"
                    onClick={() => removeInvite(invite)}
                    aria-label={`Remove ${invite.value}`}
                  >
                    Remove
                  </Button>
                </HStack>
              ))}
            </chakra.ul>
          ) : (
            <Text color="fg.muted">No invitations yet.</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
