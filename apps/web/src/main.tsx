import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { installA11yPatches } from './lib/a11y-patches';
import { ignoreShownRefusals } from './lib/shown-refusals';
import './styles/global.css';

installA11yPatches();
ignoreShownRefusals();

// antd's ConfigProvider/App and TanStack Query are mounted by the router's `frame` route, not here:
// the sign-in screens draw without them (decision 183).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
