import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListPages, Pagination, lastPage } from './pagination';

function renderPagination(page: number, total: number, busy = false) {
  const onPageChange = jest.fn();
  render(
    <Pagination
      page={page}
      pageSize={20}
      total={total}
      itemLabel="action plans"
      onPageChange={onPageChange}
      busy={busy}
    />,
  );
  return onPageChange;
}

describe('Pagination', () => {
  it('shows nothing when the whole list fits on the first page', () => {
    renderPagination(1, 20);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says where the page sits and moves to the pages beside it', async () => {
    const onPageChange = renderPagination(2, 45);
    const nav = screen.getByRole('navigation', { name: 'Pages of action plans' });
    expect(nav).toHaveTextContent('21–40 of 45 action plans');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('has no way before the first page or past the last', () => {
    renderPagination(3, 45);
    expect(screen.getByText('41–45 of 45 action plans')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('names a page of one row by its number', () => {
    renderPagination(3, 41);
    expect(screen.getByText('41 of 41 action plans')).toBeInTheDocument();
  });

  it('leads back from a page past the end to the last one', async () => {
    const onPageChange = renderPagination(9, 45);
    expect(screen.getByText('Page 9 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('waits while the next page loads', () => {
    renderPagination(2, 45, true);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('counts the last page of a list', () => {
    expect([lastPage(0, 20), lastPage(20, 20), lastPage(21, 20), lastPage(100, 20)]).toEqual([
      1, 1, 2, 5,
    ]);
  });
});

describe('ListPages', () => {
  const page = { page: 2, pageSize: 20, total: 45 };

  it('shows the pages of a loaded list, waiting while the next page loads', () => {
    render(
      <ListPages
        list={{ isError: false, isPlaceholderData: true, data: page }}
        itemLabel="audits"
        onPageChange={jest.fn()}
      />,
    );
    expect(screen.getByText('21–40 of 45 audits')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows nothing before a page has come, or when loading failed', () => {
    const { rerender } = render(
      <ListPages
        list={{ isError: false, isPlaceholderData: false }}
        itemLabel="audits"
        onPageChange={jest.fn()}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(
      <ListPages
        list={{ isError: true, isPlaceholderData: false, data: page }}
        itemLabel="audits"
        onPageChange={jest.fn()}
      />,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
