import {
  CERTIFICATION_LEVELS,
  LOYALTY_PROGRAM_NAMES,
  LOYALTY_PROGRAMS,
  MEDICAL_CLASSES,
  PREFERRED_UNITS,
  PRIMARY_USES,
  type ProfileDto,
  type ProfilePatch,
} from '@rampquote/contracts';
import { Button, chakra, Field, FormInput, Heading, SimpleGrid, Stack, toast } from '@rampquote/web-kit';
import { useForm } from 'react-hook-form';
import { profileUpdateFailureMessage } from './profile-errors';
import { useProfileUpdateMutation } from './profile-api';

/** Date picker ranges (spec section 5). */
export const DATE_OF_BIRTH_RANGE = { min: '1930-01-01', max: '2025-12-31' };
export const MEDICAL_DATE_RANGE = { min: '2010-01-01', max: '2030-12-31' };

const Select = chakra('select');
const ACCOUNT_TYPES: Record<string, string> = { pilot: 'Pilot', fbo: 'FBO', admin: 'Admin' };

const TEXT_FIELDS = [
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['companyName', 'Company name'],
  ['jobTitle', 'Job title'],
  ['phoneNumber', 'Phone number'],
  ['pilotCertificateNumber', 'Pilot certificate number'],
] as const;

const SELECTS = [
  ['pilotCertificationLevel', 'Certification level', CERTIFICATION_LEVELS],
  ['medicalClass', 'Medical class', MEDICAL_CLASSES],
  ['primaryUse', 'Primary use', PRIMARY_USES],
  ['preferredUnits', 'Units', PREFERRED_UNITS],
] as const;

type FormValues = Record<string, string>;

const toValues = (p: ProfileDto): FormValues => {
  const values: FormValues = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string' || v === null) values[k] = v ?? '';
  return values;
};

/** The account profile form: every field optional; e-mail and Account Type read-only; only changed fields are sent. */
export function ProfileForm({ profile }: { profile: ProfileDto }) {
  const [update, { isLoading }] = useProfileUpdateMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { dirtyFields },
  } = useForm<FormValues>({ values: toValues(profile) });

  const onSubmit = async (values: FormValues) => {
    const patch: ProfilePatch = {};
    for (const key of Object.keys(dirtyFields)) (patch as Record<string, string>)[key] = values[key];
    try {
      const saved = await update(patch).unwrap();
      reset(toValues(saved));
      toast({ title: 'Profile updated', description: 'Your profile has been saved.', type: 'success' });
    } catch (error) {
      toast({ title: 'Update failed', description: profileUpdateFailureMessage(error), type: 'error' });
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Profile">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <FormInput value={profile.email} readOnly aria-readonly="true" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Account Type</Field.Label>
            <FormInput value={ACCOUNT_TYPES[profile.role] ?? profile.role} readOnly aria-readonly="true" />
          </Field.Root>
          {TEXT_FIELDS.map(([name, label]) => (
            <Field.Root key={name}>
              <Field.Label>{label}</Field.Label>
              <FormInput {...register(name)} />
            </Field.Root>
          ))}
          <Field.Root>
            <Field.Label>Date of birth</Field.Label>
            <FormInput type="date" min={DATE_OF_BIRTH_RANGE.min} max={DATE_OF_BIRTH_RANGE.max} {...register('dateOfBirth')} />
          </Field.Root>
          <Field.Root>
            <Field.Label>Medical date</Field.Label>
            <FormInput type="date" min={MEDICAL_DATE_RANGE.min} max={MEDICAL_DATE_RANGE.max} {...register('medicalDate')} />
          </Field.Root>
          {SELECTS.map(([name, label, options]) => (
            <Field.Root key={name}>
              <Field.Label>{label}</Field.Label>
              <Select {...register(name)} borderWidth="1px" borderRadius="l2" h="10" px="3" bg="bg">
                {name !== 'preferredUnits' ? <option value="">Select…</option> : null}
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </Select>
            </Field.Root>
          ))}
        </SimpleGrid>
        <Heading as="h3" size="md">
          Fuel loyalty programs
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {LOYALTY_PROGRAMS.map((program) => (
            <Field.Root key={program}>
              <Field.Label>{LOYALTY_PROGRAM_NAMES[program]} account number</Field.Label>
              <FormInput {...register(`${program}AccountNumber`)} />
            </Field.Root>
          ))}
        </SimpleGrid>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isLoading} loadingText="Saving…">
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}
