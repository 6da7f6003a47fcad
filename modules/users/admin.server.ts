import { UniqueConstraintError } from "sequelize";
import { writeTransaction } from "../../db/sequelize.server";
import { findCheckpoint } from "@modules/trek-routes/index.server";
import { UserType } from "../contract";
import { loadUser, SelfActionError, storePassword, UserNotFoundError } from "./credentials.server";
import { ADDABLE_USER_TYPES } from "./kinds";
import { User, UserGrant } from "./models/user.server";
import type { AddUserInput } from "./schemas/add-user";
import type { CheckpostInfoInput } from "./schemas/user-admin";
import { createUser, DuplicateEmailError, findUserByEmail } from "./service.server";
import { DomainError } from "@lib/errors";

/**
 * User administration by the board (spec 2 §2, §4, §7 "Users and account"). Routes check the
 * permission; these functions also refuse what no one may do, whoever calls them.
 */

/** The checkpost is not on the chosen route: a field error under Checkpost (400). */
export class CheckpointNotOnRouteError extends DomainError {
  constructor() {
    super("Please choose a checkpost of the selected route", {
      status: 400,
      fieldErrors: { checkpointId: ["Please choose a checkpost of the selected route"] },
    });
  }
}

/** Checkpost details asked of an account that is no checkpost (400). */
export class NotCheckpostError extends DomainError {
  constructor() {
    super("This account is not a checkpost", { status: 400 });
  }
}

async function checkPlace(routeId: number, checkpointId: number): Promise<void> {
  if (!(await findCheckpoint(routeId, checkpointId))) throw new CheckpointNotOnRouteError();
}

/** Accounts the board creates can sign in at once: the board hands over the password. */
export async function addUser(input: AddUserInput): Promise<{ id: number }> {
  if (!ADDABLE_USER_TYPES.some((t) => t.id === input.userType)) throw new Error(`User type ${input.userType} cannot be added`);
  const place =
    input.userType === UserType.Checkpost
      ? {
          provinceId: input.provinceId!,
          localGovernmentInfo: input.localGovernmentInfo!,
          wardNo: input.wardNo!,
          routeId: input.routeId!,
          checkpointId: input.checkpointId!,
        }
      : {};
  if (input.userType === UserType.Checkpost) await checkPlace(place.routeId!, place.checkpointId!);
  const user = await createUser({
    userType: input.userType,
    fullName: input.fullName,
    email: input.email,
    password: input.password,
    emailVerified: true,
    ...place,
  });
  return { id: user.id };
}

async function otherUser(actorId: number, targetId: number): Promise<User> {
  if (actorId === targetId) throw new SelfActionError();
  return loadUser(targetId);
}

/** Disabling needs a reason and ends the user's sessions; enabling is immediate (spec 2 §4). */
export async function disableUser(actorId: number, targetId: number, remarks: string): Promise<void> {
  const user = await otherUser(actorId, targetId);
  await user.update({ status: "Disabled", statusRemarks: remarks, sessionVersion: user.sessionVersion + 1 });
}

export async function enableUser(actorId: number, targetId: number): Promise<void> {
  const user = await otherUser(actorId, targetId);
  await user.update({ status: "Active", statusRemarks: null });
}

/**
 * A soft delete: trekkers, cards and bills keep pointing at the row, while the account can no
 * longer sign in, leaves every list, and frees its e-mail address for a new registration.
 */
export async function deleteUser(actorId: number, targetId: number): Promise<void> {
  const user = await otherUser(actorId, targetId);
  await writeTransaction(async (transaction) => {
    await UserGrant.destroy({ where: { userId: user.id }, transaction });
    await user.update(
      { deletedEmail: user.email, email: `deleted.${user.id}.${Date.now()}@deleted.invalid`, sessionVersion: user.sessionVersion + 1 },
      { transaction },
    );
    await user.destroy({ transaction });
  });
}

export async function adminRename(actorId: number, targetId: number, fullName: string): Promise<void> {
  const user = await otherUser(actorId, targetId);
  await user.update({ fullName });
}

/** The board's change of another account's address takes effect at once (spec 2 §7 PUT user/email). */
export async function adminChangeEmail(actorId: number, targetId: number, email: string): Promise<void> {
  const user = await otherUser(actorId, targetId);
  const next = email.trim().toLowerCase();
  if (next === user.email) return;
  if (await findUserByEmail(next)) throw new DuplicateEmailError();
  try {
    await user.update({ email: next, emailVerified: true });
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw new DuplicateEmailError();
    throw error;
  }
}

export async function adminSetPassword(actorId: number, targetId: number, password: string): Promise<void> {
  await storePassword(await otherUser(actorId, targetId), password);
}

export async function updateCheckpostInfo(actorId: number, targetId: number, input: CheckpostInfoInput): Promise<void> {
  const user = await otherUser(actorId, targetId);
  if (user.userType !== UserType.Checkpost) throw new NotCheckpostError();
  await checkPlace(input.routeId, input.checkpointId);
  await user.update({
    fullName: input.fullName,
    provinceId: input.provinceId,
    localGovernmentInfo: input.localGovernmentInfo,
    wardNo: input.wardNo,
    routeId: input.routeId,
    checkpointId: input.checkpointId,
  });
}

/** No account has this username: a field error under Username (400). */
export class UnknownUsernameError extends DomainError {
  constructor() {
    super("No user with this username", { status: 400, fieldErrors: { username: ["No user with this username"] } });
  }
}

/**
 * /change-user-password: the holder of the grant sets another account's password by its
 * username (the e-mail). Their own password they change in Account Settings, with the old one.
 */
export async function changePasswordByUsername(actorId: number, username: string, password: string): Promise<void> {
  const user = await findUserByEmail(username);
  if (!user) throw new UnknownUsernameError();
  if (user.id === actorId) throw new SelfActionError();
  await storePassword(user, password);
}

export { SelfActionError, UserNotFoundError };
