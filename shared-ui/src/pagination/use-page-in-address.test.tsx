import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { pageFromSearch, usePageInAddress } from './use-page-in-address';

function Harness() {
  const { page, goToPage } = usePageInAddress();
  const location = useLocation();
  return (
    <>
      <p>Page {page}</p>
      <p>At {`${location.pathname}${location.search}`}</p>
      <button onClick={() => goToPage(page + 1)}>Next</button>
      <button onClick={() => goToPage(1)}>First</button>
    </>
  );
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Harness />
    </MemoryRouter>,
  );
}

describe('usePageInAddress', () => {
  it('reads the page from the address and writes the next one there, keeping the rest', async () => {
    renderAt('/users?tab=all&page=2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    expect(screen.getByText('At /users?tab=all&page=3')).toBeInTheDocument();
  });

  it('leaves the first page out of the address', async () => {
    renderAt('/users?page=4');
    await userEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByText('At /users')).toBeInTheDocument();
  });

  it('takes anything but a whole page number as the first page', () => {
    expect(['3', null, '0', '-2', '1.5', 'two', '1000001'].map(pageFromSearch)).toEqual([
      3, 1, 1, 1, 1, 1, 1,
    ]);
  });
});
