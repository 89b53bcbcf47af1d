/** Roles a user can hold; sanctions are roles too, so one check per request covers them. */
export const roles = ['ROLE_GUEST', 'ROLE_MEMBER', 'ROLE_ADMIN', 'ROLE_SUSPENDED', 'ROLE_BANNED'] as const;
export type Role = (typeof roles)[number];
