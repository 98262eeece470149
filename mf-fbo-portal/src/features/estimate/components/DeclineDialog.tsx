import {
  DECLINE_REASON_LABELS,
  DECLINE_REASONS,
  declineEstimateSchema,
  type DeclineEstimate,
  type DeclineReason,
} from '@rampquote/contracts';
import { Button, chakra, Dialog, Field, Portal, RadioGroup, Stack, Text } from '@rampquote/web-kit';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormTextarea } from '../../../shared/FormTextarea';
import { schemaResolver } from '../../../shared/schema-resolver';

interface DeclineValues {
  reason: DeclineReason | '';
  text: string;
}

interface Props {
  open: boolean;
  fboName: string;
  declining: boolean;
  onClose: () => void;
  onConfirm: (body: DeclineEstimate) => void;
  /** Where focus goes when the dialog closes (the "Decline request" button). */
  finalFocusEl?: () => HTMLElement | null;
}

const resolver = schemaResolver<DeclineValues, DeclineEstimate>(declineEstimateSchema, (values) => ({
  reason: values.reason || undefined,
  text: values.text,
}));

/**
 * 'Decline request': a reason (fuel not available, no hangar space, closed on those dates, other with a
 * text) and a confirmation. Validated by the contracts' declineEstimateSchema with its messages.
 */
export function DeclineDialog({ open, fboName, declining, onClose, onConfirm, finalFocusEl }: Props) {
  const cancel = useRef<HTMLButtonElement>(null);
  const {
    control,
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<DeclineValues, unknown, DeclineEstimate>({ resolver, defaultValues: { reason: '', text: '' } });
  const reason = watch('reason');

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !declining) onClose();
      }}
      initialFocusEl={() => cancel.current}
      finalFocusEl={finalFocusEl}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <chakra.form
              noValidate
              onSubmit={handleSubmit(onConfirm)}
              display="flex"
              flexDirection="column"
              flex="1"
              minH="0"
            >
              <Dialog.Header>
                <Dialog.Title>Decline this request</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  <Dialog.Description color="fg.muted">
                    The customer will see that {fboName} declined, with the reason you choose. This cannot be undone.
                  </Dialog.Description>
                  <Field.Root invalid={Boolean(errors.reason)}>
                    <Controller
                      control={control}
                      name="reason"
                      render={({ field }) => (
                        <RadioGroup.Root
                          name={field.name}
                          value={field.value || null}
                          onValueChange={(details) => field.onChange(details.value ?? '')}
                          aria-labelledby="decline-reason-label"
                          size="lg"
                        >
                          <Text id="decline-reason-label" fontWeight="semibold" mb="2">
                            Reason
                          </Text>
                          <Stack gap="1">
                            {DECLINE_REASONS.map((value) => (
                              <RadioGroup.Item key={value} value={value} minH="11">
                                <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                                <RadioGroup.ItemIndicator />
                                <RadioGroup.ItemText>{DECLINE_REASON_LABELS[value]}</RadioGroup.ItemText>
                              </RadioGroup.Item>
                            ))}
                          </Stack>
                        </RadioGroup.Root>
                      )}
                    />
                    <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.text)} required={reason === 'other'}>
                    <Field.Label>Details {reason === 'other' ? <Field.RequiredIndicator /> : '(optional)'}</Field.Label>
                    <FormTextarea rows={3} {...register('text')} />
                    <Field.ErrorText>{errors.text?.message}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="3">
                <Button ref={cancel} type="button" variant="outline" size="lg" onClick={onClose} disabled={declining}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="red" size="lg" loading={declining} loadingText="Declining...">
                  Decline Request
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
