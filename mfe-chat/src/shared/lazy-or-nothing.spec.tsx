import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyOrNothing } from './lazy-or-nothing';

test('a part whose chunk loads is shown', async () => {
  const Part = lazyOrNothing(async () => ({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }));
  render(
    <Suspense fallback={null}>
      <Part name="Ada" />
    </Suspense>,
  );
  expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
});

test('a part whose chunk cannot be fetched renders nothing, and what is around it stays', async () => {
  const Part = lazyOrNothing<{ name: string }>(() => Promise.reject(new TypeError('Failed to fetch')));
  render(
    <main>
      <h1>Chat</h1>
      <Suspense fallback={<p>loading</p>}>
        <Part name="Ada" />
      </Suspense>
    </main>,
  );
  await waitFor(() => expect(screen.queryByText('loading')).toBeNull());
  expect(screen.getByRole('heading', { name: 'Chat' })).toBeInTheDocument();
});
