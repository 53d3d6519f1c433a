import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { DateField, SelectField, TextAreaField, TextField, toDateInputValue } from './form-field';
import { sessionStore, switchLanguage } from '@verity/session';
import { act } from '@testing-library/react';

describe('TextField', () => {
  it('is labelled, marked required, and shows its error tied to the input', () => {
    render(<TextField label="KPI" name="KPI" required error="KPI is required" />);
    const input = screen.getByRole('textbox', { name: 'KPI' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('KPI is required');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is valid and undescribed without an error', () => {
    render(<TextField label="Area Code" />);
    const input = screen.getByRole('textbox', { name: 'Area Code' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('takes typed text through its change handler', async () => {
    function Harness() {
      const [value, setValue] = useState('');
      return (
        <TextField label="Gap Name" value={value} onChange={(e) => setValue(e.target.value)} />
      );
    }
    render(<Harness />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Gap Name' }), 'No fire exits');
    expect(screen.getByRole('textbox', { name: 'Gap Name' })).toHaveValue('No fire exits');
  });

  it('passes input attributes through, such as a number step', () => {
    render(<TextField label="Amount" type="number" min={0} step={0.01} />);
    const input = screen.getByRole('spinbutton', { name: 'Amount' });
    expect(input).toHaveAttribute('step', '0.01');
    expect(input).toHaveAttribute('min', '0');
  });
});

describe('SelectField', () => {
  it('offers its options after the placeholder and reports the choice', async () => {
    const onChange = jest.fn();
    render(
      <SelectField
        label="Category"
        required
        placeholder="Select category"
        options={[
          { value: 'environment', label: 'Environment' },
          { value: 'social', label: 'Social' },
        ]}
        onChange={(e) => onChange(e.target.value)}
        error="Category Required"
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Select category',
      'Environment',
      'Social',
    ]);
    expect(select).toHaveAccessibleDescription('Category Required');
    await userEvent.selectOptions(select, 'Social');
    expect(onChange).toHaveBeenCalledWith('social');
  });
});

describe('TextAreaField', () => {
  it('is a labelled multi-line box with its hint', () => {
    render(<TextAreaField label="Recommendation" hint="What should the company do?" />);
    expect(screen.getByRole('textbox', { name: 'Recommendation' })).toHaveAccessibleDescription(
      'What should the company do?',
    );
  });
});

describe('DateField', () => {
  function Controlled({ onDay }: { onDay?: (day: string) => void }) {
    const [day, setDay] = useState('2030-01-05');
    return (
      <DateField
        label="Due Date"
        name="dueDate"
        required
        min={new Date(2030, 0, 2, 10, 0)}
        value={day}
        onChange={(event) => {
          setDay(event.target.value);
          onDay?.(event.target.value);
        }}
      />
    );
  }

  it('writes its day as tables do, reads what is typed, and reports the day as YYYY-MM-DD', async () => {
    const days: string[] = [];
    render(<Controlled onDay={(day) => days.push(day)} />);
    const input = screen.getByLabelText(/^Due Date/);
    expect(input).toHaveValue('05/01/2030');
    expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    fireEvent.change(input, { target: { value: '31/12/2030' } });
    fireEvent.change(input, { target: { value: '2031-02-01' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('01/02/2031');
    fireEvent.change(input, { target: { value: '31/02/2031' } });
    expect(days).toEqual(['2030-12-31', '2031-02-01', '']);
    expect(input).toHaveValue('31/02/2031');
    fireEvent.blur(input);
    expect(input).toHaveAccessibleDescription('Write the date as dd/mm/yyyy');
  });

  it("follows the signed-in user's date style", () => {
    sessionStore.setState({ user: { dateStyle: 'month-day-year' } as never });
    const view = render(<Controlled />);
    try {
      const input = screen.getByLabelText(/^Due Date/);
      expect(input).toHaveValue('01/05/2030');
      expect(input).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    } finally {
      view.unmount();
      sessionStore.setState({ user: undefined });
    }
  });

  it('writes and reads the numeric day of the language in use, and English again', async () => {
    const days: string[] = [];
    render(<Controlled onDay={(day) => days.push(day)} />);
    const input = screen.getByLabelText(/^Due Date/);
    await act(() => switchLanguage('tr'));
    expect(input).toHaveValue('05.01.2030');
    expect(input).toHaveAttribute('placeholder', 'dd.mm.yyyy');
    fireEvent.change(input, { target: { value: '4.3.2031' } });
    fireEvent.blur(input);
    expect(input).toHaveValue('04.03.2031');
    await act(() => switchLanguage('en'));
    expect(input).toHaveValue('04/03/2031');
    expect(days).toEqual(['2031-03-04']);
  });

  it("offers the device's calendar, whose earliest day is the given minimum", () => {
    const { container } = render(<Controlled />);
    expect(screen.getByRole('button', { name: 'Choose from a calendar' })).toBeEnabled();
    const calendar = container.querySelector('input[type="date"]');
    expect(calendar).toHaveAttribute('min', '2030-01-02');
    fireEvent.change(calendar!, { target: { value: '2030-03-04' } });
    expect(screen.getByLabelText(/^Due Date/)).toHaveValue('04/03/2030');
  });

  it('turns dates into the input value format, empty when missing', () => {
    expect(toDateInputValue('2031-05-09T12:00:00')).toBe('2031-05-09');
    expect(toDateInputValue(null)).toBe('');
    expect(toDateInputValue('not a date')).toBe('');
  });
});

describe('form fields', () => {
  it('have no accessibility violations', async () => {
    const { container } = render(
      <form>
        <TextField label="KPI" required error="KPI is required" />
        <SelectField label="Currency" options={[{ value: 'USD', label: 'US Dollar' }]} />
        <TextAreaField label="Responsibility" />
        <DateField label="Timeline" min="2030-01-01" />
      </form>,
    );
    expect(await axe(container)).toHaveNoViolations();
  });
});
