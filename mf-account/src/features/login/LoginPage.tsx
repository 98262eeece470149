import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema, type LoginInput } from '@rampquote/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Field,
  Heading,
  FormInput,
  Link,
  Navigate,
  RouterLink,
  Stack,
  Text,
  fboMembershipsApi,
  landingAfterSignIn,
  toast,
  useAppDispatch,
  useLoginMutation,
  useNavigate,
  usePageMeta,
  useSearchParams,
  useSession,
} from '@rampquote/web-kit';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AuthCard } from '../../shared/components/AuthCard';
import { safeReturnPath, withReturnPath } from '../../shared/return-path';
import { loginErrorOutcome } from './login-errors';
import { readRememberedEmail, saveRememberedEmail } from './remembered-email';

/** Where a login without returnPath goes, after this delay (spec sections 2 and 9). */
export const DEFAULT_AFTER_LOGIN = '/history';
export const LOGIN_REDIRECT_DELAY_MS = 100;

export function LoginPage() {
  usePageMeta({
    title: 'Log In',
    description: 'Log in to RampQuote to request and compare FBO quotes.',
    path: '/login',
  });
  const [searchParams] = useSearchParams();
  const returnPath = safeReturnPath(searchParams.get('returnPath'));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { status } = useSession();
  const [login, { isLoading }] = useLoginMutation();
  const [pageMessage, setPageMessage] = useState<string | null>(null);
  // Set while this page signs the user in, so the "already signed in" redirect does not pre-empt its own.
  const signingIn = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const rememberedEmail = readRememberedEmail();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: rememberedEmail, password: '', remember: rememberedEmail !== '' },
  });

  if (status === 'authenticated' && !signingIn.current) {
    return <Navigate to={returnPath ?? DEFAULT_AFTER_LOGIN} replace />;
  }

  const onSubmit = async ({ email, password, remember }: LoginInput) => {
    setPageMessage(null);
    signingIn.current = true;
    let user;
    try {
      user = await login({ email, password, ...(remember ? { remember: true } : {}) }).unwrap();
    } catch (error) {
      signingIn.current = false;
      const outcome = loginErrorOutcome(error);
      toast(outcome.toast);
      if (outcome.pageMessage) setPageMessage(outcome.pageMessage);
      return;
    }
    saveRememberedEmail(remember ? email : null);
    toast({ title: 'Login successful', description: 'Welcome back!', type: 'success' });
    if (returnPath) {
      navigate(returnPath);
      return;
    }
    // An FBO member lands in the FBO inbox, an fbo account without an FBO at "Claim your FBO".
    const memberships = dispatch(fboMembershipsApi.endpoints.fboMemberships.initiate());
    const landing = landingAfterSignIn(
      user,
      await memberships.unwrap().then(
        (found) => found ?? [],
        () => [],
      ),
    );
    memberships.unsubscribe();
    redirectTimer.current = setTimeout(() => navigate(landing ?? DEFAULT_AFTER_LOGIN), LOGIN_REDIRECT_DELAY_MS);
  };

  return (
    <AuthCard>
      <Stack gap="2" mb="6">
        <Heading as="h1" size="2xl">
          Welcome Back
        </Heading>
        <Text color="fg.muted">Log in to request and compare FBO quotes.</Text>
      </Stack>

      {pageMessage ? (
        <Alert.Root status="error" role="alert" mb="5">
          <Alert.Indicator />
          <Alert.Title>{pageMessage}</Alert.Title>
        </Alert.Root>
      ) : null}

      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <FormInput type="email" autoComplete="email" {...register('email')} />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>

          <Field.Root invalid={Boolean(errors.password)} required>
            <Field.Label>Password</Field.Label>
            <FormInput type="password" autoComplete="current-password" {...register('password')} />
            <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
          </Field.Root>

          <Controller
            control={control}
            name="remember"
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value}
                onCheckedChange={(details) => field.onChange(details.checked === true)}
                name={field.name}
              >
                <Checkbox.HiddenInput onBlur={field.onBlur} />
                <Checkbox.Control />
                <Checkbox.Label>Remember me</Checkbox.Label>
              </Checkbox.Root>
            )}
          />

          <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} loadingText="Logging in…">
            Log In
          </Button>
        </Stack>
      </form>

      <Stack gap="2" mt="6" fontSize="sm">
        <Link asChild color="brand.fg">
          <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
        </Link>
        <Text color="fg.muted">
          New to RampQuote?{' '}
          <Link asChild color="brand.fg">
            <RouterLink to={withReturnPath('/register', returnPath)}>Create an account</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}
