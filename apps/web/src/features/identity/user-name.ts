/** How a person is named in the product: first and last name, else the username. */
export function fullName(user: {
  firstName?: string | null;
  lastName?: string | null;
  username: string;
}): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
}
