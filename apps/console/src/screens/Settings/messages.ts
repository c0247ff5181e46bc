/** The Settings screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Settings',
};

export const zh: typeof en = {
  title: '设置',
};
