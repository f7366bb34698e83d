// The "Recent Changes" panel reads the repository's CHANGELOG.md: each `## v{version} - {date}` heading is one
// entry and its changes text is what players are meant to read: the lines under `### For players` (and any
// before the first `###`). Other `###` sections (`### For operators`) stay in the file, never on the title.
import { readFile } from 'node:fs/promises';
import type { ChangelogEntry } from '@drugwars/protocol';

const HEADING = /^##\s+v?(\S+)\s+-\s+(.+?)\s*$/;
const SECTION = /^###\s+(.*?)\s*$/;
const PLAYER_SECTION = /^for players$/i;

export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let current: { version: string; date: string; lines: string[] } | null = null;
  let forPlayers = true;
  const flush = () => {
    if (current) entries.push({ version: current.version, date: current.date, changes: current.lines.join('\n').trim() });
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      current = { version: heading[1] ?? '', date: heading[2] ?? '', lines: [] };
      forPlayers = true;
      continue;
    }
    const section = SECTION.exec(line);
    if (section) {
      forPlayers = PLAYER_SECTION.test(section[1] ?? '');
    } else if (/^#{1,2}\s/.test(line)) {
      // Any other level-1/2 heading ends the current entry.
      flush();
      current = null;
    } else if (current && forPlayers) {
      current.lines.push(line);
    }
  }
  flush();
  return entries;
}

/** Entries of the file at `path`, or none when it cannot be read (the panel then says 'No changelog available'). */
export async function loadChangelog(path: string): Promise<ChangelogEntry[]> {
  try {
    return parseChangelog(await readFile(path, 'utf8'));
  } catch {
    return [];
  }
}
