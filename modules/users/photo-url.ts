/**
 * The URL of a user's profile photo, or null. The tag changes with the stored file, so a new
 * photo is never hidden behind a cached old one.
 */
export function profilePhotoUrl(user: { id: number; userImage: string | null }): string | null {
  return user.userImage ? `/profile-photo/${user.id}?v=${user.userImage.slice(-12, -4)}` : null;
}
