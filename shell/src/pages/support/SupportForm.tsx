import { zodResolver } from '@hookform/resolvers/zod';
import {
  SUPPORT_CONTACT_FIELDS,
  SupportMessages,
  supportMessageSchema,
  type SupportContactField,
  type SupportContactRequest,
} from '@rampquote/contracts';
import {
  Button,
  chakra,
  errorMessage,
  Field,
  FormInput,
  isApiError,
  Stack,
  toast,
  useFieldContext,
} from '@rampquote/web-kit';
import type { ComponentProps } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useSupportContactMutation } from './support-api';

const EMPTY: SupportContactRequest = { name: '', email: '', subject: '', message: '' };

/** Puts the field errors a 400 answer carries in `details: [{ field, message }]` on their fields. */
function showServerFieldErrors(error: unknown, setError: UseFormSetError<SupportContactRequest>) {
  const details = isApiError(error) ? error.body?.details : undefined;
  if (!Array.isArray(details)) return;
  const seen = new Set<SupportContactField>();
  for (const detail of details as { field?: unknown; message?: unknown }[]) {
    const field = detail.field as SupportContactField;
    if (!SUPPORT_CONTACT_FIELDS.includes(field) || typeof detail.message !== 'string' || seen.has(field)) continue;
    seen.add(field);
    setError(field, { type: 'server', message: detail.message });
  }
}

/** A textarea wired to its Field like FormInput: label, invalid state and error text linked. */
function FormTextarea(props: ComponentProps<'textarea'>) {
  const field = useFieldContext();
  const describedBy = [field?.invalid ? field.ids.errorText : undefined, field?.ariaDescribedby]
    .filter(Boolean)
    .join(' ');
  return (
    <chakra.textarea
      {...props}
      id={field?.ids.control}
      required={field?.required}
      aria-invalid={field?.invalid || undefined}
      aria-describedby={describedBy || undefined}
      width="full"
      minH="32"
      px="3"
      py="2"
      fontSize="md"
      color="fg"
      bg="bg"
      borderWidth="1px"
      borderColor={field?.invalid ? 'border.error' : 'border.emphasized'}
      borderRadius="l2"
      resize="vertical"
      _focusVisible={{ borderColor: 'brand.focusRing', outline: '1px solid', outlineColor: 'brand.focusRing' }}
    />
  );
}

/**
 * The support contact form (quote-workflow spec sections 4, 5 and 8): idle, "Sending..." while the request is
 * in flight, then a success toast with the form reset, or the failure toast. Fields are checked on submit by the
 * body's schema (libs/contracts supportMessageSchema, the one svc-identity applies), then again as the user
 * corrects them; the body sent is the schema's output (texts trimmed).
 */
export function SupportForm() {
  const [send, { isLoading }] = useSupportContactMutation();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(supportMessageSchema), defaultValues: EMPTY });

  const onValid = async (body: SupportContactRequest) => {
    try {
      await send(body).unwrap();
    } catch (error) {
      showServerFieldErrors(error, setError);
      toast({
        title: SupportMessages.failureTitle,
        description: errorMessage(error) || SupportMessages.failureFallback,
        type: 'error',
      });
      return;
    }
    toast({ title: SupportMessages.successTitle, description: SupportMessages.successDescription, type: 'success' });
    reset(EMPTY);
  };

  return (
    <chakra.form noValidate onSubmit={handleSubmit(onValid)} aria-label="Contact support">
      <Stack gap="5">
        <Stack direction={{ base: 'column', md: 'row' }} gap="5">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Name</Field.Label>
            <FormInput autoComplete="name" {...register('name')} />
            <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <FormInput type="email" autoComplete="email" {...register('email')} />
            <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <Field.Root invalid={Boolean(errors.subject)} required>
          <Field.Label>Subject</Field.Label>
          <FormInput {...register('subject')} />
          <Field.ErrorText>{errors.subject?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.message)} required>
          <Field.Label>Message</Field.Label>
          <FormTextarea rows={6} {...register('message')} />
          <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          alignSelf={{ base: 'stretch', md: 'flex-start' }}
          loading={isLoading}
          loadingText={SupportMessages.sending}
        >
          Send Message
        </Button>
      </Stack>
    </chakra.form>
  );
}
