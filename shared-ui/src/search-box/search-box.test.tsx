import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { SearchBox } from './search-box';

function Harness({ onSearch }: { onSearch: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchBox
      placeholder="Search Target Companies..."
      value={value}
      onChange={(next) => {
        setValue(next);
        onSearch(next);
      }}
    />
  );
}

describe('SearchBox', () => {
  it('is a search box named and hinted by its placeholder', () => {
    render(<Harness onSearch={() => undefined} />);
    const box = screen.getByRole('searchbox', { name: 'Search Target Companies...' });
    expect(box).toHaveAttribute('placeholder', 'Search Target Companies...');
  });

  it('reports each typed value', async () => {
    const onSearch = jest.fn();
    render(<Harness onSearch={onSearch} />);
    await userEvent.type(screen.getByRole('searchbox'), 'Acme');
    expect(onSearch).toHaveBeenLastCalledWith('Acme');
    expect(screen.getByRole('searchbox')).toHaveValue('Acme');
  });

  it('can carry its own visible label', () => {
    render(
      <SearchBox
        label="Search users"
        labelVisible
        placeholder="Name or email"
        value=""
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toBeInTheDocument();
    expect(screen.getByText('Search users')).toBeVisible();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<Harness onSearch={() => undefined} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
