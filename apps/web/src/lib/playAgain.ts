// Play Again: the Game Over screen sends the player to the title with their name in the navigation state; the
// title opens the name entry filled in with it. One shape for the two screens.
/** What the title reads from the navigation state to open the name entry filled in (Play Again). */
export interface PlayAgainState {
  playAgain: { name: string };
}

export function playAgainState(name: string): PlayAgainState {
  return { playAgain: { name } };
}

export function readPlayAgain(state: unknown): string | null {
  const name = (state as Partial<PlayAgainState> | null)?.playAgain?.name;
  return typeof name === 'string' ? name : null;
}
