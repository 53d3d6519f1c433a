import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import {
  apiAudit,
  fails,
  ok,
  onApi,
  renderScreen,
  withBody,
  enterText,
} from '@verity/shared-ui/src/testing';
import { AddAuditModal } from './add-audit-modal';

const audit = apiAudit({ _id: 'au-new' });

function Harness({ onCreated }: { onCreated: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <AddAuditModal
      targetCompanyId="c1"
      auditorId="a1"
      open={open}
      onOpenChange={setOpen}
      onCreated={onCreated}
    />
  );
}

function setup() {
  const onCreated = jest.fn();
  const user = userEvent.setup();
  renderScreen(<Harness onCreated={onCreated} />);
  return { user, onCreated, dialog: screen.getByRole('dialog', { name: 'Add New Audit' }) };
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

let created: jest.Mock;
beforeEach(() => {
  created = onApi('post', 'target-company/audit', ok({ audit }, 201));
});

describe('AddAuditModal', () => {
  it('requires a type, a category and a form', async () => {
    const { user, dialog } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Add Audit' }));
    expect(await within(dialog).findByText('Audit type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Audit category is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Audit form is required')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
  });

  it("offers only the chosen type's categories", async () => {
    const { user, dialog } = setup();
    const category = within(dialog).getByRole('combobox', { name: /Category/ });
    expect(options(category)).toEqual(['Select category']);
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Audit Type/ }),
      'normal_audit',
    );
    expect(options(category)).toEqual(['Select category', 'EHS', 'F&LS', 'QA']);
    await user.selectOptions(category, 'QA');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Audit Type/ }), 'dd');
    expect(category).toHaveValue('');
    expect(options(category)).toEqual(['Select category', 'Environment', 'Social', 'Governance']);
  });

  it('creates the audit with its custom fields, then closes and says so', async () => {
    const { user, dialog, onCreated } = setup();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Audit Type/ }), 'esap');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /Category/ }),
      'Environment',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Form/ }), 'mp');
    await user.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Field' }));
    const types = within(dialog).getAllByRole('combobox', { name: 'Field Type' });
    expect(options(types[0] as HTMLElement)).toEqual([
      'Text',
      'Email',
      'Password',
      'Number',
      'Text Area',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Add Audit' }));
    expect(await within(dialog).findAllByText('Every custom field needs a name')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Remove field 2' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: /Field Name/ }), 'Site code');
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: 'Placeholder' }),
      'e.g. PUNE-02',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Field Type' }),
      'number',
    );
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Add Audit' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(audit));
    expect(created).toHaveBeenCalledWith(
      withBody({
        auditType: 'esap',
        auditCategory: 'Environment',
        auditForm: 'mp',
        fields: [
          expect.objectContaining({
            name: 'Site code',
            placeholder: 'e.g. PUNE-02',
            type: 'number',
          }),
        ],
        auditorId: 'a1',
        targetCompanyId: 'c1',
      }),
    );
    expect(await screen.findByText('Target Company Added Successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows 'Failed to create audit' inline when the creation fails", async () => {
    onApi('post', 'target-company/audit', fails(500));
    const { user, dialog } = setup();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Audit Type/ }), 'dd');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Category/ }), 'Social');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Form/ }), 'ap');
    await user.click(within(dialog).getByRole('button', { name: 'Add Audit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create audit');
  });
});
