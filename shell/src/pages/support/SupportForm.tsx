import {
  SUPPORT_CONTACT_FIELDS,
  supportFieldError,
  SupportMessages,
  validateSupportContact,
  type SupportContactField,
  type SupportContactRequest,
} from '@rampquote/contracts';
import { Button, chakra, errorMessage, Field, FormInput, isApiError, Stack, toast, useFieldContext } from '@rampquote/web-kit';
import { useRef, useState, type ChangeEvent, type FormEvent, type TextareaHTMLAttributes } from 'react';
import { useSupportContactMutation } from './support-api';

const EMPTY: SupportContactRequest = { name: '', email: '', subject: '', message: '' };
type FieldErrors = Partial<Record<SupportContactField, string>>;

/** Field errors a 400 answer carries in `details: [{ field, message }]`. */
function serverFieldErrors(error: unknown): FieldErrors {
  const details = isApiError(error) ? error.body?.details : undefined;
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details as { field?: unknown; message?: unknown }[]) {
    const field = detail.field as SupportContactField;
    if (SUPPORT_CONTACT_FIELDS.includes(field) && typeof detail.message === 'string' && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

/** A textarea wired to its Field like FormInput: label, invalid state and error text linked. */
function FormTextarea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const field = useFieldContext();
  const describedBy = [field?.invalid ? field.ids.errorText : undefined, field?.ariaDescribedby].filter(Boolean).join(' ');
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
 * in flight, then a success toast with the form reset, or the failure toast. Fields are checked on submit with
 * the rules shared with the server (libs/contracts support.ts), then again as the user corrects them.
 */
export function SupportForm() {
  const [values, setValues] = useState<SupportContactRequest>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [send, { isLoading }] = useSupportContactMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const focusField = (field: SupportContactField) => formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();

  const onChange = (field: SupportContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (submitted) setErrors((current) => ({ ...current, [field]: supportFieldError(field, value) ?? undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const failed = validateSupportContact(values);
    if (failed.length > 0) {
      setErrors(Object.fromEntries(failed.map((e) => [e.field, e.message])));
      focusField(failed[0].field);
      return;
    }
    setErrors({});
    const body: SupportContactRequest = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      message: values.message.trim(),
    };
    try {
      await send(body).unwrap();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      setErrors(fieldErrors);
      toast({ title: SupportMessages.failureTitle, description: errorMessage(error) || SupportMessages.failureFallback, type: 'error' });
      return;
    }
    toast({ title: SupportMessages.successTitle, description: SupportMessages.successDescription, type: 'success' });
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
  };

  return (
    <chakra.form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Contact support">
      <Stack gap="5">
        <Stack direction={{ base: 'column', md: 'row' }} gap="5">
          <Field.Root invalid={Boolean(errors.name)} required>
            <Field.Label>Name</Field.Label>
            <FormInput name="name" autoComplete="name" value={values.name} onChange={onChange('name')} />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.email)} required>
            <Field.Label>Email</Field.Label>
            <FormInput name="email" type="email" autoComplete="email" value={values.email} onChange={onChange('email')} />
            <Field.ErrorText>{errors.email}</Field.ErrorText>
          </Field.Root>
        </Stack>
        <Field.Root invalid={Boolean(errors.subject)} required>
          <Field.Label>Subject</Field.Label>
          <FormInput name="subject" value={values.subject} onChange={onChange('subject')} />
          <Field.ErrorText>{errors.subject}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.message)} required>
          <Field.Label>Message</Field.Label>
          <FormTextarea name="message" rows={6} value={values.message} onChange={onChange('message')} />
          <Field.ErrorText>{errors.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }} loading={isLoading} loadingText={SupportMessages.sending}>
          Send Message
        </Button>
      </Stack>
    </chakra.form>
  );
}
