import type { ProfileDto } from '@rampquote/contracts';
import { Box, Heading, Separator, Stack, Text } from '@rampquote/web-kit';
import { ClientProfileForm } from './ClientProfileForm';
import { ProfileForm } from './ProfileForm';

/** The Profile tab: the account profile, then the client profile form (where /client-profile leads). */
export function ProfileTabContent({ profile }: { profile: ProfileDto }) {
  return (
    <Stack gap="10">
      <Box as="section" aria-labelledby="account-profile-heading">
        <Heading as="h2" id="account-profile-heading" size="lg" mb="4">
          Account Profile
        </Heading>
        <ProfileForm profile={profile} />
      </Box>
      <Separator />
      <Box as="section" id="client-profile" aria-labelledby="client-profile-heading">
        <Heading as="h2" id="client-profile-heading" size="lg" mb="1">
          Client Profile
        </Heading>
        <Text color="fg.muted" mb="4">
          Your pilot details: certificate, ratings, home airport and more fuel account numbers.
        </Text>
        <ClientProfileForm profile={profile} />
      </Box>
    </Stack>
  );
}
