import type { AdminFboDto, FboMemberRole } from '@rampquote/contracts';
import {
  Alert,
  Button,
  chakra,
  errorMessage,
  Field,
  HStack,
  Input,
  isApiError,
  NativeSelect,
  Spinner,
  Stack,
  Text,
  toast,
} from '@rampquote/web-kit';
import { useState, type FormEvent } from 'react';
import {
  useAdminFboMemberAddMutation,
  useAdminFboMemberRemoveMutation,
  useAdminFboMembersQuery,
} from './fbo-members-api';

export const MEMBERS_TEXTS = {
  empty: 'No members yet: add one by e-mail, or the FBO claims itself with a link to its listed address.',
  loadFailed: 'The members could not be loaded.',
  emailLabel: 'Member e-mail',
  add: 'Add member',
} as const;

const apiMessage = (err: unknown) => (isApiError(err) && err.body?.error) || errorMessage(err);

/** The members of one FBO: list, add by e-mail (an unknown e-mail is invited to register), remove. */
export function FboMembersPanel({ fbo }: { fbo: AdminFboDto }) {
  const members = useAdminFboMembersQuery(fbo.id);
  const [add, { isLoading: adding }] = useAdminFboMemberAddMutation();
  const [remove] = useAdminFboMemberRemoveMutation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<FboMemberRole>('manager');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await add({ fboId: fbo.id, body: { email, role } }).unwrap();
      setEmail('');
      if (answer.status === 'added')
        toast({ title: 'Member added', description: `${answer.member.email} · ${fbo.name}`, type: 'success' });
      else toast({ title: 'Invitation sent', description: answer.message, type: 'info' });
    } catch (err) {
      const field = isApiError(err) ? err.body?.details?.find((d) => d.field === 'email')?.message : undefined;
      setError(field ?? apiMessage(err));
    }
  }

  return (
    <Stack gap="3" py="3" aria-label={`Members of ${fbo.name}`} role="region">
      {members.isLoading ? (
        <HStack>
          <Spinner size="sm" />
          <Text>Loading members...</Text>
        </HStack>
      ) : members.isError ? (
        <HStack>
          <Text color="fg.error">{MEMBERS_TEXTS.loadFailed}</Text>
          <Button size="xs" variant="outline" onClick={() => void members.refetch()}>
            Try again
          </Button>
        </HStack>
      ) : members.data?.members.length ? (
        <chakra.ul listStyleType="none" m="0" p="0" aria-label={`Members of ${fbo.name}`}>
          {members.data.members.map((m) => (
            <chakra.li key={m.userId} py="1">
              <HStack justify="space-between" gap="2" flexWrap="wrap">
                <Text>
                  {m.name ? `${m.name} · ` : ''}
                  {m.email} · {m.role === 'manager' ? 'Manager' : 'Staff'}
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Remove ${m.email} from ${fbo.name}`}
                  onClick={async () => {
                    try {
                      await remove({ fboId: fbo.id, userId: m.userId }).unwrap();
                      toast({ title: 'Member removed', description: m.email, type: 'success' });
                    } catch (err) {
                      toast({ title: 'Could not remove the member', description: apiMessage(err), type: 'error' });
                    }
                  }}
                >
                  Remove
                </Button>
              </HStack>
            </chakra.li>
          ))}
        </chakra.ul>
      ) : (
        <Text color="fg.muted">{MEMBERS_TEXTS.empty}</Text>
      )}
      <form onSubmit={submit} noValidate aria-label={`Add a member to ${fbo.name}`}>
        <HStack align="end" gap="2" flexWrap="wrap">
          <Field.Root invalid={Boolean(error)} flex="2" minW="48">
            <Field.Label>{MEMBERS_TEXTS.emailLabel}</Field.Label>
            <Input size="sm" type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root flex="1" minW="32">
            <Field.Label>Role</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={role} onChange={(e) => setRole(e.currentTarget.value as FboMemberRole)}>
                <option value="manager">Manager</option>
                <option value="staff">Staff</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button size="sm" type="submit" loading={adding}>
            {MEMBERS_TEXTS.add}
          </Button>
        </HStack>
        {error ? (
          <Alert.Root status="error" role="alert" mt="2">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        ) : null}
      </form>
    </Stack>
  );
}
