import {
  AUDIT_CATEGORIES_BY_TYPE,
  formHasAreaCode,
  formHasDueDate,
  formHasEsgAspect,
} from './audit';
import { toAmountValue } from './currency';
import { portfolioChartHeight } from './limits';
import { SDGS } from './sdg';
import { GAP_STATUS_OPTION_LABELS, STATUS_LABELS } from './status';

describe('domain constants', () => {
  it('labels every status badge as the spec says (and a dropped ESAP item, 0083)', () => {
    expect(STATUS_LABELS).toEqual({
      closed: 'Closed',
      provClosed: 'Prov Close',
      open: 'Open',
      overdue: 'Overdue',
      pending: 'Pending',
      dropped: 'Dropped',
    });
    expect(GAP_STATUS_OPTION_LABELS).toEqual({
      open: 'Open',
      closed: 'Close',
      provClosed: 'Prov Close',
    });
  });

  it('lists the 17 SDGs in order with their UN titles and public pages', () => {
    expect(SDGS).toHaveLength(17);
    expect(SDGS[0]).toEqual({
      code: 'SDG1',
      number: 1,
      title: 'No Poverty',
      url: 'https://sdgs.un.org/goals/goal1',
    });
    expect(SDGS[12]).toMatchObject({ code: 'SDG13', title: 'Climate Action' });
    expect(SDGS[16]).toMatchObject({ code: 'SDG17', title: 'Partnerships for the Goals' });
  });

  it('gives each audit type its categories', () => {
    expect(AUDIT_CATEGORIES_BY_TYPE.normal_audit).toEqual(['EHS', 'F&LS', 'QA']);
    expect(AUDIT_CATEGORIES_BY_TYPE.dd).toEqual(['Environment', 'Social', 'Governance']);
    expect(AUDIT_CATEGORIES_BY_TYPE.esap).toEqual(['Environment']);
  });

  it('knows which gap fields each form type has', () => {
    expect(
      ['ap', 'capa', 'mp', 'recommendation'].filter((f) => formHasDueDate(f as never)),
    ).toEqual(['ap', 'capa', 'mp']);
    expect(
      ['ap', 'capa', 'mp', 'recommendation'].filter((f) => formHasEsgAspect(f as never)),
    ).toEqual(['ap', 'mp', 'recommendation']);
    expect(
      ['ap', 'capa', 'mp', 'recommendation'].filter((f) => formHasAreaCode(f as never)),
    ).toEqual(['capa']);
  });

  it('turns a non-numeric amount into 0', () => {
    expect(toAmountValue('12.5')).toBe(12.5);
    expect(toAmountValue('abc')).toBe(0);
  });

  it('sizes the portfolio chart at 120 plus 110 per company', () => {
    expect(portfolioChartHeight(3)).toBe(450);
  });
});
