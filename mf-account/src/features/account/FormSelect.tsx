import { chakra, useFieldContext } from '@rampquote/web-kit';
import type { Ref, SelectHTMLAttributes } from 'react';

/**
 * A native select wired to its Field like FormInput: the label points at it, the invalid state is announced and
 * the error / helper texts are linked with aria-describedby. `placeholder` adds an empty first option.
 */
export function FormSelect({
  options,
  placeholder,
  ref,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  options: readonly string[];
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const field = useFieldContext();
  const describedBy = [
    field?.invalid ? field.ids.errorText : undefined,
    field?.ariaDescribedby,
    props['aria-describedby'],
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <chakra.select
      ref={ref}
      {...props}
      id={field?.ids.control}
      aria-invalid={field?.invalid || undefined}
      aria-required={field?.required || undefined}
      aria-describedby={describedBy || undefined}
      width="full"
      h="10"
      px="3"
      fontSize="md"
      color="fg"
      bg="bg"
      borderWidth="1px"
      borderColor={field?.invalid ? 'border.error' : 'border.emphasized'}
      borderRadius="l2"
      _focusVisible={{ borderColor: 'brand.focusRing', outline: '1px solid', outlineColor: 'brand.focusRing' }}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </chakra.select>
  );
}
