import { MAX_CUSTOM_SERVICES } from '@rampquote/contracts';
import {
  Box,
  Button,
  Card,
  chakra,
  Field,
  FormInput,
  Heading,
  HStack,
  InputGroup,
  Stack,
  Text,
  VisuallyHidden,
} from '@rampquote/web-kit';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { FormTextarea } from '../../../shared/FormTextarea';
import { useFboPortalServiceCatalogueQuery } from '../api/estimate-api';
import type { EstimateFormValues } from '../estimate-form';
import { PRICE_INPUT_PROPS } from './ServiceEntry';
import { ServicePicker } from './ServicePicker';

const Label = chakra('label');

export const NO_CUSTOM_SERVICES = 'No custom services added yet.';

/**
 * 'Other Services' (spec section 2): 'Add Service' adds a removable line with a service from the catalogue
 * (GET /api/fbo-services), a price and optional notes.
 */
export function OtherServices() {
  const { control, register, formState, setValue } = useFormContext<EstimateFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'servicesQuoted.customServices', keyName: 'key' });
  const lines = useWatch({ control, name: 'servicesQuoted.customServices' });
  const catalogue = useFboPortalServiceCatalogueQuery(undefined, { skip: fields.length === 0 });
  const lineErrors = formState.errors.servicesQuoted?.customServices;
  const full = fields.length >= MAX_CUSTOM_SERVICES;

  return (
    <Card.Root as="section" aria-labelledby="other-services-title" variant="outline" bg="bg.panel">
      <Card.Body gap="4" p={{ base: '4', md: '5' }}>
        <Stack
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="3"
        >
          <Heading as="h3" size="lg" id="other-services-title">
            Other Services
          </Heading>
          <Button
            type="button"
            size="lg"
            variant="outline"
            colorPalette="brand"
            disabled={full}
            onClick={() => append({ id: '', name: '', price: '', notes: '' })}
          >
            <span aria-hidden="true">+</span> Add Service
          </Button>
        </Stack>
        {fields.length === 0 ? (
          <Box textAlign="center" py="4">
            <Text>{NO_CUSTOM_SERVICES}</Text>
            <Text color="fg.muted" fontSize="sm">
              Click Add Service to quote a service the customer did not list.
            </Text>
          </Box>
        ) : (
          <Stack gap="4">
            {fields.map((line, index) => {
              const errors = lineErrors?.[index];
              const nameError = errors?.id?.message ?? errors?.name?.message;
              const labelId = `custom-${line.key}-label`;
              const pickerId = `custom-${line.key}-service`;
              const errorId = `custom-${line.key}-error`;
              const titleId = `custom-${line.key}-title`;
              return (
                <Box
                  key={line.key}
                  role="group"
                  aria-labelledby={titleId}
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="l2"
                  p={{ base: '3', md: '4' }}
                  data-testid="custom-service-line"
                >
                  <Stack gap="3">
                    <HStack justify="space-between" align="center">
                      <Text id={titleId} fontWeight="semibold">
                        Other service {index + 1}
                      </Text>
                      <Button
                        type="button"
                        size="lg"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => remove(index)}
                        aria-label={`Remove other service ${index + 1}`}
                      >
                        Remove
                      </Button>
                    </HStack>
                    <Field.Root invalid={Boolean(nameError)}>
                      <Label id={labelId} htmlFor={pickerId} fontWeight="medium" fontSize="sm">
                        Service
                      </Label>
                      <Controller
                        control={control}
                        name={`servicesQuoted.customServices.${index}.id`}
                        render={({ field }) => (
                          <ServicePicker
                            id={pickerId}
                            labelledBy={labelId}
                            describedBy={nameError ? errorId : undefined}
                            value={field.value ? { id: field.value, name: lines?.[index]?.name ?? '' } : null}
                            options={catalogue.data}
                            loading={catalogue.isLoading}
                            failed={catalogue.isError}
                            onRetry={() => void catalogue.refetch()}
                            invalid={Boolean(nameError)}
                            onChange={(service) => {
                              // The body carries both the catalogue id and its name.
                              setValue(`servicesQuoted.customServices.${index}.name`, service.serviceName);
                              field.onChange(service.id);
                            }}
                          />
                        )}
                      />
                      {nameError ? (
                        <Text id={errorId} color="fg.error" fontSize="sm">
                          {nameError}
                        </Text>
                      ) : null}
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors?.price)}>
                      <Field.Label>
                        Price<VisuallyHidden>{` for other service ${index + 1}`}</VisuallyHidden>
                      </Field.Label>
                      <InputGroup startElement="$" w="full">
                        <FormInput
                          {...PRICE_INPUT_PROPS}
                          {...register(`servicesQuoted.customServices.${index}.price`)}
                        />
                      </InputGroup>
                      <Field.ErrorText>{errors?.price?.message}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors?.notes)}>
                      <Field.Label>
                        Notes<VisuallyHidden>{` for other service ${index + 1}`}</VisuallyHidden> (optional)
                      </Field.Label>
                      <FormTextarea rows={2} {...register(`servicesQuoted.customServices.${index}.notes`)} />
                      <Field.ErrorText>{errors?.notes?.message}</Field.ErrorText>
                    </Field.Root>
                  </Stack>
                </Box>
              );
            })}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
