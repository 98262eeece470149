import { zodResolver } from '@hookform/resolvers/zod';
import {
  failedPasswordRules,
  registerFormSchema,
  RegistrationMessages,
  type PasswordRule,
  type RegisterFormValues,
  type RegisterInput,
  type RegisterRequest,
} from '@rampquote/contracts';
import {
  Alert,
  Button,
  Field,
  Heading,
  HStack,
  FormInput,
  isApiError,
  Link,
  RadioGroup,
  RouterLink,
  SimpleGrid,
  Stack,
  Text,
  toast,
  usePageMeta,
  useRegisterMutation,
  useSearchParams,
} from '@rampquote/web-kit';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { AuthCard } from '../../shared/components/AuthCard';
import { pendingAircraftProfileName } from '../../shared/pending-aircraft';
import { safeReturnPath, withReturnPath } from '../../shared/return-path';
import { PasswordRulesDialog } from './PasswordRulesDialog';
import { REGISTRATION_FAILED_TITLE, registerErrorOutcome } from './register-errors';

const FORM_FIELDS: readonly FieldPath<RegisterFormValues>[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
  'companyName',
  'role',
];

function isFormField(value: unknown): value is FieldPath<RegisterFormValues> {
  return typeof value === 'string' && (FORM_FIELDS as readonly string[]).includes(value);
}

/** After registering: the server's notice (invite-only during the beta) instead of signing in. */
function RegisteredNotice({ message, returnPath }: { message: string; returnPath: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <AuthCard>
      <Stack gap="5" align="flex-start">
        <Heading as="h1" size="2xl" ref={heading} tabIndex={-1} outline="none">
          Thanks for registering
        </Heading>
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Description>{message}</Alert.Description>
        </Alert.Root>
        <Button asChild colorPalette="brand">
          <RouterLink to={withReturnPath('/login', returnPath)}>Go to Login</RouterLink>
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function RegisterPage() {
  usePageMeta({
    title: 'Create an Account',
    description: 'Create your RampQuote account to request FBO quotes.',
    path: '/register',
  });
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('returnPath'));
  const [registerAccount, { isLoading }] = useRegisterMutation();
  const [failedRules, setFailedRules] = useState<PasswordRule[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement | null>(null);

  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      role: 'pilot',
    },
  });

  if (notice !== null) return <RegisteredNotice message={notice} returnPath={returnPath} />;

  const onValid = async (form: RegisterInput) => {
    const aircraftProfileName = pendingAircraftProfileName();
    const body: RegisterRequest = {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      password: form.password,
      role: form.role,
      ...(form.companyName ? { companyName: form.companyName } : {}),
      ...(aircraftProfileName ? { aircraftProfileName } : {}),
    };
    try {
      const response = await registerAccount(body).unwrap();
      setNotice(response?.message || RegistrationMessages.inviteOnly);
    } catch (error) {
      const outcome = registerErrorOutcome(error);
      toast({ title: REGISTRATION_FAILED_TITLE, description: outcome.description, type: 'error' });
      if (outcome.emailField)
        setError('email', { type: 'server', message: outcome.description }, { shouldFocus: true });
      // A 400 names the failed fields: show each message on its field too.
      if (isApiError(error) && error.status === 400) {
        for (const detail of error.body?.details ?? []) {
          if (isFormField(detail.field)) setError(detail.field, { type: 'server', message: detail.message });
        }
      }
    }
  };

  const onInvalid = () => {
    const failed = failedPasswordRules(getValues('password'));
    if (failed.length > 0) setFailedRules(failed);
  };

  const { ref: passwordRef, ...passwordField } = register('password');

  return (
    <AuthCard>
      <Stack gap="2" mb="6">
        <Heading as="h1" size="2xl">
          Create an Account
        </Heading>
        <Text color="fg.muted">One request, many FBOs. Sign up to start comparing quotes.</Text>
      </Stack>

      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <Field.Root invalid={Boolean(errors.firstName)} required>
              <Field.Label>First name</Field.Label>
              <FormInput autoComplete="given-name" {...register('firstName')} />
              <Field.ErrorText>{errors.firstName?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.lastName)} required>
              <Field.Label>Last name</Field.Label>
              <FormInput autoComplete="family-name" {...register('lastName')} />
              <Field.ErrorText>{errors.lastName?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>

          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <FormInput type="email" autoComplete="email" {...register('email')} />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>

          <Field.Root invalid={Boolean(errors.password)} required>
            <Field.Label>Password</Field.Label>
            <FormInput
              type="password"
              autoComplete="new-password"
              {...passwordField}
              ref={(element) => {
                passwordRef(element);
                passwordInput.current = element;
              }}
            />
            <Field.HelperText>
              At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character.
            </Field.HelperText>
            <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
          </Field.Root>

          <Field.Root invalid={Boolean(errors.confirmPassword)} required>
            <Field.Label>Confirm password</Field.Label>
            <FormInput type="password" autoComplete="new-password" {...register('confirmPassword')} />
            <Field.ErrorText>{errors.confirmPassword?.message}</Field.ErrorText>
          </Field.Root>

          <Field.Root invalid={Boolean(errors.companyName)}>
            <Field.Label>
              Company name{' '}
              <Text as="span" color="fg.muted" fontWeight="normal">
                (optional)
              </Text>
            </Field.Label>
            <FormInput autoComplete="organization" {...register('companyName')} />
            <Field.ErrorText>{errors.companyName?.message}</Field.ErrorText>
          </Field.Root>

          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <RadioGroup.Root
                name={field.name}
                value={field.value}
                onValueChange={(details) => field.onChange(details.value)}
                aria-labelledby="register-role-label"
              >
                <Text id="register-role-label" fontWeight="medium" fontSize="sm" mb="2">
                  I am a
                </Text>
                <HStack gap="6">
                  <RadioGroup.Item value="pilot">
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>Pilot / aircraft operator</RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <RadioGroup.Item value="fbo">
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>FBO / service provider</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </HStack>
              </RadioGroup.Root>
            )}
          />

          <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} loadingText="Creating your account…">
            Create Account
          </Button>
        </Stack>
      </form>

      <Text mt="6" fontSize="sm" color="fg.muted">
        Already have an account?{' '}
        <Link asChild color="brand.fg">
          <RouterLink to={withReturnPath('/login', returnPath)}>Log in</RouterLink>
        </Link>
      </Text>

      <PasswordRulesDialog failedRules={failedRules} onClose={() => setFailedRules([])} returnFocusTo={passwordInput} />
    </AuthCard>
  );
}
