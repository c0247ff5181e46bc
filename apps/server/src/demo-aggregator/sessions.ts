import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** One launch of a game: created by `game/url`, keyed by the operator's token. */
export interface GameSession {
  token: string;
  user: string;
  currency: string;
  gameCode: string;
  lang: string;
  lobbyUrl: string;
  platform: string;
  createdAt: number;
  /** The game's state between rounds (the card on the table of Hi-Lo). */
  state?: unknown;
}

const KEEP = 5000;

/** The sessions the operator opened, newest last; kept in a file when a data directory is given. */
export class SessionStore {
  private readonly sessions = new Map<string, GameSession>();

  constructor(private readonly file?: string) {
    if (file && existsSync(file)) {
      try {
        for (const session of JSON.parse(readFileSync(file, 'utf8')) as GameSession[]) this.sessions.set(session.token, session);
      } catch {
        // an unreadable file only costs the players a relaunch
      }
    }
  }

  get(token: unknown): GameSession | undefined {
    return typeof token === 'string' ? this.sessions.get(token) : undefined;
  }

  put(session: GameSession): void {
    this.sessions.delete(session.token);
    this.sessions.set(session.token, session);
    while (this.sessions.size > KEEP) this.sessions.delete(this.sessions.keys().next().value!);
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify([...this.sessions.values()]), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
