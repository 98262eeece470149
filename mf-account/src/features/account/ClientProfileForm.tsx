import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLIENT_CERTIFICATION_LEVELS,
  CLIENT_MEDICAL_CLASSES,
  clientProfileRequestSchema,
  EARLIEST_DATE_OF_BIRTH,
  FLIGHT_HOURS_PER_YEAR,
  localToday,
  LOYALTY_PROGRAM_NAMES,
  ProfileMessages,
  YES_NO,
  type ClientProfileInput,
  type ProfileDto,
} from '@rampquote/contracts';
import { Button, Field, FormInput, isApiError, SimpleGrid, Stack, Text, toast } from '@rampquote/web-kit';
import { useForm } from 'react-hook-form';
import {
  CLIENT_PROFILE_FIELDS,
  clientProfileDefaults,
  clientProfileRequest,
  type ClientProfileSchemaInput,
  type ClientProfileValues,
} from './client-profile-values';
import { FormSelect } from './FormSelect';
import { clientProfileFailureMessage, UPDATE_FAILED_TITLE } from './profile-errors';
import { useProfileReplaceMutation } from './profile-api';

const isFormField = (value: unknown): value is keyof ClientProfileValues =>
  typeof value === 'string' && (CLIENT_PROFILE_FIELDS as string[]).includes(value);

/**
 * The client profile form (spec sections 3 and 5): pilot details with their required fields, checked by the PUT
 * body's schema (libs/contracts) and sent whole with PUT /api/user/profile. The e-mail is the sign-in address and
 * cannot be changed here.
 */
export function ClientProfileForm({ profile }: { profile: ProfileDto }) {
  const [replace, { isLoading }] = useProfileReplaceMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ClientProfileSchemaInput, unknown, ClientProfileInput>({
    resolver: zodResolver(clientProfileRequestSchema),
    values: clientProfileDefaults(profile),
    resetOptions: { keepDirtyValues: true },
  });

  const onValid = async (parsed: ClientProfileInput) => {
    try {
      await replace(clientProfileRequest(parsed)).unwrap();
      toast({ title: ProfileMessages.updatedTitle, description: ProfileMessages.updatedDescription, type: 'success' });
    } catch (error) {
      toast({ title: UPDATE_FAILED_TITLE, description: clientProfileFailureMessage(error), type: 'error' });
      if (isApiError(error) && error.status === 400) {
        for (const detail of error.body?.details ?? []) {
          if (isFormField(detail.field)) setError(detail.field, { type: 'server', message: detail.message });
        }
      }
    }
  };

  const text = (
    name: keyof ClientProfileValues,
    label: string,
    props: { required?: boolean; type?: string; autoComplete?: string } = {},
  ) => (
    <Field.Root invalid={Boolean(errors[name])} required={props.required}>
      <Field.Label>{label}</Field.Label>
      <FormInput type={props.type ?? 'text'} autoComplete={props.autoComplete} {...register(name)} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );
  const select = (name: keyof ClientProfileValues, label: string, options: readonly string[], required = false) => (
    <Field.Root invalid={Boolean(errors[name])} required={required}>
      <Field.Label>{label}</Field.Label>
      <FormSelect options={options} placeholder="Select…" {...register(name)} />
      <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} aria-label="Pilot details">
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('firstName', 'First name', { required: true, autoComplete: 'given-name' })}
          {text('lastName', 'Last name', { required: true, autoComplete: 'family-name' })}
          <Field.Root invalid={Boolean(errors.dateOfBirth)} required>
            <Field.Label>Date of birth</Field.Label>
            <FormInput
              type="date"
              min={EARLIEST_DATE_OF_BIRTH}
              max={localToday()}
              autoComplete="bday"
              {...register('dateOfBirth')}
            />
            <Field.ErrorText>{errors.dateOfBirth?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <FormInput type="email" readOnly aria-readonly="true" {...register('email')} />
            <Field.HelperText>Your sign-in address; it cannot be changed here.</Field.HelperText>
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          {text('phoneNumber', 'Phone number', { required: true, type: 'tel', autoComplete: 'tel' })}
          {text('homeAirportCode', 'Home airport code')}
          {text('pilotCertificateNumber', 'Pilot Certificate Number', { required: true })}
          {select('pilotCertificationLevel', 'Certification level', CLIENT_CERTIFICATION_LEVELS, true)}
          {select('medicalClass', 'Medical class', CLIENT_MEDICAL_CLASSES)}
          {select('hasInstrumentRating', 'Instrument rating', YES_NO, true)}
          {select('isFlightInstructor', 'Flight instructor', YES_NO)}
          {select('flightHoursPerYear', 'Flight hours per year', FLIGHT_HOURS_PER_YEAR, true)}
          {text('jetAviationAccountNumber', `${LOYALTY_PROGRAM_NAMES.jetAviation} account number`)}
          {text('jetFuelXAccountNumber', `${LOYALTY_PROGRAM_NAMES.jetFuelX} account number`)}
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted">
          Fields marked * are required.
        </Text>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isLoading} loadingText="Saving…">
          Save Client Profile
        </Button>
      </Stack>
    </form>
  );
}
