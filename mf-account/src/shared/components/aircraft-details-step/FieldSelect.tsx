import { chakra } from '@rampquote/web-kit';
import type { ComponentProps } from 'react';

const Select = chakra('select');

/**
 * A native select for Field.Root: pass the id given to Field.Root's `ids.control` (so the label points at it) and
 * `required` when the field is required.
 */
export function FieldSelect({ required, ...props }: ComponentProps<typeof Select>) {
  return (
    <Select
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      h="10"
      px="3"
      bg="bg"
      w="full"
      aria-required={required || undefined}
      _disabled={{ opacity: 0.5, cursor: 'not-allowed' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' }}
      {...props}
    />
  );
}
