// The game's two live regions (store/announcer): mounted once by the app shell, so they are in the accessibility
// tree on every page whatever else shows (the message log may be collapsed). Visually hidden: what they say is on
// screen already, in the log, the combat log or a heading.
import { useAnnouncer } from '../store/announcer';

export function Announcer() {
  const polite = useAnnouncer((s) => s.polite);
  const assertive = useAnnouncer((s) => s.assertive);
  return (
    <div className="sr-only">
      <div role="log" aria-live="polite" aria-relevant="additions" aria-label="Game news" data-announcer="polite">
        {polite.map((a) => (
          <p key={a.id}>{a.text}</p>
        ))}
      </div>
      <div role="log" aria-live="assertive" aria-relevant="additions" aria-label="Game alerts" data-announcer="assertive">
        {assertive.map((a) => (
          <p key={a.id}>{a.text}</p>
        ))}
      </div>
    </div>
  );
}
