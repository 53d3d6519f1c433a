import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { FileSize } from './file-size';

describe('FileSize', () => {
  it('shows the size in KB', () => {
    render(<FileSize bytes={12800} />);
    expect(screen.getByText('12.50 KB')).toBeInTheDocument();
  });

  it('shows a small file in KB too', () => {
    render(<FileSize bytes={512} />);
    expect(screen.getByText('0.50 KB')).toBeInTheDocument();
  });

  it('has no accessibility violations', async () => {
    const { container } = render(<FileSize bytes={2048} />);
    expect(await axe(container)).toHaveNoViolations();
  });
});
