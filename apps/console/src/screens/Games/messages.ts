/** The Games screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Games',
};

export const zh: typeof en = {
  title: '游戏',
};
