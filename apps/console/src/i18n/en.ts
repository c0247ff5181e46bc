import * as common from './common.ts';
import * as dashboard from '../screens/Dashboard/messages.ts';
import * as finance from '../screens/Finance/messages.ts';
import * as games from '../screens/Games/messages.ts';
import * as marketing from '../screens/Marketing/messages.ts';
import * as players from '../screens/Players/messages.ts';
import * as protection from '../screens/Protection/messages.ts';
import * as risk from '../screens/Risk/messages.ts';
import * as settings from '../screens/Settings/messages.ts';
import * as signIn from '../screens/SignIn/messages.ts';
import * as support from '../screens/Support/messages.ts';
import * as treasury from '../screens/Treasury/messages.ts';

/** The console's English: shared words, then each screen's own namespace (kept beside the screen). */
export const en = {
  ...common.en,
  signIn: signIn.en,
  dashboard: dashboard.en,
  players: players.en,
  protection: protection.en,
  finance: finance.en,
  support: support.en,
  marketing: marketing.en,
  games: games.en,
  risk: risk.en,
  treasury: treasury.en,
  settings: settings.en,
};

export type Messages = typeof en;
