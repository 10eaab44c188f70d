// What the shell and the remotes share through Module Federation. CommonJS so that both the rspack
// config (ESM) and the Jest guard test (frontend-shell/src/federation-rules.spec.ts) read one list.

/**
 * Shared as one instance across the shell and every remote. @kasa/contracts is not: it holds only
 * types and constants (no state, no React context), so each app bundles just the parts it uses
 * and the first screen does not download the whole API vocabulary. @mui/material is deliberately NOT here
 * (a shared module is not tree-shaken: the whole of MUI costs ~147 KB gz): each app bundles the MUI
 * components it imports by component path ('@mui/material/Button'), and the theme reaches them
 * through the shared @emotion/react ThemeContext that MUI's ThemeProvider fills.
 */
const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router',
  '@emotion/react',
  '@emotion/styled',
  '@tanstack/react-query',
  '@kasa/ui',
  '@kasa/api-client',
];

/**
 * In production builds react-router is shared tree-shaken (Module Federation `treeShaking`, mode
 * 'runtime-infer'): every app's copy keeps exactly these exports (~14 KB gz instead of ~60 KB). An
 * app that imports a name missing here would not match the shell's copy at run time, so a guard
 * test (frontend-shell/src/federation-rules.spec.ts) fails when a source file imports anything else
 * from 'react-router': add the name here first.
 */
const REACT_ROUTER_EXPORTS = [
  'BrowserRouter',
  'MemoryRouter',
  'Routes',
  'Route',
  'Navigate',
  'Link',
  'NavLink',
  'Outlet',
  'useLocation',
  'useNavigate',
  'useParams',
  'useSearchParams',
];

module.exports = { SHARED_SINGLETONS, REACT_ROUTER_EXPORTS };
