import { Input, useFieldContext, type InputProps } from '@chakra-ui/react';
import type { Ref } from 'react';

/**
 * The Input to use inside Field.Root: besides the label, its error text (while the field is invalid) and helper
 * text are linked with aria-describedby, so screen readers read the message with the field. (Chakra/Ark link
 * the error only through aria-errormessage, which many screen readers ignore.)
 */
export function FormInput({ ref, ...props }: InputProps & { ref?: Ref<HTMLInputElement> }) {
  const field = useFieldContext();
  const describedBy = [
    field?.invalid ? field.ids.errorText : undefined,
    field?.ariaDescribedby,
    props['aria-describedby'],
  ]
    .filter(Boolean)
    .join(' ');
  return <Input ref={ref} {...props} aria-describedby={describedBy || undefined} />;
}
