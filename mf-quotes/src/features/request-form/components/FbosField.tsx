import type { FboDto } from '@rampquote/contracts';
import { Box, Button, Checkbox, HStack, Spinner, Stack, Text } from '@rampquote/web-kit';
import { useLayoutEffect } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import type { RequestFormValues } from '../request-form-values';
import { useFboDiscovery } from '../hooks/useFboDiscovery';

export const FboListTexts = {
  pickDestination: 'Select a destination airport to see its FBOs.',
  loading: 'Loading FBOs...',
  discovering: 'Discovering FBOs...',
  none: 'No FBOs found for this airport after searching.',
  error: 'Error loading FBOs',
  tryAgain: 'Try Again',
} as const;

export interface FbosFieldProps {
  airportCode: string;
  /** Called with the FBOs each time a list arrives (for auto-selection and for the stored request). */
  onList: (airportCode: string, fbos: FboDto[]) => void;
}

/** The FBOs at the destination, each selectable (spec sections 2 and 4). */
export function FbosField({ airportCode, onList }: FbosFieldProps) {
  const { control, formState } = useFormContext<RequestFormValues>();
  const { state, retry } = useFboDiscovery(airportCode);
  const fbos = state.status === 'ready' ? state.fbos : null;

  // Before paint: a new list shows already selected (auto-selection), without a flash of unchecked boxes.
  useLayoutEffect(() => {
    if (fbos) onList(airportCode, fbos);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per list
  }, [fbos, airportCode]);

  const error = formState.errors.selectedFbos;
  const errorText = error?.message ?? (Array.isArray(error) ? error.find(Boolean)?.message : undefined);

  return (
    <Stack gap="3">
      {state.status === 'idle' ? <Text color="fg.muted">{FboListTexts.pickDestination}</Text> : null}
      {state.status === 'loading' || state.status === 'discovering' ? (
        <HStack role="status" gap="2" color="fg.muted">
          <Spinner size="sm" aria-hidden="true" />
          <Text>{state.status === 'loading' ? FboListTexts.loading : FboListTexts.discovering}</Text>
        </HStack>
      ) : null}
      {state.status === 'empty' || state.status === 'error' ? (
        <Stack gap="2" align="flex-start" role={state.status === 'error' ? 'alert' : 'status'}>
          <Text color={state.status === 'error' ? 'fg.error' : 'fg.muted'}>
            {state.status === 'error' ? FboListTexts.error : FboListTexts.none}
          </Text>
          <Button size="sm" variant="outline" onClick={retry}>
            {FboListTexts.tryAgain}
          </Button>
        </Stack>
      ) : null}
      {fbos ? (
        <Controller
          control={control}
          name="selectedFbos"
          render={({ field }) => (
            <Stack gap="2" role="group" aria-label="FBOs at destination">
              {fbos.map((fbo) => {
                const checked = field.value.includes(fbo.id);
                return (
                  <Box
                    key={fbo.id}
                    borderWidth="1px"
                    borderColor={checked ? 'brand.solid' : 'border.muted'}
                    borderRadius="l2"
                    p="3"
                  >
                    <Checkbox.Root
                      checked={checked}
                      alignItems="flex-start"
                      onCheckedChange={({ checked: on }) =>
                        field.onChange(
                          on === true
                            ? [...field.value.filter((id) => id !== fbo.id), fbo.id]
                            : field.value.filter((id) => id !== fbo.id),
                        )
                      }
                    >
                      <Checkbox.HiddenInput onBlur={field.onBlur} />
                      <Checkbox.Control mt="0.5" />
                      <Checkbox.Label>
                        <Text as="span" fontWeight="medium" display="block">
                          {fbo.name}
                        </Text>
                        <Text as="span" fontSize="sm" color="fg.muted" display="block" wordBreak="break-word">
                          {fbo.phone ?? ''}
                        </Text>
                      </Checkbox.Label>
                    </Checkbox.Root>
                  </Box>
                );
              })}
            </Stack>
          )}
        />
      ) : null}
      {errorText ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errorText}
        </Text>
      ) : null}
    </Stack>
  );
}
