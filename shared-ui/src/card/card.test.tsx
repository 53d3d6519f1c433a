import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { Card } from './card';

describe('Card', () => {
  it('shows its title as a heading of the chosen level, its actions and content', () => {
    render(
      <Card
        title="ESG Composition"
        headingLevel={2}
        actions={<button type="button">Export CSV</button>}
      >
        <p>Chart</p>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'ESG Composition' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByText('Chart')).toBeInTheDocument();
  });

  it('can be an article without a header', () => {
    render(
      <Card as="article" aria-label="Acme Ltd">
        Acme Ltd
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Acme Ltd' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<Card title="Risk Severity">Pie</Card>);
    expect(await axe(container)).toHaveNoViolations();
  });
});
