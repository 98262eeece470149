import { Textarea, useFieldContext } from '@rampquote/web-kit';
import type { ComponentProps, Ref } from 'react';

/** Chakra's Textarea with its Field's error text linked by aria-describedby (as web-kit's FormInput does for inputs). */
export function FormTextarea({ ref, ...props }: ComponentProps<typeof Textarea> & { ref?: Ref<HTMLTextAreaElement> }) {
  const field = useFieldContext();
  const describedBy = [
    field?.invalid ? field.ids.errorText : undefined,
    field?.ariaDescribedby,
    props['aria-describedby'],
  ]
    .filter(Boolean)
    .join(' ');
  return <Textarea ref={ref} size="lg" {...props} aria-describedby={describedBy || undefined} />;
}
