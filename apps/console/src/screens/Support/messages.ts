/** The Support screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Support',
};

export const zh: typeof en = {
  title: '客服',
};
