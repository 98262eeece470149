import { chakra, useFieldContext } from '@rampquote/web-kit';
import type { Ref, SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select (usable with a keyboard and a phone's picker), wired to its Field when inside one: the label
 * points at it, the invalid state is announced and the error / helper texts are linked with aria-describedby.
 * `placeholder` adds an empty first option.
 */
export function SelectInput({
  options,
  placeholder,
  ref,
  invalid,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  options: readonly SelectOption[];
  placeholder?: string;
  invalid?: boolean;
  ref?: Ref<HTMLSelectElement>;
}) {
  const field = useFieldContext();
  const isInvalid = invalid ?? field?.invalid;
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
      id={field?.ids.control}
      disabled={field?.disabled}
      {...props}
      aria-invalid={isInvalid || undefined}
      aria-required={field?.required || undefined}
      aria-describedby={describedBy || undefined}
      width="full"
      minW="0"
      h="10"
      px="3"
      fontSize="md"
      color="fg"
      bg="bg"
      borderWidth="1px"
      borderColor={isInvalid ? 'border.error' : 'border.emphasized'}
      borderRadius="l2"
      _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
      _focusVisible={{
        borderColor: 'brand.focusRing',
        outline: '2px solid',
        outlineColor: 'brand.focusRing',
        outlineOffset: '1px',
      }}
    >
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </chakra.select>
  );
}
