import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { fails, ok, onApi } from '@verity/shared-ui/src/testing';
import { renderApp, signedInAs, users } from '../../test/render-app';

jest.mock('../../remotes/federation');

const PLAN_PATH = '/auditor/target-companies/tc-1/audits/au-1/action-plans/ap-1';

function notification(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'remarkAdded',
    title: `New remark on gap ${n}`,
    body: `Lena Fischer wrote on 'Water reuse ratio ${n}'.`,
    createdAt: new Date(2026, 10, 20, 9, n).toISOString(),
    readAt: null,
    gapId: `gap-${n}`,
    actionPlanId: 'ap-1',
    targetCompanyId: 'tc-1',
    link: `${PLAN_PATH}?gap_id=gap-${n}`,
    ...extra,
  };
}

function page(
  notifications: ReturnType<typeof notification>[],
  { total = notifications.length, unread = 0, page = 1 } = {},
) {
  return ok({ notifications, total, unread, page, pageSize: 20 });
}

async function renderAuditor(path = '/auditor/users') {
  const view = renderApp(path, signedInAs(users.auditor));
  await screen.findByRole('region', { name: /app$/ });
  return view;
}

const bell = (name: string | RegExp = /^Notifications/) => screen.getByRole('button', { name });
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });

describe('notification bell', () => {
  it("shows the unread count on the bell and says it in the button's name", async () => {
    onApi('get', 'notifications/unread-count', ok({ unread: 3 }));
    await renderAuditor();
    const button = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(button).toHaveTextContent(/^3$/);
    expect(within(screen.getByRole('banner')).getByText('Auditor Dashboard')).toBeVisible();
  });

  it("writes '99+' past 99 and keeps the whole count in the name", async () => {
    onApi('get', 'notifications/unread-count', ok({ unread: 140 }));
    await renderAuditor();
    expect(
      await screen.findByRole('button', { name: 'Notifications, 140 unread' }),
    ).toHaveTextContent(/^99\+$/);
  });

  it('shows no badge when nothing is unread', async () => {
    await renderAuditor();
    const button = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    expect(button).toHaveTextContent('');
    expect(button.querySelector('.notification-bell__badge')).toBeNull();
  });

  it('lists the notifications newest first, unread ones marked in words, and passes axe', async () => {
    onApi('get', 'notifications/unread-count', ok({ unread: 1 }));
    const listed = onApi(
      'get',
      'notifications',
      page([notification(2), notification(1, { readAt: new Date(2026, 10, 21).toISOString() })], {
        unread: 1,
      }),
    );
    const { container } = await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const items = await within(panel()).findAllByRole('listitem');
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({ search: { page: '1', pageSize: '20' } }),
    );
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['unread', 'read']);
    const [unread, read] = items.map((item) => within(item).getByRole('link'));
    expect(unread).toHaveAccessibleName(/^Unread: New remark on gap 2/);
    expect(read).toHaveAccessibleName(/^New remark on gap 1/);
    expect(within(items[0]!).getByText('New remark on gap 2')).toHaveClass(
      'notification-item__title',
    );
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it("says 'No notifications yet.' when there are none", async () => {
    onApi('get', 'notifications', page([]));
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await within(panel()).findByText('No notifications yet.')).toBeVisible();
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it("'Mark all as read' clears the badge and the unread marks", async () => {
    onApi('get', 'notifications/unread-count', [ok({ unread: 2 }), ok({ unread: 0 })]);
    const readAt = new Date().toISOString();
    onApi('get', 'notifications', [
      page([notification(2), notification(1)], { unread: 2 }),
      page([notification(2, { readAt }), notification(1, { readAt })]),
    ]);
    const readAll = onApi('post', 'notifications/read-all', ok({ unread: 0 }));
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await within(panel()).findAllByRole('listitem');
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveTextContent('');
    expect(readAll).toHaveBeenCalledTimes(1);
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('data-state')),
    ).toEqual(['read', 'read']);
    expect(within(panel()).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    // The button went away from under the focus: the panel keeps it.
    expect(panel()).toHaveFocus();
  });

  it("'Mark all as read' holds against a list read that answers with it", async () => {
    onApi('get', 'notifications/unread-count', [ok({ unread: 2 }), ok({ unread: 0 })]);
    // The panel opened again reads the list, and the user marks all read before it answers; on a busy
    // server both answers arrive together, the list's with the state from before the mark.
    let answerBoth = () => {};
    const busy = new Promise<void>((resolve) => (answerBoth = resolve));
    let reads = 0;
    onApi('post', 'notifications/read-all', async () => {
      await busy;
      return ok({ unread: 0 });
    });
    onApi('get', 'notifications', async () => {
      reads += 1;
      if (reads === 2) await busy;
      const readAt = reads > 2 ? new Date().toISOString() : null;
      return page([notification(2, { readAt }), notification(1, { readAt })], {
        unread: readAt === null ? 2 : 0,
      });
    });
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await within(panel()).findAllByRole('listitem');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(bell('Notifications, 2 unread'));
    await waitFor(() => expect(reads).toBe(2));
    await userEvent.click(within(panel()).getByRole('button', { name: 'Mark all as read' }));
    answerBoth();

    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveTextContent('');
    await waitFor(() =>
      expect(
        within(panel())
          .getAllByRole('listitem')
          .map((item) => item.getAttribute('data-state')),
      ).toEqual(['read', 'read']),
    );
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it('opens a notification at its gap, closes the panel and marks it read', async () => {
    onApi('get', 'notifications/unread-count', [ok({ unread: 1 }), ok({ unread: 0 })]);
    onApi('get', 'notifications', page([notification(7)], { unread: 1 }));
    const markRead = onApi(
      'post',
      'notification/:id/read',
      ok({ notification: notification(7, { readAt: new Date().toISOString() }) }),
    );
    const { location } = await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await userEvent.click(
      await within(panel()).findByRole('link', { name: /New remark on gap 7/ }),
    );

    expect(location().pathname).toBe(PLAN_PATH);
    expect(location().search).toBe('?gap_id=gap-7');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(markRead).toHaveBeenCalledWith(
      expect.objectContaining({ params: { id: notification(7).id } }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toHaveTextContent('');
  });

  it('loads the next page on Load more and moves the focus to the first new one', async () => {
    onApi('get', 'notifications/unread-count', ok({ unread: 0 }));
    const first = Array.from({ length: 20 }, (_, index) =>
      notification(30 - index, { readAt: '2026-11-22T10:00:00.000Z' }),
    );
    const listed = onApi('get', 'notifications', ({ search }) =>
      search.page === '2'
        ? page([notification(10, { readAt: '2026-11-22T10:00:00.000Z' })], { total: 21, page: 2 })
        : page(first, { total: 21 }),
    );
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await within(panel()).findAllByRole('listitem')).toHaveLength(20);
    expect(within(panel()).getByText('20 of 21')).toBeVisible();
    await userEvent.click(within(panel()).getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(within(panel()).getAllByRole('listitem')).toHaveLength(21));
    expect(listed).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: { page: '2', pageSize: '20' } }),
    );
    expect(within(panel()).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel()).getByRole('link', { name: /New remark on gap 10/ })).toHaveFocus(),
    );
  });

  it('closes on Escape with the focus back on the bell, and on a click outside', async () => {
    onApi('get', 'notifications', page([]));
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(panel()).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(bell());
    expect(panel()).toBeInTheDocument();
    await userEvent.click(screen.getByRole('main'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('lists a notification that arrives while the panel is open', async () => {
    onApi('get', 'notifications/unread-count', [ok({ unread: 1 }), ok({ unread: 2 })]);
    onApi('get', 'notifications', [
      page([notification(1)], { unread: 1 }),
      page([notification(2), notification(1)], { unread: 2 }),
    ]);
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await within(panel()).findAllByRole('listitem')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await within(panel()).findByRole('link', { name: /New remark on gap 2/ })).toBeVisible();
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
  });

  it("shows the list's error in the panel when it cannot load", async () => {
    onApi('get', 'notifications', fails(503, 'Verity is busy. Try again in a moment.'));
    await renderAuditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await within(panel()).findByRole('alert')).toHaveTextContent(
      'Verity is busy. Try again in a moment.',
    );
  });

  it('reads the count again every minute, without a reload', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const counted = onApi('get', 'notifications/unread-count', [
        ok({ unread: 0 }),
        ok({ unread: 4 }),
      ]);
      await renderAuditor();
      await screen.findByRole('button', { name: 'Notifications' });
      expect(counted).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(59_000));
      expect(counted).toHaveBeenCalledTimes(1);
      await act(() => jest.advanceTimersByTimeAsync(1_000));
      expect(
        await screen.findByRole('button', { name: 'Notifications, 4 unread' }),
      ).toHaveTextContent('4');
      expect(counted).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads the count again each time the window gets the focus back', async () => {
    const counted = onApi('get', 'notifications/unread-count', [
      ok({ unread: 0 }),
      ok({ unread: 2 }),
      ok({ unread: 5 }),
    ]);
    await renderAuditor();
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(counted).toHaveBeenCalledTimes(1));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    // Back from another program a second time: asked again.
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeVisible();
  });
});
