import type { Game } from '@lobby/contract';

/** The demo studio's slot as the lobby lists it, and a launch address the server could answer for it. */
export const DEMO_SLOT: Game = {
  id: 41,
  gameType: 10,
  aggregator: 'hub88',
  manufacturer: 'DEMO',
  gameCode: 'demo_lucky_sevens',
  nameZh: '幸运七',
  nameEn: 'Lucky Sevens',
  logoZh: '',
  logoEn: '',
  sort: 1,
  isHot: false,
  isNew: false,
  period: null,
  rewardRate: '0',
  transferBetAddress: [],
  transferBetLimit: [],
  requiresLogin: true,
};

export const DEMO_SLOT_URL = 'http://127.0.0.1:8091/games/demo_lucky_sevens/?token=abc&lang=en_US';
