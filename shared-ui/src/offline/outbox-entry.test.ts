import type { Gap } from '@verity/shared-api';
import { makeGap } from '../testing/fixtures';
import {
  alreadyMade,
  conflictOf,
  outboxStep,
  withWaitingChanges,
  type OutboxChange,
  type OutboxEntry,
} from './outbox-entry';

const user = {
  userId: 'u-esther',
  fullname: 'Esther Editor',
  userType: 'targetCompany',
  role: 'editor',
} as const;
const seen = makeGap({
  id: 'g1',
  status: 'open',
  displayStatus: 'open',
  remark: [],
  remarkCount: 0,
});

function entryOf(change: OutboxChange, state: OutboxEntry['state'] = 'waiting'): OutboxEntry {
  return {
    seq: 1,
    key: `key-${change.kind}`,
    user,
    targetCompanyId: 'c1',
    planId: seen.actionPlanId,
    gapId: 'g1',
    createdAt: '2026-12-04T10:00:00.000Z',
    seen,
    change,
    state,
  };
}

const remark = entryOf({ kind: 'remark', comments: 'Spill kit restocked', photos: [] });

describe('a change waiting in the outbox', () => {
  it.each<[string, Partial<Gap>, ReturnType<typeof conflictOf>]>([
    ['nothing changed', {}, undefined],
    ['someone else added a remark', { remarkCount: 3, version: 9 }, undefined],
    [
      'the gap was closed',
      { status: 'closed', displayStatus: 'closed' },
      { status: true, fields: [] },
    ],
    ['the gap was sent for review', { status: 'pending' }, { status: true, fields: [] }],
    [
      'the due date and the gap name were edited',
      { dueDate: '2027-03-01T00:00:00.000Z', gapName: 'Renamed' },
      { status: false, fields: ['gapName', 'dueDate'] },
    ],
  ])('meets a conflict when %s', (_case, change, expected) => {
    expect(conflictOf(remark, { ...seen, ...change })).toEqual(expected);
  });

  it.each<[string, OutboxChange, Partial<Gap>, boolean]>([
    ['a status the gap has', { kind: 'status', status: 'closed' }, { status: 'closed' }, true],
    ['a status the gap has not', { kind: 'status', status: 'closed' }, {}, false],
    [
      'a closure request by its author since it was made',
      { kind: 'closureRequest', note: null },
      {
        status: 'pending',
        closure: {
          id: 'r1',
          requestedAt: '2026-12-04T10:05:00.000Z',
          requestedBy: { fullname: 'Esther Editor' },
          note: null,
          review: null,
        },
      },
      true,
    ],
    [
      'a closure request by someone else',
      { kind: 'closureRequest', note: null },
      {
        status: 'pending',
        closure: {
          id: 'r1',
          requestedAt: '2026-12-04T10:05:00.000Z',
          requestedBy: { fullname: 'Olu Owner' },
          note: null,
          review: null,
        },
      },
      false,
    ],
    ['a remark (its key decides on the server)', remark.change, {}, false],
  ])('is found already made for %s', (_case, change, now, expected) => {
    expect(alreadyMade(entryOf(change), { ...seen, ...now } as Gap)).toBe(expected);
  });

  it.each<[string, OutboxChange, Partial<Gap>, ReturnType<typeof outboxStep>]>([
    ['a remark on an unchanged gap', remark.change, {}, 'send'],
    ['a remark on a gap closed meanwhile', remark.change, { status: 'closed' }, 'conflict'],
    [
      // The page was closed after the server took the request and before the device recorded it.
      'its own closure request, already taken',
      { kind: 'closureRequest', note: null },
      {
        status: 'pending',
        closure: {
          id: 'r1',
          requestedAt: '2026-12-04T10:00:02.000Z',
          requestedBy: { fullname: 'Esther Editor' },
          note: null,
          review: null,
        },
      },
      'made',
    ],
    [
      'its own status, already set',
      { kind: 'status', status: 'closed' },
      { status: 'closed' },
      'made',
    ],
  ])('is sent, found made or held for %s', (_case, change, now, expected) => {
    expect(outboxStep(entryOf(change), { ...seen, ...now } as Gap)).toBe(expected);
  });

  it('shows the gap as it will be: waiting remarks last, a waiting closure request as its status', () => {
    const photo = { name: 'outfall.png', type: 'image/png', size: 120, blob: new Blob(['x']) };
    const shown = withWaitingChanges(
      seen,
      [
        entryOf({ kind: 'remark', comments: 'Outfall photo', photos: [photo] }),
        entryOf({ kind: 'closureRequest', note: 'COD 180 mg/l' }),
        { ...entryOf({ kind: 'status', status: 'closed' }, 'sent'), key: 'already-sent' },
      ],
      (kept) => `blob:${kept.name}`,
    );
    expect(shown.remark.map((each) => [each.comments, each.docs.map((doc) => doc.url)])).toEqual([
      ['Outfall photo', ['blob:outfall.png']],
    ]);
    expect(shown.remarkCount).toBe(1);
    expect(shown.status).toBe('pending');
    expect(shown.closure).toMatchObject({
      requestedBy: { fullname: 'Esther Editor' },
      note: 'COD 180 mg/l',
    });
    // Another gap's changes leave this one as it was.
    expect(withWaitingChanges({ ...seen, id: 'g2' }, [remark], () => '')).toEqual({
      ...seen,
      id: 'g2',
    });
  });
});
