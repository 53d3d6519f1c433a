import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Badge, BADGE_TONES } from './badge';

describe('Badge', () => {
  it('shows its text with the tone as a named state', () => {
    render(<Badge tone="green">Closed</Badge>);
    expect(screen.getByText('Closed')).toHaveAttribute('data-tone', 'green');
  });

  it('is neutral unless told otherwise', () => {
    render(<Badge>Viewer</Badge>);
    expect(screen.getByText('Viewer')).toHaveAttribute('data-tone', 'neutral');
  });

  it('declares every tone in one list', () => {
    expect(BADGE_TONES).toEqual(['neutral', 'primary', 'blue', 'green', 'yellow', 'red']);
  });

  it('has no accessibility violations', async () => {
    const { container } = render(
      <Badge tone="red" dot>
        Overdue
      </Badge>,
    );
    expect(await axe(container)).toHaveNoViolations();
  });
});
