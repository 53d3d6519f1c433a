import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveBlob } from '@verity/shared-api/src/calls/csv-export';
import { fails, file, onApi, renderScreen } from '@verity/shared-ui/src/testing';
import { CompanyPlansExport } from './export-plans-button';

// Saving a file is the browser's download, not the network: the export's request is answered below.
jest.mock('@verity/shared-api/src/calls/csv-export', () => ({
  ...jest.requireActual<object>('@verity/shared-api/src/calls/csv-export'),
  saveBlob: jest.fn(),
}));

beforeEach(() => jest.mocked(saveBlob).mockClear());

describe('CompanyPlansExport', () => {
  it("says it exports the whole company's plans, asks for no audit, and saves the file", async () => {
    const exported = onApi(
      'get',
      'action-plan/export/csv',
      file('\uFEFFAuditor\n', 'company-1_esap_export_2025-01-31.csv'),
    );
    renderScreen(<CompanyPlansExport targetCompanyId="company-1" />);
    const button = screen.getByRole('button', { name: 'Export all company plans (CSV)' });
    expect(button).toHaveAccessibleDescription(
      'Every action plan and gap of this company, across all the audits you can see, as a CSV file',
    );
    await userEvent.click(button);
    await waitFor(() =>
      expect(saveBlob).toHaveBeenCalledWith(
        expect.anything(),
        'company-1_esap_export_2025-01-31.csv',
      ),
    );
    expect(exported).toHaveBeenCalledWith(
      expect.objectContaining({ search: { targetCompanyId: 'company-1' } }),
    );
  });

  it("says 'Failed to export data. Please try again.' when the export fails", async () => {
    onApi('get', 'action-plan/export/csv', fails(500));
    renderScreen(<CompanyPlansExport targetCompanyId="company-1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Export all company plans (CSV)' }));
    expect(await screen.findByText('Failed to export data. Please try again.')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
