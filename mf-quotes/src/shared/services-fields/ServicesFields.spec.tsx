import type { QuoteUnits } from '@rampquote/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { fakeApi, renderRoutes } from '@rampquote/web-kit/testing/render-page';
import { FuelFields } from './FuelFields';
import { ServicesFields, type ServicesForm } from './ServicesFields';
import { defaultServicesValues } from './services-form-values';

function Values() {
  const services = useWatch<ServicesForm, 'services'>({ name: 'services' });
  return <pre data-testid="values">{JSON.stringify(services)}</pre>;
}

function Harness({ units }: { units: QuoteUnits }) {
  const methods = useForm<ServicesForm>({ defaultValues: { services: defaultServicesValues() } });
  return (
    <FormProvider {...methods}>
      <FuelFields units={units} />
      <ServicesFields units={units} />
      <Values />
    </FormProvider>
  );
}

function setup(units: QuoteUnits = 'standard') {
  fakeApi({ 'GET /api/auth/me': { status: 401 } });
  renderRoutes([{ path: '/', element: <Harness units={units} /> }], '/');
  return userEvent.setup();
}

const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Record<string, unknown>;
const toggle = (name: string) => screen.getByRole('switch', { name });
const detail = (name: string | RegExp) => screen.getByRole('combobox', { name });

describe('Services and fuel fields', () => {
  it('keeps each detail selector disabled and dimmed until its toggle is on', async () => {
    const user = setup();
    const pairs: [string, RegExp][] = [
      ['GPU (ground power unit)', /^GPU duration/],
      ['Lavatory service', /^Lavatory service type/],
      ['Potable water', /^Potable water \(/],
      ['Coffee', /^Coffee type/],
      ['Ice', /^Ice \(/],
      ['Newspapers', /^Newspapers \(sets\)/],
      ['Hangar', /^Hangar priority/],
      ['De-icing', /^De-icing type/],
      ['Air cart', /^Air cart duration/],
    ];
    for (const [service, select] of pairs) {
      const area = screen.getByTestId(`${toggle(service).getAttribute('name')?.replace('services.', '')}-details`);
      expect(detail(select)).toBeDisabled();
      expect(area).toHaveStyle({ opacity: '0.5' });
      await user.click(toggle(service));
      expect(toggle(service)).toBeChecked();
      expect(detail(select)).toBeEnabled();
      expect(area).toHaveStyle({ opacity: '1' });
    }
    const cleaning = within(screen.getByRole('group', { name: 'Cleaning kinds' }));
    expect(cleaning.getByRole('checkbox', { name: 'Interior' })).toBeDisabled();
    await user.click(toggle('Cleaning'));
    expect(cleaning.getByRole('checkbox', { name: 'Interior' })).toBeEnabled();
  });

  it('fills the defaults on toggle: potable water 5, ice 8, newspapers 1; GPU and air cart 15 min, coffee regular, hangar medium', async () => {
    const user = setup();
    expect(values()).toMatchObject({
      potableWaterGallons: '',
      icePounds: '',
      newspapersSets: '',
      gpuDuration: '15',
      airCartDuration: '15',
      coffeeType: 'regular',
      hangarPriority: 'medium',
    });
    for (const service of [
      'Potable water',
      'Ice',
      'Newspapers',
      'GPU (ground power unit)',
      'Coffee',
      'Hangar',
      'Air cart',
    ])
      await user.click(toggle(service));
    expect(values()).toMatchObject({
      potableWater: true,
      potableWaterGallons: '5',
      ice: true,
      icePounds: '8',
      newspapers: true,
      newspapersSets: '1',
      gpu: true,
      gpuDuration: '15',
    });
    expect(detail(/^Potable water \(/)).toHaveDisplayValue('5 gallons');
    expect(detail(/^Ice \(/)).toHaveDisplayValue('8 pounds');
    expect(detail(/^Newspapers/)).toHaveDisplayValue('1 set');
    expect(detail(/^GPU duration/)).toHaveDisplayValue('15 minutes');
    expect(detail(/^Coffee type/)).toHaveDisplayValue('Regular');
    expect(detail(/^Hangar priority/)).toHaveDisplayValue('Medium');
  });

  it('keeps a chosen amount when a service is turned off and on again', async () => {
    const user = setup();
    await user.click(toggle('Ice'));
    await user.selectOptions(detail(/^Ice \(/), '12');
    await user.click(toggle('Ice'));
    await user.click(toggle('Ice'));
    expect(values()).toMatchObject({ ice: true, icePounds: '12' });
  });

  it('offers the ranges of spec section 9', async () => {
    setup();
    const optionValues = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value)
        .filter(Boolean);
    expect(optionValues(detail(/^GPU duration/))).toEqual(['15', '30', '45', '60', '75', '90', '105', '120']);
    expect(optionValues(detail(/^Air cart duration/))).toEqual(['15', '30', '45', '60', '75', '90', '105', '120']);
    expect(optionValues(detail(/^Potable water \(/))).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1)));
    expect(optionValues(detail(/^Ice \(/))).toEqual(Array.from({ length: 19 }, (_, i) => String(i + 2)));
    expect(optionValues(detail(/^Newspapers/))).toEqual(['1', '2', '3', '4']);
    expect(optionValues(detail(/^Coffee type/))).toEqual(['regular', 'decaf', 'both']);
    expect(optionValues(detail(/^Hangar priority/))).toEqual(['low', 'medium', 'high']);
    expect(optionValues(detail(/^Lavatory service type/))).toEqual(['dry', 'wet']);
    expect(optionValues(detail(/^De-icing type/))).toEqual(['I', 'II', 'III', 'IV']);
  });

  it('allows one fuel grade at a time: choosing one clears the others, choosing it again clears it', async () => {
    const user = setup();
    const grade = (name: string) => screen.getByRole('checkbox', { name });
    await user.click(grade('Jet A'));
    expect(grade('Jet A')).toBeChecked();
    await user.click(grade('100LL'));
    expect(grade('100LL')).toBeChecked();
    expect(grade('Jet A')).not.toBeChecked();
    expect(values()).toMatchObject({ fuel100LL: true, fuelJetA: false });
    await user.click(grade('100LL'));
    expect(
      screen
        .getAllByRole('checkbox')
        .filter((c) => (c as HTMLInputElement).name.startsWith('services.fuel') && (c as HTMLInputElement).checked),
    ).toHaveLength(0);
  });

  it('asks for the amounts in gallons and pounds (standard) or liters and kg (metric)', () => {
    setup('metric');
    expect(screen.getByLabelText('Estimated fuel amount (liters)')).toBeInTheDocument();
    expect(detail('Potable water (liters)')).toBeInTheDocument();
    expect(detail('Ice (kg)')).toBeInTheDocument();
  });

  it('asks for the fuel amount in gallons for standard units', () => {
    setup('standard');
    expect(screen.getByLabelText('Estimated fuel amount (gallons)')).toBeInTheDocument();
    expect(detail('Potable water (gallons)')).toBeInTheDocument();
    expect(detail('Ice (pounds)')).toBeInTheDocument();
  });
});
