import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ConfirmDialog, DeleteUserDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  function renderStatusConfirm(overrides: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
    const onOpenChange = jest.fn();
    const onConfirm = jest.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        onConfirm={onConfirm}
        title="Update status"
        text="Are you sure you want to update the status?"
        {...overrides}
      />,
    );
    return { onOpenChange, onConfirm };
  }

  it('asks its question as an alert dialog', () => {
    renderStatusConfirm();
    const dialog = screen.getByRole('alertdialog', { name: 'Update status' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to update the status?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('starts with focus on Cancel so Enter never confirms by accident', () => {
    renderStatusConfirm();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('confirms from the keyboard', async () => {
    const props = renderStatusConfirm();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape and on Cancel', async () => {
    const props = renderStatusConfirm();
    await userEvent.keyboard('{Escape}');
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
    props.onOpenChange.mockClear();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
    expect(props.onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be confirmed twice or dismissed while busy', async () => {
    const props = renderStatusConfirm({ busy: true, confirmLabel: 'Update' });
    const confirm = screen.getByRole('button', { name: 'Update' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(props.onOpenChange).not.toHaveBeenCalled();
  });

  it('has no accessibility violations', async () => {
    renderStatusConfirm();
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe('DeleteUserDialog', () => {
  it("shows 'Delete User' with the spec's confirmation text", async () => {
    const onConfirm = jest.fn();
    render(<DeleteUserDialog open onOpenChange={() => undefined} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent(
      "Are you sure you want to delete this user? This can't be undo.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('has no accessibility violations', async () => {
    render(<DeleteUserDialog open onOpenChange={() => undefined} onConfirm={() => undefined} />);
    expect(await axe(document.body)).toHaveNoViolations();
  });
});

describe('ConfirmDialog opened without a trigger', () => {
  it('gives focus back to the control that opened it', async () => {
    const { useState } = await import('react');
    function Harness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Delete Jane
          </button>
          <DeleteUserDialog open={open} onOpenChange={setOpen} onConfirm={() => setOpen(false)} />
        </>
      );
    }
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Delete Jane' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
