import { render, waitFor } from '@testing-library/react';
import { keptDataForgotten, setOfflineUserId } from '@verity/session';
import { OfflineBar } from './offline-bar-entry';

// The edge of this unit: the heavy offline module (IndexedDB, the caches), loaded on demand.
const forgetOtherUser = jest.fn(() => Promise.resolve());
jest.mock('./offline-module', () => ({ forgetOtherUser: () => forgetOtherUser() }));

describe('OfflineBar on a shared device', () => {
  afterEach(() => {
    window.localStorage.clear();
    forgetOtherUser.mockClear();
  });

  it("forgets what the keeping user kept to read once for the others, and again after the keeper's return", async () => {
    setOfflineUserId('keeper');
    const signIn = async (userId: string) => {
      render(<OfflineBar userId={userId} />).unmount();
      // Let a started forgetting finish before the next sign-in.
      await waitFor(() => expect(keptDataForgotten()).toBe(userId !== 'keeper'));
    };

    await signIn('colleague');
    await signIn('visitor');
    await signIn('colleague');
    expect(forgetOtherUser).toHaveBeenCalledTimes(1);

    await signIn('keeper');
    await signIn('visitor');
    expect(forgetOtherUser).toHaveBeenCalledTimes(2);
  });
});
