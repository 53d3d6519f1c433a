import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  apiCompanyAuditor,
  fails,
  ok,
  onApi,
  renderScreen,
  withBody,
} from '@verity/shared-ui/src/testing';
import { AssignAuditorModal } from './assign-auditor-modal';

const greenAudit = {
  id: 'a1',
  auditorName: 'GreenAudit Partners',
  registeredName: 'GreenAudit Partners LLP',
  emailId: 'auditor.owner@verity.test',
  sub: 'sub-a',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const entry = apiCompanyAuditor({ id: 'ca-1' });

function Harness({ onAssigned }: { onAssigned: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <AssignAuditorModal
      targetCompanyId="c1"
      open={open}
      onOpenChange={setOpen}
      onAssigned={onAssigned}
    />
  );
}

async function setup() {
  const onAssigned = jest.fn();
  const user = userEvent.setup();
  renderScreen(<Harness onAssigned={onAssigned} />);
  const dialog = screen.getByRole('dialog', { name: 'Add New Auditor' });
  await within(dialog).findByRole('option', { name: 'GreenAudit Partners' });
  return { user, onAssigned, dialog };
}

let assigned: jest.Mock;
beforeEach(() => {
  onApi('get', 'auditor', ok({ auditors: [greenAudit] }));
  assigned = onApi('post', 'client/add-target-company-auditor', ok({ audit: entry }, 201));
});

describe('AssignAuditorModal', () => {
  it("asks for an auditor ('Please select auditor')", async () => {
    const { user, dialog } = await setup();
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Add Auditor' }));
    expect(await within(dialog).findByText('Please select auditor')).toBeInTheDocument();
    expect(assigned).not.toHaveBeenCalled();
  });

  it('assigns the auditor with its types, categories and forms, then closes', async () => {
    const { user, dialog, onAssigned } = await setup();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Auditor/ }), 'a1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Normal Audit' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'ESAP' }));
    const categories = within(dialog).getByRole('group', { name: 'Categories' });
    expect(within(categories).getAllByRole('checkbox')).toHaveLength(4);
    await user.click(within(categories).getByRole('checkbox', { name: 'QA' }));
    await user.click(within(categories).getByRole('checkbox', { name: 'Environment' }));
    // Dropping a type drops its categories.
    await user.click(within(dialog).getByRole('checkbox', { name: 'ESAP' }));
    expect(
      within(categories).queryByRole('checkbox', { name: 'Environment' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'CAPA' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Auditor' }));

    await waitFor(() => expect(onAssigned).toHaveBeenCalledWith(entry));
    expect(assigned).toHaveBeenCalledWith(
      withBody({
        targetCompanyId: 'c1',
        auditorId: 'a1',
        auditType: ['normal_audit'],
        auditCategory: ['QA'],
        formType: ['capa'],
      }),
    );
    expect(await screen.findByText('Target Company Added Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server message inline when the assignment fails', async () => {
    onApi(
      'post',
      'client/add-target-company-auditor',
      fails(409, 'This auditor is already assigned to this target company'),
    );
    const { user, dialog, onAssigned } = await setup();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Auditor/ }), 'a1');
    await user.click(within(dialog).getByRole('button', { name: 'Add Auditor' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This auditor is already assigned to this target company',
    );
    expect(onAssigned).not.toHaveBeenCalled();
  });
});
