// The Game Over screen's result to share: a Share button that copies a short text result with the replay's link
// (a check mark for 2 seconds), and Watch Replay. Shown once the server has filed the game (it names the entry).
import { useNavigate } from 'react-router';
import type { ClientGameState } from '@drugwars/engine';
import type { SubmitScoreResponse } from '@drugwars/protocol';
import { useCopy } from '../../components/hooks';
import { replayUrl, shareText } from '../../lib/shareText';

export interface ShareBlockProps {
  filed: SubmitScoreResponse;
  gameState: ClientGameState;
}

export function ShareBlock({ filed, gameState }: ShareBlockProps) {
  const navigate = useNavigate();
  const [copied, copy] = useCopy();
  const { entry } = filed;
  const text = shareText({
    score: entry.score,
    day: entry.final_day,
    copsKilled: gameState.player.copsKilled,
    died: entry.died,
    board: filed.board,
    dailyDate: filed.dailyDate,
    place: filed.place,
    replayUrl: replayUrl(window.location.origin, entry.id),
  });
  return (
    <section className="share-block" aria-label="Share your result">
      <p className="share-text">{text}</p>
      <div className="gameover-actions">
        <button type="button" className="btn btn-primary" onClick={() => copy(text)}>
          {copied ? '✓ Copied' : 'Share'}
        </button>
        <button type="button" className="btn" onClick={() => navigate(`/replay/${entry.id}`)}>
          Watch Replay
        </button>
      </div>
    </section>
  );
}
