import { StrictMode, startTransition } from 'react';
import { afterNextPaint, nextTask } from './boot/yield';

/**
 * The shell's start, in slices. Module Federation has already loaded this chunk and the shared
 * modules it needs (src/index.ts); what is left is evaluating them, which on a phone was one task of
 * several hundred milliseconds. Each `webpackMode: "eager"` import below stays in this chunk (no
 * extra request) but is evaluated only when it is awaited, in a task of its own, with a yield in
 * between so that input and painting get their turn. The first of them waits for index.html's
 * first screen to be painted. Measurements: bench/README.md, "Main-thread time (Lighthouse)".
 */
async function start(): Promise<void> {
  await afterNextPaint();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@emotion/react');
  await nextTask();
  // @kasa/ui's own MUI parts (one copy in this build), evaluated ahead of it in smaller pieces.
  await import(/* webpackMode: "eager", webpackExports: ["createTheme"] */ '@mui/material/styles');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["default"] */ '@mui/material/ButtonBase');
  await nextTask();
  await import(/* webpackMode: "eager", webpackExports: ["default"] */ '@mui/material/Button');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@kasa/ui');
  await nextTask();
  const { BrowserRouter } = await import(/* webpackMode: "eager" */ 'react-router');
  await import(/* webpackMode: "eager" */ '@tanstack/react-query');
  await nextTask();
  const { createQueryClient } = await import(/* webpackMode: "eager" */ '@kasa/api-client');
  await nextTask();
  const { ShellApp } = await import(/* webpackMode: "eager" */ './ShellApp');
  const { createMfRemoteLoader } = await import(/* webpackMode: "eager" */ './mf-loader');
  const { readInlineRuntimeConfig, fetchRuntimeConfig } = await import(
    /* webpackMode: "eager" */ './runtime-config'
  );
  const { registerServiceWorker } = await import(/* webpackMode: "eager" */ './pwa/register-service-worker');
  await nextTask();

  const queryClient = createQueryClient();
  // The page's own copy of the configuration (no round trip); without one the shell fetches it.
  const initialConfig = readInlineRuntimeConfig();
  const loadConfig = () => fetchRuntimeConfig();

  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition: the first render (theme, providers, the landing page or the splash) runs in slices
  // instead of one long task; index.html's own preview is on screen meanwhile.
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <ShellApp
            loadConfig={loadConfig}
            initialConfig={initialConfig}
            createRemoteLoader={createMfRemoteLoader}
            queryClient={queryClient}
          />
        </BrowserRouter>
      </StrictMode>,
    ),
  );

  registerServiceWorker();
}

void start();
