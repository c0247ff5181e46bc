import { readJsonFile, writeJsonFile } from './files.ts';

/** One launch of a game: created by `game/url`, keyed by the operator's token. */
export interface GameSession {
  token: string;
  user: string;
  currency: string;
  /** The currency the page shows amounts in (`game_currency`); the wallet's when absent. */
  gameCurrency?: string;
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
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly file?: string) {
    // an unreadable file only costs the players a relaunch
    for (const session of readJsonFile<GameSession[]>(file) ?? []) this.sessions.set(session.token, session);
  }

  get(token: unknown): GameSession | undefined {
    return typeof token === 'string' ? this.sessions.get(token) : undefined;
  }

  put(session: GameSession): void {
    this.sessions.delete(session.token);
    this.sessions.set(session.token, session);
    while (this.sessions.size > KEEP) this.sessions.delete(this.sessions.keys().next().value!);
    // written a moment later, once for a burst of changes, so rounds never wait on the disk
    if (this.file && !this.timer) {
      this.timer = setTimeout(() => this.flush(), 250);
      this.timer.unref();
    }
  }

  /** Writes pending changes now (at close). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.file) writeJsonFile(this.file, [...this.sessions.values()]);
  }
}
