import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { SdgIcons } from './sdg-icons';
import { sdgTextColor } from './sdg-colors';

describe('SdgIcons', () => {
  it("shows a numbered tile per goal linking to the goal's UN page in a new tab", () => {
    render(<SdgIcons codes={['SDG7', 'SDG13']} />);
    const list = screen.getByRole('list', { name: 'Impacted SDGs' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(2);
    const energy = screen.getByRole('link', { name: 'SDG 7: Affordable and Clean Energy' });
    expect(energy).toHaveTextContent('7');
    expect(energy).toHaveAttribute('href', 'https://sdgs.un.org/goals/goal7');
    expect(energy).toHaveAttribute('target', '_blank');
    expect(energy.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'SDG 13: Climate Action' })).toHaveAttribute(
      'href',
      'https://sdgs.un.org/goals/goal13',
    );
  });

  it('leaves out unknown codes and shows nothing without goals', () => {
    const { container } = render(<SdgIcons codes={['SDG99']} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is reachable with Tab', async () => {
    render(<SdgIcons codes={['SDG1', 'SDG2']} />);
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'SDG 1: No Poverty' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'SDG 2: Zero Hunger' })).toHaveFocus();
  });

  it('writes dark numbers on light tiles and white on dark ones', () => {
    expect(sdgTextColor('#FCC30B')).toBe('#000000');
    expect(sdgTextColor('#19486A')).toBe('#ffffff');
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<SdgIcons codes={['SDG3', 'SDG7', 'SDG17']} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
