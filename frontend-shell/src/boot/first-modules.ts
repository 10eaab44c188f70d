import { afterNextPaint, nextTask } from './yield';

/**
 * The modules every entry's first screen needs (react-dom, emotion, MUI's base parts, @kasa/ui, the
 * router, TanStack Query, @kasa/api-client), evaluated in slices once index.html's first screen is
 * painted: on a phone they were one task of several hundred milliseconds. Each
 * `webpackMode: "eager"` import stays in the importing chunk (no extra request) but is evaluated only
 * when awaited, in a task of its own, with a yield in between so that input and painting get their
 * turn. Used by the application (src/bootstrap.tsx) and the landing entry (src/landing/entry.tsx).
 * Measurements: bench/README.md, "Main-thread time (Lighthouse)".
 */
export async function loadFirstModules() {
  await afterNextPaint();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  await import(/* webpackMode: "eager" */ '@emotion/react');
  await nextTask();
  // @kasa/ui's own MUI parts (one copy in each build), evaluated ahead of it in smaller pieces.
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
  return { createRoot, BrowserRouter, createQueryClient };
}
