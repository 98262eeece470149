import type { FboMemberDto, FboMemberRole, FboMembershipDto } from '@rampquote/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  errorMessage,
  Field,
  Heading,
  HStack,
  Input,
  isApiError,
  NativeSelect,
  Stack,
  Text,
  toast,
  usePageMeta,
} from '@rampquote/web-kit';
import { useState, type FormEvent } from 'react';
import { FboAccountGate } from '../../../shared/FboAccountGate';
import { LoadingScreen, MessageScreen, PortalPage } from '../../../shared/PortalPage';
import { useFboTeamAddMutation, useFboTeamMembersQuery, useFboTeamRemoveMutation } from '../api/team-api';

export const TEAM_TEXTS = {
  title: 'Team',
  intro: 'Everyone here sees and answers the quote requests sent to this FBO.',
  fboLabel: 'FBO',
  emailLabel: 'E-mail of their RampQuote account',
  roleLabel: 'Role',
  add: 'Add to the team',
  staffNote: 'Only a manager of this FBO can add or remove members.',
  loadFailedTitle: 'The team could not be loaded',
} as const;

const apiMessage = (err: unknown) => (isApiError(err) && err.body?.error) || errorMessage(err);

function AddMember({ fboId }: { fboId: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<FboMemberRole>('staff');
  const [error, setError] = useState<string | null>(null);
  const [add, { isLoading }] = useFboTeamAddMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await add({ fboId, body: { email, role } }).unwrap();
      if (answer.status === 'added') {
        toast({ title: 'Added to the team', description: answer.member.email, type: 'success' });
        setEmail('');
      } else toast({ title: 'Invitation sent', description: answer.message, type: 'info' });
    } catch (err) {
      const field = isApiError(err) ? err.body?.details?.find((d) => d.field === 'email')?.message : undefined;
      setError(field ?? apiMessage(err));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Add a team member">
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'end' }}>
        <Field.Root invalid={Boolean(error)} flex="2">
          <Field.Label>{TEAM_TEXTS.emailLabel}</Field.Label>
          <Input type="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
        </Field.Root>
        <Field.Root flex="1">
          <Field.Label>{TEAM_TEXTS.roleLabel}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={role} onChange={(e) => setRole(e.currentTarget.value as FboMemberRole)}>
              <option value="staff">Staff</option>
              <option value="manager">Manager</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={isLoading}>
          {TEAM_TEXTS.add}
        </Button>
      </Stack>
      {error ? (
        <Alert.Root status="error" role="alert" mt="3">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}
    </form>
  );
}

function MemberRow({ fboId, member, canRemove }: { fboId: string; member: FboMemberDto; canRemove: boolean }) {
  const [remove, { isLoading }] = useFboTeamRemoveMutation();
  return (
    <Card.Root as="li" variant="outline" bg="bg.panel">
      <Card.Body p="4">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Box minW="0">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {member.name || member.email}
            </Text>
            {member.name ? (
              <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                {member.email}
              </Text>
            ) : null}
          </Box>
          <HStack gap="3">
            <Badge colorPalette={member.role === 'manager' ? 'brand' : 'gray'}>
              {member.role === 'manager' ? 'Manager' : 'Staff'}
            </Badge>
            {canRemove ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                loading={isLoading}
                aria-label={`Remove ${member.email}`}
                onClick={async () => {
                  try {
                    await remove({ fboId, userId: member.userId }).unwrap();
                    toast({ title: 'Removed from the team', description: member.email, type: 'success' });
                  } catch (err) {
                    toast({ title: 'Could not remove the member', description: apiMessage(err), type: 'error' });
                  }
                }}
              >
                Remove
              </Button>
            ) : null}
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function Team({ memberships }: { memberships: FboMembershipDto[] }) {
  const [fboId, setFboId] = useState(memberships[0].fboId);
  const mine = memberships.find((m) => m.fboId === fboId) ?? memberships[0];
  const team = useFboTeamMembersQuery(mine.fboId);
  const manager = mine.role === 'manager';
  return (
    <Stack gap="5" mt={{ base: '4', md: '8' }}>
      <Box>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {TEAM_TEXTS.title}
        </Heading>
        <Text color="fg.muted">{TEAM_TEXTS.intro}</Text>
      </Box>
      {memberships.length > 1 ? (
        <Field.Root maxW="sm">
          <Field.Label>{TEAM_TEXTS.fboLabel}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={mine.fboId} onChange={(e) => setFboId(e.currentTarget.value)}>
              {memberships.map((m) => (
                <option key={m.fboId} value={m.fboId}>
                  {m.fboName} ({m.airport.identifier})
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ) : (
        <Text fontWeight="semibold">
          {mine.fboName} ({mine.airport.identifier})
        </Text>
      )}
      {manager ? <AddMember fboId={mine.fboId} /> : <Text color="fg.muted">{TEAM_TEXTS.staffNote}</Text>}
      {team.isLoading ? (
        <LoadingScreen label="Loading the team..." />
      ) : team.data ? (
        <Stack as="ul" listStyleType="none" m="0" p="0" gap="2" aria-label="Team members">
          {team.data.members.map((member) => (
            <MemberRow key={member.userId} fboId={mine.fboId} member={member} canRemove={manager} />
          ))}
        </Stack>
      ) : (
        <MessageScreen tone="warning" title={TEAM_TEXTS.loadFailedTitle} text={apiMessage(team.error)}>
          <Button variant="outline" alignSelf="flex-start" onClick={() => void team.refetch()}>
            Try again
          </Button>
        </MessageScreen>
      )}
    </Stack>
  );
}

/** /fbo-portal/team: the members of the user's FBOs; a manager adds and removes them. */
export function TeamPage() {
  usePageMeta({ title: 'Team', description: "Your FBO's team on RampQuote." });
  return (
    <FboAccountGate>
      {(_user, memberships) => (
        <PortalPage>
          <Team memberships={memberships} />
        </PortalPage>
      )}
    </FboAccountGate>
  );
}
