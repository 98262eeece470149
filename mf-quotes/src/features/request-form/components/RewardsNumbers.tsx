import { LOYALTY_PROGRAM_NAMES, LOYALTY_PROGRAMS, type ProfileDto } from '@rampquote/contracts';
import { Box, Heading, Text } from '@rampquote/web-kit';

/** The profile's rewards-program account numbers present, by program name (spec sections 2 and 3). */
export function rewardsNumbers(profile: ProfileDto | undefined): { program: string; number: string }[] {
  if (!profile) return [];
  return LOYALTY_PROGRAMS.flatMap((program) => {
    const value = profile[`${program}AccountNumber`];
    return value && value.trim() ? [{ program: LOYALTY_PROGRAM_NAMES[program], number: value.trim() }] : [];
  });
}

export function RewardsNumbers({ profile }: { profile: ProfileDto | undefined }) {
  const numbers = rewardsNumbers(profile);
  if (!numbers.length) return null;
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="l2" p="3">
      <Heading as="h3" size="sm" mb="2">
        Rewards programs
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Account numbers from your profile.
      </Text>
      <Box as="dl" display="grid" gap="1" aria-label="Rewards program numbers">
        {numbers.map(({ program, number }) => (
          <Box key={program} display="flex" gap="2" flexWrap="wrap">
            <Text as="dt" fontWeight="medium">
              {program}:
            </Text>
            <Text as="dd" wordBreak="break-all">
              {number}
            </Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
