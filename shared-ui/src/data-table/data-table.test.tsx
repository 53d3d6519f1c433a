import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { MemoryRouter } from 'react-router-dom';
import { renderScreen } from '../testing';
import { DataTable, type DataTableColumn } from './data-table';

interface Audit {
  id: string;
  type: string;
  fields: number;
}

const columns: DataTableColumn<Audit>[] = [
  { key: 'type', header: 'Type', cell: (audit) => audit.type },
  { key: 'fields', header: 'Fields count', cell: (audit) => audit.fields, align: 'right' },
  {
    key: 'actions',
    header: 'Actions',
    cell: (audit) => <a href={`#audit-${audit.id}`}>View Audits</a>,
  },
];

const audits: Audit[] = [
  { id: 'a1', type: 'Due Diligence', fields: 3 },
  { id: 'a2', type: 'Audit', fields: 0 },
];

describe('DataTable', () => {
  it('shows column headers and one row per record', () => {
    render(<DataTable caption="Audits" columns={columns} rows={audits} getRowKey={(a) => a.id} />);
    const table = screen.getByRole('table', { name: 'Audits' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Type', 'Fields count', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Due Diligence3View Audits');
  });

  it('marks the sorted column with aria-sort, and keeps rows while busy', () => {
    const sorted = columns.map((column) =>
      column.key === 'fields' ? { ...column, sorted: 'descending' as const } : column,
    );
    render(
      <DataTable caption="Audits" columns={sorted} rows={audits} getRowKey={(a) => a.id} busy />,
    );
    const table = screen.getByRole('table', { name: 'Audits' });
    expect(screen.getByRole('columnheader', { name: 'Fields count' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: 'Type' })).not.toHaveAttribute('aria-sort');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
  });

  it('shows the loading text while loading and the empty text without rows', () => {
    const { rerender } = render(
      <DataTable
        caption="Action plans"
        columns={columns}
        rows={[]}
        getRowKey={(a) => a.id}
        loading
        loadingText="Loading Action Plans..."
        emptyText="No action plans found."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading Action Plans...');
    rerender(
      <DataTable
        caption="Action plans"
        columns={columns}
        rows={[]}
        getRowKey={(a) => a.id}
        emptyText="No action plans found."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No action plans found.' })).toHaveAttribute(
      'colspan',
      '3',
    );
  });

  it('makes each row a real link: Tab reaches it, Enter and a click anywhere on the row follow it', async () => {
    const user = userEvent.setup();
    const view = renderScreen(
      <DataTable
        caption="Audits"
        columns={columns}
        rows={audits}
        getRowKey={(a) => a.id}
        rowLink={(audit) => ({ to: `/audits/${audit.id}`, action: 'Open' })}
      />,
      { path: '/audits' },
    );
    const link = screen.getByRole('link', { name: 'Open Due Diligence' });
    // A real address: a middle click or Ctrl-click opens it in a new tab.
    expect(link).toHaveAttribute('href', '/audits/a1');
    expect(link).toHaveTextContent('Due Diligence');
    await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(view.location()).toBe('/audits/a1');
  });

  it('follows the row link from a click on another cell, not from another control', async () => {
    const user = userEvent.setup();
    const view = renderScreen(
      <DataTable
        caption="Audits"
        columns={columns}
        rows={audits}
        getRowKey={(a) => a.id}
        rowLink={(audit) => ({ to: `/audits/${audit.id}`, action: 'Open' })}
      />,
      { path: '/audits' },
    );
    const row = screen.getByRole('link', { name: 'Open Audit' }).closest('tr')!;
    await user.click(within(row).getByRole('link', { name: 'View Audits' }));
    expect(view.location()).toBe('/audits');
    await user.click(within(row).getByText('0'));
    expect(view.location()).toBe('/audits/a2');
  });

  it('adds the extra rows given after each row', () => {
    render(
      <DataTable
        caption="Action plans"
        columns={columns}
        rows={audits}
        getRowKey={(a) => a.id}
        renderAfterRow={(audit, count) => (
          <tr>
            <td colSpan={count}>Gap of {audit.type}</td>
          </tr>
        )}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Due Diligence3View Audits',
      'Gap of Due Diligence',
      'Audit0View Audits',
      'Gap of Audit',
    ]);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(
      <DataTable
        caption="Audits"
        columns={columns}
        rows={audits}
        getRowKey={(a) => a.id}
        rowLink={(audit) => ({ to: `/audits/${audit.id}`, action: 'Open' })}
      />,
      { wrapper: MemoryRouter },
    );
    expect(await axe(container)).toHaveNoViolations();
  });

  it('puts a checkbox before each row that selects it without following the row link', async () => {
    const user = userEvent.setup();
    const toggled: string[] = [];
    const view = renderScreen(
      <DataTable
        caption="Audits"
        columns={columns}
        rows={audits}
        getRowKey={(a) => a.id}
        rowLink={(audit) => ({ to: `/audits/${audit.id}`, action: 'Open' })}
        selection={{
          isSelected: (audit) => audit.id === 'a2',
          onToggle: (audit) => toggled.push(audit.id),
          onToggleAll: () => toggled.push('all'),
          rowLabel: (audit) => `Select ${audit.type}`,
          allLabel: 'Select all shown audits',
        }}
      />,
      { path: '/audits' },
    );
    expect(screen.getByRole('checkbox', { name: 'Select all shown audits' })).toHaveProperty(
      'indeterminate',
      true,
    );
    expect(screen.getByRole('checkbox', { name: 'Select Audit' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Due Diligence' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown audits' }));
    expect(toggled).toEqual(['a1', 'all']);
    expect(view.location()).toBe('/audits');
    // The row's link is still the first column's content.
    expect(screen.getByRole('link', { name: 'Open Due Diligence' })).toHaveAttribute(
      'href',
      '/audits/a1',
    );
  });
});
