import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import { useBackCloses } from './useBackCloses';

/**
 * jsdom, like a browser, traverses history and fires popstate in later tasks (two per traversal,
 * more when an entry is stepped over): enough task turns for them all, in order however slow the machine.
 */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
const layerMarker = () => (window.history.state as { kasaLayer?: unknown } | null)?.kasaLayer;

let page = 0;
beforeEach(() => {
  // A fresh page entry, as React Router writes it, for every test.
  page += 1;
  window.history.pushState({ usr: null, key: `page${page}`, idx: page }, '', '/chat');
});
afterEach(async () => {
  cleanup();
  await settle();
});

function Layer({
  name,
  open,
  onClose,
  escape,
}: {
  name: string;
  open: boolean;
  onClose: () => void;
  escape?: boolean;
}) {
  useBackCloses(open, onClose, { closeOnEscape: escape });
  return open ? (
    <div data-testid={name}>
      <button onClick={onClose}>close {name}</button>
    </div>
  ) : null;
}

/** A sidebar, and a dialog opened from it over it. */
function Screen({ escape = false }: { escape?: boolean }) {
  const [sidebar, setSidebar] = useState(false);
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <button onClick={() => setSidebar(true)}>open sidebar</button>
      <button onClick={() => setDialog(true)}>open dialog</button>
      <Layer name="sidebar" open={sidebar} onClose={() => setSidebar(false)} escape={escape} />
      <Layer name="dialog" open={dialog} onClose={() => setDialog(false)} />
    </>
  );
}

test('opening a layer pushes one entry on the same URL, keeping the router state', async () => {
  render(<Screen />);
  const before = window.history.length;
  fireEvent.click(screen.getByText('open sidebar'));
  await settle();
  expect(window.history.length).toBe(before + 1);
  expect(window.location.pathname).toBe('/chat');
  expect(layerMarker()).toBeTruthy();
  expect(window.history.state).toMatchObject({ key: `page${page}`, idx: page });
});

test('Back closes the top layer only, then the next one, then leaves the page as before', async () => {
  render(<Screen />);
  fireEvent.click(screen.getByText('open sidebar'));
  fireEvent.click(screen.getByText('open dialog'));
  await settle();

  window.history.back();
  await settle();
  expect(screen.queryByTestId('dialog')).toBeNull();
  expect(screen.getByTestId('sidebar')).toBeInTheDocument();

  window.history.back();
  await settle();
  expect(screen.queryByTestId('sidebar')).toBeNull();
  // Back at the page's own entry: the next Back is the page's.
  expect(layerMarker()).toBeUndefined();
  expect(window.history.state).toMatchObject({ key: `page${page}` });
});

test('closing a layer by its button takes its entry back exactly once', async () => {
  const go = jest.spyOn(window.history, 'go');
  render(<Screen />);
  fireEvent.click(screen.getByText('open sidebar'));
  fireEvent.click(screen.getByText('open dialog'));
  await settle();

  fireEvent.click(screen.getByText('close dialog'));
  await settle();
  expect(go).toHaveBeenCalledTimes(1);
  expect(go).toHaveBeenCalledWith(-1);
  expect(screen.getByTestId('sidebar')).toBeInTheDocument();
  // The sidebar's entry is current again: Back closes the sidebar, not the page.
  window.history.back();
  await settle();
  expect(screen.queryByTestId('sidebar')).toBeNull();
  expect(window.history.state).toMatchObject({ key: `page${page}` });
  expect(go).toHaveBeenCalledTimes(1);
  go.mockRestore();
});

test('a layer closed under another one (the sidebar as a dialog opens) leaves no dead Back', async () => {
  render(<Screen />);
  fireEvent.click(screen.getByText('open sidebar'));
  await settle();
  fireEvent.click(screen.getByText('open dialog'));
  fireEvent.click(screen.getByText('close sidebar'));
  await settle();
  expect(screen.getByTestId('dialog')).toBeInTheDocument();

  window.history.back();
  await settle();
  expect(screen.queryByTestId('dialog')).toBeNull();
  // The sidebar's left entry was stepped over: the page's own entry is current.
  expect(window.history.state).toMatchObject({ key: `page${page}` });
  expect(layerMarker()).toBeUndefined();
});

test('a layer closed and another opened in the same moment: the new one waits for the Back to land', async () => {
  function Swap() {
    const [which, setWhich] = useState<'sidebar' | 'dialog' | null>(null);
    return (
      <>
        <button onClick={() => setWhich('sidebar')}>open sidebar</button>
        <button onClick={() => setWhich('dialog')}>swap</button>
        <Layer name="sidebar" open={which === 'sidebar'} onClose={() => setWhich(null)} />
        <Layer name="dialog" open={which === 'dialog'} onClose={() => setWhich(null)} />
      </>
    );
  }
  render(<Swap />);
  fireEvent.click(screen.getByText('open sidebar'));
  await settle();
  fireEvent.click(screen.getByText('swap'));
  await settle();
  expect(screen.getByTestId('dialog')).toBeInTheDocument();
  expect(layerMarker()).toBeTruthy();

  window.history.back();
  await settle();
  expect(screen.queryByTestId('dialog')).toBeNull();
  expect(window.history.state).toMatchObject({ key: `page${page}` });
});

test('Escape closes the top layer when it asks for it, and leaves a layer that handles Escape itself', async () => {
  render(<Screen escape />);
  fireEvent.click(screen.getByText('open sidebar'));
  fireEvent.click(screen.getByText('open dialog'));
  await settle();

  // The dialog (MUI's Dialog in the app) is on top and closes on Escape by itself.
  fireEvent.keyDown(document.body, { key: 'Escape' });
  await settle();
  expect(screen.getByTestId('dialog')).toBeInTheDocument();
  expect(screen.getByTestId('sidebar')).toBeInTheDocument();

  fireEvent.click(screen.getByText('close dialog'));
  await settle();
  fireEvent.keyDown(document.body, { key: 'Escape' });
  await settle();
  expect(screen.queryByTestId('sidebar')).toBeNull();
  expect(window.history.state).toMatchObject({ key: `page${page}` });
});

test('with React Router: a navigation from an open layer, then Back returns to the page it left in one step', async () => {
  function Where() {
    return <span data-testid="where">{useLocation().search}</span>;
  }
  function RoutedScreen() {
    const [sidebar, setSidebar] = useState(false);
    const navigate = useNavigate();
    return (
      <>
        <Where />
        <button onClick={() => setSidebar(true)}>open sidebar</button>
        <Layer name="sidebar" open={sidebar} onClose={() => setSidebar(false)} />
        {sidebar && (
          <button
            onClick={() => {
              // As the chat's sidebar picking a conversation: navigate, then close.
              navigate('/chat?c=2');
              setSidebar(false);
            }}
          >
            pick
          </button>
        )}
      </>
    );
  }
  window.history.replaceState(null, '', '/chat?c=1');
  render(
    <BrowserRouter>
      <RoutedScreen />
    </BrowserRouter>,
  );
  await settle();
  const routerKey = (window.history.state as { key: string }).key;
  fireEvent.click(screen.getByText('open sidebar'));
  await settle();
  // The router still sees its own location on the layer's entry.
  expect(screen.getByTestId('where')).toHaveTextContent('?c=1');

  fireEvent.click(screen.getByText('pick'));
  await settle();
  expect(screen.queryByTestId('sidebar')).toBeNull();
  expect(screen.getByTestId('where')).toHaveTextContent('?c=2');
  // The router's entry was not taken back by the layer closing.
  expect(window.location.search).toBe('?c=2');

  window.history.back();
  await settle();
  expect(screen.getByTestId('where')).toHaveTextContent('?c=1');
  // The sidebar's entry left under the navigation was stepped over: this is the page's own entry.
  expect(layerMarker()).toBeUndefined();
  expect((window.history.state as { key: string }).key).toBe(routerKey);
});
