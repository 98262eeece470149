import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@rampquote/contracts';
import {
  Button,
  Field,
  FormInput,
  Heading,
  Link,
  Navigate,
  RouterLink,
  Stack,
  Text,
  usePageMeta,
  useSession,
} from '@rampquote/web-kit';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthCard } from '../../shared/components/AuthCard';
import { usePasswordRecoveryForgotMutation } from './password-recovery-api';

/** /forgot-password: e-mail form, then "Email Sent" whatever the server answered (spec section 2). */
export function ForgotPasswordPage() {
  usePageMeta({ title: 'Forgot Password', description: 'Reset your RampQuote password.', path: '/forgot-password' });
  const { status } = useSession();
  const [forgot, { isLoading }] = usePasswordRecoveryForgotMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  if (status === 'authenticated') return <Navigate to="/" replace />;

  // The body is the schema's output (trimmed, lowercased); the page names the address as the user typed it.
  const onSubmit = async ({ email }: { email: string }) => {
    await forgot({ email })
      .unwrap()
      .catch(() => undefined);
    setSentTo(getValues('email').trim());
  };

  if (sentTo !== null) {
    return (
      <AuthCard>
        <Stack gap="4">
          <Heading as="h1" size="2xl">
            Email Sent
          </Heading>
          <Text>
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password. The link is
            valid for one hour.
          </Text>
          <Link asChild color="brand.fg">
            <RouterLink to="/login">Back to login</RouterLink>
          </Link>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <Stack gap="2" mb="6">
        <Heading as="h1" size="2xl">
          Forgot Password
        </Heading>
        <Text color="fg.muted">Enter your e-mail address and we will send you a link to reset your password.</Text>
      </Stack>
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <FormInput type="email" autoComplete="email" {...register('email')} />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" size="lg" loading={isLoading} loadingText="Sending…">
            Send Reset Link
          </Button>
        </Stack>
      </form>
      <Link asChild color="brand.fg" mt="6" fontSize="sm">
        <RouterLink to="/login">Back to login</RouterLink>
      </Link>
    </AuthCard>
  );
}
