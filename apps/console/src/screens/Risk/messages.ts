/** The Risk screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Risk',
};

export const zh: typeof en = {
  title: '风控',
};
