import { act, render, screen, cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARRIED_TOAST_STORAGE_KEY, ToastProvider, Toaster, useToast, type ToastOptions } from './toast';
import { ThemeModeProvider } from './theme';

let api: ReturnType<typeof useToast>;
function Capture() {
  api = useToast();
  return null;
}

function renderToaster() {
  render(
    <ThemeModeProvider>
      <ToastProvider>
        <Capture />
        <Toaster />
      </ToastProvider>
    </ThemeModeProvider>,
  );
}

const show = (options: ToastOptions) => act(() => void api.toast(options));

afterEach(() => {
  jest.useRealTimers();
  sessionStorage.clear();
});

test('shows one toast with its title and description', () => {
  renderToaster();
  show({ title: 'Profile Updated', description: 'Saved.' });
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
  expect(screen.getByRole('status')).toHaveTextContent('Profile Updated');
  expect(screen.getByRole('status')).toHaveTextContent('Saved.');
});

test('only one toast at a time: a new toast replaces the current one', () => {
  renderToaster();
  show({ title: 'First' });
  show({ title: 'Second' });
  show({ title: 'Third', variant: 'destructive' });
  const toasts = screen.getAllByTestId('toast');
  expect(toasts).toHaveLength(1);
  expect(toasts[0]).toHaveTextContent('Third');
  expect(screen.queryByText('First')).toBeNull();
  expect(screen.queryByText('Second')).toBeNull();
});

test('destructive toasts are announced as alerts', () => {
  renderToaster();
  show({ title: 'Payment Failed', variant: 'destructive' });
  expect(screen.getByRole('alert')).toHaveTextContent('Payment Failed');
  expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
});

test('a toast disappears after its duration', () => {
  jest.useFakeTimers();
  renderToaster();
  show({ title: 'Payment Request Sent!', durationMs: 8000 });
  act(() => void jest.advanceTimersByTime(7999));
  expect(screen.getByTestId('toast')).toBeInTheDocument();
  act(() => void jest.advanceTimersByTime(1));
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('the replacement gets its own full duration', () => {
  jest.useFakeTimers();
  renderToaster();
  show({ title: 'Old', durationMs: 1000 });
  act(() => void jest.advanceTimersByTime(900));
  show({ title: 'New', durationMs: 1000 });
  act(() => void jest.advanceTimersByTime(500));
  expect(screen.getByTestId('toast')).toHaveTextContent('New');
});

test('the close button dismisses it', async () => {
  renderToaster();
  show({ title: 'Closable' });
  await userEvent.click(screen.getByRole('button', { name: 'Close notification' }));
  expect(screen.queryByTestId('toast')).toBeNull();
});

test('shows the action under the text', () => {
  renderToaster();
  show({ title: 'Messages Limit Reached', action: <a href="/subscription">Manage Subscription</a> });
  expect(screen.getByRole('link', { name: 'Manage Subscription' })).toHaveAttribute('href', '/subscription');
});

describe('a toast carried to the next page', () => {
  test('shows on the next page for the time it had left, once', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    renderToaster();
    show({ title: 'Login Successful', description: 'Welcome back!' });
    act(() => jest.advanceTimersByTime(1_500));
    act(() => api.carryToNextPage());
    cleanup(); // the page is left

    renderToaster(); // the next page
    expect(screen.getByRole('status')).toHaveTextContent('Login Successful');
    expect(screen.getByRole('status')).toHaveTextContent('Welcome back!');
    expect(sessionStorage.getItem(CARRIED_TOAST_STORAGE_KEY)).toBeNull();
    act(() => jest.advanceTimersByTime(3_400));
    expect(screen.queryByTestId('toast')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();

    cleanup();
    renderToaster(); // and the page after that: gone
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  test('one that has ended by then, one with an action and a lasting one are not carried', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    sessionStorage.setItem(
      CARRIED_TOAST_STORAGE_KEY,
      JSON.stringify({ title: 'Old', variant: 'default', until: 999_000 }),
    );
    renderToaster();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    show({ title: 'Limit reached', action: <a href="/subscription">Upgrade</a> });
    act(() => api.carryToNextPage());
    expect(sessionStorage.getItem(CARRIED_TOAST_STORAGE_KEY)).toBeNull();
    show({ title: 'Offline', durationMs: Infinity });
    act(() => api.carryToNextPage());
    expect(sessionStorage.getItem(CARRIED_TOAST_STORAGE_KEY)).toBeNull();
  });

  test('nothing on screen: nothing carried; a malformed entry is ignored', () => {
    renderToaster();
    act(() => api.carryToNextPage());
    expect(sessionStorage.getItem(CARRIED_TOAST_STORAGE_KEY)).toBeNull();
    cleanup();
    sessionStorage.setItem(CARRIED_TOAST_STORAGE_KEY, '{not json');
    renderToaster();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
