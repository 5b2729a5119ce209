// Shapes the wizard's steps share, in a module of their own so a step never imports the wizard that renders it.

/** The signed-in owner adding a business: their account is not asked for again. */
export type SignedInAccount = { firstName: string; lastName: string; email: string };
