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
import type { Messages } from './en.ts';

/** The console's Simplified Chinese, for the market's operators: the same keys as English, every one. */
export const zh: Messages = {
  ...common.zh,
  signIn: signIn.zh,
  dashboard: dashboard.zh,
  players: players.zh,
  protection: protection.zh,
  finance: finance.zh,
  support: support.zh,
  marketing: marketing.zh,
  games: games.zh,
  risk: risk.zh,
  treasury: treasury.zh,
  settings: settings.zh,
};
