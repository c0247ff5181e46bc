/** The Marketing screens' words; `zh` must say everything `en` says (its type is `en`'s). */
export const en = {
  title: 'Marketing and economy',
};

export const zh: typeof en = {
  title: '营销与经济',
};
