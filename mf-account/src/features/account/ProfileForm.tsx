import { zodResolver } from '@hookform/resolvers/zod';
import {
  CERTIFICATION_LEVELS,
  LOYALTY_PROGRAM_NAMES,
  LOYALTY_PROGRAMS,
  MEDICAL_CLASSES,
  PREFERRED_UNITS,
  PRIMARY_USES,
  ProfileMessages,
  profilePatchSchema,
  type ProfileDto,
  type ProfilePatch,
} from '@rampquote/contracts';
import { Button, Field, FormInput, Heading, isApiError, SimpleGrid, Stack, toast } from '@rampquote/web-kit';
import { useForm, type Resolver } from 'react-hook-form';
import { FormSelect } from './FormSelect';
import { profileUpdateFailureMessage, UPDATE_FAILED_TITLE } from './profile-errors';
import { useProfileUpdateMutation } from './profile-api';

/** Date picker ranges (spec section 5). */
export const DATE_OF_BIRTH_RANGE = { min: '1930-01-01', max: '2025-12-31' };
export const MEDICAL_DATE_RANGE = { min: '2010-01-01', max: '2030-12-31' };

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

/**
 * The PATCH body's schema (libs/contracts) checks the form; `raw` keeps the typed texts, since only the changed
 * fields are sent, as typed ('' clears a field). Keys the schema does not know (e-mail, role…) are not checked.
 */
const profileResolver = zodResolver(profilePatchSchema, undefined, { raw: true }) as unknown as Resolver<FormValues>;

const toValues = (p: ProfileDto): FormValues => {
  const values: FormValues = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string' || v === null) values[k] = v ?? '';
  return values;
};

function subscriptionSummary(p: ProfileDto): string {
  if (!p.hasActiveSubscription) return 'No active subscription';
  const plan = p.subscriptionPlanName ?? 'Active';
  return p.subscriptionCurrentPeriodEnd
    ? `${plan} (current period ends ${p.subscriptionCurrentPeriodEnd.slice(0, 10)})`
    : plan;
}

/**
 * The account profile form (spec sections 3 and 5): every field optional but the names; e-mail, username and
 * Account Type read-only; only the changed fields are sent with PATCH /api/user/profile.
 */
export function ProfileForm({ profile }: { profile: ProfileDto }) {
  const [update, { isLoading }] = useProfileUpdateMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { dirtyFields, errors },
  } = useForm<FormValues>({ values: toValues(profile), resolver: profileResolver });

  const onSubmit = async (values: FormValues) => {
    const patch: ProfilePatch = {};
    for (const key of Object.keys(dirtyFields))
      if (dirtyFields[key]) (patch as Record<string, string>)[key] = values[key];
    try {
      const saved = await update(patch).unwrap();
      reset(toValues(saved));
      toast({ title: ProfileMessages.updatedTitle, description: ProfileMessages.updatedDescription, type: 'success' });
    } catch (error) {
      toast({ title: UPDATE_FAILED_TITLE, description: profileUpdateFailureMessage(error), type: 'error' });
      if (isApiError(error) && error.status === 400) {
        for (const detail of error.body?.details ?? []) {
          if (typeof detail.field === 'string' && detail.field in values)
            setError(detail.field, { type: 'server', message: detail.message });
        }
      }
    }
  };

  const fieldProps = (name: string) => ({ invalid: Boolean(errors[name]) });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Profile">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Field.Root>
            <Field.Label>Email</Field.Label>
            <FormInput value={profile.email} readOnly aria-readonly="true" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Username</Field.Label>
            <FormInput value={profile.username} readOnly aria-readonly="true" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Account Type</Field.Label>
            <FormInput value={ACCOUNT_TYPES[profile.role] ?? profile.role} readOnly aria-readonly="true" />
          </Field.Root>
          <Field.Root>
            <Field.Label>Subscription</Field.Label>
            <FormInput value={subscriptionSummary(profile)} readOnly aria-readonly="true" />
          </Field.Root>
          {TEXT_FIELDS.map(([name, label]) => (
            <Field.Root key={name} {...fieldProps(name)}>
              <Field.Label>{label}</Field.Label>
              <FormInput {...register(name)} />
              <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
            </Field.Root>
          ))}
          <Field.Root {...fieldProps('dateOfBirth')}>
            <Field.Label>Date of birth</Field.Label>
            <FormInput
              type="date"
              min={DATE_OF_BIRTH_RANGE.min}
              max={DATE_OF_BIRTH_RANGE.max}
              {...register('dateOfBirth')}
            />
            <Field.ErrorText>{errors.dateOfBirth?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root {...fieldProps('medicalDate')}>
            <Field.Label>Medical date</Field.Label>
            <FormInput
              type="date"
              min={MEDICAL_DATE_RANGE.min}
              max={MEDICAL_DATE_RANGE.max}
              {...register('medicalDate')}
            />
            <Field.ErrorText>{errors.medicalDate?.message}</Field.ErrorText>
          </Field.Root>
          {SELECTS.map(([name, label, options]) => (
            <Field.Root key={name} {...fieldProps(name)}>
              <Field.Label>{label}</Field.Label>
              <FormSelect
                options={options}
                placeholder={name === 'preferredUnits' ? undefined : 'Select…'}
                {...register(name)}
              />
              <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
            </Field.Root>
          ))}
        </SimpleGrid>
        <Heading as="h3" size="sm">
          Fuel loyalty programs
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {LOYALTY_PROGRAMS.map((program) => (
            <Field.Root key={program} {...fieldProps(`${program}AccountNumber`)}>
              <Field.Label>{LOYALTY_PROGRAM_NAMES[program]} account number</Field.Label>
              <FormInput {...register(`${program}AccountNumber`)} />
              <Field.ErrorText>{errors[`${program}AccountNumber`]?.message}</Field.ErrorText>
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
