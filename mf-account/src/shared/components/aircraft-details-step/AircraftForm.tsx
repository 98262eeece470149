import {
  aircraftYearChoices,
  convertMeasures,
  ENGINE_TYPES,
  RUNWAY_LENGTH_CHOICES,
  UNIT_LABELS,
  UNIT_SYSTEMS,
  type EngineType,
  type UnitSystem,
} from '@rampquote/contracts';
import { Alert, Button, Field, FormInput, SimpleGrid, Stack, errorMessage } from '@rampquote/web-kit';
import type { ReactNode } from 'react';
import { useAircraftMakes, useAircraftModels } from '../../aircraft-api';
import {
  applyNumericInput,
  DIMENSION_KEYS,
  isRequiredField,
  WEIGHT_KEYS,
  type AircraftDraft,
  type MeasureKey,
} from './aircraft-draft';
import { FieldSelect } from './FieldSelect';

export const MAKES_FAILED = 'Unable to load aircraft makes. Please refresh the page.';

const MEASURE_LABELS: Record<MeasureKey, string> = {
  wingspan: 'Wingspan',
  length: 'Length',
  height: 'Height',
  basicEmptyWeight: 'Basic Empty Weight',
  maxRampWeight: 'Max Ramp Weight',
  maxTakeoffWeight: 'Max Takeoff Weight',
  maxLandingWeight: 'Max Landing Weight',
  minRunwayLength: 'Minimum Runway Length',
};

const UNIT_SYSTEM_LABELS: Record<UnitSystem, string> = { imperial: 'Imperial (ft, lbs)', metric: 'Metric (m, kg)' };
const YEARS = aircraftYearChoices();

/** One aircraft form per page: stable control ids let the labels point at the native selects. */
const controlId = (field: string) => `aircraft-${field}`;

interface Props {
  draft: AircraftDraft;
  onChange: (draft: AircraftDraft) => void;
  onMakeChange: (make: string) => void;
  onModelChange: (model: string) => void;
  /** Reload the page (the makes error's Refresh Page button). */
  onRefresh?: () => void;
}

function Labelled({
  field,
  label,
  children,
  helper,
}: {
  field: string;
  label: string;
  children: ReactNode;
  helper?: string;
}) {
  const required = isRequiredField(field);
  return (
    <Field.Root required={required} id={controlId(field)}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** The new-aircraft form of the details step: make → model → specification, then the aircraft fields. */
export function AircraftForm({ draft, onChange, onMakeChange, onModelChange, onRefresh }: Props) {
  const makes = useAircraftMakes();
  const models = useAircraftModels(draft.make);
  const units = UNIT_LABELS[draft.unitSystem];
  const runwayChoices = RUNWAY_LENGTH_CHOICES[draft.unitSystem];
  const runway = draft.minRunwayLength;

  const numberField = (key: MeasureKey, step: string, unit: string) => (
    <Labelled key={key} field={key} label={`${MEASURE_LABELS[key]} (${unit})`}>
      <FormInput
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        name={key}
        value={draft[key] ?? ''}
        onChange={(e) => onChange(applyNumericInput(draft, key, e.target.value, e.target.validity?.badInput ?? false))}
      />
    </Labelled>
  );

  const changeUnits = (unitSystem: UnitSystem) => {
    if (unitSystem === draft.unitSystem) return;
    onChange({ ...convertMeasures(draft, draft.unitSystem, unitSystem), unitSystem });
  };

  return (
    <Stack gap="5">
      {makes.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{MAKES_FAILED}</Alert.Title>
            <Alert.Description>{errorMessage(makes.error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={onRefresh ?? (() => window.location.reload())}>
            Refresh Page
          </Button>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Labelled field="make" label="Make">
          <FieldSelect
            id={controlId('make')}
            required={isRequiredField('make')}
            value={draft.make}
            onChange={(e) => onMakeChange(e.target.value)}
            disabled={makes.isLoading || makes.isError}
          >
            <option value="">{makes.isLoading ? 'Loading makes…' : 'Select make'}</option>
            {(makes.data ?? []).map((make) => (
              <option key={make} value={make}>
                {make}
              </option>
            ))}
            {draft.make && makes.data && !makes.data.includes(draft.make) ? (
              <option value={draft.make}>{draft.make}</option>
            ) : null}
          </FieldSelect>
        </Labelled>
        <Labelled field="model" label="Model">
          <FieldSelect
            id={controlId('model')}
            required={isRequiredField('model')}
            value={draft.model}
            onChange={(e) => onModelChange(e.target.value)}
            disabled={!draft.make || models.isFetching}
          >
            <option value="">{draft.make && models.isFetching ? 'Loading models…' : 'Select model'}</option>
            {(draft.make ? (models.data ?? []) : []).map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
            {draft.model && !(models.data ?? []).includes(draft.model) ? (
              <option value={draft.model}>{draft.model}</option>
            ) : null}
          </FieldSelect>
        </Labelled>
        <Labelled field="type" label="Engine Type">
          <FieldSelect
            id={controlId('type')}
            required={isRequiredField('type')}
            value={draft.type ?? ''}
            onChange={(e) => {
              const next = { ...draft };
              if (e.target.value) next.type = e.target.value as EngineType;
              else delete next.type;
              onChange(next);
            }}
          >
            <option value="">Select engine type</option>
            {ENGINE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </FieldSelect>
        </Labelled>
        <Labelled field="tailNumber" label="Tail Number">
          <FormInput
            name="tailNumber"
            autoComplete="off"
            value={draft.tailNumber ?? ''}
            onChange={(e) => onChange({ ...draft, tailNumber: e.target.value.toUpperCase() })}
          />
        </Labelled>
        <Labelled field="serialNumber" label="Serial Number">
          <FormInput
            name="serialNumber"
            autoComplete="off"
            value={draft.serialNumber ?? ''}
            onChange={(e) => onChange({ ...draft, serialNumber: e.target.value })}
          />
        </Labelled>
        <Labelled field="year" label="Year">
          <FieldSelect
            id={controlId('year')}
            required={isRequiredField('year')}
            value={draft.year === undefined ? '' : String(draft.year)}
            onChange={(e) => {
              const next = { ...draft };
              if (e.target.value) next.year = Number(e.target.value);
              else delete next.year;
              onChange(next);
            }}
          >
            <option value="">Select year</option>
            {YEARS.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </FieldSelect>
        </Labelled>
        <Labelled field="unitSystem" label="Units">
          <FieldSelect
            id={controlId('unitSystem')}
            required={isRequiredField('unitSystem')}
            value={draft.unitSystem}
            onChange={(e) => changeUnits(e.target.value as UnitSystem)}
          >
            {UNIT_SYSTEMS.map((u) => (
              <option key={u} value={u}>
                {UNIT_SYSTEM_LABELS[u]}
              </option>
            ))}
          </FieldSelect>
        </Labelled>
        <Labelled field="minRunwayLength" label={`${MEASURE_LABELS.minRunwayLength} (${units.length})`}>
          <FieldSelect
            id={controlId('minRunwayLength')}
            required
            value={runway === undefined ? '' : String(runway)}
            onChange={(e) => onChange(applyNumericInput(draft, 'minRunwayLength', e.target.value))}
          >
            <option value="">Select runway length</option>
            {runwayChoices.map((length) => (
              <option key={length} value={length}>
                {length.toLocaleString('en-US')} {units.length}
              </option>
            ))}
            {runway !== undefined && !runwayChoices.includes(runway) ? (
              <option value={runway}>
                {runway.toLocaleString('en-US')} {units.length}
              </option>
            ) : null}
          </FieldSelect>
        </Labelled>
        {DIMENSION_KEYS.map((key) => numberField(key, '0.1', units.length))}
        {WEIGHT_KEYS.map((key) => numberField(key, '1', units.weight))}
      </SimpleGrid>
    </Stack>
  );
}
