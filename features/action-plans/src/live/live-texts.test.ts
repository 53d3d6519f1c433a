import type { ActionPlanDetail, ChangeEntry, LiveChange } from '@verity/shared-api';
import { switchLanguage } from '@verity/session';
import { makeActionPlan, makeGap, makeStatistics } from '@verity/shared-ui/src/testing';
import { liveChangeText } from './live-texts';

const ASHA = { name: 'Asha Rao', userType: 'auditor', role: 'owner' } as const;
const EARLIER = '2026-11-20T08:00:00.000Z';
const NOW = '2026-11-27T09:30:00.000Z';

const entry = (field: ChangeEntry['field'], values: Partial<ChangeEntry> = {}): ChangeEntry => ({
  id: `${field}-${values.changedAt ?? NOW}`,
  field,
  oldValue: null,
  newValue: null,
  reason: null,
  changedBy: ASHA,
  changedAt: NOW,
  ...values,
});

function detail(gapHistory: ChangeEntry[], planHistory: ChangeEntry[] = []): ActionPlanDetail {
  const { gaps: _gaps, ...actionPlan } = makeActionPlan({ actionPlanHeading: 'Water stewardship' });
  return {
    actionPlan,
    statistics: makeStatistics(),
    gaps: [makeGap({ id: 'gap-1', gapName: 'Wastewater discharge', changeHistory: gapHistory })],
    changeHistory: planHistory,
  };
}

const onGap: LiveChange = {
  actionPlanId: 'plan-1',
  gapId: 'gap-1',
  version: 3,
  changedBy: 'asha',
  targetCompanyId: 'company-1',
};
const onPlan: LiveChange = { ...onGap, gapId: null };
const older = entry('created', {
  changedAt: EARLIER,
  changedBy: { ...ASHA, name: 'Someone Else' },
});

describe('the toast of a change', () => {
  it.each([
    ['Asha Rao closed “Wastewater discharge”', [entry('status', { newValue: 'closed' })]],
    [
      'Asha Rao provisionally closed “Wastewater discharge”',
      [entry('status', { newValue: 'provClosed' })],
    ],
    [
      'Asha Rao sent “Wastewater discharge” for closure review',
      [entry('status', { newValue: 'pending' })],
    ],
    ['Asha Rao reopened “Wastewater discharge”', [entry('status', { newValue: 'open' })]],
    [
      'Asha Rao added a remark to “Wastewater discharge”',
      [entry('remark', { newValue: { remarkId: 'r1', attachments: 1 } })],
    ],
    [
      'Asha Rao withdrew a remark from “Wastewater discharge”',
      [entry('remark', { oldValue: { remarkId: 'r1', attachments: 0 } })],
    ],
    [
      'Asha Rao withdrew an image from “Wastewater discharge”',
      [entry('attachment', { oldValue: { remarkId: 'r1', documentId: 'd1' } })],
    ],
    ['Asha Rao edited “Wastewater discharge”', [entry('gapName'), entry('dueDate')]],
  ])('names the newest write to the gap: %s', (text, newest) => {
    expect(liveChangeText(detail([...newest, older]), onGap)).toBe(text);
  });

  it('names a new plan, new gaps, or an edit of the plan itself', () => {
    expect(liveChangeText(detail([older], [entry('created')]), onPlan)).toBe(
      'Asha Rao added the action plan “Water stewardship”',
    );
    expect(liveChangeText(detail([entry('created')], [older]), onPlan)).toBe(
      'Asha Rao added 1 gap to “Water stewardship”',
    );
    expect(liveChangeText(detail([older], [entry('timeline')]), onPlan)).toBe(
      'Asha Rao edited the action plan “Water stewardship”',
    );
  });

  it('says nothing of a gap the plan no longer shows, or of a plan not on screen', () => {
    expect(liveChangeText(detail([]), onGap)).toBeUndefined();
    expect(liveChangeText(detail([older]), { ...onGap, gapId: 'gap-9' })).toBeUndefined();
    expect(liveChangeText(undefined, onGap)).toBeUndefined();
  });
});

describe('the toast in the language in use', () => {
  afterEach(() => switchLanguage('en'));

  it('reads the change in French, and counts new gaps in Arabic', async () => {
    await switchLanguage('fr');
    expect(liveChangeText(detail([entry('status', { newValue: 'closed' }), older]), onGap)).toBe(
      'Asha Rao a clôturé «\u00a0Wastewater discharge\u00a0»',
    );
    await switchLanguage('ar');
    const twoNew = detail([entry('created'), { ...entry('created'), id: 'created-2' }], [older]);
    expect(liveChangeText(twoNew, onPlan)).toBe('أضاف Asha Rao فجوتين إلى «Water stewardship»');
  });
});
