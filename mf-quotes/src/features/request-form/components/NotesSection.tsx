import { Field, Textarea } from '@rampquote/web-kit';
import { useFormContext } from 'react-hook-form';
import { FormSection } from '../../../shared/FormSection';

/** The request's notes for the FBOs (a form's FormProvider): the request and amendment forms alike. */
export function NotesSection() {
  const { register, formState } = useFormContext<{ notes: string }>();
  return (
    <FormSection title="Additional Information">
      <Field.Root invalid={Boolean(formState.errors.notes)}>
        <Field.Label>Notes</Field.Label>
        <Textarea
          rows={4}
          placeholder="Anything the FBOs should know (arrival details, special requests...)"
          {...register('notes')}
        />
        <Field.ErrorText>{formState.errors.notes?.message}</Field.ErrorText>
      </Field.Root>
    </FormSection>
  );
}
