/* global location, document */
// index.html carries the title screen's prerendered markup and is the page of every client route: any address
// but the title's marks the document, before the body is parsed, so the stylesheet hides that markup (no title
// flashes on /game, /leaderboard, ...) until the app renders the route's own screen (src/main.tsx).
if (location.pathname !== '/') document.documentElement.classList.add('not-title');
