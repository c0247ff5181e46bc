/** The Players screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Players',
};

export const zh: typeof en = {
  title: '玩家',
};
