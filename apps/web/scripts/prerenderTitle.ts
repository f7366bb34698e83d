// prerenderTitle(): a Vite build plugin that writes the title screen's markup (src/prerender.tsx, run in Node
// through Vite's module runner) into the built index.html's #root, so the title paints before any JavaScript
// has arrived or run. index.html is also every client route's page (the server's fallback and the service
// worker's): public/route.js, a tiny blocking script in the head, marks any other address (html.not-title) so
// the stylesheet hides the title's markup there until the app renders that route (main.tsx).
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';

const ROOT_DIV = '<div id="root"></div>';

export function prerenderTitle(): Plugin {
  return {
    name: 'drugwars:prerender-title',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_DIV)) throw new Error(`index.html has no ${ROOT_DIV} to prerender into`);
        const entry = fileURLToPath(new URL('../src/prerender.tsx', import.meta.url));
        const { module } = await runnerImport<{ renderTitle: () => string }>(entry, {
          configFile: false,
          root: fileURLToPath(new URL('..', import.meta.url)),
          logLevel: 'warn',
        });
        return html.replace(ROOT_DIV, `<div id="root">${module.renderTitle()}</div>`);
      },
    },
  };
}
