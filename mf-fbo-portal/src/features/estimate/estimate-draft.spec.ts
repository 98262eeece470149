import { pageData } from '../../test/estimate-fixtures';
import { clearEstimateDraft, ESTIMATE_DRAFT_PREFIX, readEstimateDraft, saveEstimateDraft } from './estimate-draft';
import { estimateContextOf, initialValues } from './estimate-form';

const data = pageData();
const context = estimateContextOf(data);
const empty = initialValues(data, context);
const KEY = ESTIMATE_DRAFT_PREFIX + data.invitationId;

beforeEach(() => window.localStorage.clear());

describe('the local draft of an estimate', () => {
  it('keeps the typed values per invitation and reads them back', () => {
    const typed = initialValues(data, context);
    typed.servicesQuoted.hangar!.price = '150';
    typed.servicesQuoted.coffee!.unavailable = true;
    typed.servicesQuoted.customServices.push({ id: 'crew-car', name: 'Crew car', price: '30', notes: 'full day' });
    typed.notes = 'Ask for Sam';
    saveEstimateDraft(data.invitationId, typed);
    expect(readEstimateDraft(data.invitationId, context, empty)).toEqual(typed);
    expect(readEstimateDraft('another-invitation', context, empty)).toBeNull();
  });

  it('never writes the link token to storage (the key is the invitation id)', () => {
    const typed = initialValues(data, context);
    typed.notes = 'x';
    saveEstimateDraft(data.invitationId, typed);
    expect(Object.keys(window.localStorage)).toEqual([KEY]);
  });

  it('ignores a draft with nothing typed, one that is not JSON, and services the request does not ask for', () => {
    saveEstimateDraft(data.invitationId, empty);
    expect(readEstimateDraft(data.invitationId, context, empty)).toBeNull();
    window.localStorage.setItem(KEY, '{not json');
    expect(readEstimateDraft(data.invitationId, context, empty)).toBeNull();
    window.localStorage.setItem(
      KEY,
      JSON.stringify({
        values: {
          servicesQuoted: {
            catering: { price: '99', notes: '', unavailable: false },
            coffee: { price: 7 },
            customServices: 'nope',
          },
          notes: 'hi',
          validUntil: 'soon',
        },
      }),
    );
    const read = readEstimateDraft(data.invitationId, context, empty)!;
    expect(read.servicesQuoted.catering).toBeUndefined();
    expect(read.servicesQuoted.coffee).toEqual({ price: '', notes: '', unavailable: false });
    expect(read.servicesQuoted.customServices).toEqual([]);
    expect(read.validUntil).toBe(empty.validUntil);
    expect(read.notes).toBe('hi');
  });

  it('is cleared', () => {
    const typed = initialValues(data, context);
    typed.notes = 'x';
    saveEstimateDraft(data.invitationId, typed);
    clearEstimateDraft(data.invitationId);
    expect(window.localStorage.getItem(KEY)).toBeNull();
  });
});
