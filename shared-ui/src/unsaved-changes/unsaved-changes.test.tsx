import { useRef, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { createMemoryRouter, Link, RouterProvider } from 'react-router-dom';
import { Button } from '../button';
import { TextField } from '../form-field';
import { Modal } from '../modal';
import { focusFirstInvalid, useFocusFirstError, ERROR_SCOPE_ATTRIBUTE } from './focus-first-error';
import { UNSAVED_CHANGES_TEXT } from './unsaved-changes-text';
import { enterText } from '../testing';

/** A dialog with one field: dirty as soon as something is typed, like the product's forms. */
function NameDialog() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <Button onClick={() => setOpen(true)}>Add Gap</Button>
      <Link to="/elsewhere">Elsewhere</Link>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setName('');
        }}
        title="Add Gap"
        dirty={name !== ''}
      >
        <TextField label="KPI" value={name} onChange={(event) => setName(event.target.value)} />
      </Modal>
    </>
  );
}

function renderInRouter() {
  const router = createMemoryRouter(
    [
      { path: '/before', element: <p>The page before</p> },
      { path: '/plan', element: <NameDialog /> },
      { path: '/elsewhere', element: <p>Somewhere else</p> },
    ],
    { initialEntries: ['/before', '/plan'], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const question = () => screen.queryByRole('alertdialog', { name: UNSAVED_CHANGES_TEXT.title });

async function openAndType(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add Gap' }));
  await enterText(user, screen.getByLabelText('KPI'), 'COD in discharged water');
}

describe('a dialog holding unsaved input', () => {
  it('closes at once on Escape while nothing was typed', async () => {
    const user = userEvent.setup();
    renderInRouter();
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(question()).not.toBeInTheDocument();
  });

  it('asks before Escape throws the input away; Keep editing keeps every character', async () => {
    const user = userEvent.setup();
    renderInRouter();
    await openAndType(user);
    await user.keyboard('{Escape}');
    expect(question()).toHaveTextContent(UNSAVED_CHANGES_TEXT.text);
    // Focus starts on the safe answer, so Enter never discards by accident.
    expect(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.keep })).toHaveFocus();
    expect(await axe(document.body)).toHaveNoViolations();
    await user.keyboard('{Enter}');
    expect(question()).not.toBeInTheDocument();
    expect(screen.getByLabelText('KPI')).toHaveValue('COD in discharged water');
  });

  it('asks before the Close button and a click outside too; Discard closes it', async () => {
    const user = userEvent.setup();
    renderInRouter();
    await openAndType(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(question()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.keep }));

    // The overlay is outside the dialog: pressing on it is a click outside.
    const overlay = document.querySelector('.vui-overlay') as HTMLElement;
    await user.pointer({ keys: '[MouseLeft]', target: overlay });
    expect(question()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Add Gap' })).toHaveFocus();
  });

  it('asks before Back leaves the page; Keep editing stays, Discard goes back', async () => {
    const user = userEvent.setup();
    const router = renderInRouter();
    await openAndType(user);
    await act(() => router.navigate(-1));
    expect(question()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/plan');
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.keep }));
    expect(screen.getByLabelText('KPI')).toHaveValue('COD in discharged water');

    await act(() => router.navigate(-1));
    await user.click(screen.getByRole('button', { name: UNSAVED_CHANGES_TEXT.discard }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/before'));
    expect(screen.getByText('The page before')).toBeInTheDocument();
  });

  it('asks the browser before a reload only while input is unsaved', async () => {
    const user = userEvent.setup();
    renderInRouter();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await user.click(screen.getByRole('button', { name: 'Add Gap' }));
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('KPI'), 'x');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText('KPI'));
    expect(unload()).toBe(false);
  });
});

function ScopedForms({ submitCount }: { submitCount: number }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(formRef, submitCount, false);
  return (
    <div {...{ [ERROR_SCOPE_ATTRIBUTE]: '' }}>
      <TextField label="Heading" error="Heading is required" />
      <form ref={formRef}>
        <TextField label="KPI" error="KPI is required" />
      </form>
    </div>
  );
}

describe('focus after a refused submit', () => {
  it('goes to the first field in error of the whole scope, the page before the form', () => {
    const { rerender } = render(<ScopedForms submitCount={0} />);
    expect(document.body).toHaveFocus();
    rerender(<ScopedForms submitCount={1} />);
    expect(screen.getByLabelText(/^Heading/)).toHaveFocus();
  });

  it('finds nothing to focus where no field is in error', () => {
    render(<TextField label="KPI" />);
    expect(focusFirstInvalid(document.body)).toBe(false);
  });
});
