import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '@verity/session';
import { renderScreen, testUser } from './render-screen';

function Probe() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const user = useSession((state) => state.user);
  const navigate = useNavigate();
  return (
    <div>
      <p>Plan {id ?? 'none'}</p>
      <p>Gap {params.get('gap_id') ?? 'none'}</p>
      <p>{user ? `Signed in as ${user.fullname}` : 'Signed out'}</p>
      <button type="button" onClick={() => navigate('/elsewhere?x=1')}>
        Go
      </button>
    </div>
  );
}

describe('renderScreen', () => {
  it('opens the screen at the path with its route params and query', () => {
    renderScreen(<Probe />, { path: '/plans/p-1?gap_id=g-2', route: '/plans/:id' });
    expect(screen.getByText('Plan p-1')).toBeInTheDocument();
    expect(screen.getByText('Gap g-2')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('signs the given user in and reports where the screen navigated', async () => {
    const view = renderScreen(<Probe />, { user: testUser({ fullname: 'Sam Lee' }) });
    expect(screen.getByText('Signed in as Sam Lee')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(view.location()).toBe('/elsewhere?x=1');
  });
});
