/** Query key prefixes of the access feature: the site's agreements (the signed-in user's key is lib/user-info's). */
export const accessKeys = {
  agreement: (id: number | null) => ['site', 'agreement', id] as const,
};
