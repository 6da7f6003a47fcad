import { Op } from "sequelize";
import { Registration, Trekker } from "./models/registration.server";
import { TrekFollower } from "./models/follower.server";

/**
 * A user's own registrations with every field of their trekkers (the agency's deleted ones too),
 * for the "download my data" file (issue 31 item 5, modules/privacy). Only rows this user
 * registered: the query is by `userId`, nothing else.
 */
export async function ownRegistrationData(userId: number) {
  const regs = await Registration.findAll({ where: { userId }, order: [["id", "ASC"]] });
  if (!regs.length) return [];
  const trekkers = await Trekker.findAll({
    where: { registrationId: { [Op.in]: regs.map((r) => r.id) } },
    paranoid: false,
    order: [["id", "ASC"]],
  });
  const followers = trekkers.length
    ? await TrekFollower.findAll({ where: { trekkerId: { [Op.in]: trekkers.map((t) => t.id) } }, attributes: ["trekkerId", "email", "createdAt", "revokedAt"] })
    : [];
  return regs.map((r) => ({
    id: r.id,
    routeName: r.routeName,
    entryDate: r.entryDate,
    exitDate: r.exitDate,
    entryPoint: r.entryPoint,
    exitPoint: r.exitPoint,
    status: r.status,
    totalPaisa: r.totalPaisa ?? null,
    createdAt: r.createdAt,
    trekkers: trekkers
      .filter((t) => t.registrationId === r.id)
      .map((t) => {
        // The photo is a file: the download names that one is held, not its storage key.
        const { photoKey, registeredBy: _owner, ...fields } = t.get({ plain: true });
        return {
          ...fields,
          hasPhoto: !!photoKey,
          followers: followers.filter((f) => f.trekkerId === t.id).map((f) => ({ email: f.email, createdAt: f.createdAt, revokedAt: f.revokedAt })),
        };
      }),
  }));
}

export type OwnRegistrationData = Awaited<ReturnType<typeof ownRegistrationData>>;
