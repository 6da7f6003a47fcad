import type { CheckedUpload } from "@lib/files/upload-rules";
import { deleteStoredFile, storeFile } from "@lib/files/storage.server";
import { loadUser, storePassword } from "./credentials.server";
import { verifyPassword } from "./password.server";
import { DomainError } from "@lib/errors";

/** The current password does not match: a field error under Current Password (400). */
export class WrongPasswordError extends DomainError {
  constructor() {
    super("Current password is incorrect", { status: 400, fieldErrors: { currentPassword: ["Current password is incorrect"] } });
  }
}

/** Account Details: the name shown in the header and on the account views. */
export async function renameUser(userId: number, fullName: string): Promise<void> {
  const user = await loadUser(userId);
  await user.update({ fullName });
}

/**
 * Changing one's own password needs the current one. Other sessions end; the caller keeps the
 * current session alive with the returned version.
 */
export async function changeOwnPassword(userId: number, currentPassword: string, newPassword: string): Promise<number> {
  const user = await loadUser(userId);
  if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new WrongPasswordError();
  return storePassword(user, newPassword, {}, "newPassword");
}

const AVATAR_AREA = "avatars";

/** Stores the checked photo under a random name and removes the one it replaces. */
export async function setProfilePhoto(userId: number, photo: CheckedUpload): Promise<void> {
  const user = await loadUser(userId);
  const previous = user.userImage;
  const key = await storeFile(AVATAR_AREA, photo.bytes, photo.kind);
  try {
    await user.update({ userImage: key });
  } catch (error) {
    await deleteStoredFile(key).catch(() => {});
    throw error;
  }
  if (previous) await deleteStoredFile(previous).catch(() => {});
}

/** The storage key of a user's photo, or null; the resource route checks who may see it. */
export async function profilePhotoKey(userId: number): Promise<{ key: string; userType: number } | null> {
  const user = await loadUser(userId).catch(() => null);
  return user?.userImage ? { key: user.userImage, userType: user.userType } : null;
}
