// Its own file: the layer history listens once per page, and this page must start on a layer's entry.
import { installLayerHistory } from './layer-history';

test('a page reloaded on a layer entry (no layer open now) steps back off it', async () => {
  window.history.replaceState({ usr: null, key: 'chat', idx: 0 }, '', '/chat');
  // The entry a sidebar pushed before the reload, still current after it.
  window.history.pushState(
    { usr: null, key: 'chat', idx: 0, kasaLayer: { id: 'before-1', position: 1 } },
    '',
    '/chat',
  );
  installLayerHistory();
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(window.history.state).toEqual({ usr: null, key: 'chat', idx: 0 });
  expect(window.location.pathname).toBe('/chat');
});
