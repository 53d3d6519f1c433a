import { act, render, screen } from '@testing-library/react';
import { ToastProvider, toast } from './toast';

describe('toast', () => {
  it('shows in the one outlet a toast that another build’s copy of this module asks for', async () => {
    // Every area's build has its own copy of this module; the toasts' library is one for the page.
    const notistack = await import('notistack');
    let area: typeof import('./toast') | undefined;
    jest.isolateModules(() => {
      jest.doMock('notistack', () => notistack);
      area = jest.requireActual<typeof import('./toast')>('./toast');
    });
    render(<ToastProvider />);
    act(() => {
      area!.toast.success('Target company created');
    });
    expect(await screen.findByText('Target company created')).toBeInTheDocument();
    act(() => area!.toast.dismiss());
  });

  describe('once loaded', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => {
      act(() => toast.dismiss());
      jest.useRealTimers();
    });

    // Step by step so the exit transition scheduled after each render also runs.
    function advance(ms: number) {
      for (let elapsed = 0; elapsed < ms; elapsed += 100) act(() => jest.advanceTimersByTime(100));
    }

    /** The toasts' outlet, once its library has loaded (after the first screen). */
    async function renderProvider() {
      render(<ToastProvider />);
      await act(async () => {
        await import('notistack');
      });
    }

    it('hides a success toast after 2000 ms', async () => {
      await renderProvider();
      act(() => {
        toast.success('Status updated successfully');
      });
      expect(screen.getByText('Status updated successfully')).toBeInTheDocument();
      advance(1900);
      expect(screen.getByText('Status updated successfully')).toBeInTheDocument();
      advance(2000);
      expect(screen.queryByText('Status updated successfully')).not.toBeInTheDocument();
    });

    it('keeps an error toast for 4000 ms', async () => {
      await renderProvider();
      act(() => {
        toast.error('Logout failed. Please try again.');
      });
      advance(3500);
      expect(screen.getByText('Logout failed. Please try again.')).toBeInTheDocument();
      advance(2000);
      expect(screen.queryByText('Logout failed. Please try again.')).not.toBeInTheDocument();
    });

    it('keeps a loading toast until it is dismissed', async () => {
      await renderProvider();
      let key: ReturnType<typeof toast.loading> = '';
      act(() => {
        key = toast.loading('Exporting...');
      });
      advance(10_000);
      expect(screen.getByText('Exporting...')).toBeInTheDocument();
      act(() => toast.dismiss(key));
      advance(1000);
      expect(screen.queryByText('Exporting...')).not.toBeInTheDocument();
    });

    it('shows at most 20 toasts at once', async () => {
      await renderProvider();
      act(() => {
        for (let index = 1; index <= 21; index += 1) toast.message(`Toast ${index}`);
      });
      advance(10);
      expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20);
    });
  });
});
