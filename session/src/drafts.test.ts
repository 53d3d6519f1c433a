/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
import { clearAllDrafts, clearDraft, readDraft, writeDraft } from './drafts';

// The session store's HTTP client (ky) needs these, which jsdom's window lacks.
Object.assign(globalThis, { TextDecoder, TextEncoder });

afterEach(() => window.localStorage.clear());

describe('drafts kept in the browser', () => {
  it('reads back what was written, for that user only', () => {
    writeDraft('user-1', 'create-action-plan.au1', { plan: { actionPlanHeading: 'Effluent' } });
    expect(readDraft('user-1', 'create-action-plan.au1')).toEqual({
      plan: { actionPlanHeading: 'Effluent' },
    });
    expect(readDraft('user-2', 'create-action-plan.au1')).toBeUndefined();
    clearDraft('user-1', 'create-action-plan.au1');
    expect(readDraft('user-1', 'create-action-plan.au1')).toBeUndefined();
  });

  it('treats a stored text that is no JSON as no draft', () => {
    window.localStorage.setItem('verity.draft.user-1.create-action-plan.au1', '{not json');
    expect(readDraft('user-1', 'create-action-plan.au1')).toBeUndefined();
  });

  it('keeps going without a draft when the storage is full', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeDraft('user-1', 'x', { a: 1 })).not.toThrow();
    setItem.mockRestore();
    expect(readDraft('user-1', 'x')).toBeUndefined();
  });

  it('signing out removes every draft and nothing else', async () => {
    writeDraft('user-1', 'create-action-plan.au1', { a: 1 });
    writeDraft('user-2', 'create-action-plan.au2', { b: 2 });
    window.localStorage.setItem('verity.theme', 'dark');
    const { createSessionStore } = await import('./session-store');
    const store = createSessionStore({
      logout: () => Promise.resolve(),
      navigate: () => undefined,
    });
    await store.getState().logout();
    expect(readDraft('user-1', 'create-action-plan.au1')).toBeUndefined();
    expect(readDraft('user-2', 'create-action-plan.au2')).toBeUndefined();
    expect(window.localStorage.getItem('verity.theme')).toBe('dark');
    clearAllDrafts();
    expect(window.localStorage.getItem('verity.theme')).toBe('dark');
  });
});
