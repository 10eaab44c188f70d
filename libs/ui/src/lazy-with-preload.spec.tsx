import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { lazyWithPreload } from './lazy-with-preload';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

function deferredModule() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const load = jest.fn(
    () =>
      new Promise<{ default: typeof Greeting }>((res, rej) => {
        resolve = () => res({ default: Greeting });
        reject = rej;
      }),
  );
  return { load, resolve: () => resolve(), reject: (error: Error) => reject(error) };
}

const view = (Component: ComponentType<{ name: string }>) => (
  <Suspense fallback={<p>loading</p>}>
    <Component name="Amina" />
  </Suspense>
);

test('once preloaded, the component renders at once, without its fallback', async () => {
  const module = deferredModule();
  const Preloadable = lazyWithPreload(module.load);
  const preloaded = Preloadable.preload();
  module.resolve();
  await preloaded;
  render(view(Preloadable));
  expect(screen.getByText('Hello, Amina')).toBeInTheDocument();
  expect(screen.queryByText('loading')).not.toBeInTheDocument();
  expect(module.load).toHaveBeenCalledTimes(1);
});

test('not preloaded: it suspends like React.lazy, and the module is asked for once', async () => {
  const module = deferredModule();
  const Preloadable = lazyWithPreload(module.load);
  render(view(Preloadable));
  expect(screen.getByText('loading')).toBeInTheDocument();
  void Preloadable.preload();
  await act(async () => module.resolve());
  expect(await screen.findByText('Hello, Amina')).toBeInTheDocument();
  expect(module.load).toHaveBeenCalledTimes(1);
});

test('a failed load is forgotten: the next preload asks again', async () => {
  const first = deferredModule();
  const load = jest.fn(first.load);
  const Preloadable = lazyWithPreload(load);
  const failed = Preloadable.preload();
  first.reject(new Error('offline'));
  await expect(failed).rejects.toThrow('offline');
  const second = deferredModule();
  load.mockImplementation(second.load);
  const again = Preloadable.preload();
  second.resolve();
  await again;
  expect(load).toHaveBeenCalledTimes(2);
  render(view(Preloadable));
  expect(screen.getByText('Hello, Amina')).toBeInTheDocument();
});
