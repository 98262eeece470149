import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_RULES, resetPasswordFormSchema } from '@rampquote/contracts';
import {
  Box,
  Button,
  Field,
  FormInput,
  Heading,
  Navigate,
  RouterLink,
  Stack,
  Text,
  toast,
  useNavigate,
  usePageMeta,
  useSearchParams,
  useSession,
} from '@rampquote/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '../../shared/components/AuthCard';
import { usePasswordRecoveryResetMutation } from './password-recovery-api';
import { resetFailureMessage } from './reset-errors';

/** Reset success view, then /login after this delay (spec section 9). */
export const RESET_REDIRECT_DELAY_MS = 3000;

/** /reset-password?token=: invalid-link view, form with a live checklist, success view then /login. */
export function ResetPasswordPage() {
  usePageMeta({ title: 'Reset Password', description: 'Choose a new RampQuote password.', path: '/reset-password' });
  const [params] = useSearchParams();
  const token = params.get('token');
  const { status } = useSession();
  const navigate = useNavigate();
  const [reset, { isLoading }] = usePasswordRecoveryResetMutation();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!token) toast({ title: 'Invalid reset link', type: 'error' });
  }, [token]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const password = watch('password');

  if (status === 'authenticated' && !done) return <Navigate to="/" replace />;

  if (!token) {
    return (
      <AuthCard>
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Invalid Reset Link
          </Heading>
          <Text>This password reset link is missing its token. Request a new link to reset your password.</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/forgot-password">Request a new link</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard>
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Password Reset Successful
          </Heading>
          <Text>Your password has been changed. Taking you to the login page…</Text>
        </Stack>
      </AuthCard>
    );
  }

  const onSubmit = async (form: { password: string }) => {
    try {
      await reset({ token, password: form.password }).unwrap();
    } catch (error) {
      toast({ title: 'Password reset failed', description: resetFailureMessage(error), type: 'error' });
      return;
    }
    setDone(true);
    timer.current = setTimeout(() => navigate('/login'), RESET_REDIRECT_DELAY_MS);
  };

  return (
    <AuthCard>
      <Stack gap="2" mb="6">
        <Heading as="h1" size="2xl">
          Reset Password
        </Heading>
        <Text color="fg.muted">Choose a new password for your account.</Text>
      </Stack>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(errors.password)} required>
            <Field.Label>New password</Field.Label>
            <FormInput type="password" autoComplete="new-password" {...register('password')} />
            <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
          </Field.Root>
          <Box as="ul" aria-label="Password requirements" fontSize="sm" listStyleType="none">
            {PASSWORD_RULES.map((rule) => {
              const met = rule.test(password);
              return (
                <Text as="li" key={rule.id} color={met ? 'green.fg' : 'fg.muted'} data-met={met}>
                  {met ? '✓' : '○'} {rule.label}
                </Text>
              );
            })}
          </Box>
          <Field.Root invalid={Boolean(errors.confirmPassword)} required>
            <Field.Label>Confirm new password</Field.Label>
            <FormInput type="password" autoComplete="new-password" {...register('confirmPassword')} />
            <Field.ErrorText>{errors.confirmPassword?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} loadingText="Resetting…">
            Reset Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
