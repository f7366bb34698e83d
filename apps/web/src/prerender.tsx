// Build time only (scripts/prerenderTitle.ts runs it in Node): the title screen's first render as HTML, which the
// build writes into index.html's #root. The page then paints the title as soon as the HTML and the stylesheet
// are in, without waiting for the JavaScript, and main.tsx hydrates this markup on '/' (the same tree as the
// browser's first render: the title with its health-check overlay, built-in labels, no version yet).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App } from './App';

export function renderTitle(): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location="/">
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}
