/** How an account is named on an order (creator, operator): its name, else its account, else its phone. */
export const accountName = (u: { name: string | null; account: string | null; phone: string | null } | undefined) => u?.name || u?.account || u?.phone || '';
