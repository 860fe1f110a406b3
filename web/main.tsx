import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './routes';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';

const root = document.getElementById('root');
if (!root) throw new Error('The console shell has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
