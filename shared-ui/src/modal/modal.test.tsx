import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Button } from '../button';
import { Modal } from './modal';

function Harness({ onOpenChange = () => undefined }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add New User</Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        title="Create New Auditor User"
        description="The new user receives access at once."
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <label>
          Full name
          <input />
        </label>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('opens as a dialog named by its title and described by its description', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Auditor User' });
    expect(dialog).toHaveAccessibleDescription('The new user receives access at once.');
    expect(dialog).toHaveAttribute('data-size', 'md');
  });

  it('closes on Escape and returns focus to the opener', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Add New User' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes with its Close button', async () => {
    const onOpenChange = jest.fn();
    render(<Harness onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside while open', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    const dialog = screen.getByRole('dialog');
    for (let step = 0; step < 6; step += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('fills the screen when fullscreen', () => {
    render(
      <Modal open onOpenChange={() => undefined} title="Gap Details" size="fullscreen">
        body
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Gap Details' })).toHaveAttribute(
      'data-size',
      'fullscreen',
    );
  });

  it('has no accessibility violations', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Add New User' }));
    expect(await axe(document.body)).toHaveNoViolations();
  });
});
