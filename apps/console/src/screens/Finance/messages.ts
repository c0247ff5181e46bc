/** The Finance screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Finance',
};

export const zh: typeof en = {
  title: '财务',
};
